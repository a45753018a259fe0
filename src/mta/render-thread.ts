// The MTA's rendering thread (render-worker.ts): the render and sign steps hand
// it a message's fields, then its bytes and keys, and await the result. Building
// the MIME tree and DKIM's canonical forms took a third of the main thread's time
// a message in bench:mta; there it waited behind, and held up, every request and
// SMTP session of the process (docs/benchmarks.md has the figures before and after).
//
// One per process, pure (no database, no DNS), started on first use and never
// what keeps the process alive. A crashed thread fails what it held (those
// messages are run again later, nothing was sent) and is replaced on next use.
import type { SigningKeys } from "./dkim";
import type { MessageInput } from "./mime";
import type { RenderAnswer, RenderRequest } from "./render-worker";

// From source the worker sits next to this file; in the compiled binary it is
// an entrypoint of its own under the executable's root (scripts/build.ts).
const WORKER_URL = import.meta.url.endsWith("/render-thread.ts") ? new URL("./render-worker.ts", import.meta.url) : new URL("./mta/render-worker.ts", import.meta.url);

/** A stored value the text policy or the header allow-list refuses: the message fails, it is never repaired. */
export class RenderRefusedError extends Error {}

type Waiter = { resolve: (raw: Uint8Array) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiter>();
let nextId = 1;

/** The message as bytes (mime.ts buildMessage), built on the rendering thread. */
export function renderOnThread(input: MessageInput): Promise<Uint8Array> {
  return ask((id) => ({ id, type: "render", input }));
}

/** The bytes with one DKIM-Signature per key prepended (dkim.ts signMessage), on the rendering thread. */
export function signOnThread(raw: Uint8Array, keys: SigningKeys, now: number): Promise<Uint8Array> {
  return ask((id) => ({ id, type: "sign", raw, keys, now }));
}

function ask(request: (id: number) => RenderRequest): Promise<Uint8Array> {
  const w = thread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (waiting.size === 0) w.ref();
    waiting.set(id, { resolve, reject });
    w.postMessage(request(id));
  });
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_URL);
  w.addEventListener("message", (e: MessageEvent<RenderAnswer>) => {
    const a = e.data;
    const waiter = waiting.get(a.id);
    if (!waiter) return;
    waiting.delete(a.id);
    if (waiting.size === 0) w.unref();
    if ("raw" in a) waiter.resolve(a.raw);
    else if ("refused" in a) waiter.reject(new RenderRefusedError(a.refused));
    else waiter.reject(new Error(`rendering thread: ${a.error}`));
  });
  w.addEventListener("error", (e) => {
    if (worker === w) worker = null;
    const held = [...waiting.values()];
    waiting.clear();
    w.terminate();
    for (const waiter of held) waiter.reject(new Error(`the rendering thread failed: ${e.message}`));
  });
  w.unref();
  worker = w;
  return w;
}
