// `sending_domain.verify`: one check of a domain's records (verify.ts). A
// failed check is an outcome, not a job failure; unanswered DNS is retried
// (VERIFY_MAX_ATTEMPTS), then settled. An internal error on the last attempt
// settles the domain too, so it never stays `verifying`.
import { isBusyError } from "../../../db/client";
import { JobError, type JobHandler } from "../../../jobs/types";
import { SENDING_DOMAIN_VERIFY_JOB_KIND, VERIFY_MAX_ATTEMPTS } from "./domains";
import { abandonCheck, checkSendingDomain } from "./verify";

interface Args {
  sending_domain_id: string;
}

export const sendingDomainVerifyJob: JobHandler<Args> = {
  kind: SENDING_DOMAIN_VERIFY_JOB_KIND,
  maxAttempts: VERIFY_MAX_ATTEMPTS,
  async run(jc) {
    const ctx = jc.app;
    const workspaceId = jc.job.workspaceId!;
    const id = jc.args.sending_domain_id;
    // the claim counted this run
    const lastAttempt = jc.job.attempts >= Math.min(jc.job.maxAttempts, VERIFY_MAX_ATTEMPTS);
    try {
      const result = await checkSendingDomain(ctx, { workspaceId, id, lastAttempt });
      return jc.done(result ? { sending_domain_id: id, status: result.status } : { sending_domain_id: id, deleted: true });
    } catch (err) {
      // a busy database is no failure (the runner runs the job again without counting it)
      if (lastAttempt && !isBusyError(err)) {
        const why = err instanceof JobError ? err.message : "The check stopped on an internal error, logged with its job id.";
        abandonCheck(ctx, { workspaceId, id, detail: `${why} Verify again.` });
      }
      throw err;
    }
  },
};
