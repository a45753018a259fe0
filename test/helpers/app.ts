// A real appliance per test file: temporary data dir, real SQLite, real HTTP on
// a random loopback port, a fake clock, and the job runner driven by the test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config";
import { createAppContext } from "../../src/app-context";
import type { ContextOptions, Ctx } from "../../src/context";
import { JobRunner } from "../../src/jobs/runner";
import { FakeClock } from "../../src/lib/clock";
import { silentLogger, type Logger } from "../../src/lib/log";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { Runtime, services } from "../../src/runtime";
import { HttpServer } from "../../src/server";
import { InboundListener } from "../../src/smtp-in/server";
import { Api } from "./http";

/** The started runtime as tests use it: its URL, its job runner (driven by the test unless runJobs), stop. */
export interface Running {
  url: string;
  /** The inbound SMTP listener's port (0 unless started with `smtp`). */
  smtpPort: number;
  runner: JobRunner;
  stop(): Promise<void>;
}

export interface TestApp {
  ctx: Ctx;
  clock: FakeClock;
  url: string;
  running: Running;
  dataDir: string;
  /** A fresh workspace with full-scope keys and API clients. */
  newWorkspace(name?: string): TestWorkspace;
  close(): Promise<void>;
}

export interface TestWorkspace {
  id: string;
  testId: string;
  apiKey: string;
  testApiKey: string;
  verificationKey: string;
  api: Api;
  testApi: Api;
  apiA: Api;
}

/**
 * Starts the runtime of `ctx` on random ports: the database threads and HTTP,
 * or every service with runJobs; `smtp` adds the inbound SMTP listener (its
 * ingest runs with runJobs, else the test drives it: ingestReceived).
 */
export async function startRunning(ctx: Ctx, opts: { runJobs?: boolean; smtp?: boolean } = {}): Promise<Running> {
  const runtime = new Runtime(services(ctx, { port: 0, logRequests: false }, opts.smtp ? { port: 0, host: "127.0.0.1" } : {}));
  await runtime.start(opts.runJobs ? undefined : ["db", "tracking", "http", ...(opts.smtp ? ["smtp-in"] : [])]);
  return { url: runtime.get(HttpServer).url, smtpPort: runtime.get(InboundListener).port, runner: runtime.get(JobRunner), stop: () => runtime.stop() };
}

export async function startTestApp(opts: { env?: Record<string, string>; runJobs?: boolean; smtp?: boolean; log?: Logger; clock?: FakeClock; edges?: Omit<ContextOptions, "clock" | "log"> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "nearbound-test-"));
  const config: Config = loadConfig(
    { "data-dir": dataDir, port: "0" },
    { NEARBOUND_RATE_LIMIT_PER_SECOND: "100000", NEARBOUND_RATE_LIMIT_BURST: "100000", NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1", NEARBOUND_SMTP_PORT: "0", ...opts.env },
  );
  const clock = opts.clock ?? new FakeClock(Date.parse("2026-11-21T12:00:00Z"));
  const ctx = createAppContext(config, { ...opts.edges, clock, log: opts.log ?? silentLogger, serving: true });
  const running = await startRunning(ctx, { runJobs: opts.runJobs, smtp: opts.smtp });
  const url = running.url;
  return {
    ctx,
    clock,
    url,
    running,
    dataDir,
    newWorkspace(name = "Test workspace") {
      const w = createWorkspace(ctx, { name });
      return {
        id: w.workspace.id,
        testId: w.testWorkspace.id,
        apiKey: w.apiKey,
        testApiKey: w.testApiKey,
        verificationKey: w.verificationKey,
        api: new Api(url, w.apiKey),
        testApi: new Api(url, w.testApiKey),
        apiA: new Api(url, w.verificationKey),
      };
    },
    async close() {
      await running.stop();
      await ctx.transport.close(); // pooled SMTP sessions of MTA runs the test drove
      ctx.db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
