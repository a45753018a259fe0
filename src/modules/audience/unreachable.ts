// "The person became unreachable": the one function every piece of evidence
// that stops mail to an address goes through — a hard bounce, a spam
// complaint, an unsubscribe. It suppresses the address with the evidence that
// caused it and marks the people with that address; the campaigns issue wires
// its stop rules (every enrollment of the person stops) in here.
import { and, eq, notInArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { people, type PersonStatus } from "../../db/schema";
import type { Outbox } from "../events/outbox";
import { emailKey } from "./email";
import { recordSuppression } from "./suppressions";

export type UnreachableCause = "hard_bounce" | "complaint" | "unsubscribed";

/** The person status each cause sets, and the statuses it does not overwrite (each already stops mail and says as much). */
const STATUS: Record<UnreachableCause, { status: PersonStatus; keep: PersonStatus[] }> = {
  hard_bounce: { status: "bounced", keep: ["bounced", "spam", "unsubscribed"] },
  complaint: { status: "spam", keep: ["spam"] },
  unsubscribed: { status: "unsubscribed", keep: ["spam", "unsubscribed"] },
};

export interface Unreachable {
  workspaceId: string;
  address: string;
  cause: UnreachableCause;
  /** What shows on the suppression: delivery_event_id, message_id, inbound_message_id, diagnostic_code… */
  evidence: Record<string, unknown>;
}

export function personBecameUnreachable(ctx: Ctx, tx: Tx, outbox: Outbox, u: Unreachable): void {
  recordSuppression(ctx, tx, outbox, { workspaceId: u.workspaceId, target: { email: u.address }, reason: u.cause, evidence: u.evidence });
  const { status, keep } = STATUS[u.cause];
  // every person with the address (a cc'd person too), whoever the message was for
  tx.update(people)
    .set({ status, updatedAt: ctx.clock.now() })
    .where(and(eq(people.workspaceId, u.workspaceId), eq(people.emailKey, emailKey(u.address)), notInArray(people.status, keep)))
    .run();
}
