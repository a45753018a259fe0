import { signingKeysFor } from "../../modules/sending/domains/dkim-keys";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/**
 * The embedded MTA sends only from verified domains (an smtp connection's
 * provider vouches for its own). A verified domain's signing keys are kept
 * for the sign step: the same read (signingKeysFor answers keys only for a
 * domain that may send, isDomainVerified's condition).
 */
export function domainVerified(w: Work): Verdict {
  if (w.connection.kind !== "managed") return CONTINUE;
  w.signingKeys = signingKeysFor(w.ctx, { workspaceId: w.message.workspaceId, domain: w.identity.domain });
  if (w.signingKeys) return CONTINUE;
  return hold(w, "domain_unverified", `the sending domain ${w.identity.domain} is not verified`);
}
