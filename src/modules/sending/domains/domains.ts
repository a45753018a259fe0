// Sending domains (dom_): the domains the embedded MTA sends from. Created
// `pending_verification` with two fresh DKIM keys and the records to publish;
// POST /verify makes it `verifying` and a `sending_domain.verify` job checks
// every record (verify.ts) → `verified` or `failed`. A periodic re-check
// (recheck.ts) runs the same job for verified domains.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Ctx } from "../../../context";
import { isUniqueViolation, type DbOrTx } from "../../../db/client";
import { tableReads, type Page, type PageRequest } from "../../../db/queries";
import { connections, senderIdentities, sendingDomains, type DomainStatus } from "../../../db/schema";
import { enqueue } from "../../../jobs/queue";
import { DomainError, notFound } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { generateDkimKeys } from "./dkim-keys";
import { lookupForm, normalizeSendingDomain } from "./domain-name";
import { domainRecords, recordTargets } from "./records";

export type SendingDomain = typeof sendingDomains.$inferSelect;
export const SENDING_DOMAIN_VERIFY_JOB_KIND = "sending_domain.verify";
/** A DNS check retried while servers do not answer, then settled. */
export const VERIFY_MAX_ATTEMPTS = 4;

const reads = tableReads(sendingDomains);
const scoped = (workspaceId: string, id: string) => and(eq(sendingDomains.workspaceId, workspaceId), eq(sendingDomains.id, id));

const duplicate = (domain: string, id: string) => new DomainError("conflict", `The workspace already has the sending domain ${domain} (${id}).`);

export async function createSendingDomain(ctx: Ctx, a: { workspaceId: string; domain: string; tracking?: boolean }): Promise<SendingDomain> {
  const domain = normalizeSendingDomain(a.domain);
  const existing = () => ctx.db.select({ id: sendingDomains.id }).from(sendingDomains).where(and(eq(sendingDomains.workspaceId, a.workspaceId), eq(sendingDomains.domain, domain))).get();
  // answered before the keys are made (~70 ms of work for nothing)
  const before = existing();
  if (before) throw duplicate(domain, before.id);
  const keys = await generateDkimKeys(ctx);
  const now = ctx.clock.now();
  const tracking = a.tracking ?? false;
  const row = {
    id: newId("dom"),
    workspaceId: a.workspaceId,
    domain,
    status: "pending_verification" as DomainStatus,
    tracking,
    ...keys,
    records: domainRecords({ domain, ...keys }, recordTargets(ctx.config)),
    lastError: null,
    checkedAt: null,
    verifiedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    return ctx.db.insert(sendingDomains).values(row).returning().get();
  } catch (err) {
    // another request created it while the keys were being made
    if (isUniqueViolation(err)) throw duplicate(domain, existing()?.id ?? "another request");
    throw err;
  }
}

export function getSendingDomain(ctx: Ctx, a: { workspaceId: string; id: string }): SendingDomain {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("sending domain");
  return row;
}

export function listSendingDomains(ctx: Ctx, a: { workspaceId: string; filters: { status?: string; domain?: string }; page: PageRequest }): Page<SendingDomain> {
  // a domain filter in U-labels or capitals finds the stored A-labels; one that cannot be a domain finds nothing
  const domain = a.filters.domain === undefined ? undefined : (lookupForm(a.filters.domain) ?? "");
  return reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { status: a.filters.status, domain } }, a.page);
}

/**
 * Turns link tracking on or off. The tracking record is then unchecked
 * (`pending`) until the next check; the domain's status stays as it is, so
 * turning tracking on never stops mail that is already flowing.
 */
export function updateSendingDomain(ctx: Ctx, a: { workspaceId: string; id: string; tracking?: boolean }): SendingDomain {
  const current = getSendingDomain(ctx, a);
  if (a.tracking === undefined || a.tracking === current.tracking) return current;
  const records = current.records.map((r) => (r.purpose === "tracking" ? { ...r, status: "pending" as const, found: null } : r));
  return ctx.db.update(sendingDomains).set({ tracking: a.tracking, records, updatedAt: ctx.clock.now() }).where(scoped(a.workspaceId, a.id)).returning().get()!;
}

/**
 * Starts a check of every record: the domain becomes `verifying` and a job
 * checks DNS. A domain that was verified keeps sending while it is checked
 * again. Each request queues a check, so a cancelled job never leaves a
 * domain waiting for nothing.
 */
export function requestVerification(ctx: Ctx, a: { workspaceId: string; id: string }): SendingDomain {
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(sendingDomains)
      .set({ status: "verifying", updatedAt: ctx.clock.now() })
      .where(scoped(a.workspaceId, a.id))
      .returning()
      .get();
    if (!row) throw notFound("sending domain");
    enqueue(ctx, tx, { workspaceId: a.workspaceId, kind: SENDING_DOMAIN_VERIFY_JOB_KIND, args: { sending_domain_id: a.id }, maxAttempts: VERIFY_MAX_ATTEMPTS });
    return row;
  });
}

/**
 * The managed connections (not archived) with an identity on the domain:
 * they sign with its keys, so the domain cannot go while they use it and its
 * failures are theirs. An smtp connection's provider signs its own mail.
 */
export function connectionsUsing(db: DbOrTx, workspaceId: string, domain: string) {
  return db
    .selectDistinct({ id: connections.id, name: connections.name, healthDetail: connections.healthDetail, email: senderIdentities.email })
    .from(senderIdentities)
    .innerJoin(connections, and(eq(connections.workspaceId, senderIdentities.workspaceId), eq(connections.id, senderIdentities.connectionId)))
    .where(
      and(
        eq(senderIdentities.workspaceId, workspaceId),
        eq(senderIdentities.domain, domain),
        eq(connections.kind, "managed"),
        ne(connections.status, "archived"),
        isNull(connections.archivedAt),
      ),
    )
    .all();
}

/** Deletes the domain and its keys, unless a managed connection's identity sends from it (409 naming them). */
export function deleteSendingDomain(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const row = tx.select({ domain: sendingDomains.domain }).from(sendingDomains).where(scoped(a.workspaceId, a.id)).get();
    if (!row) throw notFound("sending domain");
    const users = connectionsUsing(tx, a.workspaceId, row.domain);
    if (users.length) {
      const byConnection = new Map<string, { name: string; emails: string[] }>();
      for (const u of users) {
        const c = byConnection.get(u.id) ?? { name: u.name, emails: [] };
        c.emails.push(u.email);
        byConnection.set(u.id, c);
      }
      const named = [...byConnection].map(([id, c]) => `${id} (${c.name}: ${c.emails.join(", ")})`).join("; ");
      const which = byConnection.size > 1 ? "connections" : "connection";
      throw new DomainError("invalid_state", `The sending domain ${row.domain} is used by identities of the managed ${which} ${named}. Remove those identities or archive the ${which} first.`);
    }
    tx.delete(sendingDomains).where(scoped(a.workspaceId, a.id)).run();
  });
}
