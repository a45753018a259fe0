// The analysis thread (analysis-worker.ts): the ingest worker of `serve` hands
// it each message's bytes and envelope and gets back what the authenticate and
// classify steps would compute, while the main thread keeps taking SMTP
// dialogue, requests and the MTA. Started on first use; its DNS client is the
// configured servers' (tests that inject a resolver run the steps in-process).
//
// A watchdog: a thread that holds messages and has answered none of them for
// stuckMs is pinged; one waiting on DNS answers the ping at once and goes on,
// one held by a reader (a message that runs a pattern for minutes would hold
// the ingest of every workspace) does not, and is ended. It cannot tell which
// message held it, so the ones it held are read again one at a time on a new
// thread: the one that holds that thread too is failed (the ingest records it
// as it is), the others are answered as usual, charged nothing.
import type { Config } from "../config";
import { systemClock, type Clock } from "../lib/clock";
import type { AnalysisAnswer, AnalysisPing, AnalysisRequest, AnalysisStart } from "./analysis-worker";
import type { Envelope } from "./steps/authenticate";
import type { Analysis } from "./work";

// From source the worker sits next to this file; in the compiled binary it is
// an entrypoint of its own under the executable's root (scripts/build.ts).
const WORKER_URL = import.meta.url.endsWith("/analysis.ts") ? new URL("./analysis-worker.ts", import.meta.url) : new URL("./smtp-in/analysis-worker.ts", import.meta.url);

/**
 * The message that held a thread on its own. Read again it would hold the next one: it is recorded as it is,
 * not retried. (A thread caught in a regular expression is not stopped by ending it: it runs on until the
 * expression gives up, on a core of its own; every pattern the readers run is linear, docs/bounces.md, and
 * this is the guard for one that is not.)
 */
export class StuckAnalysisError extends Error {}

/** How long the thread may hold messages without answering any before it is pinged. */
const STUCK_MS = 30_000;
/** How long a pinged thread has to answer. */
const PONG_MS = 5_000;

export interface AnalysisThreadOptions {
  clock?: Clock;
  stuckMs?: number;
  pongMs?: number;
  /** The worker's script (a test gives one that hangs on a message). */
  workerUrl?: URL;
}

interface Pending {
  request: AnalysisRequest;
  resolve: (a: Analysis) => void;
  reject: (e: Error) => void;
}

export class AnalysisThread {
  private worker: Worker | null = null;
  /** Posted to the thread, not answered yet. */
  private readonly waiting = new Map<number, Pending>();
  /** After a stuck thread: what it held, and what came since, to be read one at a time. */
  private readonly careful: Pending[] = [];
  private nextId = 1;
  private readonly clock: Clock;
  private readonly stuckMs: number;
  private readonly pongMs: number;
  /** When the thread was pinged and has not answered yet, else null. */
  private pingedAt: number | null = null;
  /** When the thread last answered, or was given work while it held none. */
  private lastProgress = 0;
  /** Whether the one message out was posted alone (careful reading). */
  private alone = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  /** How many threads were ended as stuck. */
  stuckThreads = 0;

  constructor(
    private readonly config: Pick<Config, "dnsServers" | "hostname">,
    private readonly opts: AnalysisThreadOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.stuckMs = opts.stuckMs ?? STUCK_MS;
    this.pongMs = opts.pongMs ?? PONG_MS;
  }

  analyse(raw: Uint8Array, envelope: Envelope, receivedAt: number): Promise<Analysis> {
    const request: AnalysisRequest = { type: "analyse", id: this.nextId++, raw, envelope, receivedAt };
    return new Promise((resolve, reject) => {
      const p = { request, resolve, reject };
      if (this.careful.length > 0) this.careful.push(p);
      else this.post(p);
    });
  }

  /** The watchdog's look (every few seconds while messages are out; tests call it with a fake clock). */
  check(): void {
    if (this.waiting.size === 0) {
      if (this.careful.length === 0) this.unwatch();
      return;
    }
    const now = this.clock.now();
    if (now - this.lastProgress <= this.stuckMs) return;
    if (this.pingedAt === null) {
      this.pingedAt = now;
      this.worker?.postMessage({ type: "ping" } satisfies AnalysisPing);
      return;
    }
    if (now - this.pingedAt <= this.pongMs) return;
    this.stuckThreads++;
    const held = [...this.waiting.values()];
    const alone = this.alone;
    this.end();
    // read alone, it held the thread: this message is the cause; else each is read again alone
    if (alone) held[0]!.reject(new StuckAnalysisError(`reading this message held the analysis thread (no answer for ${Math.round(this.stuckMs / 1000)} s, nor to a ping)`));
    else this.careful.unshift(...held);
    this.next();
  }

  close(): void {
    const err = new Error("the analysis thread was closed");
    for (const p of [...this.waiting.values(), ...this.careful.splice(0)]) p.reject(err);
    this.end();
    this.unwatch();
  }

  private post(p: Pending): void {
    const worker = this.thread();
    if (this.waiting.size === 0) this.lastProgress = this.clock.now();
    this.waiting.set(p.request.id, p);
    this.watch();
    worker.postMessage(p.request);
  }

  /** In careful reading, the next message alone once the one out is answered. */
  private next(): void {
    if (this.waiting.size > 0 || this.careful.length === 0) return;
    const p = this.careful.shift()!;
    this.post(p);
    this.alone = true;
  }

  private end(): void {
    this.worker?.terminate();
    this.worker = null;
    this.waiting.clear();
    this.alone = false;
    this.pingedAt = null;
  }

  private watch(): void {
    if (this.watchdog) return;
    this.watchdog = setInterval(() => this.check(), Math.max(10, Math.min(5_000, this.stuckMs / 6)));
    this.watchdog.unref?.();
  }

  private unwatch(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.opts.workerUrl ?? WORKER_URL);
    worker.postMessage({ type: "start", servers: this.config.dnsServers, hostname: this.config.hostname } satisfies AnalysisStart);
    worker.addEventListener("message", (e: MessageEvent<AnalysisAnswer>) => {
      if (this.worker !== worker) return; // an ended thread's last words
      const a = e.data;
      if ("pong" in a) {
        // free, only waiting (on DNS, say): it is making its way
        this.pingedAt = null;
        this.lastProgress = this.clock.now();
        return;
      }
      this.pingedAt = null;
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.lastProgress = this.clock.now();
      this.waiting.delete(a.id);
      this.alone = false;
      if ("error" in a) w.reject(new Error(a.error));
      else w.resolve(a as Analysis & { id: number });
      this.next();
    });
    worker.addEventListener("error", (e) => {
      if (this.worker !== worker) return;
      // a crashed thread fails what it had (those messages are retried by the ingest) and is replaced on next use
      const held = [...this.waiting.values()];
      this.end();
      for (const w of held) w.reject(new Error(`the analysis thread failed: ${e.message}`));
      this.next();
    });
    this.worker = worker;
    return worker;
  }
}
