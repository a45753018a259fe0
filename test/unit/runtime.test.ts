// The runtime: one flat list of services, started in order, stopped in reverse within one budget.
import { describe, expect, test } from "bun:test";
import type { Service } from "../../src/lib/service";
import { Runtime, services } from "../../src/runtime";
import { startTestApp } from "../helpers/app";

/** A monotonic clock the test moves. */
const clock = { ms: 0, now: () => clock.ms };

class Recorder implements Service {
  constructor(
    readonly name: string,
    private readonly log: string[],
    /** How long its stop takes, on the test's clock. */
    private readonly stopMs = 0,
  ) {}
  start() {
    this.log.push(`start ${this.name}`);
  }
  async stop(timeoutMs: number) {
    this.log.push(`stop ${this.name} (${timeoutMs}ms left)`);
    clock.ms += Math.min(this.stopMs, timeoutMs);
  }
}

describe("runtime", () => {
  test("serve's services: the database threads, the job runner, webhook worker, the MTA, the campaign scheduler, the ingest, the IMAP reader and periodic tasks, then the SMTP listener and HTTP last", async () => {
    const app = await startTestApp();
    try {
      expect(services(app.ctx).map((s) => s.name)).toEqual(["db", "jobs", "webhooks", "mta", "campaign-scheduler", "smtp-in.ingest", "imap", "periodic", "smtp-in", "tracking", "http"]);
    } finally {
      await app.close();
    }
  });

  test("starts in order and stops in reverse", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log), new Recorder("b", log), new Recorder("c", log)], clock.now).start();
    await runtime.stop(8000);
    expect(log).toEqual(["start a", "start b", "start c", "stop c (8000ms left)", "stop b (8000ms left)", "stop a (8000ms left)"]);
  });

  test("a partial start stops only what it started", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log), new Recorder("b", log)], clock.now).start(["b"]);
    await runtime.stop(8000);
    expect(log).toEqual(["start b", "stop b (8000ms left)"]);
  });

  test("every service shares one budget: what one takes, the next has not", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("first", log), new Recorder("second", log, 3000), new Recorder("slow", log, 5000)], clock.now).start();
    await runtime.stop(8000);
    expect(log.slice(3)).toEqual(["stop slow (8000ms left)", "stop second (3000ms left)", "stop first (0ms left)"]);
  });

  test("stopping twice stops once", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log)], clock.now).start();
    await Promise.all([runtime.stop(8000), runtime.stop(8000)]);
    expect(log).toEqual(["start a", "stop a (8000ms left)"]);
  });
});
