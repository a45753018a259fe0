// Shared by the hold steps: a hold the caller released is not applied again.
import type { Hold } from "../../db/schema";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";

/** How long a held message waits before the MTA looks at it again. */
export const RECHECK_MS = 15 * 60_000;

export function hold(w: Work, h: Hold, detail: string, until = w.now + RECHECK_MS): Verdict {
  return w.message.releasedHolds.includes(h) ? CONTINUE : { kind: "hold", hold: h, detail, until };
}

/** Recipients not yet settled by an earlier try. */
export const pendingRecipients = (w: Work) => w.message.recipients.filter((r) => r.state === "pending");
