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
import { stopForUnreachable, stopPerson } from "../campaigns/stop-rules";

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
  // the domain as stored (lower-case, IDNA), as people's email_domain is; one update for everyone at it, then
  // only those with a live enrollment are stopped
  const domain = suppression.domain ?? u.domain;
  const s = domainStatements(ctx);
  s.markAt.run(u.workspaceId, domain, ctx.clock.now());
  for (const p of s.liveAt.all(u.workspaceId, domain)) stopPerson(ctx, tx, outbox, { workspaceId: u.workspaceId, personId: p.person_id, detail: `everyone at ${domain} unsubscribed` });
  return suppression.id;
}

const domainStatements = (ctx: Ctx) =>
  preparedOnce(ctx.db, "audience.unreachable.domain", () => {
    const { status, keep } = STATUS.unsubscribed;
    return {
      markAt: ctx.db.$client.prepare<unknown, [string, string, number]>(
        `UPDATE people SET status = '${status}', updated_at = ?3 WHERE workspace_id = ?1 AND email_domain = ?2 AND status NOT IN (${keep.map((k) => `'${k}'`).join(", ")})`,
      ),
      liveAt: ctx.db.$client.prepare<{ person_id: string }, [string, string]>(
        "SELECT DISTINCT e.person_id FROM enrollments e JOIN people p ON p.id = e.person_id WHERE p.workspace_id = ?1 AND p.email_domain = ?2 AND e.workspace_id = ?1 AND e.status IN ('active', 'paused')",
      ),
    };
  });

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
