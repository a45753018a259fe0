import { signingKeysFor } from "../../modules/sending/domains/dkim-keys";
import { signOnThread } from "../render-thread";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";

/** DKIM with both keys of the sending domain (RSA-2048 and Ed25519) whenever the workspace has them (dkim.ts, on the rendering thread). */
export async function sign(w: Work): Promise<Verdict> {
  const keys = w.signingKeys ?? signingKeysFor(w.ctx, { workspaceId: w.message.workspaceId, domain: w.identity.domain });
  if (!keys) {
    // the managed MTA never sends unsigned (domainVerified held it); a provider's mailbox signs for itself
    return w.connection.kind === "managed" ? { kind: "fail", detail: `no DKIM keys for ${w.identity.domain}` } : CONTINUE;
  }
  w.raw = await signOnThread(w.raw!, keys, w.now);
  return CONTINUE;
}
