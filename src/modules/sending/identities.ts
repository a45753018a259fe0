// Sender identities (sid_): the addresses a connection sends as. They are
// written as a list with their connection (create, PATCH {identities}, a
// restore): an entry with an `id` keeps that identity, entries without one are
// new, identities left out are deleted — or disabled when messages name them,
// so the history of what was sent from them stays whole. An identity's warm-up
// `ramp` caps its campaign sends a day (src/modules/campaigns/pacing.ts) from
// ramp_started_at, which restarts only when the ramp itself changes.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { connections, messages, senderIdentities, sendingDomains } from "../../db/schema";
import { mayUse } from "./domains/dkim-keys";
import { pointSelect } from "../../db/prepared";
import { DomainError, invalidFields, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { singleLineProblem } from "../../lib/text";
import { emailKey, parseEmail } from "../audience/email";

export type IdentityRow = typeof senderIdentities.$inferSelect;
type ConnectionRow = typeof connections.$inferSelect;

/** One entry of a connection's `identities` list, as a request gives it. */
export interface IdentityInput {
  /** Keeps (and updates) this identity of the connection; absent = a new identity. */
  id?: string;
  email: string;
  name?: string | null;
  replyTo?: string | null;
  tags?: string[];
  enabled?: boolean;
  /** The warm-up ramp; null removes it; absent leaves a kept identity's as it is (a new one has none). */
  ramp?: Ramp | null;
}

/** A new mailbox's warm-up: campaign sends a day start at `start`, grow by `growth` each UTC day, stop at `ceiling`. */
export interface Ramp {
  start: number;
  growth: number;
  ceiling: number;
}

export const MAX_IDENTITIES = 100;
export const MAX_TAGS = 20;

// ---- reads ------------------------------------------------------------------

export function connectionIdentities(db: DbOrTx, workspaceId: string, connectionId: string): IdentityRow[] {
  return db
    .select()
    .from(senderIdentities)
    .where(and(eq(senderIdentities.workspaceId, workspaceId), eq(senderIdentities.connectionId, connectionId)))
    .orderBy(asc(senderIdentities.position))
    .all();
}

/** The identities of several connections (a page), grouped by connection. */
export function identitiesByConnection(db: DbOrTx, workspaceId: string, connectionIds: string[]): Map<string, IdentityRow[]> {
  const out = new Map<string, IdentityRow[]>(connectionIds.map((id) => [id, []]));
  if (!connectionIds.length) return out;
  const rows = db
    .select()
    .from(senderIdentities)
    .where(and(eq(senderIdentities.workspaceId, workspaceId), inArray(senderIdentities.connectionId, connectionIds)))
    .orderBy(asc(senderIdentities.connectionId), asc(senderIdentities.position))
    .all();
  for (const r of rows) out.get(r.connectionId)!.push(r);
  return out;
}

/**
 * The identity a message is sent as, with its connection: what creating a
 * message checks. 404 when the workspace has no such identity; 422 on
 * /sender_identity_id when it is disabled or its connection archived.
 */
export function sendingIdentity(ctx: Ctx, a: { workspaceId: string; senderIdentityId: string }): { identity: IdentityRow; connection: ConnectionRow } {
  // prepared point reads: this runs for every message queued
  const identity = pointSelect<IdentityRow>(ctx.db, senderIdentities)(a.workspaceId, a.senderIdentityId);
  if (!identity) throw notFound("sender identity");
  const connection = pointSelect<ConnectionRow>(ctx.db, connections)(a.workspaceId, identity.connectionId);
  if (!connection) throw notFound("sender identity");
  const refuse = (detail: string) => new DomainError("validation_failed", detail, { errors: [{ pointer: "/sender_identity_id", code: "invalid", detail }] });
  if (connection.status === "archived") throw refuse(`${identity.email} belongs to connection ${connection.id}, which is archived; it sends nothing.`);
  if (!identity.enabled) throw refuse(`The sender identity ${identity.email} is disabled; enable it on connection ${connection.id} first.`);
  return { identity, connection };
}

// ---- checks -----------------------------------------------------------------

interface CheckedIdentity {
  id: string | undefined;
  email: string;
  emailKey: string;
  domain: string;
  name: string | null;
  replyTo: string | null;
  tags: string[];
  enabled: boolean;
  ramp: Ramp | null | undefined;
}

/**
 * Checks a list as a request gives it (pointer `/identities/<i>/…`): addresses
 * parsed, names and tags single-line, no address twice, ids that are this
 * connection's (existing = its current identities), a ramp's ceiling not
 * below its start (the body schema bounds each number). Every problem is listed.
 */
export function checkIdentities(inputs: IdentityInput[], existing: IdentityRow[], base = "/identities"): CheckedIdentity[] {
  const errors: FieldError[] = [];
  const add = (pointer: string, code: string, detail: string) => errors.push({ pointer, code, detail });
  const known = new Set(existing.map((i) => i.id));
  const seenKeys = new Map<string, number>();
  const seenIds = new Set<string>();
  if (inputs.length > MAX_IDENTITIES) add(base, "length", `A connection has at most ${MAX_IDENTITIES} identities.`);
  const out = inputs.map((input, i) => {
    const p = `${base}/${i}`;
    if (input.id !== undefined) {
      if (!known.has(input.id)) add(`${p}/id`, "unknown", `${input.id} is not an identity of this connection.`);
      else if (seenIds.has(input.id)) add(`${p}/id`, "duplicate", `${input.id} is listed twice.`);
      seenIds.add(input.id);
    }
    const parsed = parseEmail(input.email);
    let email = "";
    let domain = "";
    if (!parsed.ok) add(`${p}/email`, "format", `email is not a valid address: ${parsed.message}.`);
    else {
      email = parsed.email;
      domain = parsed.domain;
      const first = seenKeys.get(emailKey(email));
      if (first !== undefined) add(`${p}/email`, "duplicate", `${email} is already listed at identities/${first}.`);
      else seenKeys.set(emailKey(email), i);
    }
    let replyTo: string | null = null;
    if (input.replyTo != null) {
      const r = parseEmail(input.replyTo);
      if (!r.ok) add(`${p}/reply_to`, "format", `reply_to is not a valid address: ${r.message}.`);
      else replyTo = r.email;
    }
    const name = input.name == null || input.name.trim() === "" ? null : input.name.trim();
    const nameProblem = input.name == null ? null : singleLineProblem(input.name);
    if (nameProblem) add(`${p}/name`, "format", `name ${nameProblem.message}.`);
    const tags: string[] = [];
    (input.tags ?? []).forEach((tag, j) => {
      const problem = singleLineProblem(tag);
      if (problem) return add(`${p}/tags/${j}`, "format", `tags/${j} ${problem.message}.`);
      const t = tag.trim();
      if (t === "") return add(`${p}/tags/${j}`, "length", "A tag cannot be empty.");
      if (!tags.includes(t)) tags.push(t);
    });
    if (tags.length > MAX_TAGS) add(`${p}/tags`, "length", `An identity has at most ${MAX_TAGS} tags.`);
    const ramp = input.ramp && { start: input.ramp.start, growth: input.ramp.growth, ceiling: input.ramp.ceiling };
    if (ramp && ramp.ceiling < ramp.start) add(`${p}/ramp/ceiling`, "range", `ceiling (${ramp.ceiling}) must be at least start (${ramp.start}).`);
    return { id: input.id, email, emailKey: emailKey(email), domain, name, replyTo, tags, enabled: input.enabled ?? true, ramp };
  });
  if (errors.length) throw invalidFields(errors);
  return out;
}

/**
 * Why each of these domains cannot be sent from by the managed MTA, which
 * signs with the workspace's DKIM keys: a domain absent from the answer is a
 * verified sending domain of the workspace (the exact domain of the address).
 */
export function unverifiedDomains(db: DbOrTx, workspaceId: string, domains: string[]): Map<string, string> {
  const wanted = [...new Set(domains)];
  const out = new Map<string, string>();
  if (!wanted.length) return out;
  const rows = db
    .select({ domain: sendingDomains.domain, status: sendingDomains.status, verifiedAt: sendingDomains.verifiedAt })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.workspaceId, workspaceId), inArray(sendingDomains.domain, wanted)))
    .all();
  const byDomain = new Map(rows.map((r) => [r.domain, r]));
  for (const d of wanted) {
    const row = byDomain.get(d);
    // a verified domain being checked again still counts, as it does for sending
    if (row && mayUse(row)) continue;
    const s = row?.status;
    out.set(d, s ? `its sending domain ${d} is ${s.replaceAll("_", " ")}, not verified` : `${d} is not a sending domain of this workspace (POST /v1/sending_domains, publish its records, verify it)`);
  }
  return out;
}

