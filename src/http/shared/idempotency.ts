// Idempotency-Key: the first request's answer is stored per workspace+key with
// a fingerprint of method, path and body; a retry replays it and the work is
// done once. Answers the route gave as errors (4xx) are stored too; a crash
// (5xx) releases the key so the retry can do the work.
//
// Routes say `idempotency: "optional" | "required"` in their options (the
// route-options plugin): the key is reserved before the handler, the answer
// stored after it (or by the error handler, app.ts). A route whose fingerprint
// is only known inside its handler (the CSV import: the file's hash) calls
// idempotent() itself.
import { createHmac } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { Ctx } from "../../context";
import { durably, isUniqueViolation } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { DomainError } from "../../lib/errors";
import type { Principal } from "../../modules/workspaces/authenticate";
import { stateOf, type Reservation } from "./request-state";

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** An `in_progress` record this old belongs to a request that died (a crash, a database that stayed busy): the next request takes it over. */
export const ABANDONED_AFTER_MS = 60_000;
const KEY_RE = /^[!-~]+$/;
const SEALED = "sealed:";

export type IdempotencyMode = "optional" | "required";

export interface IdempotencyOptions {
  api: "a" | "b";
  mode: IdempotencyMode;
  /** The parsed body, for the fingerprint (undefined when none). */
  body: unknown;
  /** The answer carries a secret (e.g. a signing secret): it is stored sealed. */
  sensitive?: boolean;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The longest key each API accepts (SPEC: Limits). */
export const maxKeyLength = (api: "a" | "b") => (api === "a" ? 255 : 128);

function readKey(req: Request, opts: Pick<IdempotencyOptions, "api" | "mode">): string | null {
  const key = req.headers.get("idempotency-key");
  const max = maxKeyLength(opts.api);
  if (key === null) {
    if (opts.mode === "required") {
      const detail = "The Idempotency-Key header is required on this request.";
      throw new DomainError("validation_failed", detail, { errors: [{ pointer: "header:Idempotency-Key", code: "required", detail }] });
    }
    return null;
  }
  if (key.length < 1 || key.length > max || !KEY_RE.test(key)) {
    const detail = `Idempotency-Key must be 1-${max} visible ASCII characters.`;
    throw new DomainError("validation_failed", detail, { errors: [{ pointer: "header:Idempotency-Key", code: "format", detail }] });
  }
  return key;
}

/** Keyed, so a stored fingerprint says nothing about a body that held a secret (a connection's password). */
function fingerprint(ctx: Ctx, req: Request, body: unknown): string {
  const url = new URL(req.url);
  return createHmac("sha256", ctx.secrets.derive("idempotency"))
    .update(`${req.method} ${url.pathname}${url.search}\n${body === undefined ? "" : JSON.stringify(body)}`)
    .digest("hex");
}

const scopeOf = (r: Pick<Reservation, "workspaceId" | "api" | "key">) =>
  and(eq(idempotencyKeys.workspaceId, r.workspaceId), eq(idempotencyKeys.api, r.api), eq(idempotencyKeys.key, r.key));

function toResponse(r: { status: number; body: string | undefined; headers: Record<string, string> }, replayed: boolean): Response {
  const headers: Record<string, string> = { ...r.headers };
  if (replayed) headers["idempotent-replayed"] = "true";
  if (r.status === 204 || r.body === undefined) return new Response(null, { status: r.status, headers });
  headers["content-type"] ??= "application/json";
  return new Response(r.body, { status: r.status, headers });
}

/**
 * Reserves the request's key: null without a key (optional mode: the work
 * simply runs), the stored answer of an earlier request with the same key (a
 * replay), or a reservation, kept on the request state until the answer is
 * stored. The same key with another request is 422; while the first is still
 * running, 409.
 */
export function reserve(ctx: Ctx, req: Request, principal: Principal, opts: IdempotencyOptions): Reservation | Response | null {
  const key = readKey(req, opts);
  if (key === null) return null;
  // the same request tried again after a busy database already holds its key
  const held = stateOf(req).idempotency;
  if (held && held.key === key && held.workspaceId === principal.workspaceId && held.api === opts.api) return held;
  const r: Reservation = { workspaceId: principal.workspaceId, api: opts.api, key, sensitive: opts.sensitive ?? false };
  const fp = fingerprint(ctx, req, opts.body);
  const now = ctx.clock.now();
  // an expired record no longer counts, nor one abandoned in progress
  ctx.db
    .delete(idempotencyKeys)
    .where(and(scopeOf(r), or(lt(idempotencyKeys.expiresAt, now), and(eq(idempotencyKeys.state, "in_progress"), lt(idempotencyKeys.createdAt, now - ABANDONED_AFTER_MS)))))
    .run();
  try {
    durably(ctx.db, (tx) =>
      tx.insert(idempotencyKeys).values({ workspaceId: r.workspaceId, api: r.api, key, fingerprint: fp, state: "in_progress", createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS }).run(),
    );
    stateOf(req).idempotency = r;
    return r;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const prior = ctx.db.select().from(idempotencyKeys).where(scopeOf(r)).get();
  if (!prior) throw new DomainError("idempotency_in_progress", "A request with this Idempotency-Key is being processed.");
  if (prior.fingerprint !== fp) throw new DomainError("idempotency_key_reuse", "This Idempotency-Key was used with a different request.");
  if (prior.state === "in_progress") throw new DomainError("idempotency_in_progress", "The first request with this Idempotency-Key has not finished yet; retry shortly.");
  const body = prior.body?.startsWith(SEALED) ? ctx.secrets.open(prior.body.slice(SEALED.length)) : (prior.body ?? undefined);
  return toResponse({ status: prior.status!, body, headers: prior.headers ?? {} }, true);
}

/** Stores the answer given under the request's reservation (JSON text, or none). */
export function complete(ctx: Ctx, req: Request, answer: { status: number; headers: Record<string, string>; body: string | undefined }): void {
  const state = stateOf(req);
  const r = state.idempotency;
  if (!r) return;
  state.idempotency = undefined;
  const kept = answer.body !== undefined && r.sensitive ? SEALED + ctx.secrets.seal(answer.body) : answer.body;
  durably(ctx.db, (tx) =>
    tx
      .update(idempotencyKeys)
      .set({ state: "completed", status: answer.status, body: kept ?? null, headers: answer.headers })
      .where(scopeOf(r))
      .run(),
  );
}

/** Frees the request's key after its last attempt found the database busy (best effort: it may still be). */
export function releaseKey(ctx: Ctx, req: Request): void {
  const state = stateOf(req);
  const r = state.idempotency;
  if (!r) return;
  state.idempotency = undefined;
  try {
    ctx.db.delete(idempotencyKeys).where(scopeOf(r)).run();
  } catch {
    // still busy: the record is taken over once abandoned (ABANDONED_AFTER_MS)
  }
}

/**
 * After an error answer: stored when the route gave it (4xx), else the key is
 * released (a 5xx: the work failed on our side, so a retry may do it).
 */
export async function settleError(ctx: Ctx, req: Request, res: Response): Promise<void> {
  const state = stateOf(req);
  const r = state.idempotency;
  // a busy database: the request is tried again and keeps its key (server.ts)
  if (!r || state.busy) return;
  if (res.status < 500) return complete(ctx, req, { status: res.status, headers: Object.fromEntries(res.headers), body: await res.clone().text() });
  stateOf(req).idempotency = undefined;
  ctx.db.delete(idempotencyKeys).where(scopeOf(r)).run();
}

/**
 * Runs `work` at most once per Idempotency-Key, for a route that knows its
 * fingerprint only inside its handler. Domain errors `work` throws propagate
 * to the error handler, which stores them as the answer (settleError).
 */
export async function idempotent(ctx: Ctx, req: Request, principal: Principal, opts: IdempotencyOptions, work: () => Reply | Promise<Reply>): Promise<Response> {
  const r = reserve(ctx, req, principal, opts);
  if (r instanceof Response) return r;
  const reply = await work();
  const answer = { status: reply.status, headers: { ...reply.headers }, body: reply.body === undefined ? undefined : JSON.stringify(reply.body) };
  if (answer.body !== undefined) answer.headers["content-type"] ??= "application/json";
  complete(ctx, req, answer);
  return toResponse(answer, false);
}
