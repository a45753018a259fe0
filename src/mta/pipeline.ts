// The outgoing message processor (Postal's OutgoingMessageProcessor, DESIGN.md
// §4): a flat, ordered list of named steps. Each answers a verdict; the first
// that is not `continue` ends the run, and record.ts writes what it means.
import { campaignGuard } from "./steps/campaign-guard";
import { chargeQuotaStep } from "./steps/charge-quota";
import { checkSuppression } from "./steps/check-suppression";
import { connectionPaused } from "./steps/connection-paused";
import { domainVerified } from "./steps/domain-verified";
import { personStatus } from "./steps/person-status";
import { render } from "./steps/render";
import { send } from "./steps/send";
import { sign } from "./steps/sign";
import { testMode } from "./steps/test-mode";
import type { Verdict } from "./verdict";
import type { Work } from "./work";

export type Step = (w: Work) => Verdict | Promise<Verdict>;

export const STEPS: readonly (readonly [name: string, step: Step])[] = [
  ["check_suppression", checkSuppression],
  ["person_status", personStatus],
  ["campaign_guard", campaignGuard], // a campaign's message: its enrollment still live, its campaign not paused, no unread reply
  ["domain_verified", domainVerified],
  ["connection_paused", connectionPaused],
  ["charge_quota", chargeQuotaStep],
  ["render", render], // MIME parts and every header (Message-ID, Date, List-Unsubscribe…)
  ["sign", sign],
  ["test_mode", testMode],
  ["send", send],
];

/** Runs the steps in order; answers the verdict that ended the run and the step that gave it. */
export async function runPipeline(w: Work, steps = STEPS): Promise<{ step: string; verdict: Verdict }> {
  for (const [name, step] of steps) {
    const verdict = await step(w);
    if (verdict.kind !== "continue") return { step: name, verdict };
  }
  return { step: "end", verdict: { kind: "done" } };
}
