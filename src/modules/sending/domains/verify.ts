// One check of a sending domain's records (the `sending_domain.verify` job):
// every required record is looked up and judged (checks.ts); the domain ends
// `verified` when all of them are as published, `failed` when DNS says one is
// missing or different, and each record keeps its status and what DNS
// answered instead. A lookup nobody answered is no evidence: the job retries,
// and on its last attempt a domain that was verified stays verified (a DNS
// outage does not stop mail) while one being verified for the first time fails.
// A test-mode workspace's domain verifies without DNS.
//
// The managed connections with an identity on the domain share its fate: a
// failure makes their health `failing` with the domain named; a later success
// makes them `healthy` again if that failure is what their health still says.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../../context";
import type { Tx } from "../../../db/client";
import { tableReads } from "../../../db/queries";
import { sendingDomains, workspaces, type DomainRecord, type DomainStatus } from "../../../db/schema";
import { JobError } from "../../../jobs/types";
import { transact, type Outbox } from "../../events/outbox";
import { setConnectionHealth } from "../connection-health";
import { checkRecord, type Judgement } from "./checks";
import { mayUse } from "./dkim-keys";
import { connectionsUsing, type SendingDomain } from "./domains";
import { domainRecords, isRequired, recordTargets } from "./records";

const reads = tableReads(sendingDomains);
const MAX_ERROR = 2000;
const MAX_FOUND_SHOWN = 300;

const LABEL: Record<DomainRecord["purpose"], string> = { dkim: "DKIM", spf: "SPF", return_path: "return-path MX", dmarc: "DMARC", tracking: "tracking" };

function label(r: DomainRecord): string {
  if (r.purpose !== "dkim") return LABEL[r.purpose];
  return `DKIM (${/k=ed25519/.test(r.value) ? "Ed25519" : "RSA"})`;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What the check found, in one line per problem: the domain's last_error. */
function failureSummary(failing: { record: DomainRecord; j: Judgement }[]): string {
  const parts = failing.map(({ record, j }) =>
    j.status === "missing" ? `${label(record)} ${record.name} is missing` : `${label(record)} ${record.name} does not match (found: ${clip((j as { found: string[] }).found.join(" | "), MAX_FOUND_SHOWN)})`,
  );
  return clip(`${failing.length} of the required records ${failing.length > 1 ? "are" : "is"} not published as listed: ${parts.join("; ")}.`, MAX_ERROR);
}

export interface CheckResult {
  status: DomainStatus;
  lastError: string | null;
}

/**
 * Checks the domain's records and records the outcome. `lastAttempt` says
 * whether unanswered lookups may still be retried (JobError) or must settle.
 * Answers null when the domain no longer exists.
 */
export async function checkSendingDomain(ctx: Ctx, a: { workspaceId: string; id: string; lastAttempt: boolean }): Promise<CheckResult | null> {
  const targets = recordTargets(ctx.config);
  const testMode = ctx.db.select({ mode: workspaces.mode }).from(workspaces).where(eq(workspaces.id, a.workspaceId)).get()?.mode === "test";
  // a PATCH of tracking while DNS is asked changes what is required: check again
  for (let round = 0; round < 3; round++) {
    const row = reads.get(ctx.db, a.workspaceId, a.id);
    if (!row) return null;
    const records = domainRecords(row, targets, row.records);
    const judgements: (Judgement | null)[] = await Promise.all(
      records.map((r) => (!isRequired(r, row.tracking) ? null : testMode ? ({ status: "verified", found: null } as const) : checkRecord(ctx.dns, row.domain, r, targets))),
    );
    const failing = records.flatMap((record, i) => (judgements[i]?.status === "missing" || judgements[i]?.status === "mismatch" ? [{ record, j: judgements[i]! }] : []));
    const unanswered = judgements.flatMap((j) => (j?.status === "unanswered" ? [j.detail] : []));
    if (!failing.length && unanswered.length && !a.lastAttempt) {
      throw new JobError("dns_unanswered", `DNS did not answer: ${unanswered.join("; ")}. The check is retried.`);
    }
    const result = transact(ctx, (tx, outbox) => {
      const current = reads.get(ctx.db, a.workspaceId, a.id); // the transaction's connection
      if (!current) return "gone" as const;
      if (current.tracking !== row.tracking) return "changed" as const;
      const next = records.map((r, i): DomainRecord => {
        const j = judgements[i];
        if (!j) return { ...r, status: "pending", found: null }; // not required: not checked
        if (j.status === "unanswered") return r; // no evidence: what the last answer said stays
        return { ...r, status: j.status, found: j.found };
      });
      let status: DomainStatus;
      let lastError: string | null = null;
      if (failing.length) {
        status = "failed";
        lastError = failureSummary(failing);
      } else if (unanswered.length) {
        const wasVerified = mayUse(current);
        status = wasVerified ? "verified" : "failed";
        lastError = clip(`DNS did not answer: ${unanswered.join("; ")}.${wasVerified ? " The domain stays verified until DNS answers otherwise." : " Verify again once DNS answers."}`, MAX_ERROR);
      } else status = "verified";
      const now = ctx.clock.now();
      const updated = tx
        .update(sendingDomains)
        .set({ status, records: next, lastError, checkedAt: now, verifiedAt: status === "verified" ? (current.verifiedAt ?? now) : null, updatedAt: now })
        .where(and(eq(sendingDomains.workspaceId, a.workspaceId), eq(sendingDomains.id, a.id)))
        .returning()
        .get()!;
      connectionHealth(ctx, tx, outbox, updated);
      return { status, lastError };
    });
    if (result === "gone") return null;
    if (result !== "changed") return result;
  }
  throw new JobError("changing", "The domain's tracking setting kept changing during the check.");
}

const healthPrefix = (domain: string) => `Sending domain ${domain} `;

/** The connections signing with the domain: failing with it, healthy again once it verifies (if its failure is what they still say). */
function connectionHealth(ctx: Ctx, tx: Tx, outbox: Outbox, d: SendingDomain): void {
  const seen = new Set<string>();
  for (const c of connectionsUsing(tx, d.workspaceId, d.domain)) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    if (d.status === "failed") {
      const detail = clip(`${healthPrefix(d.domain)}failed its DNS check: ${d.lastError ?? "its records are not published"}`, MAX_ERROR);
      setConnectionHealth(ctx, tx, outbox, { workspaceId: d.workspaceId, connectionId: c.id, status: "failing", detail });
    } else if (d.status === "verified" && c.healthDetail?.startsWith(healthPrefix(d.domain))) {
      setConnectionHealth(ctx, tx, outbox, { workspaceId: d.workspaceId, connectionId: c.id, status: "healthy", detail: null });
    }
  }
}

/**
 * Settles a domain whose check could not finish (its job's last attempt met
 * an internal error): it must not stay `verifying` for ever.
 */
export function abandonCheck(ctx: Ctx, a: { workspaceId: string; id: string; detail: string }): void {
  transact(ctx, (tx, outbox) => {
    const current = reads.get(ctx.db, a.workspaceId, a.id);
    if (!current || current.status !== "verifying") return;
    const status: DomainStatus = mayUse(current) ? "verified" : "failed";
    const now = ctx.clock.now();
    const updated = tx
      .update(sendingDomains)
      .set({ status, lastError: clip(a.detail, MAX_ERROR), checkedAt: now, verifiedAt: status === "verified" ? current.verifiedAt : null, updatedAt: now })
      .where(and(eq(sendingDomains.workspaceId, a.workspaceId), eq(sendingDomains.id, a.id)))
      .returning()
      .get()!;
    connectionHealth(ctx, tx, outbox, updated);
  });
}
