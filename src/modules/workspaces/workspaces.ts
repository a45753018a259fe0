import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../../context";
import { apiKeys, workspaces } from "../../db/schema";
import { DomainError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { singleLineProblem } from "../../lib/text";
import { keyChanged } from "./authenticate";
import { SCOPES, isScope, type Scope } from "./scopes";
import { hashToken, newToken, tokenPrefix, type KeyKind } from "./tokens";

export type Workspace = typeof workspaces.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;

export interface CreatedWorkspace {
  workspace: Workspace;
  testWorkspace: Workspace;
  apiKey: string;
  testApiKey: string;
  verificationKey: string;
}

/** Why a workspace name is refused, or null; the CLI checks it before opening the database. */
export function workspaceNameProblem(name: string): string | null {
  // the name reaches mail (reports, notifications): single-line text (src/lib/text.ts)
  const problem = singleLineProblem(name);
  if (problem) return `name ${problem.message}`;
  const trimmed = name.trim();
  return !trimmed || trimmed.length > 200 ? "name must be 1-200 characters" : null;
}

/** Creates a live workspace, its test-mode twin, and full-scope keys for both. */
export function createWorkspace(ctx: Ctx, { name }: { name: string }): CreatedWorkspace {
  const problem = workspaceNameProblem(name);
  if (problem) throw new DomainError("validation_failed", problem);
  const trimmed = name.trim();
  const now = ctx.clock.now();
  const liveId = newId("wsp");
  const testId = newId("wsp");
  return ctx.db.transaction((tx) => {
    const live = { id: liveId, name: trimmed, mode: "live" as const, twinId: testId, inboxSettings: null, createdAt: now, updatedAt: now };
    const test = { id: testId, name: trimmed, mode: "test" as const, twinId: liveId, inboxSettings: null, createdAt: now, updatedAt: now };
    tx.insert(workspaces).values([live, test]).run();
    const all = [...SCOPES];
    const apiKey = insertKey(tx as never, now, live, "api", all);
    const testApiKey = insertKey(tx as never, now, test, "api", all);
    const verificationKey = insertKey(tx as never, now, live, "verification", ["people:write"]);
    return { workspace: live, testWorkspace: test, apiKey: apiKey.token, testApiKey: testApiKey.token, verificationKey: verificationKey.token };
  });
}

function insertKey(db: Ctx["db"], now: number, ws: Workspace, kind: KeyKind, scopes: Scope[]) {
  const token = newToken(tokenPrefix(kind, ws.mode));
  const row = {
    id: newId("key"),
    workspaceId: ws.id,
    kind,
    tokenPrefix: token.slice(0, token.indexOf("_", 3) + 5),
    tokenHash: hashToken(token),
    scopes,
    createdAt: now,
    revokedAt: null,
  };
  db.insert(apiKeys).values(row).run();
  return { key: row, token };
}

export function getWorkspace(ctx: Ctx, id: string): Workspace | undefined {
  return ctx.db.select().from(workspaces).where(eq(workspaces.id, id)).get();
}

/** The credential's own workspace by id: any other id is 404 (a workspace sees only itself). */
export function getOwnWorkspace(ctx: Ctx, a: { workspaceId: string; id: string }): Workspace {
  const w = a.id === a.workspaceId ? getWorkspace(ctx, a.id) : undefined;
  if (!w) throw notFound("workspace");
  return w;
}

export function createKey(ctx: Ctx, args: { workspaceId: string; scopes: string[]; kind: KeyKind }): { key: ApiKey; token: string } {
  const ws = getWorkspace(ctx, args.workspaceId);
  if (!ws) throw new DomainError("not_found", `No workspace ${args.workspaceId}`);
  const bad = args.scopes.filter((s) => !isScope(s));
  if (bad.length) throw new DomainError("validation_failed", `Unknown scope(s): ${bad.join(", ")}`);
  // workspace and CLI tokens act with every scope of their workspace
  const scopes = args.kind === "workspace" || args.kind === "cli" ? [...SCOPES] : (args.scopes as Scope[]);
  if (!scopes.length) throw new DomainError("validation_failed", "At least one scope is required");
  return insertKey(ctx.db, ctx.clock.now(), ws, args.kind, [...new Set(scopes)]);
}

export function listKeys(ctx: Ctx, workspaceId: string): ApiKey[] {
  // an empty list would hide a mistyped id (or the wrong data directory)
  if (!getWorkspace(ctx, workspaceId)) throw new DomainError("not_found", `No workspace ${workspaceId}`);
  return ctx.db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(apiKeys.id).all();
}

export function revokeKey(ctx: Ctx, id: string): ApiKey {
  keyChanged();
  const now = ctx.clock.now();
  const row = ctx.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning().get();
  if (row) return row;
  const existing = ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!existing) throw new DomainError("not_found", `No key ${id}`);
  return existing;
}
