// The analysis thread (analysis-worker.ts): the ingest worker of `serve` hands
// it each message's bytes and envelope and gets back what the authenticate and
// classify steps would compute, while the main thread keeps taking SMTP
// dialogue, requests and the MTA. Started on first use; its DNS client is the
// configured servers' (tests that inject a resolver run the steps in-process).
import type { Config } from "../config";
import type { AnalysisAnswer, AnalysisRequest, AnalysisStart } from "./analysis-worker";
import type { Envelope } from "./steps/authenticate";
import type { Analysis } from "./work";

// From source the worker sits next to this file; in the compiled binary it is
// an entrypoint of its own under the executable's root (scripts/build.ts).
const WORKER_URL = import.meta.url.endsWith("/analysis.ts") ? new URL("./analysis-worker.ts", import.meta.url) : new URL("./smtp-in/analysis-worker.ts", import.meta.url);

export class AnalysisThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (a: Analysis) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  constructor(private readonly config: Pick<Config, "dnsServers" | "hostname">) {}

  analyse(raw: Uint8Array, envelope: Envelope, receivedAt: number): Promise<Analysis> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: "analyse", id, raw, envelope, receivedAt } satisfies AnalysisRequest);
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const w of this.waiting.values()) w.reject(new Error("the analysis thread was closed"));
    this.waiting.clear();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL);
    worker.postMessage({ type: "start", servers: this.config.dnsServers, hostname: this.config.hostname } satisfies AnalysisStart);
    worker.addEventListener("message", (e: MessageEvent<AnalysisAnswer>) => {
      const a = e.data;
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if ("error" in a) w.reject(new Error(a.error));
      else w.resolve(a as Analysis & { id: number });
    });
    worker.addEventListener("error", (e) => {
      // a crashed thread fails what it had (those messages are retried by the ingest) and is replaced on next use
      for (const w of this.waiting.values()) w.reject(new Error(`the analysis thread failed: ${e.message}`));
      this.waiting.clear();
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
