import { suppressedAmong } from "../../modules/audience/suppressions";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold, pendingRecipients } from "./holds";

/** A recipient on the workspace's suppression list (the address or its domain) holds the message. */
export function checkSuppression(w: Work): Verdict {
  const found = suppressedAmong(w.ctx, w.message.workspaceId, pendingRecipients(w).map((r) => r.address));
  const [address, s] = [...found][0] ?? [];
  if (!address || !s) return CONTINUE;
  return hold(w, "suppressed", `${address} is suppressed (${s.reason}${s.domain ? `, domain ${s.domain}` : ""})`, w.now + 60 * 60_000);
}
