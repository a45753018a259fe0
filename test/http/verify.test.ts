import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import net, { type AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { groups, people, personGroups, type PersonStatus } from "../../src/db/schema";
import { iso } from "../../src/lib/clock";
import { newId } from "../../src/lib/ids";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { Api, expectEnvelope, expectOk, until } from "../helpers/http";

const HOSTNAME = "probe.nearbound.test";

// The mail server every MX of the zone points at (127.0.0.1). Its answer to
// RCPT depends on the recipient: accepted addresses, catch-all and greylisting
// domains, a domain whose RCPT never answers until the test releases it.
const accepted = new Set(["jane@strict.test", "root@implicit.test"]);
const commands: string[] = [];
const hanging: ((err?: Error | null) => void)[] = [];

function rcptAnswer(address: string, cb: (err?: Error | null) => void): void {
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (domain === "hang.test") return void hanging.push(cb);
  if (domain === "catchall.test" || accepted.has(address)) return cb(null);
  if (domain === "greylist.test") return cb(Object.assign(new Error("4.2.1 Greylisted, try later"), { responseCode: 450 }));
  cb(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
}

let smtp: SMTPServer;
// Accepts connections on 127.0.0.2 (same port) and never says a word.
let silent: net.Server;
const silentSockets: net.Socket[] = [];
let dns: TestDnsServer;
let app: TestApp;

beforeAll(async () => {
  const noop = () => {};
  smtp = new SMTPServer({
    logger: {
      info: noop,
      warn: noop,
      error: noop,
      trace: noop,
      fatal: noop,
      debug: (meta: { tnx?: string }, _f: string, line?: string) => {
        if (meta?.tnx === "command" && typeof line === "string") commands.push(line);
      },
    } as never,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    authOptional: true,
    onRcptTo: (address: SMTPServerAddress, _s, cb) => rcptAnswer(address.address, cb),
    onData(stream, _s, cb) {
      commands.push("DATA-STREAM");
      stream.resume();
      stream.on("end", () => cb());
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  silent = net.createServer((socket) => {
    socket.on("error", () => {});
    silentSockets.push(socket);
  });
  await new Promise<void>((r) => silent.listen(smtpPort, "127.0.0.2", () => r()));
  const mx = (host: string) => ({ MX: [{ priority: 10, exchange: host }, { priority: 20, exchange: "backup.unreachable.test" }] });
  dns = await startDnsServer({
    "strict.test": mx("mx.strict.test"),
    "mx.strict.test": { A: ["127.0.0.1"] },
    "catchall.test": mx("mx.catchall.test"),
    "mx.catchall.test": { A: ["127.0.0.1"] },
    "greylist.test": mx("mx.greylist.test"),
    "mx.greylist.test": { A: ["127.0.0.1"] },
    "hang.test": mx("mx.hang.test"),
    "mx.hang.test": { A: ["127.0.0.1"] },
    "silent.test": mx("mx.silent.test"),
    "mx.silent.test": { A: ["127.0.0.2"] },
    "implicit.test": { A: ["127.0.0.1"] },
    "nullmx.test": { MX: [{ priority: 0, exchange: "." }] },
    "broken.test": { behavior: "servfail" },
    "nohost.test": { MX: [{ priority: 10, exchange: "mx.nohost.test" }] },
  });
  app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_SMTP_PROBE_PORT: String(smtpPort), NEARBOUND_HOSTNAME: HOSTNAME } });
});

afterAll(async () => {
  for (const cb of hanging.splice(0)) cb(null);
  await app.close();
  await dns.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  for (const s of silentSockets) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

function insertPerson(workspaceId: string, email: string | null, extra: Partial<typeof people.$inferInsert> = {}): string {
  const id = newId("per");
  const now = app.clock.now();
  const at = email?.lastIndexOf("@") ?? -1;
  app.ctx.db
    .insert(people)
    .values({
      id,
      workspaceId,
      email,
      emailKey: email?.toLowerCase() ?? null,
      emailDomain: email && at > 0 ? email.slice(at + 1).toLowerCase() : null,
      source: "api",
      status: "active",
      createdAt: now,
      updatedAt: now,
      ...extra,
    })
    .run();
  return id;
}

const row = (id: string) => app.ctx.db.select().from(people).where(eq(people.id, id)).get()!;
const verify = (api: Api, id: string, query = "", headers: Record<string, string> = {}) => api.post(`/v1/people/${id}/verify${query}`, undefined, headers);

async function verdictFor(email: string, status: PersonStatus = "active") {
  const w = app.newWorkspace();
  const id = insertPerson(w.id, email, { status });
  const r = await verify(w.apiA, id);
  expectOk(r);
  return { sendable: r.body.emailSendable, reason: r.body.emailSendableReason, status: r.body.status, row: row(id), body: r.body };
}

describe("POST /v1/people/{id}/verify", () => {
  test("an existing mailbox: true (mailbox_exists), the full camelCase Person, persisted; the probe never sends DATA", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "jane@strict.test", { givenName: "Jane", familyName: "Doe", telephones: ["+441234567890", "+15551234567"], timezone: "Europe/London", customFields: { plan: "pro" }, score: 40 });
    const now = app.clock.now();
    commands.length = 0;
    const r = await verify(w.apiA, id);
    expectOk(r);
    expect(r.headers.get("content-type")).toStartWith("application/json");
    expect(r.body).toEqual({
      id,
      object: "person",
      email: "jane@strict.test",
      emailDomain: "strict.test",
      emailSendable: true,
      emailSendableReason: "mailbox_exists",
      verifiedAt: iso(now),
      givenName: "Jane",
      familyName: "Doe",
      telephone: "+441234567890",
      telephones: ["+441234567890", "+15551234567"],
      timezone: "Europe/London",
      customFields: { plan: "pro" },
      privateNotes: null,
      score: 40,
      source: "api",
      status: "active",
      importId: null,
      archivedAt: null,
      createdAt: iso(now),
      updatedAt: iso(now),
      lastActivityAt: null,
    });
    expect(row(id)).toMatchObject({ emailSendable: true, sendableReason: "mailbox_exists", verifiedAt: app.clock.now(), status: "active" });
    expect(commands.map((c) => c.split(/[ :]/)[0]!.toUpperCase())).toEqual(["EHLO", "MAIL", "RCPT", "RCPT", "RSET", "QUIT"]);
    expect(commands).toContain(`EHLO ${HOSTNAME}`);
    expect(commands).toContain(`MAIL FROM:<verify@${HOSTNAME}>`);
    expect(commands).toContain("RCPT TO:<jane@strict.test>");
  });

  test("a rejected mailbox is false (mailbox_rejected) and undeliverable; a successful re-check returns the person to active", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "late@strict.test");
    const first = await verify(w.apiA, id);
    expect([first.body.emailSendable, first.body.emailSendableReason, first.body.status]).toEqual([false, "mailbox_rejected", "undeliverable"]);
    accepted.add("late@strict.test");
    app.clock.advance(1000);
    const again = await verify(w.apiA, id);
    expect([again.body.emailSendable, again.body.emailSendableReason, again.body.status]).toEqual([true, "mailbox_exists", "active"]);
    expect(again.body.updatedAt).toBe(iso(app.clock.now()));
    expect(again.body.createdAt).toBe(first.body.createdAt);
  });

  test("a server accepting any address is catch_all: deliverable but unconfirmed", async () => {
    expect(await verdictFor("whoever@catchall.test")).toMatchObject({ sendable: true, reason: "catch_all", status: "active" });
  });

  test("no MX: the domain's own address is probed (implicit MX)", async () => {
    expect(await verdictFor("root@implicit.test")).toMatchObject({ sendable: true, reason: "mailbox_exists" });
  });

  test("addresses that cannot receive mail are false and make the person undeliverable", async () => {
    expect(await verdictFor("x@nullmx.test", "replied")).toMatchObject({ sendable: false, reason: "null_mx", status: "undeliverable" });
    expect(await verdictFor("x@nowhere.test")).toMatchObject({ sendable: false, reason: "no_route", status: "undeliverable" });
    expect(await verdictFor("not an address")).toMatchObject({ sendable: false, reason: "invalid_syntax", status: "undeliverable" });
  });

  test("bounced, spam and unsubscribed people stay so whatever the verdict", async () => {
    for (const status of ["bounced", "spam", "unsubscribed"] as const) {
      expect(await verdictFor("x@nullmx.test", status)).toMatchObject({ sendable: false, reason: "null_mx", status });
      expect(await verdictFor("jane@strict.test", status)).toMatchObject({ sendable: true, status });
    }
  });

  test("when DNS or the mail server cannot tell, the verdict is null and the status unchanged", async () => {
    expect(await verdictFor("x@broken.test", "undeliverable")).toMatchObject({ sendable: null, reason: "dns_unavailable", status: "undeliverable" });
    expect(await verdictFor("x@greylist.test", "replied")).toMatchObject({ sendable: null, reason: "smtp_unavailable", status: "replied" });
    expect(await verdictFor("x@nohost.test")).toMatchObject({ sendable: null, reason: "smtp_unavailable", status: "active" });
  });

  test("a test-mode workspace checks syntax only: no DNS, no SMTP", async () => {
    const w = app.newWorkspace();
    const apiA = w.apiA.withToken(createKey(app.ctx, { workspaceId: w.testId, scopes: ["people:write"], kind: "verification" }).token);
    expect(apiA.token).toStartWith("ak_test_");
    const ok = insertPerson(w.testId, "someone@untouched.test");
    const bad = insertPerson(w.testId, "nope", { status: "replied" });
    const dnsBefore = dns.queries.length;
    commands.length = 0;
    const a = await verify(apiA, ok);
    expect([a.body.emailSendable, a.body.emailSendableReason, a.body.status]).toEqual([true, "syntax_only", "active"]);
    const b = await verify(apiA, bad);
    expect([b.body.emailSendable, b.body.emailSendableReason, b.body.status]).toEqual([false, "invalid_syntax", "undeliverable"]);
    expect(dns.queries.length).toBe(dnsBefore);
    expect(commands).toEqual([]);
  });

  test("expand[]=groups inlines the person's groups; an unknown expand is 400 invalid_expand and verifies nothing", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "jane@strict.test");
    const now = app.clock.now();
    const g1 = newId("grp");
    const g2 = newId("grp");
    app.ctx.db.insert(groups).values([
      { id: g1, workspaceId: w.id, name: "Leads", description: "Warm", createdAt: now, updatedAt: now },
      { id: g2, workspaceId: w.id, name: "Partners", description: null, createdAt: now, updatedAt: now },
    ]).run();
    app.ctx.db.insert(personGroups).values([{ workspaceId: w.id, groupId: g2, personId: id, createdAt: now }, { workspaceId: w.id, groupId: g1, personId: id, createdAt: now }]).run();
    const bad = await verify(w.apiA, id, "?expand[]=groups&expand[]=campaigns");
    expectEnvelope(bad, 400, "invalid_expand");
    expect(bad.body.error.message).toContain("campaigns");
    expect(row(id).verifiedAt).toBeNull();
    const r = await verify(w.apiA, id, "?expand[]=groups");
    expectOk(r);
    expect(r.body.groups).toEqual([
      { id: g1, object: "group", name: "Leads", description: "Warm", createdAt: iso(now), updatedAt: iso(now) },
      { id: g2, object: "group", name: "Partners", description: null, createdAt: iso(now), updatedAt: iso(now) },
    ]);
    expect((await verify(w.apiA, id)).body.groups).toBeUndefined();
  });

  test("an Idempotency-Key replays the first answer without probing again", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "replay@strict.test");
    const h = { "idempotency-key": "verify-1" };
    const first = await verify(w.apiA, id, "", h);
    expect(first.body.emailSendable).toBe(false);
    accepted.add("replay@strict.test");
    commands.length = 0;
    const again = await verify(w.apiA, id, "", h);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(commands).toEqual([]);
    const fresh = await verify(w.apiA, id, "", { "idempotency-key": "verify-2" });
    expect(fresh.body.emailSendable).toBe(true);
    expectEnvelope(await verify(w.apiA, id, "?expand[]=groups", h), 422, "idempotency_key_reuse");
  });

  test("404 for unknown, archived, malformed and other workspaces' people; 409 for a person without an address", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const archived = insertPerson(w.id, "jane@strict.test", { archivedAt: app.clock.now() });
    const theirs = insertPerson(other.id, "jane@strict.test");
    for (const id of [newId("per"), archived, theirs, "con_123", "x".repeat(65)]) {
      const r = await verify(w.apiA, id);
      expect(r.status).toBe(404);
      expectEnvelope(r, 404, "not_found");
    }
    expect(row(theirs).verifiedAt).toBeNull();
    expectEnvelope(await verify(other.testApi.withToken(createKey(app.ctx, { workspaceId: other.testId, scopes: ["people:write"], kind: "verification" }).token), theirs), 404, "not_found");
    const noEmail = insertPerson(w.id, null);
    expectEnvelope(await verify(w.apiA, noEmail), 409, "invalid_state");
  });

  test("only API A keys with people:write", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "jane@strict.test");
    expectEnvelope(await verify(w.api, id), 401, "unauthorized");
    expectEnvelope(await verify(w.apiA.withToken(null), id), 401, "unauthorized");
    const readOnly = w.apiA.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "verification" }).token);
    expectEnvelope(await verify(readOnly, id), 403, "forbidden");
  });

  test("every error envelope's doc_url is the page of the code it carries", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "jane@strict.test");
    const url = `/v1/people/${id}/verify`;
    const answers: [Awaited<ReturnType<typeof verify>>, number, string][] = [
      [await w.apiA.post(url, "{not json", { "content-type": "application/json" }), 400, "invalid_param"],
      [await verify(w.apiA, id, "", { "idempotency-key": "k".repeat(256) }), 422, "invalid_param"],
      [await verify(w.apiA, id, "?expand[]=nope"), 400, "invalid_expand"],
      [await verify(w.apiA.withToken(null), id), 401, "unauthorized"],
      [await verify(w.apiA, newId("per")), 404, "not_found"],
      [await w.apiA.get(url), 405, "method_not_allowed"],
      [await verify(w.apiA, insertPerson(w.id, null)), 409, "invalid_state"],
      [await w.apiA.post(url, "email=x", { "content-type": "application/x-www-form-urlencoded" }), 415, "unsupported_media_type"],
    ];
    for (const [r, status, code] of answers) {
      expectEnvelope(r, status, code);
      expect(r.body.error.doc_url).toBe(`${app.ctx.config.docsUrl}/errors/${code}`);
      const page = await new Api(app.url, null).get(new URL(r.body.error.doc_url).pathname);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<code>${code}</code>`);
    }
    expect(row(id).verifiedAt).toBeNull();
  });

  test("a 401 names the protected resource metadata in WWW-Authenticate (RFC 9728 §5.1)", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "jane@strict.test");
    const challenge = `Bearer resource_metadata="${app.ctx.config.baseUrl}/.well-known/oauth-protected-resource"`;
    const missing = await verify(w.apiA.withToken(null), id);
    expectEnvelope(missing, 401, "unauthorized");
    expect(missing.headers.get("www-authenticate")).toBe(challenge);
    const wrongKey = await verify(w.api, id); // an API B key
    expectEnvelope(wrongKey, 401, "unauthorized");
    expect(wrongKey.headers.get("www-authenticate")).toBe(`${challenge}, error="invalid_token"`);
    expect((await verify(w.apiA, newId("per"))).headers.get("www-authenticate")).toBeNull();
  });

  test("a probe waiting on a mail server that never answers holds up no other request", async () => {
    const w = app.newWorkspace();
    const slow = insertPerson(w.id, "someone@silent.test", { status: "replied" });
    const quick = insertPerson(w.id, "jane@strict.test");
    const pending = verify(w.apiA, slow);
    await until(() => silentSockets.length > 0, "the probe to connect to the silent server");
    const r = await verify(w.apiA, quick);
    expect(r.body.emailSendable).toBe(true);
    expectOk(await w.api.get("/v1/suppressions"));
    expect(row(slow).verifiedAt).toBeNull();
    // the server hangs up without a greeting: nothing is known about the mailbox
    silentSockets.shift()!.destroy();
    const done = await pending;
    expectOk(done);
    expect([done.body.emailSendable, done.body.emailSendableReason, done.body.status]).toEqual([null, "smtp_unavailable", "replied"]);
  });

  test("the address changing during the check is 409 and stores no stale verdict", async () => {
    const w = app.newWorkspace();
    const id = insertPerson(w.id, "moving@hang.test");
    const pending = verify(w.apiA, id);
    await until(() => hanging.length > 0, "the probe to wait on RCPT");
    app.ctx.db.update(people).set({ email: "moved@strict.test", emailKey: "moved@strict.test", emailDomain: "strict.test" }).where(and(eq(people.id, id), eq(people.workspaceId, w.id))).run();
    hanging.shift()!(Object.assign(new Error("4.4.2 timeout"), { responseCode: 451 }));
    expectEnvelope(await pending, 409, "invalid_state");
    expect(row(id)).toMatchObject({ email: "moved@strict.test", emailSendable: null, verifiedAt: null });
  });
});

describe("the outbound address policy", () => {
  test("an MX on a loopback address is never probed: null (private_target), no SMTP connection", async () => {
    const strict = await startTestApp({ env: { NEARBOUND_ALLOW_PRIVATE_TARGETS: "0", NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_SMTP_PROBE_PORT: String((smtp.server.address() as AddressInfo).port), NEARBOUND_HOSTNAME: HOSTNAME } });
    try {
      const w = strict.newWorkspace();
      const now = strict.clock.now();
      const id = newId("per");
      strict.ctx.db.insert(people).values({ id, workspaceId: w.id, email: "jane@strict.test", emailKey: "jane@strict.test", emailDomain: "strict.test", source: "api", status: "active", createdAt: now, updatedAt: now }).run();
      commands.length = 0;
      const r = await verify(w.apiA, id);
      expectOk(r);
      expect(r.body).toMatchObject({ emailSendable: null, emailSendableReason: "private_target", status: "active" });
      expect(commands).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
