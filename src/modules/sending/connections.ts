// Connections (cnx_): the ways a workspace sends. `managed` is the embedded
// MTA (active at once; its identities on verified sending domains); `smtp` is
// an account at a provider (password sealed; created `verifying`, a job
// connects and authenticates, then `active` or `failed`). An account is
// kind:host:port:username: connecting an archived account again restores its
// connection (id, identities, history), a live one is a conflict. DELETE
// archives: sending stops and the credentials are erased. Status changes
// (pause, resume, archive) are not health changes and emit no event; health
// changes go through setConnectionHealth.
import { domainToASCII } from "node:url";
import { isIP } from "node:net";
import { and, eq, ne } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { connections, type Pacing, type ServerSettings, type TlsMode } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { DomainError, invalidField, invalidFields, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { singleLineProblem } from "../../lib/text";
import { transact, type Outbox } from "../events/outbox";
import { setConnectionHealth } from "./connection-health";
import { CONNECTION_VERIFY_JOB_KIND } from "./connection-verify";
import { checkIdentities, checkManagedDomains, connectionIdentities, identitiesByConnection, unverifiedDomains, writeIdentities, type IdentityInput, type IdentityRow } from "./identities";
import { CLOUD_PROVIDER_KINDS, createQuotaScope, getQuotaScope, listQuotaScopes } from "./quota-scopes";

export { CONNECTION_STATUSES, TLS_MODES, type Pacing, type TlsMode } from "../../db/schema";
export type ConnectionRow = typeof connections.$inferSelect;
/** A connection with its identities, in their order: what every answer shows. */
export type ConnectionWithIdentities = { connection: ConnectionRow; identities: IdentityRow[] };

export interface SmtpInput extends ServerSettings {
  password: string;
}
export interface ImapInput extends SmtpInput {
  folders: string[];
}
/** A PATCH of the IMAP settings: given fields replace the stored ones. */
export type ImapPatch = Partial<ImapInput>;

export interface CreateConnection {
  workspaceId: string;
  kind: string;
  name: string;
  smtp?: SmtpInput;
  imap?: ImapInput;
  pacing?: Pacing | null;
  identities?: IdentityInput[];
  quotaScopeId?: string;
}

export interface UpdateConnection {
  workspaceId: string;
  id: string;
  name?: string;
  paused?: boolean;
  pacing?: Pacing | null;
  identities?: IdentityInput[];
  smtp?: SmtpInput;
  imap?: ImapPatch | null;
  quotaScopeId?: string;
}

/** Kinds that will come with OAuth consent or a cloud provider's API (a later version). */
const LATER_KINDS = new Set<string>(["google", "gmail", "microsoft", "outlook", "office365", ...CLOUD_PROVIDER_KINDS]);
export const MANAGED_SCOPE = { provider: "managed", scopeKey: "mta" } as const;
const DEFAULT_FOLDERS = ["INBOX"];

const reads = tableReads(connections);

// ---- reads ------------------------------------------------------------------

export function getConnection(ctx: Ctx, a: { workspaceId: string; id: string }): ConnectionWithIdentities {
  const connection = reads.get(ctx.db, a.workspaceId, a.id);
  if (!connection) throw notFound("connection");
  return { connection, identities: connectionIdentities(ctx.db, a.workspaceId, a.id) };
}

export function listConnections(ctx: Ctx, a: { workspaceId: string; filters: { kind?: string; status?: string }; page: PageRequest }): Page<ConnectionWithIdentities> {
  const page = reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { kind: a.filters.kind, status: a.filters.status } }, a.page);
  const identities = identitiesByConnection(ctx.db, a.workspaceId, page.rows.map((c) => c.id));
  return { ...page, rows: page.rows.map((connection) => ({ connection, identities: identities.get(connection.id)! })) };
}

// ---- checks -----------------------------------------------------------------

