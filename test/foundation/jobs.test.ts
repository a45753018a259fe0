// The job runner (River's model): lease + rescue, chunk checkpoints with
// cancellation at a boundary, retries with backoff, snooze, unknown kinds,
// bounded results, and the Job resource of API B. Time is the fake clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../../src/db/schema";
import { PeriodicTasks } from "../../src/jobs/periodic";
import { enqueue, type EnqueueArgs } from "../../src/jobs/queue";
import { JobRunner } from "../../src/jobs/runner";
import { JobError, type JobHandler, type JobRow } from "../../src/jobs/types";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { expectOk, expectProblem, until } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Lets a test release a running handler one chunk at a time. */
class Gate {
  private waiting: (() => void)[] = [];
  get pending(): number {
    return this.waiting.length;
  }
  wait(): Promise<void> {
    return new Promise((r) => this.waiting.push(r));
  }
  open(): void {
    this.waiting.shift()?.();
  }
}
const gate = new Gate();
const snoozed = new Set<string>();

const handlers: JobHandler[] = [
  {
    // chunks of work; args.gated: each chunk waits for the test to open the gate
    kind: "test.chunks",
    async run(jc) {
      const total: number = jc.args.chunks;
      for (let done = jc.progress?.done ?? 0; done < total; ) {
        if (jc.args.gated) await gate.wait();
        done++;
        jc.checkpoint({ done });
      }
      return jc.done({ chunks: total });
    },
  },
  { kind: "test.review", onLeaseExpired: "needs_review", run: (jc) => jc.done() },
  {
    kind: "test.flaky",
    run() {
      throw new Error("upstream answered 503");
    },
  },
  {
    kind: "test.capped",
    maxAttempts: 2,
    run() {
      throw new JobError("upstream_down", "still down");
    },
  },
  {
    kind: "test.fatal",
    run() {
      throw new JobError("bad_args", "no retry can fix this", false);
    },
  },
  {
    kind: "test.snooze",
    run(jc) {
      if (snoozed.has(jc.job.id)) return jc.done({ waited: true });
      snoozed.add(jc.job.id);
      return jc.snooze(30);
    },
  },
  { kind: "test.big", run: (jc) => jc.done({ blob: "x".repeat(64 * 1024) }) },
];

const runner = (leaseMs = 30_000) => new JobRunner(app.ctx, handlers, { leaseMs });
const put = (w: TestWorkspace, a: Omit<EnqueueArgs, "workspaceId">) => enqueue(app.ctx, app.ctx.db, { workspaceId: w.id, ...a });
const row = (id: string) => app.ctx.db.select().from(jobs).where(eq(jobs.id, id)).get()!;

/** Runs exactly this job (asserting the runner claimed it and not another). */
async function runJob(r: JobRunner, id: string): Promise<JobRow> {
  const after = await r.runOnce();
  expect(after?.id).toBe(id);
  return after!;
}

describe("lease and rescue", () => {
  test("a job whose runner died is rescued with lease_expired, counted, and completed by another runner", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 3 } });
    const crashed = runner();
    expect(crashed.claim()?.id).toBe(job.id); // …and its process never comes back
    const survivor = runner();
    expect(survivor.rescue()).toBe(0); // the lease still runs
    app.clock.advance(30_000);
    expect(survivor.rescue()).toBe(1);
    const rescued = row(job.id);
    expect(rescued).toMatchObject({ state: "available", attempts: 1, leaseOwner: null, lastError: { code: "lease_expired" } });
    expect(rescued.lastError!.detail).toContain(crashed.owner);
    const r = await w.api.get(`/v1/jobs/${job.id}`);
    expect(r.body).toMatchObject({ state: "available", attempts: 1, last_error: { code: "lease_expired" } });

    expect(await survivor.runOnce()).toBeNull(); // the retry waits for its backoff
    app.clock.advance(rescued.runAt - app.clock.now());
    const done = await runJob(survivor, job.id);
    expect(done).toMatchObject({ state: "completed", attempts: 1, result: { chunks: 3 }, progress: { done: 3 } });
  });

  test("a kind whose crash may leave an ambiguous effect goes to needs_review", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.review" });
    expect(runner().claim()?.id).toBe(job.id);
    app.clock.advance(30_000);
    expect(runner().rescue()).toBe(1);
    expect(row(job.id)).toMatchObject({ state: "needs_review", attempts: 0, lastError: { code: "lease_expired" }, finishedAt: app.clock.now() });
  });
});

