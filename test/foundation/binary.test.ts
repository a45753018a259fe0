// The compiled executable, copied alone into an empty directory (no
// node_modules, no sources): it answers the run contract and upgrades a
// database made at an earlier migration.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "../../scripts/build";
import { embeddedMigrations } from "../../src/db/migrations.gen";
import { newId } from "../../src/lib/ids";
import { hashToken, newToken } from "../../src/modules/workspaces/tokens";
import { startDnsServer } from "../helpers/dns";
import { Api, expectOk, until } from "../helpers/http";
import { dsn } from "../helpers/reports";
import { smtpSend } from "../helpers/smtp-client";
import { freePort } from "../../scripts/bench/lib";
import { expectCreatedWorkspace, runCli, ServeProcess, SOURCE_CLI, tempDir } from "./proc";

let work: string;
let alone: string;
let BIN: string[];
beforeAll(async () => {
  work = tempDir("binary");
  // built from the current sources every run (about a second), never a stale dist/
  const built = await build(join(work, "build", "nearbound"));
  alone = join(work, "alone");
  mkdirSync(alone);
  copyFileSync(built, join(alone, "nearbound"));
  BIN = [join(alone, "nearbound")];
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the compiled binary alone", () => {
  test("workspace create prints the JSON of DESIGN.md; serve answers /healthz and the API", async () => {
    expect(readdirSync(alone)).toEqual(["nearbound"]);
    const created = await runCli(BIN, ["workspace", "create", "--name", "Acme"], { cwd: alone });
    expect(created.code).toBe(0);
    const w = created.json();
    expectCreatedWorkspace(w);

    const serve = await ServeProcess.start(BIN, [], { cwd: alone });
    try {
      const health = await fetch(`${serve.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expectOk(await new Api(serve.url, null).get("/readyz"));
      const ws = await new Api(serve.url, w.api_key).get(`/v1/workspaces/${w.workspace_id}`);
      expectOk(ws);
      expect(ws.body).toMatchObject({ id: w.workspace_id, name: "Acme", mode: "live" });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  test("--help and a bad setting behave as from source", async () => {
    const help = await runCli(BIN, ["--help"], { cwd: alone });
    expect(help.code).toBe(0);
    expect(help.stdout).toStartWith("Usage: nearbound");
    const bad = await runCli(BIN, ["serve"], { cwd: alone, env: { NEARBOUND_HTTP_PORT: "abc" } });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toStartWith("nearbound: invalid configuration: NEARBOUND_HTTP_PORT");
  });

  test("imports a CSV through the API: the import's worker is inside the binary", async () => {
    const dataDir = join(work, "import");
    mkdirSync(dataDir);
    const created = await runCli(BIN, ["workspace", "create", "--name", "Importer", "--data-dir", dataDir], { cwd: alone });
    expect(created.code).toBe(0);
    const w = created.json();
    const serve = await ServeProcess.start(BIN, ["--data-dir", dataDir], { cwd: alone });
    try {
      const api = new Api(serve.url, w.api_key);
      const csv = "email,first name,company\nada@example.com,Ada,Acme\nnot-an-address,Bob,Acme\nCHLOE@example.com,Chloé,\n";
      const posted = await api.post("/v1/imports", csv, { "content-type": "text/csv" });
      expectOk(posted, 202);
      const done = await until(async () => {
        const g = await api.get(`/v1/imports/${posted.body.id}`);
        return g.body.status === "queued" || g.body.status === "running" ? null : g.body;
      }, "the import to end", 20_000);
      expect(done).toMatchObject({ status: "completed", counts: { created: 2, updated: 0, skipped: 0, failed: 1 }, problem_count: 1 });
      expect(done.problems).toEqual([expect.objectContaining({ row: 3, column: "email", code: "format" })]);
      const people = await api.get(`/v1/people?import_id=${posted.body.id}`);
      expectOk(people);
      expect(people.body.data.map((p: any) => [p.email, p.given_name]).sort()).toEqual([
        ["CHLOE@example.com", "Chloé"],
        ["ada@example.com", "Ada"],
      ]);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  test("takes a bounce over SMTP and reads it, and sends a message: the ingest's analysis worker and the MTA's rendering worker are inside the binary", async () => {
    const dataDir = join(work, "inbound");
    mkdirSync(dataDir);
    const created = await runCli(BIN, ["workspace", "create", "--name", "Inbound", "--data-dir", dataDir], { cwd: alone });
    expect(created.code).toBe(0);
    const w = created.json();
    const dns = await startDnsServer(); // every lookup answered at once (NXDOMAIN)
    const smtpPort = await freePort();
    const serve = await ServeProcess.start(BIN, ["--data-dir", dataDir], { cwd: alone, env: { NEARBOUND_SMTP_PORT: String(smtpPort), NEARBOUND_DNS_SERVERS: dns.servers } });
    try {
      // the test twin verifies a sending domain without DNS
      const api = new Api(serve.url, w.test_api_key);
      const domain = await api.post("/v1/sending_domains", { domain: "mail.binary.test" });
      expectOk(domain, 201);
      expectOk(await api.post(`/v1/sending_domains/${domain.body.id}/verify`, {}), 202);
      // polled every 50 ms: a tight poll would run into the API's rate limit
      await until(async () => (await api.get(`/v1/sending_domains/${domain.body.id}`)).body.status === "verified", "the domain to verify", 20_000, 50);
      const identity = "ada@mail.binary.test";
      const connection = await api.post("/v1/connections", { kind: "managed", name: "MTA", identities: [{ email: identity, name: "Ada" }] });
      expectOk(connection, 201);
      // test mode: rendered and signed (on the rendering thread), recorded sent, never leaves
      const queued = await api.post("/v1/messages", { sender_identity_id: connection.body.identities[0].id, to: ["grace@recipient.test"], subject: "Hello", html: "<p>Hi Grace</p>" });
      expectOk(queued, 201);
      const sent = await until(async () => {
        const m = (await api.get(`/v1/messages/${queued.body.id}`)).body;
        return m.status === "queued" || m.status === "sending" ? null : m;
      }, "the message to be sent", 20_000, 50);
      expect(sent.status).toBe("sent");
      const bounce = await smtpSend(smtpPort, "", [identity], dsn({ to: identity, recipient: "gone@recipient.test" }));
      expect(bounce.data?.code).toBe(250);
      const inbound = await until(
        async () => {
          const page = (await api.get("/v1/inbound_messages")).body.data;
          return page?.[0]?.state === "processed" ? page[0] : null;
        },
        "the bounce to be ingested",
        20_000,
        50,
      );
      expect(inbound).toMatchObject({ kind: "bounce", matched_by: null });
      expect(inbound.authentication.spf.result).toBe("none");
      expect(inbound.report.recipients[0]).toMatchObject({ address: "gone@recipient.test", hard: true, reason: "user_unknown" });
    } finally {
      expect(await serve.stop()).toBe(0);
      await dns.close();
    }
  });

  test("serves the reference UI and its pinned assets from inside the binary, nothing from another origin", async () => {
    const dataDir = join(work, "docs");
    mkdirSync(dataDir);
    const serve = await ServeProcess.start(BIN, ["--data-dir", dataDir], { cwd: alone });
    try {
      const api = new Api(serve.url, null);
      const page = await api.get("/docs");
      expectOk(page);
      expect(page.text).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+/i);
      const script = page.text.match(/<script[^>]*\ssrc="(\/[^"]+)"/)?.[1];
      const style = page.text.match(/<link[^>]*\shref="(\/[^"]+)"/)?.[1];
      const js = await api.get(script!);
      expectOk(js);
      expect(js.headers.get("content-type")).toContain("javascript");
      expect(js.text).toBe(await Bun.file(require.resolve("swagger-ui-dist/swagger-ui-bundle.js")).text());
      const css = await api.get(style!);
      expectOk(css);
      expect(css.headers.get("content-type")).toContain("text/css");
      expect((await api.get("/docs/errors/invalid_param")).status).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  test("upgrades a database made at an earlier migration", async () => {
    const dataDir = join(work, "upgrade");
    mkdirSync(dataDir);
    // the state of an older release: only the first migration applied, as drizzle records it
    const old = new Database(join(dataDir, "nearbound.sqlite"));
    old.exec("PRAGMA journal_mode = WAL");
    const first = embeddedMigrations[0]!;
    for (const stmt of first.sql.split("--> statement-breakpoint")) if (stmt.trim()) old.exec(stmt);
    old.exec(`CREATE TABLE "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
    old.query("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)").run(createHash("sha256").update(first.sql).digest("hex"), first.when);
    // …and data written by it, which must survive the upgrade
    const [live, twin] = [newId("wsp"), newId("wsp")];
    const token = newToken("nb_live_");
    const now = Date.now();
    const addWorkspace = old.query("INSERT INTO workspaces (id, name, mode, twin_id, created_at, updated_at) VALUES (?, 'Old', ?, ?, ?, ?)");
    addWorkspace.run(live, "live", twin, now, now);
    addWorkspace.run(twin, "test", live, now, now);
    old.query("INSERT INTO api_keys (id, workspace_id, kind, token_prefix, token_hash, scopes, created_at) VALUES (?, ?, 'api', ?, ?, ?, ?)")
      .run(newId("key"), live, token.slice(0, 12), hashToken(token), JSON.stringify(["workspace:read"]), now);
    old.close();

    const migrated = await runCli(BIN, ["migrate", "--data-dir", dataDir], { cwd: alone });
    expect(migrated.code).toBe(0);
    expect(migrated.stderr.trim()).toBe(`applied ${embeddedMigrations.length - 1} migration(s)`);
    // the source tree agrees: nothing left to apply
    expect((await runCli(SOURCE_CLI, ["migrate", "--data-dir", dataDir])).stderr.trim()).toBe("applied 0 migration(s)");

    const serve = await ServeProcess.start(BIN, ["--data-dir", dataDir], { cwd: alone });
    try {
      expect((await serve.waitLog("database ready")).migrations_applied).toBe(0);
      const ready = await fetch(`${serve.url}/readyz`);
      expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
      const ws = await new Api(serve.url, token).get(`/v1/workspaces/${live}`);
      expectOk(ws);
      expect(ws.body).toMatchObject({ id: live, name: "Old", twin_id: twin });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });
});