/** 422 on each identity of a managed connection whose domain is not a verified sending domain. */
export function checkManagedDomains(db: DbOrTx, workspaceId: string, list: Pick<CheckedIdentity, "domain">[], base = "/identities"): void {
  const why = unverifiedDomains(db, workspaceId, list.map((i) => i.domain));
  const errors: FieldError[] = list.flatMap((i, n) => {
    const reason = why.get(i.domain);
    return reason ? [{ pointer: `${base}/${n}/email`, code: "domain_unverified", detail: `A managed connection sends only from verified domains: ${reason}.` }] : [];
  });
  if (errors.length) throw invalidFields(errors);
}

// ---- writes -----------------------------------------------------------------

/** Whether messages were sent (or queued) as this identity: then it is kept, disabled, rather than deleted. */
function hasMessages(tx: Tx, workspaceId: string, connectionId: string, identityId: string): boolean {
  return !!tx
    .select({ one: messages.id })
    .from(messages)
    .where(and(eq(messages.workspaceId, workspaceId), eq(messages.connectionId, connectionId), eq(messages.senderIdentityId, identityId)))
    .limit(1)
    .get();
}

/**
 * Makes the connection's identities the given list, in its order. Entries
 * with an id update that identity; entries without one match a current
 * identity of the same address when `matchByAddress` (a restore: the account
 * comes back with the identities it had), else they are new. Identities left
 * out are deleted, or disabled (and kept after the list) when messages name them.
 */
