// Credentials: stored only as hashes, refused at once when revoked (by any
// process), and each bound to one workspace of a live/test pair.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectEnvelope, expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { runCli, SOURCE_CLI, tempDir } from "./proc";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const cli = (args: string[]) => runCli(SOURCE_CLI, args);

describe("stored credentials", () => {
  test("no token appears in the database file, only its SHA-256", async () => {
    const dataDir = tempDir("tokens");
    try {
      const w = (await cli(["workspace", "create", "--name", "Acme", "--data-dir", dataDir])).json();
      const k = (await cli(["key", "create", "--workspace", w.workspace_id, "--kind", "cli", "--data-dir", dataDir])).json();
      const file = join(dataDir, "nearbound.sqlite");
      // fold the WAL into the main file so every committed byte is in one place
      const db = new Database(file);
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      db.close();
      let bytes = readFileSync(file).toString("latin1");
      if (existsSync(`${file}-wal`)) bytes += readFileSync(`${file}-wal`).toString("latin1");
      for (const token of [w.api_key, w.test_api_key, w.verification_key, k.token]) {
        expect(bytes).toContain(createHash("sha256").update(token).digest("hex"));
        expect(bytes).not.toContain(token);
        // the stored display prefix keeps 4 characters of the secret; the rest never lands on disk
        const secret = token.slice(token.length - 40);
        expect(bytes).not.toContain(secret.slice(4));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("revocation", () => {
  test("a key revoked by the CLI process is refused on the next request", async () => {
    const w = app.newWorkspace();
    const k = (await cli(["key", "create", "--workspace", w.id, "--scopes", "workspace:read", "--data-dir", app.dataDir])).json();
    const api = w.api.withToken(k.token);
    expectOk(await api.get(`/v1/workspaces/${w.id}`));
    const revoked = await cli(["key", "revoke", k.id, "--data-dir", app.dataDir]);
    expect(revoked.code).toBe(0);
    expectProblem(await api.get(`/v1/workspaces/${w.id}`), 401, "unauthorized");
    // the workspace's other keys are untouched
    expectOk(await w.api.get(`/v1/workspaces/${w.id}`));
  });

  test("a revoked API A key is refused by API A", async () => {
    const w = app.newWorkspace();
    const k = (await cli(["key", "create", "--workspace", w.id, "--kind", "verification", "--data-dir", app.dataDir])).json();
    const apiA = w.apiA.withToken(k.token);
    const probe = () => apiA.post(`/v1/people/per_${"0".repeat(32)}/verify`);
    expectEnvelope(await probe(), 404, "not_found");
    await cli(["key", "revoke", k.id, "--data-dir", app.dataDir]);
    expectEnvelope(await probe(), 401, "unauthorized");
  });
});

describe("live and test-mode twins", () => {
  test("nb_test_ keys act on the test workspace, nb_live_ on the live one, never across", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const twin = await w.testApi.get(`/v1/workspaces/${w.testId}`);
    expectOk(twin);
    expect(twin.body).toMatchObject({ id: w.testId, mode: "test", twin_id: w.id });
    const live = await w.api.get(`/v1/workspaces/${w.id}`);
    expect(live.body).toMatchObject({ id: w.id, mode: "live", twin_id: w.testId });
    expectProblem(await w.testApi.get(`/v1/workspaces/${w.id}`), 404, "not_found");
    expectProblem(await w.api.get(`/v1/workspaces/${w.testId}`), 404, "not_found");

    // a key the CLI makes for the twin is a test key of the twin
    const k = (await cli(["key", "create", "--workspace", w.testId, "--scopes", "connections:read,connections:manage", "--data-dir", app.dataDir])).json();
    expect(k.token).toStartWith("nb_test_");
    const made = await w.testApi.withToken(k.token).post("/v1/quota_scopes", { provider: "smtp", scope_key: "relay:587" });
    expectOk(made, 201);
    expectOk(await w.testApi.get(`/v1/quota_scopes/${made.body.id}`));
    await expectIsolated([w.api, other.api, other.testApi], { resourcePath: `/v1/quota_scopes/${made.body.id}`, listPath: "/v1/quota_scopes", id: made.body.id });
  });

  test("each API takes only its own kind of token", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(w.verificationKey).get(`/v1/workspaces/${w.id}`), 401, "unauthorized");
    expectEnvelope(await w.apiA.withToken(w.apiKey).post(`/v1/people/per_${"0".repeat(32)}/verify`), 401, "unauthorized");
  });
});