function checkKind(kind: string): "managed" | "smtp" {
  if (kind === "managed" || kind === "smtp") return kind;
  if (LATER_KINDS.has(kind)) {
    throw invalidField(
      "/kind",
      "unsupported",
      `${kind} connections (OAuth mailboxes and cloud providers) arrive in a later version; until then connect the mailbox or the provider's SMTP relay with kind smtp.`,
    );
  }
  throw invalidField("/kind", "invalid", `kind must be managed (the embedded MTA) or smtp (an account at a provider), not ${kind}.`);
}

/** A host name (IDN allowed, stored as A-labels) or an IP literal, lower-cased. */
function hostOf(raw: string, pointer: string, errors: FieldError[]): string {
  const host = raw.trim().toLowerCase().replace(/\.$/, "").replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) return host;
  const ascii = /^[\p{L}\p{N}.-]+$/u.test(host) ? domainToASCII(host) : "";
  const labels = ascii.split(".");
  if (!ascii || ascii.length > 253 || !labels.every((l) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(l))) {
    errors.push({ pointer, code: "format", detail: `host must be a host name or an IP address, not ${JSON.stringify(raw)}.` });
    return host;
  }
  return ascii;
}

function checkServer<T extends SmtpInput>(s: T, base: string, errors: FieldError[]): T {
  const host = hostOf(s.host, `${base}/host`, errors);
  for (const [field, value] of [["username", s.username], ["password", s.password]] as const) {
    const p = singleLineProblem(value);
    if (p) errors.push({ pointer: `${base}/${field}`, code: "format", detail: `${field} ${p.message}.` });
  }
  return { ...s, host };
}

function checkFolders(folders: string[], base: string, errors: FieldError[]): string[] {
  const out: string[] = [];
  folders.forEach((f, i) => {
    const p = singleLineProblem(f);
    if (p) errors.push({ pointer: `${base}/folders/${i}`, code: "format", detail: `folders/${i} ${p.message}.` });
    else if (!out.includes(f)) out.push(f);
  });
  return out;
}

function checkPacing(p: Pacing | null | undefined, errors: FieldError[]): void {
  if (p && p.maxGapSeconds < p.minGapSeconds) {
    errors.push({ pointer: "/pacing/max_gap_seconds", code: "range", detail: `max_gap_seconds (${p.maxGapSeconds}) must be at least min_gap_seconds (${p.minGapSeconds}).` });
  }
}

function checkName(name: string): string {
  const p = singleLineProblem(name);
  if (p) throw invalidField("/name", "format", `name ${p.message}.`);
  const trimmed = name.trim();
  if (!trimmed) throw invalidField("/name", "length", "name cannot be empty.");
  return trimmed;
}

const accountKey = (s: ServerSettings) => `smtp:${s.host}:${s.port}:${s.username}`.toLowerCase();
const settings = (s: SmtpInput): ServerSettings => ({ host: s.host, port: s.port, tls: s.tls as TlsMode, username: s.username });

/** The named scope (422 when it is not the workspace's), or the account's own, found or created. */
function quotaScopeFor(ctx: Ctx, workspaceId: string, named: string | undefined, own: { provider: string; scopeKey: string }): string {
  if (named !== undefined) {
    try {
      return getQuotaScope(ctx, { workspaceId, id: named }).id;
    } catch (err) {
      if (err instanceof DomainError && err.code === "not_found") throw invalidField("/quota_scope_id", "unknown", `${named} is not a quota scope of this workspace.`);
      throw err;
    }
  }
  const found = listQuotaScopes(ctx, { workspaceId, filters: own, page: { order: "desc", limit: 1 } }).rows[0];
  return found?.id ?? createQuotaScope(ctx, { workspaceId, ...own, limits: {} }).id;
}

function scopeExists(ctx: Ctx, workspaceId: string, id: string): boolean {
  try {
    return getQuotaScope(ctx, { workspaceId, id }).id === id;
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") return false;
    throw err;
  }
}

function liveAccountHolder(tx: Tx, workspaceId: string, key: string, except?: string) {
  return tx
    .select({ id: connections.id, status: connections.status, quotaScopeId: connections.quotaScopeId })
    .from(connections)
    .where(and(eq(connections.workspaceId, workspaceId), eq(connections.accountKey, key), except ? ne(connections.id, except) : undefined))
    .all();
}

