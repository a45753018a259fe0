// Quota scopes: sending limits shared by the connections of one provider
// account. Version = updated_at in microseconds, bumped past the previous one
// so two changes within a millisecond still get distinct versions.
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { isUniqueViolation } from "../../db/client";
import { connections, quotaLedger, quotaScopes } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertText } from "../../lib/text";

export type QuotaScope = typeof quotaScopes.$inferSelect;

/** Connection kinds that are cloud-provider accounts (their scope cannot be deleted under them). */
export const CLOUD_PROVIDER_KINDS = ["ses", "sendgrid", "postmark", "mailgun", "sparkpost", "resend", "gmail_api", "graph"] as const;

/** Limits to set; undefined leaves one as it is, null clears it. */
export interface Limits {
  messagesPerDay?: number | null;
  recipientsPerDay?: number | null;
  windowLimit?: number | null;
  windowSeconds?: number | null;
  windowUnit?: "requests" | "recipients" | "units" | null;
}

const LIMIT_KEYS = ["messagesPerDay", "recipientsPerDay", "windowLimit", "windowSeconds", "windowUnit"] as const;

function limitColumns(l: Limits): Partial<QuotaScope> {
  const out: Partial<QuotaScope> = {};
  for (const k of LIMIT_KEYS) if (l[k] !== undefined) (out as Record<string, unknown>)[k] = l[k];
  return out;
}

const reads = tableReads(quotaScopes);

/** A short window needs both its limit and its length. */
function checkWindow(s: Pick<QuotaScope, "windowLimit" | "windowSeconds">): void {
  if ((s.windowLimit === null) !== (s.windowSeconds === null)) {
    const missing = s.windowLimit === null ? "window_limit" : "window_seconds";
    throw invalidField(`/${missing}`, "required", `${missing} is required when the other window setting is set.`);
  }
}

function nextVersion(now: number, previous = 0): number {
  return Math.max(now * 1000, previous + 1);
}

export function createQuotaScope(ctx: Ctx, a: { workspaceId: string; provider: string; scopeKey: string; limits: Limits }): QuotaScope {
  assertText("single-line", a.provider, "/provider");
  assertText("single-line", a.scopeKey, "/scope_key");
  const now = ctx.clock.now();
  const row = {
    id: newId("qsc"),
    workspaceId: a.workspaceId,
    provider: a.provider,
    scopeKey: a.scopeKey,
    messagesPerDay: null,
    recipientsPerDay: null,
    windowLimit: null,
    windowSeconds: null,
    windowUnit: null,
    pausedUntil: null,
    pausedDetail: null,
    ...limitColumns(a.limits),
    version: nextVersion(now),
    createdAt: now,
    updatedAt: now,
  };
  checkWindow(row);
  try {
    return ctx.db.insert(quotaScopes).values(row).returning().get();
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError("conflict", `A quota scope for ${a.provider} ${a.scopeKey} already exists in this workspace.`);
    throw err;
  }
}

export function getQuotaScope(ctx: Ctx, a: { workspaceId: string; id: string }): QuotaScope {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("quota scope");
  return row;
}

export function listQuotaScopes(ctx: Ctx, a: { workspaceId: string; filters: { provider?: string; scopeKey?: string }; page: PageRequest }): Page<QuotaScope> {
  return reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { provider: a.filters.provider, scopeKey: a.filters.scopeKey } }, a.page);
}

/**
 * Applies the given limits (null clears one). `ifMatch` lists the versions
 * the client accepts (If-Match); none of them current → 412 and nothing
 * changes. The check and the write are one statement, so two concurrent
 * writers cannot both win.
 */
export function updateQuotaScope(ctx: Ctx, a: { workspaceId: string; id: string; ifMatch: number[] | "*" | undefined; limits: Limits }): QuotaScope {
  const current = getQuotaScope(ctx, a);
  if (Array.isArray(a.ifMatch) && !a.ifMatch.includes(current.version)) {
    throw new DomainError("precondition_failed", `${a.ifMatch.length ? `Version ${a.ifMatch.join(", ")} is` : "The If-Match tags are"} not current; the quota scope is at version ${current.version}.`);
  }
  const patch = limitColumns(a.limits);
  checkWindow({ ...current, ...patch });
  const now = ctx.clock.now();
  const updated = ctx.db
    .update(quotaScopes)
    .set({ ...patch, version: nextVersion(now, current.version), updatedAt: now })
    .where(and(eq(quotaScopes.workspaceId, a.workspaceId), eq(quotaScopes.id, a.id), eq(quotaScopes.version, current.version)))
    .returning()
    .get();
  if (!updated) {
    // someone else changed it between our read and write
    if (a.ifMatch === undefined || a.ifMatch === "*") return updateQuotaScope(ctx, a);
    throw new DomainError("precondition_failed", "The quota scope changed concurrently; fetch it again.");
  }
  return updated;
}

/** Deletes a scope unless cloud-provider connections (archived included) name it. */
export function deleteQuotaScope(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const scope = tx.select({ id: quotaScopes.id }).from(quotaScopes).where(and(eq(quotaScopes.workspaceId, a.workspaceId), eq(quotaScopes.id, a.id))).get();
    if (!scope) throw notFound("quota scope");
    const blocking = tx
      .select({ id: connections.id, name: connections.name })
      .from(connections)
      .where(and(eq(connections.workspaceId, a.workspaceId), eq(connections.quotaScopeId, a.id), inArray(connections.kind, [...CLOUD_PROVIDER_KINDS])))
      .all();
    if (blocking.length) {
      const names = blocking.map((c) => `${c.id} (${c.name})`).join(", ");
      throw new DomainError("invalid_state", `The quota scope is used by provider connections: ${names}. Move or delete them first.`);
    }
    tx.update(connections).set({ quotaScopeId: null, updatedAt: ctx.clock.now() }).where(and(eq(connections.workspaceId, a.workspaceId), eq(connections.quotaScopeId, a.id))).run();
    tx.delete(quotaScopes).where(and(eq(quotaScopes.workspaceId, a.workspaceId), eq(quotaScopes.id, a.id))).run();
    tx.delete(quotaLedger).where(eq(quotaLedger.quotaScopeId, a.id)).run(); // SPEC: the scope and its ledger
  });
}

