// The identity rows of a connection, in their order: what every
// representation of a connection lists (kept apart so the health and
// connection modules share it without importing each other).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { senderIdentities } from "../../db/schema";

export type IdentityRow = typeof senderIdentities.$inferSelect;

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
