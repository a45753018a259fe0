// `serve` as a process: first start creates and migrates ./data, a restart
// migrates nothing, and SIGTERM lets an in-flight request finish before exit 0.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { embeddedMigrations } from "../../src/db/migrations.gen";
import { Api, expectOk } from "../helpers/http";
import { runCli, ServeProcess, SOURCE_CLI, tempDirs } from "./proc";

const dirs = tempDirs("serve");
const newDir = dirs.make;
afterAll(dirs.cleanup);

describe("start-up", () => {
  test("the first start creates ./data and migrates; a second start migrates nothing", async () => {
    const cwd = newDir();
    const first = await ServeProcess.start(SOURCE_CLI, [], { cwd });
    try {
      expect(await first.waitLog("database ready")).toMatchObject({ file: join(cwd, "data", "nearbound.sqlite"), migrations_applied: embeddedMigrations.length });
      expect(existsSync(join(cwd, "data", "nearbound.sqlite"))).toBe(true);
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await fetch(`${first.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
      // every request leaves one JSON access-log line on stdout
      const traced = await fetch(`${first.url}/healthz`, { headers: { "x-request-id": "trace-log-1" } });
      expect(traced.headers.get("x-request-id")).toBe("trace-log-1");
      const line = await first.waitLogWhere((l) => l.msg === "request" && l.request_id === "trace-log-1");
      expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", status: 200, workspace_id: null });
      expect(typeof line.duration_ms).toBe("number");
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(first.logs.at(-1)?.msg).toBe("stopped");

    const second = await ServeProcess.start(SOURCE_CLI, [], { cwd });
    try {
      expect((await second.waitLog("database ready")).migrations_applied).toBe(0);
      expectOk(await new Api(second.url, null).get("/readyz"));
    } finally {
      expect(await second.stop()).toBe(0);
    }
    const db = new Database(join(cwd, "data", "nearbound.sqlite"), { readonly: true });
    expect(db.query("SELECT count(*) AS n FROM __drizzle_migrations").get()).toEqual({ n: embeddedMigrations.length });
    db.close();
  });
});

/** One HTTP/1.1 exchange over a raw socket, so the test decides when each byte is sent. */
async function rawRequest(url: string) {
  const { hostname, port } = new URL(url);
  let received = "";
  let onData: () => void = () => {};
  let closed = false;
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_s, chunk) {
        received += new TextDecoder().decode(chunk);
        onData();
      },
      close() {
        closed = true;
        onData();
      },
    },
  });
  const waitFor = async (pred: (text: string) => boolean, what: string) => {
    while (!pred(received)) {
      if (closed) throw new Error(`connection closed before ${what}; got: ${received}`);
      await new Promise<void>((r) => (onData = r));
    }
  };
  return { socket, waitFor, text: () => received };
}

/** The complete final (non-1xx) response in raw HTTP/1.1 text, or null while it is still arriving. */
function finalResponse(text: string): { status: number; body: string } | null {
  let rest = text;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const head = rest.slice(0, end);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    rest = rest.slice(end + 4);
    if (status >= 200) {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      return Buffer.byteLength(rest) >= length ? { status, body: rest } : null;
    }
  }
}

describe("graceful shutdown", () => {
  test("SIGTERM: no new connections, the in-flight request completes, exit 0", async () => {
    const dataDir = newDir();
    const w = (await runCli(SOURCE_CLI, ["workspace", "create", "--name", "Acme", "--data-dir", dataDir])).json();
    const serve = await ServeProcess.start(SOURCE_CLI, ["--data-dir", dataDir]);
    try {
      // A request whose body is still arriving when the signal comes. `Expect:
      // 100-continue` makes the server say when it has taken the request in.
      const body = JSON.stringify({ provider: "smtp", scope_key: "relay.example:587", messages_per_day: 500 });
      const half = Math.floor(body.length / 2);
      const req = await rawRequest(serve.url);
      req.socket.write(
        `POST /v1/quota_scopes HTTP/1.1\r\nHost: ${new URL(serve.url).host}\r\nAuthorization: Bearer ${w.api_key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, half)}`,
      );
      await req.waitFor((t) => t.startsWith("HTTP/1.1 100"), "100 Continue");

      serve.proc.kill("SIGTERM");
      await serve.waitLog("shutting down");
      // the listener is closed: a new client is refused
      await expect(fetch(`${serve.url}/healthz`)).rejects.toThrow();

      req.socket.write(body.slice(half));
      await req.waitFor((t) => finalResponse(t) !== null, "the response");
      const res = finalResponse(req.text())!;
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body)).toMatchObject({ provider: "smtp", scope_key: "relay.example:587" });
      req.socket.end();

      // exit code 0 also means it finished inside its 9.5 s hard limit
      expect(await serve.exited).toBe(0);
      expect(serve.logs.map((l) => l.msg)).toContain("stopped");
    } finally {
      await serve.stop();
    }
    // the write of the in-flight request was committed before the database closed
    const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
    expect(db.query("SELECT scope_key FROM quota_scopes").all()).toEqual([{ scope_key: "relay.example:587" }]);
    db.close();
  });
});

describe("start-up refusals and warnings", () => {
  test("a port in use: one line on stderr, a non-zero exit, and no data directory created or migrated", async () => {
    const taken = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const dataDir = join(newDir(), "data");
    try {
      const r = await runCli(SOURCE_CLI, ["serve", "--port", String(taken.port), "--data-dir", dataDir]);
      expect(r.code).not.toBe(0);
      expect(r.stderr.trim().split("\n")).toEqual([`nearbound: cannot listen on 127.0.0.1:${taken.port}: address already in use (is another serve running?)`]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      taken.stop(true);
    }
  });

  test("an EHLO name that is not fully qualified is warned about", async () => {
    const serve = await ServeProcess.start(SOURCE_CLI, ["--data-dir", join(newDir(), "data")], { env: { NEARBOUND_HOSTNAME: "mailbox" } });
    try {
      expect(await serve.waitLog("NEARBOUND_HOSTNAME is not a fully qualified domain name: receiving mail servers refuse such EHLO names; set it to this host's public name")).toMatchObject({ level: "warn", hostname: "mailbox" });
    } finally {
      await serve.stop();
    }
  });

  test("a fully qualified EHLO name is not warned about", async () => {
    const serve = await ServeProcess.start(SOURCE_CLI, ["--data-dir", join(newDir(), "data")], { env: { NEARBOUND_HOSTNAME: "mail.outreach-example.com" } });
    try {
      expect(serve.logs.some((l) => String(l.msg).startsWith("NEARBOUND_HOSTNAME"))).toBe(false);
    } finally {
      await serve.stop();
    }
  });
});
