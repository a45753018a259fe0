import { isDomainVerified } from "../../modules/sending/domains/dkim-keys";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/** The embedded MTA sends only from verified domains (an smtp connection's provider vouches for its own). */
export function domainVerified(w: Work): Verdict {
  if (w.connection.kind !== "managed" || isDomainVerified(w.ctx, w.message.workspaceId, w.identity.domain)) return CONTINUE;
  return hold(w, "domain_unverified", `the sending domain ${w.identity.domain} is not verified`);
}
