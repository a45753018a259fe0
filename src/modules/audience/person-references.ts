// What keeps a person from being deleted: records elsewhere that name them and
// must stay intact (history, audit). Each later module registers one check —
// enrollments and messages register here when their tables exist; until then
// the list is empty and every person can be deleted.
import type { DbOrTx } from "../../db/client";

export interface PersonReferenceCheck {
  /** Plural noun for the detail, e.g. "enrollments". */
  name: string;
  /** How many records of this kind name the person (0 = none). */
  count(db: DbOrTx, a: { workspaceId: string; personId: string }): number;
}

const checks: PersonReferenceCheck[] = [];

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
