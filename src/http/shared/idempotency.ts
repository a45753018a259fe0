// Idempotency-Key: the first request's response is stored per workspace+key
// with a fingerprint of method, path and body; a retry replays it and does the
// work once. Errors the route answered (4xx) are stored too; a crash (5xx)
// releases the key so the retry can do the work.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { durably, isUniqueViolation } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { DomainError } from "../../lib/errors";
import type { Principal } from "../../modules/workspaces/authenticate";
import { errorResponse } from "./problem";

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const KEY_RE = /^[!-~]+$/;

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface IdempotencyOptions {
  api: "a" | "b";
  mode: "required" | "optional";
  /** The parsed body, for the fingerprint (undefined when none). */
  body: unknown;
  /** The answer carries a secret (e.g. a signing secret): it is stored sealed. */
  sensitive?: boolean;
}

const SEALED = "sealed:";

function readKey(req: Request, opts: IdempotencyOptions): string | null {
  const key = req.headers.get("idempotency-key");
  const max = opts.api === "a" ? 255 : 128;
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

function fingerprint(req: Request, body: unknown): string {
  const url = new URL(req.url);
  return createHash("sha256")
    .update(`${req.method} ${url.pathname}${url.search}\n${body === undefined ? "" : JSON.stringify(body)}`)
    .digest("hex");
}

function toResponse(r: Reply, replayed: boolean): Response {
  const headers: Record<string, string> = { ...r.headers };
  if (replayed) headers["idempotent-replayed"] = "true";
  if (r.status === 204 || r.body === undefined) return new Response(null, { status: r.status, headers });
  headers["content-type"] ??= "application/json";
  return new Response(typeof r.body === "string" ? r.body : JSON.stringify(r.body), { status: r.status, headers });
}

/**
 * Runs `work` at most once per Idempotency-Key. Without a key (optional mode)
 * it simply runs. `work` returns the reply; domain errors it throws become the
 * stored answer as well.
 */
export async function idempotent(ctx: Ctx, req: Request, principal: Principal, opts: IdempotencyOptions, work: () => Reply | Promise<Reply>): Promise<Response> {
  const key = readKey(req, opts);
  if (key === null) return toResponse(await work(), false);
  const ws = principal.workspaceId;
  const fp = fingerprint(req, opts.body);
  const now = ctx.clock.now();
  const where = and(eq(idempotencyKeys.workspaceId, ws), eq(idempotencyKeys.api, opts.api), eq(idempotencyKeys.key, key));
  // An expired record no longer counts.
  ctx.db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.expiresAt, now))).run();
  try {
    durably(ctx.db, (tx) =>
      tx.insert(idempotencyKeys).values({ workspaceId: ws, api: opts.api, key, fingerprint: fp, state: "in_progress", createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS }).run(),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const prior = ctx.db.select().from(idempotencyKeys).where(where).get();
    if (!prior) throw new DomainError("idempotency_in_progress", "A request with this Idempotency-Key is being processed.");
    if (prior.fingerprint !== fp) {
      throw new DomainError("idempotency_key_reuse", "This Idempotency-Key was used with a different request.");
    }
    if (prior.state === "in_progress") {
      throw new DomainError("idempotency_in_progress", "The first request with this Idempotency-Key has not finished yet; retry shortly.");
    }
    const stored = prior.body?.startsWith(SEALED) ? ctx.secrets.open(prior.body.slice(SEALED.length)) : (prior.body ?? undefined);
    return toResponse({ status: prior.status!, body: stored, headers: prior.headers ?? {} }, true);
  }
  let reply: Reply;
  try {
    reply = await work();
  } catch (err) {
    if (!(err instanceof DomainError) || err.status >= 500) {
      ctx.db.delete(idempotencyKeys).where(where).run();
      throw err;
    }
    const res = errorResponse(req, err, ctx.config.docsUrl);
    const body = await res.text();
    store(ctx, where, { status: res.status, body, headers: Object.fromEntries(res.headers) });
    return new Response(body, { status: res.status, headers: res.headers });
  }
  const body = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  const headers = { ...reply.headers, ...(body !== undefined ? { "content-type": reply.headers?.["content-type"] ?? "application/json" } : {}) };
  const kept = body !== undefined && opts.sensitive ? SEALED + ctx.secrets.seal(body) : body;
  store(ctx, where, { status: reply.status, body: kept, headers });
  return toResponse({ status: reply.status, body, headers }, false);
}

function store(ctx: Ctx, where: ReturnType<typeof and>, r: { status: number; body: string | undefined; headers: Record<string, string> }): void {
  durably(ctx.db, (tx) =>
    tx.update(idempotencyKeys).set({ state: "completed", status: r.status, body: r.body ?? null, headers: r.headers }).where(where).run(),
  );
}
