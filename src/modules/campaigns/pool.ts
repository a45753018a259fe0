// A campaign's sender pool: the identities it names plus every enabled
// identity carrying one of its tags. An identity that is disabled, or whose
// connection is archived, has left the pool; one whose connection is paused,
// failing or still verifying, or whose quota scope is paused, stays in it but
// does not send now (its conversations wait for it).
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import type { CampaignSenders } from "../../db/schema";
import { dayOf, type PaceBook, type PoolMember } from "./pacing";

interface Row {
  id: string;
  connection_id: string;
  email: string;
  name: string | null;
  domain: string;
  reply_to: string | null;
  tags: string;
  enabled: number;
  ramp: string | null;
  ramp_started_at: number | null;
  status: string;
  pacing: string | null;
  quota_scope_id: string | null;
  messages_per_day: number | null;
  paused_until: number | null;
}

const SELECT = `SELECT i.id, i.connection_id, i.email, i.name, i.domain, i.reply_to, i.tags, i.enabled, i.ramp, i.ramp_started_at,
       c.status, c.pacing, c.quota_scope_id, q.messages_per_day, q.paused_until
  FROM sender_identities i
  JOIN connections c ON c.id = i.connection_id AND c.workspace_id = i.workspace_id
  LEFT JOIN quota_scopes q ON q.id = c.quota_scope_id
 WHERE i.workspace_id = ?1`;

export function loadPool(ctx: Ctx, workspaceId: string, senders: CampaignSenders, now: number): PoolMember[] {
  const rows = preparedOnce(ctx.db, "campaigns.pool", () => ctx.db.$client.prepare<Row, [string]>(SELECT)).all(workspaceId);
  const named = new Map(senders.identityIds.map((id, i) => [id, i]));
  const tags = new Set(senders.tags);
  const inPool = rows.filter((r) => r.enabled && r.status !== "archived" && (named.has(r.id) || (JSON.parse(r.tags) as string[]).some((t) => tags.has(t))));
  // named identities in the order given, then tagged ones in the order of their connections
  inPool.sort((a, b) => (named.get(a.id) ?? Infinity) - (named.get(b.id) ?? Infinity) || a.connection_id.localeCompare(b.connection_id) || a.id.localeCompare(b.id));
  return inPool.map((r) => memberOf(r, now));
}

function memberOf(r: Row, now: number): PoolMember {
  const pacing = r.pacing ? (JSON.parse(r.pacing) as { minGapSeconds: number; maxGapSeconds: number; dailyCap: number | null }) : null;
  const why =
    r.status !== "active"
      ? `its connection ${r.connection_id} is ${r.status}`
      : r.paused_until !== null && r.paused_until > now
        ? `its quota scope ${r.quota_scope_id} is paused until ${new Date(r.paused_until).toISOString()}`
        : null;
  return {
    identityId: r.id,
    connectionId: r.connection_id,
    quotaScopeId: r.quota_scope_id,
    email: r.email,
    name: r.name,
    domain: r.domain,
    replyTo: r.reply_to,
    minGapSeconds: pacing?.minGapSeconds ?? 0,
    maxGapSeconds: pacing?.maxGapSeconds ?? 0,
    dailyCap: pacing?.dailyCap ?? null,
    quotaPerDay: r.messages_per_day,
    ramp: r.ramp ? JSON.parse(r.ramp) : null,
    rampStartedAt: r.ramp_started_at,
    usable: why === null,
    why,
  };
}

/** Why nobody in the pool can send (the campaign's `no_sender` error), or null when someone can. */
export function noSenderDetail(pool: PoolMember[]): string | null {
  if (!pool.length) return "The sender pool is empty: name identities or tags of enabled identities.";
  if (pool.some((m) => m.usable)) return null;
  return `No sender in the pool can send now: ${pool.map((m) => `${m.email} (${m.why})`).join("; ")}.`.slice(0, 1000);
}

/** Every sender that could send is over its quota scope's messages_per_day today: also `no_sender`. */
export function overQuotaDetail(pool: PoolMember[], book: PaceBook, now: number): string | null {
  const able = pool.filter((m) => m.usable);
  const over = (m: PoolMember) => m.quotaScopeId !== null && m.quotaPerDay !== null && book.planned(m.quotaScopeId, dayOf(now)) >= m.quotaPerDay;
  if (!able.length || !able.every(over)) return null;
  return `Every sender of the pool is over its quota scope's messages_per_day today: ${able.map((m) => `${m.email} (${m.quotaScopeId})`).join("; ")}.`.slice(0, 1000);
}
