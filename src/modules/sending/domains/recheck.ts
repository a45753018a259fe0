// The periodic re-check: records can disappear after a domain was verified
// (a DNS migration, a zone edited by hand). Every verified domain is checked
// again by the same job as POST /verify, without leaving `verified` while it
// runs; one whose records are gone becomes `failed`, and its connections'
// health says so (verify.ts).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../../../context";
import { jobs, sendingDomains } from "../../../db/schema";
import { enqueue } from "../../../jobs/queue";
import { SENDING_DOMAIN_VERIFY_JOB_KIND, VERIFY_MAX_ATTEMPTS } from "./domains";

/** Every 6 hours, at a minute of its own. */
export const RECHECK_PATTERN = "0 41 */6 * * *";

/** Queues a check of every verified domain that has none waiting already; answers how many were queued. */
export function enqueueRechecks(ctx: Ctx): number {
  return ctx.db.transaction((tx) => {
    const waiting = new Set(
      tx
        .select({ id: sql<string>`json_extract(${jobs.args}, '$.sending_domain_id')` })
        .from(jobs)
        .where(and(eq(jobs.kind, SENDING_DOMAIN_VERIFY_JOB_KIND), inArray(jobs.state, ["available", "running"])))
        .all()
        .map((j) => j.id),
    );
    const due = tx.select({ id: sendingDomains.id, workspaceId: sendingDomains.workspaceId }).from(sendingDomains).where(eq(sendingDomains.status, "verified")).all();
    let queued = 0;
    for (const d of due) {
      if (waiting.has(d.id)) continue;
      enqueue(ctx, tx, { workspaceId: d.workspaceId, kind: SENDING_DOMAIN_VERIFY_JOB_KIND, args: { sending_domain_id: d.id }, maxAttempts: VERIFY_MAX_ATTEMPTS });
      queued++;
    }
    return queued;
  });
}
