// The running appliance (DESIGN.md §4, "One runtime"): one flat list of
// services that `serve` starts in order and stops in reverse, each within what
// is left of one shutdown deadline.
import type { Ctx } from "./context";
import type { Service } from "./lib/service";
import { PeriodicTasks } from "./jobs/periodic";
import { jobHandlers } from "./jobs/registry";
import { JobRunner } from "./jobs/runner";
import { WebhookWorker } from "./modules/automation/webhooks/worker";
import { Topic } from "./lib/event-bus";
import { MtaWorker } from "./mta/worker";
import { CampaignScheduler } from "./modules/campaigns/scheduler-service";
import { ImapReader } from "./modules/inbox/imap/reader";
import { TrackingService } from "./modules/tracking/record";
import { HttpServer, type HttpOptions } from "./server";
import { InboundListener, type ListenerOptions } from "./smtp-in/server";
import { AnalysisThread } from "./smtp-in/analysis";
import { IngestWorker } from "./smtp-in/worker";

export function services(ctx: Ctx, http: HttpOptions = {}, smtp: ListenerOptions = {}): Service[] {
  const runner = new JobRunner(ctx, jobHandlers, { concurrency: ctx.config.workerConcurrency });
  const received = new Topic(); // the listener stored a message: the ingest takes it
  return [
    ctx.readers, // reader threads and the WAL checkpointer: first up, last down
    runner, // imports, exports and every other job kind
    new WebhookWorker(ctx), // signed webhook deliveries
    new MtaWorker(ctx), // outgoing messages: the pipeline and the SMTP transport
    new CampaignScheduler(ctx), // due enrollments become messages
    new IngestWorker(ctx, received, { analysis: new AnalysisThread(ctx.config) }), // received messages: authentication, bounces, complaints, matching
    new ImapReader(ctx, received), // connections' IMAP folders: replies into the same store and ingest
    new PeriodicTasks(ctx, runner), // croner: lease rescue, purges, expiry
    new InboundListener(ctx, received, smtp), // inbound SMTP: up once what it hands work to is
    new TrackingService(ctx), // open and click hits answered before their batch commit: flushed once HTTP is down
    new HttpServer(ctx, http), // both APIs: up last, down first
  ];
}

/** The shutdown budget: under the 10 s a supervisor (Docker, systemd) usually grants before SIGKILL. */
export const STOP_BUDGET_MS = 8000;

export class Runtime {
  private running: Service[] = [];
  private stopping: Promise<void> | null = null;

  constructor(
    readonly services: Service[],
    /** Milliseconds of a monotonic clock (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The service of this class (tests drive the job runner, read the HTTP url). */
  get<T extends Service>(type: abstract new (...args: any[]) => T): T {
    const found = this.services.find((s) => s instanceof type);
    if (!found) throw new Error(`no ${type.name} in the runtime`);
    return found as T;
  }

  /** Starts the services in order (only those named in `only`, when given). */
  async start(only?: string[]): Promise<this> {
    for (const s of this.services) {
      if (only && !only.includes(s.name)) continue;
      await s.start();
      this.running.push(s);
    }
    return this;
  }

  /** Stops what was started, last first, all within `budgetMs`. */
  stop(budgetMs = STOP_BUDGET_MS): Promise<void> {
    this.stopping ??= (async () => {
      const deadline = this.now() + budgetMs;
      for (const s of this.running.reverse()) await s.stop(Math.max(0, deadline - this.now()));
    })();
    return this.stopping;
  }
}
