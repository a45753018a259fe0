// `enrollment.add`: enrolls the people of a large source (more than 100) in
// chunks, one transaction each. A chunk commits its enrollments, then the job
// checkpoints its counts and its place (the last person id of a group or
// segment, the offset in a list), so a cancel stops at a chunk boundary and a
// rescued job resumes after the last committed chunk (the unique index makes
// a replayed chunk harmless: its people count as already enrolled).
import { JobError, type JobHandler } from "../../jobs/types";
import { DomainError } from "../../lib/errors";
import { yieldToEventLoop } from "../../lib/slices";
import { skippedView, type Skipped, type SkipReason } from "../../representations/enrollment";
import { transact } from "../events/outbox";
import { afterEnrolled, enrollChunk, enrollTarget, keysetReader, listCandidates, type Candidate, type EnrollSource } from "./enroll";
import { ENROLLMENT_JOB_KIND } from "./enrollments";

/** People per transaction: one chunk is one slice of the main thread (~20-25 ms for 1,000; the job takes 2.5 s for 100,000 either way). */
export const CHUNK_PEOPLE = 1000;
const SAMPLE = 100;

interface Args {
  workspaceId: string;
  campaignId: string;
  source: EnrollSource;
}

export interface EnrollProgress {
  /** keyset sources: the last person id done; list sources: how many entries are done (as a string). */
  after: string;
  enrolled: number;
  skipped: number;
  by_reason: Partial<Record<SkipReason, number>>;
  /** The first skipped entries (at most 100), as the API shows them. */
  sample: ReturnType<typeof skippedView>[];
}

export const enrollmentAddJob: JobHandler<Args, EnrollProgress> = {
  kind: ENROLLMENT_JOB_KIND,
  async run(jc) {
    const ctx = jc.app;
    const { workspaceId, campaignId, source } = jc.args;
    const progress: EnrollProgress = jc.progress ?? { after: "", enrolled: 0, skipped: 0, by_reason: {}, sample: [] };
    const count = (skipped: Skipped[], enrolled: number) => {
      progress.enrolled += enrolled;
      progress.skipped += skipped.length;
      for (const s of skipped) {
        progress.by_reason[s.reason] = (progress.by_reason[s.reason] ?? 0) + 1;
        if (progress.sample.length < SAMPLE) progress.sample.push(skippedView(s));
      }
    };
    // one chunk in one transaction; the campaign is read again in each (archived meanwhile → the job ends)
    const chunk = (read: () => { people: Candidate[]; missing?: Skipped[]; named?: Map<string, string> }) => {
      const out = transact(ctx, () => {
        const target = refused(() => enrollTarget(ctx.db, workspaceId, campaignId));
        const r = read();
        const done = enrollChunk(ctx, target, r.people, r.named);
        return { skipped: [...(r.missing ?? []), ...done.skipped], enrolled: done.enrolled.length, last: r.people.at(-1)?.id };
      });
      if (out.enrolled) afterEnrolled(ctx, { workspaceId, campaignId });
      count(out.skipped, out.enrolled);
      return out;
    };

    if ("emails" in source || "person_ids" in source) {
      const list = "emails" in source ? source.emails : source.person_ids;
      for (let at = Number(progress.after || 0); at < list.length; ) {
        if (jc.cancelRequested()) return jc.cancelled();
        const slice = list.slice(at, at + CHUNK_PEOPLE);
        chunk(() => {
          const { found, missing, named } = listCandidates(ctx.db, workspaceId, "emails" in source ? { emails: slice } : { person_ids: slice });
          return { people: found, missing, named };
        });
        at += slice.length;
        progress.after = String(at);
        jc.checkpoint({ ...progress });
        await yieldToEventLoop();
      }
      return jc.done(resultOf(campaignId, progress));
    }

    const read = refused(() => keysetReader(ctx.db, workspaceId, source));
    for (;;) {
      if (jc.cancelRequested()) return jc.cancelled();
      const out = chunk(() => ({ people: read(progress.after, CHUNK_PEOPLE) }));
      if (!out.last) break;
      progress.after = out.last;
      jc.checkpoint({ ...progress });
      await yieldToEventLoop();
    }
    return jc.done(resultOf(campaignId, progress));
  },
};

/** A campaign archived or removed (or a group or segment deleted) while the job ran ends it: a retry cannot help. */
function refused<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DomainError && (err.code === "invalid_state" || err.code === "not_found")) throw new JobError(err.code, err.message, false);
    throw err;
  }
}

function resultOf(campaignId: string, p: EnrollProgress) {
  return { campaign_id: campaignId, enrolled: p.enrolled, skipped: p.skipped, skipped_by_reason: p.by_reason, skipped_sample: p.sample };
}
