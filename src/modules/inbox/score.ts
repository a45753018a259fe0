// A person's score (0–100, null until they first answer) moves with what
// their replies say: a meeting request or clear interest raises it most, a
// refusal lowers it. Auto-replies, bounces and complaints leave it alone.
import type { Intent } from "../../db/schema";

const BY_INTENT: Record<Intent, number> = {
  meeting_request: 40,
  interested: 30,
  question: 15,
  referral: 10,
  later: 5,
  wrong_person: 0,
  moved: 0,
  not_interested: -30,
};

/** The score after a reply with this intent. */
export function scoreAfter(current: number | null, intent: Intent | null): number {
  const next = (current ?? 0) + (intent ? BY_INTENT[intent] : 0);
  return Math.max(0, Math.min(100, next));
}
