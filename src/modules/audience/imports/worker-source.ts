// The main thread's side of the CSV import's worker (import-worker.ts): starts
// it for one file and yields its checked batches in order. The next batch is
// acknowledged only when the consumer asks for it, i.e. once the previous one
// is applied, which bounds the batches in flight. Leaving the loop early (a
// cancel, a failed batch) ends the worker.
import { JobError } from "../../../jobs/types";
import type { CustomField } from "../custom-values";
import type { WireBatch } from "./batch-wire";

export interface WorkerStart {
  path: string;
  fields: [string, CustomField][];
  /** Records up to this one were applied before a restart. */
  appliedLine: number;
  batchRows: number;
  batchChars: number;
  inFlight: number;
}

export type WorkerMessage =
  | { type: "header"; groupColumn: string }
  | WireBatch
  | { type: "end" }
  | { type: "error"; code: string | null; message: string };

/** Batches handed over but not applied yet, at most. */
const IN_FLIGHT = 2;

// From source the worker sits next to this file. In the compiled binary every
// module has the executable's URL (/$bunfs/root/nearbound) and the worker,
// built as an entrypoint of its own (scripts/build.ts), keeps its path under src/.
const WORKER_URL = import.meta.url.endsWith("/worker-source.ts")
  ? new URL("./import-worker.ts", import.meta.url)
  : new URL("./modules/audience/imports/import-worker.ts", import.meta.url);

// One worker is kept between imports, its code already compiled by the JIT (a
// fresh one runs the first batches several times slower); unref'd while idle so
// it never keeps the process alive. Imports running side by side get their own.
let idle: Worker | null = null;

function takeWorker(): Worker {
  const worker = idle ?? new Worker(WORKER_URL);
  idle = null;
  worker.ref();
  return worker;
}

function giveBack(worker: Worker): void {
  if (idle) return worker.terminate();
  worker.unref();
  idle = worker;
}

export async function* csvBatches(
  path: string,
  fields: Map<string, CustomField>,
  appliedLine: number,
  limits: { batchRows: number; batchChars: number },
): AsyncGenerator<{ batch: WireBatch; groupColumn: string }> {
  const worker = takeWorker();
  const inbox: WorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (e: MessageEvent) => {
    inbox.push(e.data as WorkerMessage);
    notify();
  };
  const onError = (e: ErrorEvent) => {
    failure ??= new Error(`import worker failed: ${e.message}`);
    notify();
  };
  const onClose = () => {
    failure ??= new Error("import worker exited before the end of the file");
    notify();
  };
  worker.addEventListener("message", onMessage);
  worker.addEventListener("error", onError);
  worker.addEventListener("close", onClose);
  const start: WorkerStart = { path, fields: [...fields], appliedLine, ...limits, inFlight: IN_FLIGHT };
  worker.postMessage(start);
  const next = async (): Promise<WorkerMessage> => {
    for (;;) {
      const m = inbox.shift();
      if (m) return m;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  let finished = false;
  try {
    let groupColumn = "group_ids";
    for (;;) {
      const m = await next();
      if (m.type === "header") groupColumn = m.groupColumn;
      else if (m.type === "batch") {
        yield { batch: m, groupColumn };
        worker.postMessage("ack");
      } else if (m.type === "end") {
        finished = true;
        return;
      } else throw m.code ? new JobError(m.code, m.message, false) : new Error(m.message);
    }
  } finally {
    worker.removeEventListener("message", onMessage);
    worker.removeEventListener("error", onError);
    worker.removeEventListener("close", onClose);
    // a worker stopped halfway (cancel, failure) may still be reading: it goes
    if (finished) giveBack(worker);
    else worker.terminate();
  }
}
