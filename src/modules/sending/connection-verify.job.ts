// `connection.verify`: one verification of an smtp connection (connection-verify.ts).
// A failed check is an outcome, not a job failure: the job is done either way.
import type { JobHandler } from "../../jobs/types";
import { CONNECTION_VERIFY_JOB_KIND, verifyConnection } from "./connection-verify";

interface Args {
  connection_id: string;
}

export const connectionVerifyJob: JobHandler<Args> = {
  kind: CONNECTION_VERIFY_JOB_KIND,
  async run(jc) {
    const outcome = await verifyConnection(jc.app, { workspaceId: jc.job.workspaceId!, connectionId: jc.args.connection_id });
    // null: archived, paused or given another credential meanwhile; that change decides
    return jc.done(outcome ? { connection_id: jc.args.connection_id, ...outcome } : { connection_id: jc.args.connection_id, superseded: true });
  },
};