describe("cancel", () => {
  test("a running job stops at its next chunk boundary; progress shows the chunks done", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 5, gated: true } });
    const r = runner();
    const running = r.runOnce();
    await until(() => gate.pending === 1, "the first chunk");
    gate.open();
    await until(() => gate.pending === 1, "the second chunk");
    const mid = await w.api.get(`/v1/jobs/${job.id}`);
    expect(mid.body).toMatchObject({ state: "running", progress: { done: 1 }, cancel_requested_at: null });

    const c = await w.api.post(`/v1/jobs/${job.id}/cancel`);
    expectOk(c);
    // it keeps running until its next chunk boundary
    expect(c.body).toMatchObject({ state: "running", cancel_requested_at: new Date(app.clock.now()).toISOString() });
    gate.open(); // the chunk in progress finishes, then its checkpoint stops the job
    const after = await running;
    expect(after).toMatchObject({ id: job.id, state: "cancelled", progress: { done: 2 }, attempts: 0, lastError: { code: "cancelled" } });
    expect(gate.pending).toBe(0);
    const g = await w.api.get(`/v1/jobs/${job.id}`);
    expect(g.body).toMatchObject({ state: "cancelled", progress: { done: 2 }, last_error: { code: "cancelled" } });
    expect(g.body.finished_at).not.toBeNull();
  });

  test("an available job is cancelled at once and never runs; cancelling again is a no-op", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 1 } });
    const c = await w.api.post(`/v1/jobs/${job.id}/cancel`);
    expectOk(c);
    expect(c.body).toMatchObject({ state: "cancelled", last_error: { code: "cancelled" } });
    expect(c.body.finished_at).not.toBeNull();
    expect(await runner().runOnce()).toBeNull();
    const again = await w.api.post(`/v1/jobs/${job.id}/cancel`);
    expectOk(again);
    expect(again.body).toEqual(c.body);
  });

  test("a completed job cannot be cancelled: 409", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 1 } });
    await runJob(runner(), job.id);
    const c = await w.api.post(`/v1/jobs/${job.id}/cancel`);
    expectProblem(c, 409, "invalid_state");
    expect(c.body.detail).toContain("completed");
  });
});

describe("shutdown", () => {
  test("a stopping runner releases its job at the next boundary without counting an attempt; the next run resumes", async () => {
    const w = app.newWorkspace();
    put(w, { kind: "test.chunks", args: { chunks: 3, gated: true } });
    const first = runner();
    const running = first.runOnce();
    await until(() => gate.pending === 1, "the first chunk");
    gate.open();
    await until(() => gate.pending === 1, "the second chunk");
    await first.stop(1000);
    gate.open();
    expect(await running).toMatchObject({ state: "available", attempts: 0, progress: { done: 2 }, leaseOwner: null });
    const next = runner();
    const resumed = next.runOnce();
    await until(() => gate.pending === 1, "the resumed chunk");
    gate.open();
    expect(await resumed).toMatchObject({ state: "completed", attempts: 0, progress: { done: 3 }, result: { chunks: 3 } });
  });
});