function startVerification(ctx: Ctx, tx: Tx, workspaceId: string, connectionId: string): void {
  enqueue(ctx, tx, { workspaceId, kind: CONNECTION_VERIFY_JOB_KIND, args: { connection_id: connectionId }, maxAttempts: 3 });
}

// ---- create / restore -------------------------------------------------------

/**
 * Creates a connection, or restores the archived connection of the same
 * account (same id, identities and history; the new credential; verifying
 * again).
 */
export function createConnection(ctx: Ctx, a: CreateConnection): ConnectionWithIdentities {
  const kind = checkKind(a.kind);
  const name = checkName(a.name);
  const errors: FieldError[] = [];
  if (kind === "smtp" && !a.smtp) errors.push({ pointer: "/smtp", code: "required", detail: "smtp is required for an smtp connection: host, port, tls, username and password." });
  if (kind === "managed" && a.smtp) errors.push({ pointer: "/smtp", code: "invalid", detail: "A managed connection sends through the embedded MTA; it takes no smtp account." });
  const smtp = a.smtp && kind === "smtp" ? checkServer(a.smtp, "/smtp", errors) : undefined;
  const imap = a.imap ? checkServer(a.imap, "/imap", errors) : undefined;
  const folders = a.imap ? checkFolders(a.imap.folders.length ? a.imap.folders : DEFAULT_FOLDERS, "/imap", errors) : [];
  checkPacing(a.pacing, errors);
  if (errors.length) throw invalidFields(errors);
  const key = smtp ? accountKey(smtp) : null;

  return changed(ctx, transact(ctx, (tx, outbox) => {
    const now = ctx.clock.now();
    const holders = key ? liveAccountHolder(tx, a.workspaceId, key) : [];
    const live = holders.find((h) => h.status !== "archived");
    if (live) throw new DomainError("conflict", `Connection ${live.id} already holds the account ${key!.slice("smtp:".length)}; PATCH it instead.`);
    const archived = holders[0];
    const existing = archived ? connectionIdentities(tx, a.workspaceId, archived.id) : [];
    const list = a.identities ? checkIdentities(a.identities, existing) : null;
    if (list && kind === "managed") checkManagedDomains(tx, a.workspaceId, list);
    // a restored account keeps the scope it had, unless another is named or its own was deleted
    const named = a.quotaScopeId ?? (archived?.quotaScopeId && scopeExists(ctx, a.workspaceId, archived.quotaScopeId) ? archived.quotaScopeId : undefined);
    const quotaScopeId = quotaScopeFor(ctx, a.workspaceId, named, smtp ? { provider: "smtp", scopeKey: key!.slice("smtp:".length) } : MANAGED_SCOPE);
    const columns = {
      name,
      quotaScopeId,
      smtp: smtp ? settings(smtp) : null,
      smtpPassword: smtp ? ctx.secrets.seal(smtp.password) : null,
      imap: imap ? { ...settings(imap), folders } : null,
      imapPassword: imap ? ctx.secrets.seal(imap.password) : null,
      lastError: null,
      archivedAt: null,
      updatedAt: now,
    };
    let id: string;
    if (archived) {
      id = archived.id;
      tx.update(connections)
        .set({ ...columns, status: "verifying", ...(a.pacing !== undefined ? { pacing: a.pacing } : {}) })
        .where(eq(connections.id, id))
        .run();
      if (list) writeIdentities(tx, { workspaceId: a.workspaceId, connectionId: id, list, existing, now, matchByAddress: true });
    } else {
      id = newId("cnx");
      tx.insert(connections)
        .values({ ...columns, id, workspaceId: a.workspaceId, kind, status: kind === "managed" ? "active" : "verifying", accountKey: key, pacing: a.pacing ?? null, createdAt: now })
        .run();
      if (list) writeIdentities(tx, { workspaceId: a.workspaceId, connectionId: id, list, existing: [], now });
    }
    if (kind === "managed") refreshManagedHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: id });
    else startVerification(ctx, tx, a.workspaceId, id);
    return read(tx, a.workspaceId, id);
  }));
}

