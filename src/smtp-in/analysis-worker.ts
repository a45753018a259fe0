// The ingest's CPU-heavy reading of a message on a thread of its own
// (analysis.ts starts it): SPF/DKIM/DMARC/ARC with mailauth and the report
// parser. Both are pure functions of the bytes, the envelope and DNS, so the
// main thread keeps taking SMTP dialogue and requests while they run; so is
// the inbox's classifier, which reads what a person wrote.
// Compiled builds list this file as an entrypoint of its own (scripts/build.ts).
import { systemClock } from "../lib/clock";
import { createCachingResolver, createResolver, type DnsServer } from "../lib/dns/resolver";
import { authenticateRaw, type Envelope } from "./steps/authenticate";
import { readMessage } from "./read";

declare const self: Worker;

export type AnalysisStart = { type: "start"; servers: DnsServer[] | null; hostname: string };
export type AnalysisRequest = { type: "analyse"; id: number; raw: Uint8Array; envelope: Envelope; receivedAt: number };
/** Answered at once by a thread whose event loop is free (waiting on DNS, say); never by one held by a reader. */
export type AnalysisPing = { type: "ping" };
export type AnalysisAnswer = { id: number; authentication: unknown; report: unknown; verdict: unknown } | { id: number; error: string } | { pong: true };

let start: AnalysisStart | null = null;
let dns: ReturnType<typeof createResolver> | null = null;

self.onmessage = async (e: MessageEvent<AnalysisStart | AnalysisRequest | AnalysisPing>) => {
  const m = e.data;
  if (m.type === "ping") return self.postMessage({ pong: true } satisfies AnalysisAnswer);
  if (m.type === "start") {
    start = m;
    dns = createCachingResolver(createResolver({ servers: m.servers }), { clock: systemClock });
    return;
  }
  try {
    const raw = Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength);
    const authentication = await authenticateRaw(raw, m.envelope, dns!, start!.hostname);
    const { report, verdict } = readMessage(raw, m.receivedAt, m.envelope.recipients);
    self.postMessage({ id: m.id, authentication, report, verdict } satisfies AnalysisAnswer);
  } catch (err) {
    self.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies AnalysisAnswer);
  }
};
