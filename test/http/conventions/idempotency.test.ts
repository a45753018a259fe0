import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { idempotencyKeys } from "../../../src/db/schema";
import { periodicTasks } from "../../../src/jobs/periodic";
import { startTestApp, type TestApp } from "../../helpers/app";
import { createQuotaScope } from "../../helpers/factory";
import { expectEnvelope, expectOk, expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const body = () => ({ provider: "smtp", scope_key: `relay-${crypto.randomUUID()}`, messages_per_day: 10 });

describe("Idempotency-Key (API B)", () => {
  test("a retry replays status, headers and body, and does the work once", async () => {
    const w = app.newWorkspace();
    const b = body();
    const first = await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "create-1" });
    expectOk(first, 201);
    const again = await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "create-1" });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await w.api.get("/v1/quota_scopes?include=total_count")).body.meta.total_count).toBe(1);
  });

  test("an answered error is replayed too", async () => {
    const w = app.newWorkspace();
    const b = body();
    await createQuotaScope(w.api, b);
    const dup = await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "dup-1" });
    expectProblem(dup, 409, "conflict");
    const replay = await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "dup-1" });
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe("conflict");
  });

  test("the same key with a different request is 422 idempotency_key_reuse", async () => {
    const w = app.newWorkspace();
    expectOk(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "k" }), 201);
    expectProblem(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "k" }), 422, "idempotency_key_reuse");
  });

  test("a retry while the first is still running is 409 idempotency_in_progress", async () => {
    const w = app.newWorkspace();
    const b = body();
    // the state a concurrent first request leaves while it runs
    const { createHmac } = await import("node:crypto");
    const fp = createHmac("sha256", app.ctx.secrets.derive("idempotency")).update(`POST /v1/quota_scopes\n${JSON.stringify(b)}`).digest("hex");
    const now = app.clock.now();
    app.ctx.db.insert(idempotencyKeys).values({ workspaceId: w.id, api: "b", key: "running", fingerprint: fp, state: "in_progress", createdAt: now, expiresAt: now + 86_400_000 }).run();
    expectProblem(await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "running" }), 409, "idempotency_in_progress");
  });

  test("the stored fingerprint is keyed: a body holding a secret cannot be guessed back from it", async () => {
    const w = app.newWorkspace();
    const b = body();
    expectOk(await w.api.post("/v1/quota_scopes", b, { "idempotency-key": "keyed" }), 201);
    const { createHash } = await import("node:crypto");
    const plain = createHash("sha256").update(`POST /v1/quota_scopes\n${JSON.stringify(b)}`).digest("hex");
    const row = app.ctx.db.select().from(idempotencyKeys).all().find((r) => r.workspaceId === w.id && r.key === "keyed")!;
    expect(row.fingerprint).not.toBe(plain);
  });

  test("the same key in another workspace is a request of its own", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    expectOk(await a.api.post("/v1/quota_scopes", body(), { "idempotency-key": "shared" }), 201);
    expectOk(await b.api.post("/v1/quota_scopes", body(), { "idempotency-key": "shared" }), 201);
  });

  test("a key over 128 characters is 422", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "x".repeat(129) }), 422, "validation_failed");
  });

  test("a key with a space is 422", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "has space" }), 422, "validation_failed");
  });

  test("after 24 h the key is free: a different request with it is a new one", async () => {
    const w = app.newWorkspace();
    expectOk(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "shared" }), 201);
    app.clock.advance(24 * 3600 * 1000 + 1);
    expectOk(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "shared" }), 201);
  });

  test("the purge removes expired keys", async () => {
    const w = app.newWorkspace();
    expectOk(await w.api.post("/v1/quota_scopes", body(), { "idempotency-key": "old" }), 201);
    app.clock.advance(24 * 3600 * 1000 + 1);
    const purge = periodicTasks.find((t) => t.name === "idempotency.purge")!;
    await purge.run(app.ctx, app.running.runner);
    const left = app.ctx.db.select().from(idempotencyKeys).all().filter((r) => r.expiresAt < app.clock.now());
    expect(left).toHaveLength(0);
  });
});

describe("Idempotency-Key (API A)", () => {
  const path = "/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/verify";

  test("a key of 255 characters is accepted (the request goes on to its own answer)", async () => {
    const w = app.newWorkspace();
    expectEnvelope(await w.apiA.post(path, undefined, { "idempotency-key": "k".repeat(255) }), 404, "not_found");
  });

  test("a key of 256 characters is refused with the envelope", async () => {
    const w = app.newWorkspace();
    expectEnvelope(await w.apiA.post(path, undefined, { "idempotency-key": "k".repeat(256) }), 422, "invalid_param");
  });
});

describe("Idempotency-Key with a secret in the answer", () => {
  test("the stored answer is sealed, and the replay still carries the secret", async () => {
    const w = app.newWorkspace();
    const first = await w.api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook" }, { "idempotency-key": "hook-1" });
    expectOk(first, 201);
    expect(first.body.secret).toStartWith("whsec_");
    const row = app.ctx.db.select().from(idempotencyKeys).all().find((r) => r.key === "hook-1")!;
    expect(row.body).not.toContain(first.body.secret);
    const again = await w.api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook" }, { "idempotency-key": "hook-1" });
    expect(again.body).toEqual(first.body);
  });
});
