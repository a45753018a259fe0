// The inbound ingest: what each accepted message goes through, in order (a
// flat list of named steps, like the MTA's pipeline). Each step adds to the
// work; the worker then records it all in one transaction (record.ts).
import { authenticate } from "./steps/authenticate";
import { classify } from "./steps/classify";
import { match } from "./steps/match";
import type { IngestWork } from "./work";

export interface IngestStep {
  name: string;
  run(w: IngestWork): void | Promise<void>;
}

export const INGEST_STEPS: readonly IngestStep[] = [
  { name: "authenticate", run: authenticate }, // SPF, DKIM, DMARC, ARC (mailauth)
  { name: "classify", run: classify }, // bounce, delay, complaint, auto-reply, unsubscribe, other
  { name: "match", run: match }, // the message it is about: VERP, Message-ID, recipient
];

export async function runIngest(w: IngestWork): Promise<IngestWork> {
  for (const step of INGEST_STEPS) await step.run(w);
  return w;
}
