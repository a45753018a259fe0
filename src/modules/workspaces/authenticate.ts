import type { Statement } from "bun:sqlite";
import type { Ctx } from "../../context";
import type { Scope } from "./scopes";
import { bearerToken, hashToken, tokenApi } from "./tokens";

export interface Principal {
  keyId: string;
  kind: string;
  workspaceId: string;
  testMode: boolean;
  scopes: ReadonlySet<Scope>;
}

interface KeyRow {
  keyId: string;
  kind: string;
  workspaceId: string;
  scopes: string;
  revokedAt: number | null;
  mode: string;
}

// A prepared statement per database (run on a cache miss).
const lookups = new WeakMap<Ctx["db"], Statement<KeyRow, [string]>>();

// Principals are cached per API by the exact credentials presented, but only
// while the database is unchanged by any other connection (PRAGMA data_version
// moves when another process, such as `nearbound key revoke`, commits) and this
// process made no key change either (keyChanged()). data_version is read at most
// once per millisecond (under load that query was a sixth of a request's cost),
// so a revocation by another process is honoured within 1 ms of its commit; one
// made in-process at once.
const RECHECK_MS = 1;
interface PrincipalCache {
  version: number;
  checkedAt: number;
  a: Map<string, Principal | null>;
  b: Map<string, Principal | null>;
}
const caches = new WeakMap<Ctx["db"], PrincipalCache>();
let localKeyEpoch = 0;

/** Called by every in-process change to keys, so cached principals are dropped. */
export function keyChanged(): void {
  localKeyEpoch++;
}

function cacheFor(ctx: Ctx): PrincipalCache {
  const now = performance.now();
  let c = caches.get(ctx.db);
  if (c && now - c.checkedAt < RECHECK_MS && c.version % 1e6 === localKeyEpoch % 1e6) return c;
  const dv = (ctx.db.$client.query("PRAGMA data_version").get() as { data_version: number }).data_version * 1e6 + (localKeyEpoch % 1e6);
  if (!c || c.version !== dv) {
    c = { version: dv, checkedAt: now, a: new Map(), b: new Map() };
    caches.set(ctx.db, c);
  }
  c.checkedAt = now;
  return c;
}

function lookup(ctx: Ctx): Statement<KeyRow, [string]> {
  let s = lookups.get(ctx.db);
  if (!s) {
    s = ctx.db.$client.prepare<KeyRow, [string]>(
      `SELECT k.id AS keyId, k.kind AS kind, k.workspace_id AS workspaceId, k.scopes AS scopes,
              k.revoked_at AS revokedAt, w.mode AS mode
         FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
        WHERE k.token_hash = ?`,
    );
    lookups.set(ctx.db, s);
  }
  return s;
}

/**
 * Resolves presented credentials (`Bearer <token>`, an Authorization header's
 * value) for the given API to its principal, or null: one indexed row, cached
 * by the exact credentials until the database changes (see cacheFor), so a
 * repeat caller costs one map lookup and no parsing.
 */
export function authenticate(ctx: Ctx, credentials: string, api: "a" | "b"): Principal | null {
  const entries = cacheFor(ctx)[api];
  const hit = entries.get(credentials);
  if (hit !== undefined) return hit;
  const token = bearerToken(credentials);
  const principal = token && tokenApi(token) === api ? lookupPrincipal(ctx, token) : null;
  if (entries.size > 10_000) entries.clear();
  entries.set(credentials, principal);
  return principal;
}

function lookupPrincipal(ctx: Ctx, token: string): Principal | null {
  const row = lookup(ctx).get(hashToken(token));
  if (!row || row.revokedAt !== null) return null;
  return {
    keyId: row.keyId,
    kind: row.kind,
    workspaceId: row.workspaceId,
    testMode: row.mode === "test",
    scopes: new Set(JSON.parse(row.scopes) as Scope[]),
  };
}