export function writeIdentities(tx: Tx, a: { workspaceId: string; connectionId: string; list: CheckedIdentity[]; existing: IdentityRow[]; now: number; matchByAddress?: boolean }): void {
  const byId = new Map(a.existing.map((i) => [i.id, i]));
  const byKey = new Map(a.existing.map((i) => [i.emailKey, i]));
  const kept = new Set<string>();
  const claimed = new Set(a.list.flatMap((i) => (i.id ? [i.id] : [])));
  const rows = a.list.map((i, position) => {
    let current = i.id ? byId.get(i.id) : undefined;
    if (!current && a.matchByAddress) {
      const same = byKey.get(i.emailKey);
      if (same && !claimed.has(same.id) && !kept.has(same.id)) current = same;
    }
    if (current) kept.add(current.id);
    return { current, row: { email: i.email, emailKey: i.emailKey, domain: i.domain, name: i.name, replyTo: i.replyTo, tags: i.tags, enabled: i.enabled, position, updatedAt: a.now, ...rampColumns(i.ramp, current, a.now) } };
  });
  let position = a.list.length;
  for (const old of a.existing) {
    if (kept.has(old.id)) continue;
    if (hasMessages(tx, a.workspaceId, a.connectionId, old.id)) {
      tx.update(senderIdentities).set({ enabled: false, position: position++, updatedAt: a.now }).where(eq(senderIdentities.id, old.id)).run();
    } else {
      tx.delete(senderIdentities).where(eq(senderIdentities.id, old.id)).run();
    }
  }
  for (const { current, row } of rows) {
    if (current) tx.update(senderIdentities).set(row).where(eq(senderIdentities.id, current.id)).run();
    else tx.insert(senderIdentities).values({ ...row, id: newId("sid"), workspaceId: a.workspaceId, connectionId: a.connectionId, createdAt: a.now }).run();
  }
}

/**
 * The ramp columns an entry writes: none when it says nothing (a kept identity
 * keeps its ramp); the same ramp again keeps its start, so resending the list
 * does not restart a warm-up; a new or changed one starts now; null clears it.
 */
function rampColumns(ramp: Ramp | null | undefined, current: IdentityRow | undefined, now: number): Partial<Pick<IdentityRow, "ramp" | "rampStartedAt">> {
  if (ramp === undefined) return current ? {} : { ramp: null, rampStartedAt: null };
  if (ramp === null) return { ramp: null, rampStartedAt: null };
  const was = current?.ramp;
  const same = was && current.rampStartedAt !== null && was.start === ramp.start && was.growth === ramp.growth && was.ceiling === ramp.ceiling;
  return { ramp, rampStartedAt: same ? current.rampStartedAt : now };
}
