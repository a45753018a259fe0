// What keeps a person from being deleted: records elsewhere that name them and
// must stay intact (history, audit). Messages are listed here (their table is
// shared schema); later modules register one check each (enrollments).
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { messages } from "../../db/schema";

export interface PersonReferenceCheck {
  /** Plural noun for the detail, e.g. "enrollments". */
  name: string;
  /** How many records of this kind name the person (0 = none). */
  count(db: DbOrTx, a: { workspaceId: string; personId: string }): number;
}

/** A message keeps its person: its delivery evidence and the conversation name them. */
const messagesCheck: PersonReferenceCheck = {
  name: "messages",
  count: (db, a) =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(messages)
      .where(and(eq(messages.workspaceId, a.workspaceId), eq(messages.personId, a.personId)))
      .get()!.n,
};

const checks: PersonReferenceCheck[] = [messagesCheck];

/** Adds a check; returns a function that removes it again. */
export function registerPersonReference(check: PersonReferenceCheck): () => void {
  checks.push(check);
  return () => {
    const i = checks.indexOf(check);
    if (i >= 0) checks.splice(i, 1);
  };
}

/** The kinds of record naming the person, with their counts (only non-zero ones). */
export function personReferences(db: DbOrTx, a: { workspaceId: string; personId: string }): { name: string; count: number }[] {
  return checks.map((c) => ({ name: c.name, count: c.count(db, a) })).filter((r) => r.count > 0);
}