describe("failures", () => {
  test("a failing job retries with exponential backoff, then fails after max_attempts", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.flaky", maxAttempts: 3 });
    const r = runner();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const after = await runJob(r, job.id);
      expect(after).toMatchObject({ state: "available", attempts: attempt, lastError: { code: "error", detail: "upstream answered 503", at: app.clock.now() } });
      delays.push(after.runAt - app.clock.now());
      expect(await r.runOnce()).toBeNull(); // not due yet
      app.clock.advance(after.runAt - app.clock.now());
    }
    // 2 s then 4 s, each ±10%
    expect(delays[0]).toBeGreaterThanOrEqual(1800);
    expect(delays[0]).toBeLessThanOrEqual(2200);
    expect(delays[1]).toBeGreaterThanOrEqual(3600);
    expect(delays[1]).toBeLessThanOrEqual(4400);
    const last = await runJob(r, job.id);
    expect(last).toMatchObject({ state: "failed", attempts: 3, finishedAt: app.clock.now() });
    const g = await w.api.get(`/v1/jobs/${job.id}`);
    expect(g.body).toMatchObject({ state: "failed", attempts: 3, last_error: { code: "error", detail: "upstream answered 503" } });
  });

  test("a handler's maxAttempts caps its kind; a non-retryable error fails at once", async () => {
    const w = app.newWorkspace();
    const capped = put(w, { kind: "test.capped" });
    const r = runner();
    expect(await runJob(r, capped.id)).toMatchObject({ state: "available", attempts: 1, lastError: { code: "upstream_down" } });
    app.clock.advance(row(capped.id).runAt - app.clock.now());
    expect(await runJob(r, capped.id)).toMatchObject({ state: "failed", attempts: 2, lastError: { code: "upstream_down" } });
    const fatal = put(w, { kind: "test.fatal" });
    expect(await runJob(r, fatal.id)).toMatchObject({ state: "failed", attempts: 1, lastError: { code: "bad_args", detail: "no retry can fix this" } });
  });

  test("snooze waits without counting an attempt", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.snooze" });
    const r = runner();
    const first = await runJob(r, job.id);
    expect(first).toMatchObject({ state: "available", attempts: 0, lastError: null, runAt: app.clock.now() + 30_000 });
    expect(await r.runOnce()).toBeNull();
    app.clock.advance(30_000);
    expect(await runJob(r, job.id)).toMatchObject({ state: "completed", attempts: 0, result: { waited: true } });
  });

  test("a kind without a handler fails with unknown_kind", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.nobody-handles-this" });
    expect(await runJob(runner(), job.id)).toMatchObject({ state: "failed", attempts: 1, lastError: { code: "unknown_kind" } });
    expect((await w.api.get(`/v1/jobs/${job.id}`)).body.last_error.code).toBe("unknown_kind");
  });

  test("a result over 64 KiB is refused and the job fails", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.big" });
    const after = await runJob(runner(), job.id);
    expect(after).toMatchObject({ state: "failed", result: null, lastError: { code: "result_too_large" } });
  });
});

describe("GET /v1/jobs/{id}", () => {
  test("the full Job shape", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 2 } });
    const created = new Date(app.clock.now()).toISOString();
    app.clock.advance(1000);
    await runJob(runner(), job.id);
    const finished = new Date(app.clock.now()).toISOString();
    const g = await w.api.get(`/v1/jobs/${job.id}`);
    expectOk(g);
    expect(g.body).toEqual({
      id: job.id,
      object: "job",
      kind: "test.chunks",
      state: "completed",
      attempts: 0,
      cancel_requested_at: null,
      finished_at: finished,
      last_error: null,
      progress: { done: 2 },
      result: { chunks: 2 },
      created_at: created,
      updated_at: finished,
    });
  });

  test("needs automation:read; cancel needs automation:manage", async () => {
    const w = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 1 } });
    const { createKey } = await import("../../src/modules/workspaces/workspaces");
    const people = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    expectProblem(await people.get(`/v1/jobs/${job.id}`), 403, "forbidden");
    const reader = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["automation:read"], kind: "api" }).token);
    expectOk(await reader.get(`/v1/jobs/${job.id}`));
    const refused = await reader.post(`/v1/jobs/${job.id}/cancel`);
    expectProblem(refused, 403, "forbidden");
    expect(refused.body.detail).toContain("automation:manage");
    expect(row(job.id).state).toBe("available");
    await w.api.post(`/v1/jobs/${job.id}/cancel`);
  });

  test("a job is invisible to other workspaces and to its own test twin", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const job = put(w, { kind: "test.chunks", args: { chunks: 1 } });
    await expectIsolated([other.api, w.testApi], { resourcePath: `/v1/jobs/${job.id}`, id: job.id, routes: [["POST", `/v1/jobs/${job.id}/cancel`]] });
    expect(row(job.id).state).toBe("available");
    await w.api.post(`/v1/jobs/${job.id}/cancel`);
  });
});

describe("periodic tasks", () => {
  test("croner runs each task on its pattern; a throwing task is logged, not fatal", async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const ctx = { ...app.ctx, log: { ...app.ctx.log, error: (_m: string, f?: unknown) => errors.push(f) } };
    const periodic = new PeriodicTasks(ctx, runner(), [
      { name: "count", pattern: "* * * * * *", run: () => void runs++ },
      {
        name: "boom",
        pattern: "* * * * * *",
        run: () => {
          throw new Error("boom");
        },
      },
    ]);
    periodic.start();
    try {
      await until(() => runs > 0 && errors.length > 0, "a periodic run", 5000);
    } finally {
      await periodic.stop();
    }
    expect(errors[0]).toMatchObject({ task: "boom", error: "boom" });
  });
});
