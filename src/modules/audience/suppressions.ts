// Suppressions: addresses or whole domains that receive no mail, whatever
// created them. Manual ones come from the API and may be removed (audited);
// the others come with evidence (bounce, complaint, unsubscribe, invalid
// address) and are read-only. Imports, enrollment and the MTA ask
// `suppressedAmong` / `isSuppressed` before they touch an address.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { insertRowIfAbsent, preparedSelect } from "../../db/prepared";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { suppressionAudit, suppressions, type SuppressionReason } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { transact, type Outbox } from "../events/outbox";
import { emailKey, parseEmail } from "./email";
import { suppressionEventView } from "../../representations/suppression";

export type Suppression = typeof suppressions.$inferSelect;
export type Evidence = Record<string, unknown>;

/** Exactly one of the two. */
export type SuppressionTarget = { email: string; domain?: undefined } | { domain: string; email?: undefined };

export interface RecordArgs {
  workspaceId: string;
  target: SuppressionTarget;
  reason: SuppressionReason;
  /** What created it (message id, bounce reply, complaint report…); null for manual ones. */
  evidence: Evidence | null;
  /** Key id of the caller for manual ones. */
  createdBy?: string | null;
}

/** A domain as stored: lower-case ASCII (IDNA); null when it is no valid domain name. */
export function parseDomain(input: string): string | null {
  // parseEmail owns the domain rules; a fixed local part borrows them.
  const r = parseEmail(`postmaster@${input}`);
  return r.ok ? r.domain : null;
}

function columnsOf(target: SuppressionTarget): Pick<Suppression, "email" | "emailKey" | "domain"> {
  if (target.email !== undefined) {
    const r = parseEmail(target.email);
    if (!r.ok) throw invalidField("/email", "format", `email is not a valid address: ${r.message}.`);
    return { email: r.email, emailKey: emailKey(r.email), domain: null };
  }
  const domain = parseDomain(target.domain);
  if (!domain) throw invalidField("/domain", "format", "domain is not a valid domain name (e.g. example.com).");
  return { email: null, emailKey: null, domain };
}

function sameTarget(workspaceId: string, c: Pick<Suppression, "emailKey" | "domain">): SQL | undefined {
  return and(eq(suppressions.workspaceId, workspaceId), c.emailKey !== null ? eq(suppressions.emailKey, c.emailKey) : eq(suppressions.domain, c.domain!));
}

/**
 * Records a suppression inside the caller's transaction and emits
 * `suppression.created` through its outbox. An existing one for the same
 * address or domain is kept (`created: false`); when it was manual and this
 * one brings evidence, it takes the evidence's reason and becomes read-only,
 * so removing the manual entry can never lift a bounce or complaint.
 */
export function recordSuppression(ctx: Ctx, tx: Tx, outbox: Outbox, a: RecordArgs): { suppression: Suppression; created: boolean } {
  const cols = columnsOf(a.target);
  // prepared once (drizzle would build this insert for every bounce, complaint and unsubscribe); on tx's connection
  const row = insertRowIfAbsent<Suppression>(ctx.db, suppressions)({ id: newId("sup"), workspaceId: a.workspaceId, ...cols, reason: a.reason, evidence: a.evidence, createdBy: a.createdBy ?? null, createdAt: ctx.clock.now() });
  if (row) {
    outbox.emit({ workspaceId: a.workspaceId, type: "suppression.created", data: suppressionEventView(row) });
    return { suppression: row, created: true };
  }
  if (a.reason !== "manual") {
    const upgraded = tx
      .update(suppressions)
      .set({ reason: a.reason, evidence: a.evidence })
      .where(and(sameTarget(a.workspaceId, cols), eq(suppressions.reason, "manual")))
      .returning()
      .get();
    if (upgraded) return { suppression: upgraded, created: false };
  }
  return { suppression: tx.select().from(suppressions).where(sameTarget(a.workspaceId, cols)).get()!, created: false };
}

/** POST /v1/suppressions: a manual suppression; an existing one for the same target is 409. */
export function createManualSuppression(ctx: Ctx, a: { workspaceId: string; email?: string; domain?: string; reason?: string; actorKeyId: string }): Suppression {
  if (a.reason !== undefined && a.reason !== "manual") {
    throw invalidField("/reason", "invalid", `reason must be "manual" or absent: ${a.reason} suppressions are recorded from evidence (bounces, complaints, unsubscribes), not created by hand.`);
  }
  if ((a.email === undefined) === (a.domain === undefined)) {
    const both = a.email !== undefined;
    throw invalidField(both ? "/domain" : "", both ? "invalid" : "required", both ? "Send either email or domain, not both." : "Send email (one address) or domain (a whole domain).");
  }
  const target: SuppressionTarget = a.email !== undefined ? { email: a.email } : { domain: a.domain! };
  return transact(ctx, (tx, outbox) => {
    const r = recordSuppression(ctx, tx, outbox, { workspaceId: a.workspaceId, target, reason: "manual", evidence: null, createdBy: a.actorKeyId });
    if (!r.created) {
      const what = r.suppression.email ?? r.suppression.domain;
      throw new DomainError("conflict", `${what} is already suppressed by ${r.suppression.id} (${r.suppression.reason}).`);
    }
    return r.suppression;
  });
}

