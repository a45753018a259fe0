import { BLOCKED_PERSON_STATUSES } from "../../modules/audience/preflight";
import type { PersonStatus } from "../../db/schema";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/** A person who bounced, unsubscribed, complained or is undeliverable is not written to. */
export function personStatus(w: Work): Verdict {
  const status = w.person?.status as PersonStatus | undefined;
  if (!status || !BLOCKED_PERSON_STATUSES.includes(status)) return CONTINUE;
  return hold(w, "person_blocked", `the person's status is ${status}`, w.now + 60 * 60_000);
}
