// `campaign.start`: a `materialising` campaign becomes `active` and the
// messages already due are made (every due enrollment planned, batch by
// batch, the event loop free between batches). A campaign paused or archived
// meanwhile stays as it is.
import type { JobHandler } from "../../jobs/types";
import { transact } from "../events/outbox";
import { CAMPAIGN_START_JOB } from "./campaigns";
import { setCampaignStatus } from "./campaign-status";
import { tickCampaign } from "./scheduler";

interface Args {
  campaignId: string;
  workspaceId: string;
}

export const campaignStartJob: JobHandler<Args, { made: number }> = {
  kind: CAMPAIGN_START_JOB,
  async run(jc) {
    const { app: ctx, args } = jc;
    const started = transact(ctx, (tx, outbox) => setCampaignStatus(ctx, tx, outbox, { workspaceId: args.workspaceId, id: args.campaignId, from: ["materialising"], to: "active" }));
    let made = jc.progress?.made ?? 0;
    if (!started) return jc.done({ campaign_id: args.campaignId, made, superseded: true });
    for (;;) {
      const r = await tickCampaign(ctx, args.workspaceId, args.campaignId);
      made += r.made;
      jc.checkpoint({ made });
      if (!r.more) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    ctx.campaignsDue.publish();
    return jc.done({ campaign_id: args.campaignId, made });
  },
};
