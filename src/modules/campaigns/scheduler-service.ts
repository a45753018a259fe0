// The campaign scheduler as one of the runtime's services: a tick over every
// active campaign every few seconds, at once when enrollments may have become
// due (enrolled, a campaign started), and again straight away while a
// campaign had more due enrollments than one batch — one tick at a time.
import type { Ctx } from "../../context";
import { errorFields } from "../../lib/log";
import type { Service } from "../../lib/service";
import { tick } from "./scheduler";

export class CampaignScheduler implements Service {
  readonly name = "campaign-scheduler";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly everyMs = 5000,
  ) {}

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.ctx.campaignsDue.subscribe(() => this.wake());
    this.wake();
  }

  /** Ticks now, or right after the tick in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.wake());
      } else this.timer = setTimeout(() => this.wake(), this.everyMs);
    });
  }

  private async run(): Promise<void> {
    try {
      const r = await tick(this.ctx);
      if (r.more) this.again = true;
    } catch (err) {
      this.ctx.log.error("campaign scheduler: tick failed", errorFields(err));
    }
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await Promise.race([this.running, new Promise((r) => setTimeout(r, timeoutMs))]);
  }
}
