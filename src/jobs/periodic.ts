// Periodic work, scheduled with croner: a flat list of named tasks.
import { Cron } from "croner";
import { lt } from "drizzle-orm";
import type { Ctx } from "../context";
import { wakeSnoozedThreads } from "../modules/inbox/threads";
import { idempotencyKeys } from "../db/schema";
import { errorFields } from "../lib/log";
import { expireExports, settleExports } from "../modules/audience/exports/exports";
import { settleImports } from "../modules/audience/imports/imports";
import { refreshCampaignStats } from "../modules/campaigns/analytics-rollup";
import { purgeAutomation } from "../modules/automation/retention";
import { purgeQuotaLedger } from "../modules/sending/quota-ledger";
import { enqueueRechecks, RECHECK_PATTERN } from "../modules/sending/domains/recheck";
import type { Service } from "../lib/service";
import { rescueMessages } from "../mta/queue";
import { rescueInbound } from "../smtp-in/queue";
import type { JobRunner } from "./runner";

export interface PeriodicTask {
  name: string;
  /** croner pattern, seconds field first */
  pattern: string;
  run(ctx: Ctx, runner: JobRunner): void | Promise<void>;
}

export const periodicTasks: PeriodicTask[] = [
  { name: "jobs.rescue", pattern: "*/10 * * * * *", run: (_ctx, runner) => void runner.rescue() },
  // messages of a process that died: queued again, or uncertain when DATA may have left
  { name: "mta.rescue", pattern: "*/5 * * * * *", run: (ctx) => void rescueMessages(ctx) },
  // inbound messages whose ingest a dead process left half done: claimable again
  { name: "smtp-in.rescue", pattern: "*/5 * * * * *", run: (ctx) => void rescueInbound(ctx) },
  {
    name: "idempotency.purge",
    pattern: "0 */10 * * * *",
    run: (ctx) => void ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, ctx.clock.now())).run(),
  },
  { name: "automation.purge", pattern: "0 17 * * * *", run: (ctx) => void purgeAutomation(ctx) },
  { name: "exports.expire", pattern: "0 * * * * *", run: (ctx) => void expireExports(ctx) },
  { name: "quota-ledger.purge", pattern: "0 */10 * * * *", run: async (ctx) => void (await purgeQuotaLedger(ctx)) },
  { name: "sending-domains.recheck", pattern: RECHECK_PATTERN, run: (ctx) => void enqueueRechecks(ctx) },
  // campaigns' analytics roll-up and stats: those changed since the last run (analytics-rollup.ts)
  { name: "inbox.wake-snoozed", pattern: "*/30 * * * * *", run: (ctx) => void wakeSnoozedThreads(ctx) },
  { name: "campaigns.rollup", pattern: "*/30 * * * * *", run: async (ctx) => void (await refreshCampaignStats(ctx)) },
  { name: "imports-exports.settle", pattern: "30 * * * * *", run: (ctx) => { settleImports(ctx); settleExports(ctx); } },
];

/** The tasks on their patterns, as one service of the runtime. */
export class PeriodicTasks implements Service {
  readonly name = "periodic";
  private crons: Cron[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly runner: JobRunner,
    private readonly tasks = periodicTasks,
  ) {}

  start(): void {
    this.crons = this.tasks.map(
      (t) =>
        new Cron(t.pattern, { protect: true, name: t.name }, async () => {
          try {
            await t.run(this.ctx, this.runner);
          } catch (err) {
            this.ctx.log.error("periodic task failed", { task: t.name, ...errorFields(err) });
          }
        }),
    );
  }

  async stop(): Promise<void> {
    this.crons.forEach((c) => c.stop());
  }
}
