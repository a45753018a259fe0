// "The person became unreachable": the one function every piece of evidence
// that stops mail to an address goes through — a hard bounce, a spam
// complaint, an unsubscribe. It suppresses the address with the evidence that
// caused it and marks the people with that address; the campaigns issue wires
// its stop rules in here: every live enrollment of the person stops.
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import type { PersonStatus } from "../../db/schema";
import type { Outbox } from "../events/outbox";
import { emailKey } from "./email";
import { recordSuppression } from "./suppressions";
import { stopForUnreachable } from "../campaigns/stop-rules";

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
  // every person with the address (a cc'd person too), whoever the message was for
  markPeople(ctx)[u.cause].run(u.workspaceId, emailKey(u.address), ctx.clock.now());
  // and every live enrollment of theirs stops (the campaigns' stop rule)
  stopForUnreachable(ctx, tx, outbox, { workspaceId: u.workspaceId, emailKey: emailKey(u.address), detail: STOP_DETAIL[u.cause] });
}

/**
 * Everyone at a domain asked not to be mailed again ("remove everyone at our company"): the domain suppressed with
 * the evidence, the people at it marked unsubscribed, and every live enrollment of theirs stopped.
 */
export function domainUnsubscribed(ctx: Ctx, tx: Tx, outbox: Outbox, u: { workspaceId: string; domain: string; evidence: Record<string, unknown> }): string {
  const { suppression } = recordSuppression(ctx, tx, outbox, { workspaceId: u.workspaceId, target: { domain: u.domain }, reason: "unsubscribed", evidence: u.evidence });
  // the domain as stored (lower-case, IDNA), as people's email_domain is
  const domain = suppression.domain ?? u.domain;
  for (const p of domainStatements(ctx).peopleAt.all(u.workspaceId, domain)) {
    markPeople(ctx).unsubscribed.run(u.workspaceId, p.email_key, ctx.clock.now());
    stopForUnreachable(ctx, tx, outbox, { workspaceId: u.workspaceId, emailKey: p.email_key, detail: `everyone at ${domain} unsubscribed` });
  }
  return suppression.id;
}

const domainStatements = (ctx: Ctx) =>
  preparedOnce(ctx.db, "audience.unreachable.domain", () => ({
    peopleAt: ctx.db.$client.prepare<{ email_key: string }, [string, string]>("SELECT email_key FROM people WHERE workspace_id = ?1 AND email_domain = ?2 AND email_key IS NOT NULL"),
  }));

const STOP_DETAIL: Record<UnreachableCause, string> = {
  hard_bounce: "the address bounced (hard)",
  complaint: "the person complained (spam)",
  unsubscribed: "the person unsubscribed",
};

/** One prepared update per cause (bounces and complaints arrive by the thousand). */
function markPeople(ctx: Ctx) {
  return preparedOnce(ctx.db, "audience.unreachable", () => {
    const stmt = (cause: UnreachableCause) => {
      const { status, keep } = STATUS[cause];
      return ctx.db.$client.prepare<unknown, [string, string, number]>(
        `UPDATE people SET status = '${status}', updated_at = ?3 WHERE workspace_id = ?1 AND email_key = ?2 AND status NOT IN (${keep.map((k) => `'${k}'`).join(", ")})`,
      );
    };
    return { hard_bounce: stmt("hard_bounce"), complaint: stmt("complaint"), unsubscribed: stmt("unsubscribed") };
  });
}
