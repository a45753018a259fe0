// The runtime: one flat list of services, started in order, stopped in reverse within one budget.
import { describe, expect, test } from "bun:test";
import type { Service } from "../../src/lib/service";
import { Runtime, services } from "../../src/runtime";
import { startTestApp } from "../helpers/app";

class Recorder implements Service {
  constructor(
    readonly name: string,
    private readonly log: string[],
    private readonly stopMs = 0,
  ) {}
  start() {
    this.log.push(`start ${this.name}`);
  }
  async stop(timeoutMs: number) {
    this.log.push(`stop ${this.name} (${timeoutMs > 0 ? "time left" : "no time left"})`);
    if (this.stopMs) await new Promise((r) => setTimeout(r, Math.min(this.stopMs, timeoutMs)));
  }
}

describe("runtime", () => {
  test("serve's services: the job runner, webhook worker and periodic tasks, then HTTP last", async () => {
    const app = await startTestApp();
    try {
      expect(services(app.ctx).map((s) => s.name)).toEqual(["jobs", "webhooks", "periodic", "http"]);
    } finally {
      await app.close();
    }
  });

  test("starts in order and stops in reverse", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log), new Recorder("b", log), new Recorder("c", log)]).start();
    await runtime.stop();
    expect(log).toEqual(["start a", "start b", "start c", "stop c (time left)", "stop b (time left)", "stop a (time left)"]);
  });

  test("a partial start stops only what it started", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log), new Recorder("b", log)]).start(["b"]);
    await runtime.stop();
    expect(log).toEqual(["start b", "stop b (time left)"]);
  });

  test("every service shares one budget: one that takes it all leaves none to the next", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("first", log), new Recorder("slow", log, 10_000)]).start();
    await runtime.stop(30);
    expect(log.slice(2)).toEqual(["stop slow (time left)", "stop first (no time left)"]);
  });

  test("stopping twice stops once", async () => {
    const log: string[] = [];
    const runtime = await new Runtime([new Recorder("a", log)]).start();
    await Promise.all([runtime.stop(), runtime.stop()]);
    expect(log).toEqual(["start a", "stop a (time left)"]);
  });
});