function read(tx: Tx, workspaceId: string, id: string): ConnectionWithIdentities {
  const connection = tx.select().from(connections).where(and(eq(connections.workspaceId, workspaceId), eq(connections.id, id))).get();
  if (!connection) throw notFound("connection");
  return { connection, identities: connectionIdentities(tx, workspaceId, id) };
}

// ---- update -----------------------------------------------------------------

/** After a committed change of connections: the IMAP reader reads its list of mailboxes again at once. */
function changed<T>(ctx: Ctx, result: T): T {
  ctx.connectionsChanged.publish();
  return result;
}

const invalidState = (detail: string) => new DomainError("invalid_state", detail);

/**
 * PATCH: name, pause/resume, pacing, identities (the whole list), IMAP
 * settings and folders, a new smtp credential (verifying again), the quota scope.
 */
export function updateConnection(ctx: Ctx, a: UpdateConnection): ConnectionWithIdentities {
  const errors: FieldError[] = [];
  const name = a.name !== undefined ? checkName(a.name) : undefined;
  const smtp = a.smtp ? checkServer(a.smtp, "/smtp", errors) : undefined;
  if (a.smtp && a.paused === true) errors.push({ pointer: "/paused", code: "invalid", detail: "A new smtp credential is verified at once; pause the connection after its verification." });
  checkPacing(a.pacing, errors);
  if (errors.length) throw invalidFields(errors);

  return changed(ctx, transact(ctx, (tx, outbox) => {
    const now = ctx.clock.now();
    const { connection: c, identities: existing } = read(tx, a.workspaceId, a.id);
    if (c.status === "archived") throw invalidState(`The connection is archived; POST /v1/connections with its account restores it.`);
    const set: Partial<ConnectionRow> = { updatedAt: now };
    if (name !== undefined) set.name = name;
    if (a.pacing !== undefined) set.pacing = a.pacing;
    if (a.quotaScopeId !== undefined) set.quotaScopeId = quotaScopeFor(ctx, a.workspaceId, a.quotaScopeId, MANAGED_SCOPE);

    let verify = false;
    if (smtp) {
      if (c.kind !== "smtp") throw invalidField("/smtp", "invalid", "A managed connection sends through the embedded MTA; it takes no smtp account.");
      if (c.status === "paused" && a.paused !== false) throw invalidState("The connection is paused; send paused: false with the new credential (it is verified, then sends again) or resume it first.");
      const key = accountKey(smtp);
      const other = liveAccountHolder(tx, a.workspaceId, key, c.id)[0];
      if (other) throw new DomainError("conflict", `Connection ${other.id}${other.status === "archived" ? " (archived)" : ""} holds the account ${key.slice("smtp:".length)}.`);
      Object.assign(set, { smtp: settings(smtp), smtpPassword: ctx.secrets.seal(smtp.password), accountKey: key, status: "verifying", lastError: null });
      verify = true;
    } else if (a.paused !== undefined) {
      set.status = pauseStatus(c, a.paused);
    }

    if (a.imap !== undefined) Object.assign(set, imapColumns(ctx, c, a.imap));

    tx.update(connections).set(set).where(eq(connections.id, c.id)).run();
    if (a.identities) {
      const list = checkIdentities(a.identities, existing);
      if (c.kind === "managed") checkManagedDomains(tx, a.workspaceId, list);
      writeIdentities(tx, { workspaceId: a.workspaceId, connectionId: c.id, list, existing, now });
      // the identities on unverified domains may be gone
      if (c.kind === "managed") refreshManagedHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: c.id });
    }
    if (verify) startVerification(ctx, tx, a.workspaceId, c.id);
    return read(tx, a.workspaceId, c.id);
  }));
}

function pauseStatus(c: ConnectionRow, paused: boolean): string {
  const want = paused ? "paused" : "active";
  if (c.status === want) return want;
  if (c.status === "active" || c.status === "paused") return want;
  if (c.status === "verifying") throw invalidState(`The connection is being verified; ${paused ? "pause" : "resume"} it once it is active.`);
  throw invalidState(`The connection's verification failed (${c.lastError ?? "see last_error"}); send a new credential or POST /verify, then ${paused ? "pause" : "resume"} it.`);
}