const reads = tableReads(suppressions);

export function getSuppression(ctx: Ctx, a: { workspaceId: string; id: string }): Suppression {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("suppression");
  return row;
}

export interface SuppressionFilters {
  email?: string;
  domain?: string;
  reason?: SuppressionReason;
}

/**
 * `email` lists the suppression of exactly that address (any letter case),
 * `domain` the domain-wide entry.
 */
export function listSuppressions(ctx: Ctx, a: { workspaceId: string; filters: SuppressionFilters; page: PageRequest }): Page<Suppression> {
  const f = a.filters;
  let key: string | undefined;
  if (f.email !== undefined) {
    const r = parseEmail(f.email);
    if (!r.ok) throw invalidField("?email", "format", `email is not a valid address: ${r.message}.`);
    key = emailKey(r.email);
  }
  let domain: string | undefined;
  if (f.domain !== undefined) {
    domain = parseDomain(f.domain) ?? undefined;
    if (!domain) throw invalidField("?domain", "format", "domain is not a valid domain name.");
  }
  return reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { emailKey: key, domain, reason: f.reason } }, a.page);
}

/** Removes a manual suppression and records who did it; evidence-based ones are 409. */
export function deleteSuppression(ctx: Ctx, a: { workspaceId: string; id: string; actorKeyId: string }): void {
  ctx.db.transaction((tx) => {
    const removed = tx
      .delete(suppressions)
      .where(and(eq(suppressions.workspaceId, a.workspaceId), eq(suppressions.id, a.id), eq(suppressions.reason, "manual")))
      .returning()
      .get();
    if (!removed) {
      const existing = tx.select({ reason: suppressions.reason }).from(suppressions).where(and(eq(suppressions.workspaceId, a.workspaceId), eq(suppressions.id, a.id))).get();
      if (!existing) throw notFound("suppression");
      throw new DomainError("invalid_state", `This suppression was recorded from evidence (${existing.reason}) and is read-only; only manual suppressions can be removed.`);
    }
    tx.insert(suppressionAudit)
      .values({
        id: newId("sua"),
        workspaceId: a.workspaceId,
        suppressionId: removed.id,
        action: "deleted",
        email: removed.email,
        domain: removed.domain,
        reason: removed.reason,
        actorKeyId: a.actorKeyId,
        at: ctx.clock.now(),
      })
      .run();
  });
}

/**
 * The suppression covering each given address: the address itself, else its
 * whole domain. Keys of the answer are the inputs exactly as given; addresses
 * that are not suppressed (or not valid addresses) are absent.
 */
export function suppressedAmong(ctx: Ctx, workspaceId: string, emails: readonly string[]): Map<string, Suppression> {
  const parsed = new Map<string, { key: string; domain: string }>();
  for (const input of emails) {
    const r = parseEmail(input);
    if (r.ok) parsed.set(input, { key: emailKey(r.email), domain: r.domain });
  }
  const keys = [...new Set([...parsed.values()].map((p) => p.key))];
  const domains = [...new Set([...parsed.values()].map((p) => p.domain))];
  const byKey = new Map<string, Suppression>();
  const byDomain = new Map<string, Suppression>();
  if (keys.length) for (const s of suppressionsAmong(ctx, "emailKey").all({ ws: workspaceId, values: JSON.stringify(keys) })) byKey.set(s.emailKey!, s);
  if (domains.length) for (const s of suppressionsAmong(ctx, "domain").all({ ws: workspaceId, values: JSON.stringify(domains) })) byDomain.set(s.domain!, s);
  const out = new Map<string, Suppression>();
  for (const [input, p] of parsed) {
    const s = byKey.get(p.key) ?? byDomain.get(p.domain);
    if (s) out.set(input, s);
  }
  return out;
}

/**
 * The workspace's suppressions whose `column` is among a JSON array of values:
 * prepared once (one statement for any number of values, each found through
 * the column's unique index); valid inside a transaction (same connection).
 */
function suppressionsAmong(ctx: Ctx, column: "emailKey" | "domain") {
  return preparedSelect<Suppression>(ctx.db, `suppressions.among:${column}`, suppressions, (from) =>
    from.where(and(eq(suppressions.workspaceId, sql.placeholder("ws")), sql`${suppressions[column]} IN (SELECT value FROM json_each(${sql.placeholder("values")}))`)).toSQL(),
  );
}

/** The suppression covering one address (itself or its domain), or null. */
export function isSuppressed(ctx: Ctx, workspaceId: string, email: string): Suppression | null {
  return suppressedAmong(ctx, workspaceId, [email]).get(email) ?? null;
}
