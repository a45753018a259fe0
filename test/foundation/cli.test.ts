// The run contract of DESIGN.md §2, driven as an operator does: separate
// processes of `bun src/main.ts`, a real data directory, JSON on stdout.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { embeddedMigrations } from "../../src/db/migrations.gen";
import { SCOPES } from "../../src/modules/workspaces/scopes";
import { Api, expectOk, until } from "../helpers/http";
import { expectCreatedWorkspace, runCli, ServeProcess, SOURCE_CLI, tempDirs } from "./proc";

// several tests start a score of CLI processes at once: on two busy cores that takes seconds, not a hang
setDefaultTimeout(30_000);

const dirs = tempDirs("cli");
const newDataDir = dirs.make;
afterAll(dirs.cleanup);

const cli = (args: string[], env?: Record<string, string>) => runCli(SOURCE_CLI, args, { env });
const KEY = /^key_[0-9a-f]{32}$/;
const token = (prefix: string) => new RegExp(`^${prefix}[0-9A-Za-z]{40}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function createWorkspace(dataDir: string) {
  const r = await cli(["workspace", "create", "--name", "Acme", "--data-dir", dataDir]);
  expect(r.code).toBe(0);
  return r.json();
}

describe("workspace create", () => {
  test("prints exactly the JSON object of DESIGN.md, with prefixed full-scope keys", async () => {
    const r = await cli(["workspace", "create", "--name", "Acme", "--data-dir", newDataDir()]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expectCreatedWorkspace(r.json());
  });

  test("--name is required", async () => {
    const r = await cli(["workspace", "create", "--data-dir", newDataDir()]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("--name is required");
  });

  test("a name with a line break or a control character is refused, naming it, before anything is created", async () => {
    const dataDir = join(newDataDir(), "data");
    for (const [name, words] of [
      ["Acme\r\nBcc: x@evil.test", "--name: name contains a line break (U+000D carriage return) at position 5"],
      ["\u001b[31mAcme", "--name: name contains a control character (U+001B escape) at position 1"],
      ["Acme\tCorp", "--name: name contains a control character (U+0009 tab) at position 5"],
    ]) {
      const r = await cli(["workspace", "create", "--name", name!, "--data-dir", dataDir]);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: "" });
      expect(r.stderr).toContain(words!);
    }
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("keys", () => {
  test("create for live and twin, list without tokens, revoke", async () => {
    const dataDir = newDataDir();
    const w = await createWorkspace(dataDir);
    const live = await cli(["key", "create", "--workspace", w.workspace_id, "--scopes", "people:read,people:write", "--data-dir", dataDir]);
    expect(live.code).toBe(0);
    const k = live.json();
    expect(Object.keys(k).sort()).toEqual(["id", "scopes", "token"]);
    expect(k.id).toMatch(KEY);
    expect(k.token).toMatch(token("nb_live_"));
    expect(k.scopes).toEqual(["people:read", "people:write"]);

    const twin = (await cli(["key", "create", "--workspace", w.test_workspace_id, "--scopes", "people:read", "--data-dir", dataDir])).json();
    expect(twin.token).toMatch(token("nb_test_"));
    const verification = (await cli(["key", "create", "--workspace", w.workspace_id, "--kind", "verification", "--data-dir", dataDir])).json();
    expect(verification.token).toMatch(token("ak_live_"));
    const session = (await cli(["key", "create", "--workspace", w.workspace_id, "--kind", "workspace", "--data-dir", dataDir])).json();
    expect(session.token).toMatch(token("nbs_"));
    expect(session.scopes).toEqual([...SCOPES]);
    const cliToken = (await cli(["key", "create", "--workspace", w.workspace_id, "--kind", "cli", "--data-dir", dataDir])).json();
    expect(cliToken.token).toMatch(token("nbc_"));

    const list = await cli(["key", "list", "--workspace", w.workspace_id, "--data-dir", dataDir]);
    expect(list.code).toBe(0);
    const keys = list.json() as any[];
    // workspace create made an API key and a verification key for the live workspace
    expect(keys).toHaveLength(6);
    const listed = keys.find((x) => x.id === k.id);
    expect(listed).toEqual({ id: k.id, kind: "api", token_prefix: k.token.slice(0, 12), scopes: ["people:read", "people:write"], created_at: expect.stringMatching(ISO), revoked_at: null });
    for (const t of [k.token, verification.token, session.token, cliToken.token, w.api_key]) expect(list.stdout).not.toContain(t);
    expect(keys.map((x) => x.id)).not.toContain(twin.id);

    const revoked = await cli(["key", "revoke", k.id, "--data-dir", dataDir]);
    expect(revoked.code).toBe(0);
    expect(revoked.json()).toEqual({ id: k.id, revoked_at: expect.stringMatching(ISO) });
    const after = (await cli(["key", "list", "--workspace", w.workspace_id, "--data-dir", dataDir])).json() as any[];
    expect(after.find((x) => x.id === k.id).revoked_at).toBe(revoked.json().revoked_at);
    // revoking again is a no-op that keeps the first revocation time
    expect((await cli(["key", "revoke", k.id, "--data-dir", dataDir])).json()).toEqual(revoked.json());
  });

  test("bad input is refused with a precise message", async () => {
    const dataDir = newDataDir();
    const w = await createWorkspace(dataDir);
    const cases: [string[], number, string][] = [
      [["key", "create", "--workspace", w.workspace_id, "--scopes", "people:read,people:fly"], 2, `unknown scope(s) people:fly; valid scopes: ${SCOPES.join(", ")}`],
      [["key", "create", "--workspace", "wsp_00000000000000000000000000000000", "--scopes", "people:read"], 1, "wsp_00000000000000000000000000000000"],
      [["key", "create", "--workspace", "acme", "--scopes", "people:read"], 2, "--workspace acme: expected wsp_"],
      // these tokens carry every scope: --scopes would be silently ignored
      [["key", "create", "--workspace", w.workspace_id, "--kind", "cli", "--scopes", "people:read"], 2, "--scopes does not apply to --kind cli"],
      [["key", "create", "--workspace", w.workspace_id, "--kind", "workspace", "--scopes", "people:read"], 2, "--scopes does not apply to --kind workspace"],
      [["key", "list", "--workspace", "wsp_00000000000000000000000000000000"], 1, "No workspace wsp_00000000000000000000000000000000"],
      [["key", "create", "--workspace", w.workspace_id], 2, "--scopes is required"],
      [["key", "create", "--workspace", w.workspace_id, "--scopes", "people:read", "--kind", "root"], 2, "--kind must be"],
      [["key", "list"], 2, "--workspace is required"],
      [["key", "revoke"], 2, "key revoke needs a key id"],
      [["key", "revoke", "key_00000000000000000000000000000000"], 1, "key_00000000000000000000000000000000"],
      [["key", "revoke", "k1"], 2, "key id k1: expected key_"],
    ];
    const results = await Promise.all(cases.map(([args]) => cli([...args, "--data-dir", dataDir])));
    results.forEach((r, i) => {
      const [args, code, text] = cases[i]!;
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code, stdout: "" });
      expect(r.stderr).toContain(text);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    });
  });

  test("key commands on a data directory without a database create nothing", async () => {
    const dataDir = newDataDir();
    const ws = "wsp_00000000000000000000000000000000";
    const commands = [
      ["key", "create", "--workspace", ws, "--scopes", "people:read"],
      ["key", "list", "--workspace", ws],
      ["key", "revoke", "key_00000000000000000000000000000000"],
    ];
    for (const dir of [dataDir, join(dataDir, "missing")]) {
      const results = await Promise.all(commands.map((c) => cli([...c, "--data-dir", dir])));
      results.forEach((r, i) => {
        expect({ command: commands[i], failed: r.code !== 0, stdout: r.stdout }).toEqual({ command: commands[i]!, failed: true, stdout: "" });
        expect(r.stderr.trim()).toBe(`nearbound: no database in ${dir} (did you pass the same --data-dir as serve?)`);
      });
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe("usage", () => {
  test("--help on every command exits 0 with its usage", async () => {
    const commands = [[], ["serve"], ["workspace"], ["workspace", "create"], ["key"], ["key", "create"], ["key", "list"], ["key", "revoke"], ["migrate"], ["backup"]];
    const results = await Promise.all(commands.map((c) => cli([...c, "--help"])));
    results.forEach((r, i) => {
      expect({ command: commands[i], code: r.code }).toEqual({ command: commands[i]!, code: 0 });
      expect(r.stdout).toStartWith(`Usage: nearbound ${commands[i]!.join(" ")}`.trimEnd());
    });
    const bare = await cli([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain("Commands:");
  });

  test("a group's --help lists its subcommands", async () => {
    const [key, workspace] = await Promise.all([cli(["key", "--help"]), cli(["workspace", "--help"])]);
    for (const sub of ["create --workspace ID", "list --workspace ID", "revoke ID"]) expect(key.stdout).toContain(`\n  ${sub} `);
    expect(workspace.stdout).toContain("\n  create --name N ");
  });

  test("key create --help lists every scope", async () => {
    const r = await cli(["key", "create", "--help"]);
    for (const scope of SCOPES) expect(r.stdout).toContain(`\n  ${scope} `);
  });

  test("the top-level help says to pass serve's --data-dir", async () => {
    expect((await cli(["--help"])).stdout).toContain("pass the same --data-dir (or\nNEARBOUND_DATA_DIR) as serve");
  });

  test("an unknown command exits 2", async () => {
    for (const args of [["frobnicate"], ["frobnicate", "--help"], ["workspace", "delete"], ["key", "delete", "--help"]]) {
      const r = await cli(args);
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: "" });
      expect(r.stderr).toContain(`unknown command: ${args.filter((a) => a !== "--help").join(" ")}`);
    }
    const bare = await cli(["key"]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("key needs a subcommand");
  });

  test("a failing command checks its arguments before creating the data directory", async () => {
    const dataDir = join(newDataDir(), "data");
    const w = "wsp_00000000000000000000000000000000";
    const failing = [
      ["workspace", "create"],
      ["workspace", "create", "--name", "  "],
      ["workspace", "create", "--name", "x".repeat(201)],
      ["key", "create", "--scopes", "people:read"],
      ["key", "create", "--workspace", "acme", "--scopes", "people:read"],
      ["key", "create", "--workspace", w],
      ["key", "create", "--workspace", w, "--scopes", "people:fly"],
      ["key", "create", "--workspace", w, "--kind", "root", "--scopes", "people:read"],
      ["key", "create", "--workspace", w, "--kind", "cli", "--scopes", "people:read"],
      ["key", "create", "--workspace", w, "--scopes", "people:read"],
      ["key", "list"],
      ["key", "list", "--workspace", "acme"],
      ["key", "list", "--workspace", w],
      ["key", "revoke"],
      ["key", "revoke", "k1"],
      ["key", "revoke", "key_00000000000000000000000000000000"],
      ["backup"],
      ["backup", "--to", join(dataDir, "..", "copy.sqlite")],
      ["key"],
      ["frobnicate"],
    ];
    const results = await Promise.all(failing.map((c) => cli([...c, "--data-dir", dataDir])));
    results.forEach((r, i) => expect({ command: failing[i], failed: r.code !== 0 }).toEqual({ command: failing[i]!, failed: true }));
    expect(existsSync(dataDir)).toBe(false);
  });

  test("invalid configuration stops start-up with one line naming the setting", async () => {
    const cases: [Record<string, string>, string[], string][] = [
      [{ NEARBOUND_HTTP_PORT: "abc" }, ["serve"], "NEARBOUND_HTTP_PORT"],
      [{ NEARBOUND_DNS_SERVERS: "bad::x" }, ["serve"], "NEARBOUND_DNS_SERVERS"],
      [{ NEARBOUND_SMTP_RELAY: "relay:99999" }, ["migrate"], "NEARBOUND_SMTP_RELAY"],
      [{ NEARBOUND_BASE_URL: "ftp://example.com" }, ["serve"], "NEARBOUND_BASE_URL"],
      [{ NEARBOUND_SECRET_KEY: "short" }, ["serve"], "NEARBOUND_SECRET_KEY"],
      [{}, ["serve", "--port", "70000"], "--port"],
    ];
    const dataDir = newDataDir();
    const results = await Promise.all(cases.map(([env, args]) => cli([...args, "--data-dir", dataDir], env)));
    results.forEach((r, i) => {
      const setting = cases[i]![2];
      expect({ setting, failed: r.code !== 0 }).toEqual({ setting, failed: true });
      const lines = r.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toStartWith(`nearbound: invalid configuration: ${setting}`);
    });
  });
});

describe("migrate", () => {
  test("applies every embedded migration once; a second run applies none", async () => {
    const dataDir = newDataDir();
    const first = await cli(["migrate", "--data-dir", dataDir]);
    expect(first.code).toBe(0);
    expect(first.stderr.trim()).toBe(`applied ${embeddedMigrations.length} migration(s)`);
    const second = await cli(["migrate", "--data-dir", dataDir]);
    expect(second.code).toBe(0);
    expect(second.stderr.trim()).toBe("applied 0 migration(s)");
    const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
    expect(db.query("SELECT count(*) AS n FROM __drizzle_migrations").get()).toEqual({ n: embeddedMigrations.length });
    db.close();
  });
});

describe("backup", () => {
  test("a consistent copy while serve runs and writes", async () => {
    const dataDir = newDataDir();
    const w = await createWorkspace(dataDir);
    const serve = await ServeProcess.start(SOURCE_CLI, ["--data-dir", dataDir], { env: { NEARBOUND_RATE_LIMIT_PER_SECOND: "100000", NEARBOUND_RATE_LIMIT_BURST: "100000" } });
    try {
      const api = new Api(serve.url, w.api_key);
      let written = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const r = await api.post("/v1/quota_scopes", { provider: "smtp", scope_key: `relay-${written}:587`, messages_per_day: 100 });
          expectOk(r, 201);
          written++;
        }
      })();
      await until(() => written >= 20, "the first writes");
      const before = written;
      const to = join(dataDir, "backup", "copy.sqlite");
      expect((await cli(["backup", "--to", to, "--data-dir", dataDir])).stderr).toContain("does not exist");
      mkdirSync(join(dataDir, "backup"));
      const b = await cli(["backup", "--to", to, "--data-dir", dataDir]);
      const after = written;
      writing = false;
      await writer;
      expect(b.code).toBe(0);
      expect(b.stderr).toContain(`backup written to ${to}`);

      const copy = new Database(to, { readonly: true });
      expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(copy.query("SELECT count(*) AS n FROM workspaces").get()).toEqual({ n: 2 });
      const n = (copy.query("SELECT count(*) AS n FROM quota_scopes").get() as { n: number }).n;
      // a snapshot taken between the writes seen before and after the command
      expect(n).toBeGreaterThanOrEqual(before);
      expect(n).toBeLessThanOrEqual(after + 1);
      copy.close();

      const again = await cli(["backup", "--to", to, "--data-dir", dataDir]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain("already exists");
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  test("refuses a data directory without a database", async () => {
    const dataDir = newDataDir();
    const r = await cli(["backup", "--to", join(dataDir, "copy.sqlite"), "--data-dir", join(dataDir, "empty")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no database in");
  });

  test("the copy is readable by its owner only, whatever the umask", async () => {
    const dataDir = newDataDir();
    await createWorkspace(dataDir);
    const to = join(dataDir, "out", "copy.sqlite");
    mkdirSync(join(dataDir, "out"));
    // umask 0: without an explicit mode the file would be readable by everyone
    const r = await runCli(["sh", "-c", 'umask 0 && exec "$@"', "sh", ...SOURCE_CLI], ["backup", "--to", to, "--data-dir", dataDir]);
    expect(r.code).toBe(0);
    expect(statSync(to).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dataDir, "out"))).toEqual(["copy.sqlite"]);
  });
});