function imapColumns(ctx: Ctx, c: ConnectionRow, patch: ImapPatch | null): Partial<ConnectionRow> {
  if (patch === null) return { imap: null, imapPassword: null };
  const errors: FieldError[] = [];
  const current = c.imap;
  const merged = { host: patch.host ?? current?.host, port: patch.port ?? current?.port, tls: patch.tls ?? current?.tls, username: patch.username ?? current?.username };
  for (const [field, value] of Object.entries(merged)) {
    if (value === undefined) errors.push({ pointer: `/imap/${field}`, code: "required", detail: `${field} is required: the connection has no IMAP settings yet.` });
  }
  // a password is never sent to another server or account than the one it was given for
  const moved = current && (merged.host !== current.host || merged.username !== current.username || merged.port !== current.port);
  if (patch.password === undefined && (!current || c.imapPassword === null || moved)) {
    errors.push({ pointer: "/imap/password", code: "required", detail: "password is required with a new IMAP server or username." });
  }
  if (errors.length) throw invalidFields(errors);
  const checked = checkServer({ ...(merged as ServerSettings), password: patch.password ?? "" }, "/imap", errors);
  const folders = checkFolders(patch.folders ?? current?.folders ?? DEFAULT_FOLDERS, "/imap", errors);
  if (errors.length) throw invalidFields(errors);
  return { imap: { ...settings(checked), folders }, ...(patch.password !== undefined ? { imapPassword: ctx.secrets.seal(patch.password) } : {}) };
}

// ---- verify / archive -------------------------------------------------------

/**
 * POST /verify. smtp: becomes `verifying` and the job connects again.
 * managed: checked at once — every enabled identity on a verified sending
 * domain is healthy, else degraded naming the domains — its status unchanged.
 */
export function requestVerification(ctx: Ctx, a: { workspaceId: string; id: string }): ConnectionWithIdentities {
  return transact(ctx, (tx, outbox) => {
    const { connection: c, identities } = read(tx, a.workspaceId, a.id);
    if (c.status === "archived") throw invalidState("The connection is archived; POST /v1/connections with its account restores it.");
    if (c.kind === "managed") {
      refreshManagedHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: c.id, identities });
      return read(tx, a.workspaceId, c.id);
    }
    if (c.status === "paused") throw invalidState("The connection is paused; resume it (PATCH paused: false) or send a new credential with paused: false.");
    tx.update(connections).set({ status: "verifying", updatedAt: ctx.clock.now() }).where(eq(connections.id, c.id)).run();
    startVerification(ctx, tx, a.workspaceId, c.id);
    return read(tx, a.workspaceId, c.id);
  });
}

/**
 * A managed connection's health from its sending domains: healthy when every
 * enabled identity is on a verified domain, else degraded naming the others.
 * For whoever learns that a domain changed (POST /verify, the domains' re-check).
 */
export function refreshManagedHealth(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; connectionId: string; identities?: IdentityRow[] }): void {
  const identities = a.identities ?? connectionIdentities(tx, a.workspaceId, a.connectionId);
  const why = unverifiedDomains(tx, a.workspaceId, identities.filter((i) => i.enabled).map((i) => i.domain));
  const detail = why.size ? `Not verified: ${[...why.keys()].join(", ")}; messages from identities on them are held (domain_unverified).` : null;
  setConnectionHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: a.connectionId, status: detail ? "degraded" : "healthy", detail });
}

/** DELETE: archived — sending stops, smtp and IMAP passwords erased, readable still. Archiving again changes nothing. */
export function archiveConnection(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  changed(ctx, ctx.db.transaction((tx) => {
    const { connection: c } = read(tx, a.workspaceId, a.id);
    if (c.status === "archived") return;
    const now = ctx.clock.now();
    tx.update(connections).set({ status: "archived", archivedAt: now, smtpPassword: null, imapPassword: null, updatedAt: now }).where(eq(connections.id, c.id)).run();
  }));
}
