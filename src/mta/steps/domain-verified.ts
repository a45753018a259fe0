import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/**
 * The embedded MTA sends only from verified domains (an smtp connection's
 * provider vouches for its own). A managed connection's message is loaded
 * with its domain's signing keys (worker.ts, signingKeysFor), which exist
 * only for a domain that may send: isDomainVerified's condition.
 */
export function domainVerified(w: Work): Verdict {
  if (w.connection.kind !== "managed" || w.signingKeys) return CONTINUE;
  return hold(w, "domain_unverified", `the sending domain ${w.identity.domain} is not verified`);
}
