// Another process holding the database's write lock never freezes the server:
// writes wait asynchronously and answer 503 after NEARBOUND_DB_BUSY_TIMEOUT_MS,
// reads and /healthz answer meanwhile, and nothing is half-done.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../../helpers/app";
import { expectOk, expectProblem } from "../../helpers/http";

let app: TestApp;
let other: Database;
beforeAll(async () => {
  app = await startTestApp({ env: { NEARBOUND_DB_BUSY_TIMEOUT_MS: "400" } });
  // a second connection, as the CLI or another process would open it
  other = new Database(join(app.dataDir, "nearbound.sqlite"));
});
afterAll(async () => {
  other.close();
  await app.close();
});

/** Holds the write lock until the returned function is called. */
function holdWriteLock(): () => void {
  other.exec("BEGIN IMMEDIATE");
  return () => other.exec("COMMIT");
}

describe("a database locked by another process", () => {
  test("a write answers 503 service_unavailable with retry_after once the busy timeout passed, and changes nothing", async () => {
    const w = app.newWorkspace();
    const release = holdWriteLock();
    try {
      const r = await w.api.post("/v1/groups", { name: "Leads" });
      expectProblem(r, 503, "service_unavailable");
      expect(r.body.retry_after).toBe(1);
      expect(r.headers.get("retry-after")).toBe("1");
    } finally {
      release();
    }
    expect((await w.api.get("/v1/groups")).body.data).toEqual([]);
  });

  test("/healthz and reads answer while a write waits for the lock", async () => {
    const w = app.newWorkspace();
    const release = holdWriteLock();
    let writeDone = false;
    const write = w.api.post("/v1/groups", { name: "Leads" }).then((r) => ((writeDone = true), r));
    try {
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      expectOk(await w.api.get("/v1/groups"));
      expect(writeDone).toBe(false);
    } finally {
      release();
    }
    await write;
  });

  test("a write whose lock is released while it waits succeeds", async () => {
    const w = app.newWorkspace();
    const release = holdWriteLock();
    const write = w.api.post("/v1/groups", { name: "Leads" });
    await new Promise((r) => setImmediate(r));
    release();
    expectOk(await write, 201);
    expect((await w.api.get("/v1/groups")).body.data.map((g: { name: string }) => g.name)).toEqual(["Leads"]);
  });

  test("an Idempotency-Key that met a busy database is free again: its retry does the work once", async () => {
    const w = app.newWorkspace();
    const headers = { "idempotency-key": `busy-${crypto.randomUUID()}` };
    const release = holdWriteLock();
    try {
      expectProblem(await w.api.post("/v1/groups", { name: "Leads" }, headers), 503, "service_unavailable");
    } finally {
      release();
    }
    const retried = await w.api.post("/v1/groups", { name: "Leads" }, headers);
    expectOk(retried, 201);
    expect((await w.api.post("/v1/groups", { name: "Leads" }, headers)).headers.get("idempotent-replayed")).toBe("true");
    expect((await w.api.get("/v1/groups")).body.data).toHaveLength(1);
  });

  test("a CSV upload (which cannot be sent again by the server) answers 503 at once", async () => {
    const w = app.newWorkspace();
    const release = holdWriteLock();
    try {
      expectProblem(await w.api.post("/v1/imports", "email\nada@example.com\n", { "content-type": "text/csv" }), 503, "service_unavailable");
    } finally {
      release();
    }
  });
});

describe("background work under a locked database", () => {
  test("a job that meets the lock is snoozed, not failed: no attempt counted, it runs again later", async () => {
    const { JobRunner } = await import("../../../src/jobs/runner");
    const { enqueue } = await import("../../../src/jobs/queue");
    const { jobs } = await import("../../../src/db/schema");
    const { eq } = await import("drizzle-orm");
    const w = app.newWorkspace();
    const job = enqueue(app.ctx, app.ctx.db, { workspaceId: w.id, kind: "test.writes" });
    const runner = new JobRunner(app.ctx, [
      {
        kind: "test.writes",
        run(jc) {
          // the claim committed; another process holds the lock at the moment of the job's own write
          const release = holdWriteLock();
          try {
            jc.app.db.$client.exec("CREATE TABLE IF NOT EXISTS busy_probe (x)");
          } finally {
            release();
          }
          return jc.done();
        },
      },
    ]);
    expect(await runner.runOnce()).toMatchObject({ id: job.id, state: "available", attempts: 0, runAt: app.clock.now() + 1000 });
    expect(app.ctx.db.select().from(jobs).where(eq(jobs.id, job.id)).get()).toMatchObject({ state: "available", lastError: null });
  });
});
