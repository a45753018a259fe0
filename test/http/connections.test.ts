// Connections and sender identities over HTTP: smtp accounts verified against
// real SMTP peers on loopback (the job driven by the test), managed
// connections on verified sending domains, archive and restore by account,
// identities replaced as a list, pause/resume, quota scopes, isolation.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connections, messages, senderIdentities, sendingDomains } from "../../src/db/schema";
import { DomainError } from "../../src/lib/errors";
import { newId } from "../../src/lib/ids";
import { sendingIdentity } from "../../src/modules/sending/identities";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createConnection, createQuotaScope, uid } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { startSmtpPeer, type SmtpPeer } from "../helpers/smtp";

const AUTH = { username: "ada@relay.test", password: "correct horse battery" };

let app: TestApp;
const peers: SmtpPeer[] = [];
beforeAll(async () => {
  app = await startTestApp({ env: { NEARBOUND_ALLOW_PRIVATE_TARGETS: "1", NEARBOUND_HOSTNAME: "mta.nearbound.test" } });
});
afterAll(async () => {
  await Promise.all(peers.map((p) => p.close()));
  await app.close();
});

async function peer(o: Parameters<typeof startSmtpPeer>[0] = { auth: AUTH, tls: true }): Promise<SmtpPeer> {
  const p = await startSmtpPeer(o);
  peers.push(p);
  return p;
}

/** The body of an smtp connection to `p` (STARTTLS and AUTH unless said otherwise). */
const smtpBody = (p: { port: number }, smtp: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  kind: "smtp",
  name: "Relay",
  smtp: { host: "127.0.0.1", port: p.port, tls: "starttls", ...AUTH, ...smtp },
  ...over,
});

/** Runs the queued jobs (the verification), then answers the connection as GET shows it. */
async function afterVerification(api: Api, id: string) {
  await app.running.runner.drain();
  const r = await api.get(`/v1/connections/${id}`);
  expectOk(r);
  return r.body;
}

const connectionRowIdentities = (id: string) => app.ctx.db.select().from(senderIdentities).where(eq(senderIdentities.connectionId, id)).all();
const row = (id: string) => app.ctx.db.select().from(connections).where(eq(connections.id, id)).get()!;
const healthEvents = async (api: Api, id: string) =>
  ((await api.get("/v1/events?type=connection.health_changed&limit=100")).body.data as any[]).filter((e) => e.data.id === id).reverse();

/** A sending domain of the workspace in `status`, written as the domains service would (keys are not used here). */
function sendingDomain(w: Pick<TestWorkspace, "id">, domain: string, status = "verified") {
  const now = app.clock.now();
  app.ctx.db
    .insert(sendingDomains)
    .values({
      id: newId("dom"),
      workspaceId: w.id,
      domain,
      status,
      tracking: false,
      rsaSelector: "nb1",
      rsaPrivateKey: app.ctx.secrets.seal("unused"),
      rsaPublicKey: "unused",
      ed25519Selector: "nb2",
      ed25519PrivateKey: app.ctx.secrets.seal("unused"),
      ed25519PublicKey: "unused",
      records: [],
      verifiedAt: status === "verified" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  return domain;
}

/** A message sent as `identityId` (what makes an identity part of history). */
function sentMessage(w: Pick<TestWorkspace, "id">, connectionId: string, identityId: string) {
  const now = app.clock.now();
  app.ctx.db
    .insert(messages)
    .values({
      id: newId("msg"),
      workspaceId: w.id,
      connectionId,
      senderIdentityId: identityId,
      fromHeader: "a@b.test",
      recipients: [{ address: "x@y.test", kind: "to", state: "sent", response: "250 ok" }],
      subject: "Hi",
      headers: {},
      tracking: false,
      messageIdHeader: `${uid()}@b.test`,
      envelopeFrom: "bounce@b.test",
      status: "sent",
      holds: [],
      releasedHolds: [],
      dueAt: now,
      attempts: 1,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .run();
}

describe("POST /v1/connections (smtp): verification against a real server", () => {
  test("STARTTLS and AUTH: verifying, then active and healthy; the password sealed and never shown", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await w.api.post("/v1/connections", smtpBody(p, {}, { imap: { host: "127.0.0.1", port: 993, tls: "implicit", ...AUTH, password: "imap secret" } }));
    expectOk(c, 201);
    expect(c.body).toMatchObject({
      object: "connection",
      kind: "smtp",
      status: "verifying",
      health: null,
      smtp: { host: "127.0.0.1", port: p.port, tls: "starttls", username: AUTH.username, password_set: true },
      imap: { folders: ["INBOX"], password_set: true },
      last_error: null,
      archived_at: null,
      identities: [],
    });
    expect(c.text).not.toContain(AUTH.password);
    expect(c.text).not.toContain("imap secret");
    const stored = row(c.body.id);
    expect(stored.smtpPassword).not.toContain(AUTH.password);
    expect(app.ctx.secrets.open(stored.smtpPassword!)).toBe(AUTH.password);
    expect(app.ctx.secrets.open(stored.imapPassword!)).toBe("imap secret");

    const v = await afterVerification(w.api, c.body.id);
    expect(v).toMatchObject({ status: "active", health: { status: "healthy", detail: null, checked_at: new Date(app.clock.now()).toISOString() }, last_error: null });
    expect(p.sessions).toBe(1);
    const events = await healthEvents(w.api, c.body.id);
    expect(events.map((e) => [e.data.status, e.data.health.status])).toEqual([["active", "healthy"]]);
    expect(JSON.stringify(events)).not.toContain(AUTH.password);
  });

  test("implicit TLS: active", async () => {
    const w = app.newWorkspace();
    const p = await peer({ auth: AUTH, implicitTls: true });
    const c = await createConnection(w.api, smtpBody(p, { tls: "implicit" }));
    expect((await afterVerification(w.api, c.id)).status).toBe("active");
  });

  test("no TLS: active", async () => {
    const w = app.newWorkspace();
    const p = await peer({ auth: AUTH });
    const c = await createConnection(w.api, smtpBody(p, { tls: "none" }));
    expect((await afterVerification(w.api, c.id)).status).toBe("active");
  });

  test("a wrong password: failed, the server's 535 verbatim in last_error, health failing, one event", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, { password: "wrong" }));
    const v = await afterVerification(w.api, c.id);
    expect(v).toMatchObject({ status: "failed", last_error: "535 5.7.8 Authentication credentials invalid", health: { status: "failing", detail: "535 5.7.8 Authentication credentials invalid" } });
    const events = await healthEvents(w.api, c.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ id: c.id, status: "failed", health: { status: "failing", detail: "535 5.7.8 Authentication credentials invalid" } });
  });

  test("STARTTLS required but not offered: failed, the credential never sent", async () => {
    const w = app.newWorkspace();
    const p = await peer({});
    const c = await createConnection(w.api, smtpBody(p, { tls: "starttls" }));
    const v = await afterVerification(w.api, c.id);
    expect(v.status).toBe("failed");
    expect(v.last_error).toContain("does not offer STARTTLS");
    expect(v.health.status).toBe("failing");
  });

  test("a test-mode workspace connects nowhere: active at once after the job", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.testApi, smtpBody(p, { password: "anything" }));
    const v = await afterVerification(w.testApi, c.id);
    expect(v).toMatchObject({ status: "active", health: { status: "healthy" } });
    expect(p.sessions).toBe(0);
  });

  test("POST /verify checks again: verifying, then active; an unchanged health emits nothing", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p));
    await afterVerification(w.api, c.id);
    app.clock.advance(60_000);
    const r = await w.api.post(`/v1/connections/${c.id}/verify`);
    expectOk(r, 202);
    expect(r.body.status).toBe("verifying");
    const v = await afterVerification(w.api, c.id);
    expect(v.status).toBe("active");
    expect(v.health.checked_at).toBe(new Date(app.clock.now()).toISOString());
    expect(p.sessions).toBe(2);
    expect(await healthEvents(w.api, c.id)).toHaveLength(1);
  });

  test("a new credential through PATCH verifies again and heals the connection", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, { password: "wrong" }));
    expect((await afterVerification(w.api, c.id)).status).toBe("failed");
    const r = await w.api.patch(`/v1/connections/${c.id}`, { smtp: { host: "127.0.0.1", port: p.port, tls: "starttls", ...AUTH } });
    expectOk(r);
    expect(r.body).toMatchObject({ status: "verifying", last_error: null });
    const v = await afterVerification(w.api, c.id);
    expect(v).toMatchObject({ status: "active", health: { status: "healthy", detail: null } });
    expect((await healthEvents(w.api, c.id)).map((e) => e.data.health.status)).toEqual(["failing", "healthy"]);
  });
});

describe("outbound address policy", () => {
  test("a loopback server is refused without NEARBOUND_ALLOW_PRIVATE_TARGETS, and last_error says why", async () => {
    const strict = await startTestApp({ env: { NEARBOUND_ALLOW_PRIVATE_TARGETS: "0" } });
    try {
      const w = strict.newWorkspace();
      const p = await peer();
      const c = await createConnection(w.api, smtpBody(p));
      await strict.running.runner.drain();
      const v = (await w.api.get(`/v1/connections/${c.id}`)).body;
      expect(v.status).toBe("failed");
      expect(v.last_error).toContain("127.0.0.1 is not a public address");
      expect(v.last_error).toContain("NEARBOUND_ALLOW_PRIVATE_TARGETS");
      expect(p.sessions).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe("POST /v1/connections (managed)", () => {
  test("an identity on a domain that is not a verified sending domain is 422 on its email", async () => {
    const w = app.newWorkspace();
    const pending = sendingDomain(w, `${uid()}.pending.test`, "pending_verification");
    const r = await w.api.post("/v1/connections", { kind: "managed", name: "MTA", identities: [{ email: `ada@${pending}` }, { email: "grace@nowhere.test" }] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([
      { pointer: "/identities/0/email", code: "domain_unverified", detail: expect.stringContaining("is pending verification, not verified") },
      { pointer: "/identities/1/email", code: "domain_unverified", detail: expect.stringContaining("nowhere.test is not a sending domain of this workspace") },
    ]);
    expect(app.ctx.db.select().from(connections).where(eq(connections.workspaceId, w.id)).all()).toHaveLength(0);
  });

  test("on a verified domain: active and healthy at once, identities with ids", async () => {
    const w = app.newWorkspace();
    const domain = sendingDomain(w, `${uid()}.verified.test`);
    const c = await createConnection(w.api, {
      name: "MTA",
      identities: [{ email: `Ada.Lovelace@${domain.toUpperCase()}`, name: "Ada Lovelace", reply_to: `replies@${domain}`, tags: ["sdr", "sdr", "emea"] }],
      pacing: { min_gap_seconds: 30, max_gap_seconds: 90, daily_cap: 200 },
    });
    const sidId: string = c.identities[0].id;
    expect(c).toMatchObject({
      kind: "managed",
      status: "active",
      health: { status: "healthy", detail: null },
      smtp: null,
      imap: null,
      pacing: { min_gap_seconds: 30, max_gap_seconds: 90, daily_cap: 200 },
      identities: [{ id: expect.stringMatching(/^sid_[0-9a-f]{32}$/), email: `Ada.Lovelace@${domain}`, name: "Ada Lovelace", reply_to: `replies@${domain}`, tags: ["sdr", "emea"], enabled: true }],
    });
    const sid = app.ctx.db.select().from(senderIdentities).where(eq(senderIdentities.id, sidId)).get()!;
    expect(sid).toMatchObject({ emailKey: `ada.lovelace@${domain}`, domain, connectionId: c.id });
    expect((await healthEvents(w.api, c.id)).map((e) => e.data.health.status)).toEqual(["healthy"]);
  });

  test("a managed connection takes no smtp account", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/connections", smtpBody({ port: 587 }, {}, { kind: "managed" }));
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/smtp");
  });

  test("a verified domain being checked again (verifying, verified before) still takes identities", async () => {
    const w = app.newWorkspace();
    const domain = sendingDomain(w, `${uid()}.verified.test`);
    app.ctx.db.update(sendingDomains).set({ status: "verifying" }).where(and(eq(sendingDomains.workspaceId, w.id), eq(sendingDomains.domain, domain))).run();
    await createConnection(w.api, { identities: [{ email: `ada@${domain}` }] });
    const never = sendingDomain(w, `${uid()}.new.test`, "verifying");
    expectProblem(await w.api.post("/v1/connections", { kind: "managed", name: "New", identities: [{ email: `ada@${never}` }] }), 422, "validation_failed");
  });

  test("an smtp connection needs its account", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/connections", { kind: "smtp", name: "Relay" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/smtp", code: "required" });
  });

  test("POST /verify of a managed connection checks its domains at once: degraded when one is no longer verified", async () => {
    const w = app.newWorkspace();
    const domain = sendingDomain(w, `${uid()}.verified.test`);
    const c = await createConnection(w.api, { identities: [{ email: `ada@${domain}` }] });
    app.ctx.db.update(sendingDomains).set({ status: "failed" }).where(and(eq(sendingDomains.workspaceId, w.id), eq(sendingDomains.domain, domain))).run();
    const r = await w.api.post(`/v1/connections/${c.id}/verify`);
    expectOk(r, 202);
    expect(r.body).toMatchObject({ status: "active", health: { status: "degraded", detail: expect.stringContaining(domain) } });
    expect((await healthEvents(w.api, c.id)).map((e) => e.data.health.status)).toEqual(["healthy", "degraded"]);
    // replacing the identity with one on a verified domain heals it
    const fresh = sendingDomain(w, `${uid()}.verified.test`);
    const p = await w.api.patch(`/v1/connections/${c.id}`, { identities: [{ email: `ada@${fresh}` }] });
    expect(p.body.health).toMatchObject({ status: "healthy", detail: null });
    expect((await healthEvents(w.api, c.id)).map((e) => e.data.health.status)).toEqual(["healthy", "degraded", "healthy"]);
  });
});

describe("kinds", () => {
  test.each(["google", "microsoft", "ses", "sendgrid"])("%s is 422 unsupported until a later version", async (kind) => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/connections", { kind, name: "Mailbox" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([{ pointer: "/kind", code: "unsupported", detail: expect.stringContaining("arrive in a later version") }]);
  });

  test("an unknown kind is 422 invalid", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/connections", { kind: "carrier_pigeon", name: "Coo" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/kind", code: "invalid" });
  });
});

describe("accounts: archive and restore", () => {
  test("a second live connection of the same account is 409 (host and username case-insensitive)", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p));
    const r = await w.api.post("/v1/connections", smtpBody(p, { username: AUTH.username.toUpperCase() }));
    expectProblem(r, 409, "conflict");
    expect(r.body.detail).toContain(c.id);
  });

  test("DELETE archives: 204, sending stops, both passwords erased, still readable; again 204", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, {}, { imap: { host: "127.0.0.1", port: 993, tls: "implicit", ...AUTH } }));
    await afterVerification(w.api, c.id);
    app.clock.advance(1000);
    expect((await w.api.delete(`/v1/connections/${c.id}`)).status).toBe(204);
    const g = await w.api.get(`/v1/connections/${c.id}`);
    expectOk(g);
    expect(g.body).toMatchObject({ status: "archived", archived_at: new Date(app.clock.now()).toISOString(), smtp: { password_set: false }, imap: { password_set: false } });
    expect(row(c.id)).toMatchObject({ smtpPassword: null, imapPassword: null, status: "archived" });
    expect((await w.api.delete(`/v1/connections/${c.id}`)).status).toBe(204);
    expectProblem(await w.api.patch(`/v1/connections/${c.id}`, { name: "Again" }), 409, "invalid_state");
    expectProblem(await w.api.post(`/v1/connections/${c.id}/verify`), 409, "invalid_state");
  });

  test("POSTing the archived account again restores it: same id and identities, the new credential, verifying", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, { password: "old and wrong" }, { identities: [{ email: "ada@relay.test", tags: ["a"] }, { email: "grace@relay.test" }] }));
    await afterVerification(w.api, c.id);
    expect((await w.api.delete(`/v1/connections/${c.id}`)).status).toBe(204);
    const again = await w.api.post("/v1/connections", smtpBody(p, {}, { name: "Relay again" }));
    expectOk(again, 201);
    expect(again.body).toMatchObject({ id: c.id, name: "Relay again", status: "verifying", archived_at: null, identities: c.identities, quota_scope_id: c.quota_scope_id, smtp: { password_set: true } });
    expect((await afterVerification(w.api, c.id)).status).toBe("active");
  });

  test("a restore naming identities keeps the ids of the same addresses", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, {}, { identities: [{ email: "ada@relay.test" }, { email: "grace@relay.test" }] }));
    await w.api.delete(`/v1/connections/${c.id}`);
    const again = await createConnection(w.api, smtpBody(p, {}, { identities: [{ email: "ADA@relay.test", name: "Ada" }, { email: "new@relay.test" }] }));
    expect(again.id).toBe(c.id);
    expect(again.identities[0]).toMatchObject({ id: c.identities[0].id, email: "ADA@relay.test", name: "Ada" });
    expect(again.identities[1].id).not.toBe(c.identities[1].id);
    expect(again.identities).toHaveLength(2);
  });
});

describe("PATCH /v1/connections/{id}", () => {
  test("identities: an entry with an id keeps it, one without is new, one left out is deleted", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, {}, { identities: [{ email: "ada@relay.test" }, { email: "grace@relay.test" }] }));
    const [ada, grace] = c.identities;
    const r = await w.api.patch(`/v1/connections/${c.id}`, { identities: [{ email: "hopper@relay.test" }, { id: ada.id, email: "ada@relay.test", name: "Ada L.", enabled: false }] });
    expectOk(r);
    expect(r.body.identities).toEqual([
      { id: expect.not.stringMatching(new RegExp(`${ada.id}|${grace.id}`)), email: "hopper@relay.test", name: null, reply_to: null, tags: [], enabled: true, ramp: null },
      { id: ada.id, email: "ada@relay.test", name: "Ada L.", reply_to: null, tags: [], enabled: false, ramp: null },
    ]);
    expect(app.ctx.db.select().from(senderIdentities).where(eq(senderIdentities.id, grace.id)).get()).toBeUndefined();
  });

  test("an identity messages were sent from is disabled, not deleted", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p, {}, { identities: [{ email: "ada@relay.test" }, { email: "grace@relay.test" }] }));
    const [ada, grace] = c.identities;
    sentMessage(w, c.id, grace.id);
    const r = await w.api.patch(`/v1/connections/${c.id}`, { identities: [{ id: ada.id, email: ada.email }] });
    expectOk(r);
    expect(r.body.identities).toEqual([ada, { ...grace, enabled: false }]);
  });

  test("identity checks: addresses, duplicates, single-line names and tags, ids of this connection", async () => {
    const w = app.newWorkspace();
    const other = await createConnection(w.api, smtpBody(await peer(), {}, { identities: [{ email: "x@relay.test" }] }));
    const c = await createConnection(w.api, smtpBody(await peer()));
    // the body schema refuses control characters in names and tags
    const r = await w.api.patch(`/v1/connections/${c.id}`, { identities: [{ email: "ada@relay.test", name: "Ada\r\nBcc: evil@x.test" }, { email: "b@relay.test", tags: ["ok", "bad\ttag"] }] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => `${e.pointer} ${e.code}`)).toEqual(["/identities/0/name format", "/identities/1/tags/1 format"]);
    // the service checks addresses, duplicates and ids, every problem listed
    const dup = await w.api.patch(`/v1/connections/${c.id}`, {
      identities: [{ email: "not an address" }, { email: "ada@relay.test", reply_to: "nope" }, { email: "ADA@relay.test" }, { id: other.identities[0].id, email: "y@relay.test" }],
    });
    expectProblem(dup, 422, "validation_failed");
    expect(dup.body.errors.map((e: any) => `${e.pointer} ${e.code}`)).toEqual(["/identities/0/email format", "/identities/1/reply_to format", "/identities/2/email duplicate", "/identities/3/id unknown"]);
    expect(connectionRowIdentities(c.id)).toHaveLength(0);
  });

  test("pause and resume: paused, then active; no health event; verifying and failed ones cannot", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p));
    expectProblem(await w.api.patch(`/v1/connections/${c.id}`, { paused: true }), 409, "invalid_state");
    await afterVerification(w.api, c.id);
    const paused = await w.api.patch(`/v1/connections/${c.id}`, { paused: true });
    expectOk(paused);
    expect(paused.body.status).toBe("paused");
    expect(row(c.id).status).toBe("paused");
    // a paused connection verifies again only with its resume
    expectProblem(await w.api.post(`/v1/connections/${c.id}/verify`), 409, "invalid_state");
    expectProblem(await w.api.patch(`/v1/connections/${c.id}`, { smtp: { host: "127.0.0.1", port: p.port, tls: "starttls", ...AUTH } }), 409, "invalid_state");
    const resumed = await w.api.patch(`/v1/connections/${c.id}`, { paused: false });
    expect(resumed.body.status).toBe("active");
    expect(await healthEvents(w.api, c.id)).toHaveLength(1);

    const bad = await createConnection(w.api, smtpBody(p, { password: "wrong", username: "someone@relay.test" }));
    await afterVerification(w.api, bad.id);
    expectProblem(await w.api.patch(`/v1/connections/${bad.id}`, { paused: true }), 409, "invalid_state");
  });

  test("a new credential with paused: false resumes a paused connection through verification; with paused: true it is 422", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p));
    await afterVerification(w.api, c.id);
    await w.api.patch(`/v1/connections/${c.id}`, { paused: true });
    const smtp = { host: "127.0.0.1", port: p.port, tls: "starttls", ...AUTH };
    expectProblem(await w.api.patch(`/v1/connections/${c.id}`, { paused: true, smtp }), 422, "validation_failed");
    const r = await w.api.patch(`/v1/connections/${c.id}`, { paused: false, smtp });
    expect(r.body.status).toBe("verifying");
    expect((await afterVerification(w.api, c.id)).status).toBe("active");
  });

  test("a new credential for an account another connection holds is 409", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const a = await createConnection(w.api, smtpBody(p));
    const b = await createConnection(w.api, smtpBody(p, { username: "other@relay.test" }));
    const r = await w.api.patch(`/v1/connections/${b.id}`, { smtp: { host: "127.0.0.1", port: p.port, tls: "starttls", ...AUTH } });
    expectProblem(r, 409, "conflict");
    expect(r.body.detail).toContain(a.id);
  });

  test("pacing: set, then cleared; max below min is 422", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api);
    const r = await w.api.patch(`/v1/connections/${c.id}`, { pacing: { min_gap_seconds: 60, max_gap_seconds: 120 } });
    expect(r.body.pacing).toEqual({ min_gap_seconds: 60, max_gap_seconds: 120, daily_cap: null });
    expect((await w.api.patch(`/v1/connections/${c.id}`, { pacing: null })).body.pacing).toBeNull();
    const bad = await w.api.patch(`/v1/connections/${c.id}`, { pacing: { min_gap_seconds: 60, max_gap_seconds: 30 } });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors[0]).toMatchObject({ pointer: "/pacing/max_gap_seconds", code: "range" });
  });

  test("IMAP folders change alone and keep the password; a new host needs the password; null removes", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api, { imap: { host: "imap.relay.test", port: 993, tls: "implicit", ...AUTH, folders: ["INBOX"] } });
    const before = row(c.id).imapPassword;
    const f = await w.api.patch(`/v1/connections/${c.id}`, { imap: { folders: ["INBOX", "Replies"] } });
    expectOk(f);
    expect(f.body.imap).toEqual({ host: "imap.relay.test", port: 993, tls: "implicit", username: AUTH.username, folders: ["INBOX", "Replies"], password_set: true });
    expect(row(c.id).imapPassword).toBe(before);
    const moved = await w.api.patch(`/v1/connections/${c.id}`, { imap: { host: "imap.elsewhere.test" } });
    expectProblem(moved, 422, "validation_failed");
    expect(moved.body.errors[0]).toMatchObject({ pointer: "/imap/password", code: "required" });
    expect((await w.api.patch(`/v1/connections/${c.id}`, { imap: null })).body.imap).toBeNull();
  });

  test("a managed connection takes no smtp credential", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api);
    const r = await w.api.patch(`/v1/connections/${c.id}`, { smtp: { host: "smtp.relay.test", port: 587, tls: "starttls", ...AUTH } });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/smtp");
  });

  test("a managed identity changed to an unverified domain is 422", async () => {
    const w = app.newWorkspace();
    const domain = sendingDomain(w, `${uid()}.verified.test`);
    const c = await createConnection(w.api, { identities: [{ email: `ada@${domain}` }] });
    const r = await w.api.patch(`/v1/connections/${c.id}`, { identities: [{ id: c.identities[0].id, email: "ada@elsewhere.test" }] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/identities/0/email", code: "domain_unverified" });
  });

  test("CR/LF in the name is 422", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api);
    const r = await w.api.patch(`/v1/connections/${c.id}`, { name: "Relay\r\nX-Evil: 1" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/name", code: "format" });
  });
});

describe("quota scopes", () => {
  test("an smtp account gets its own scope (provider smtp, host:port:username), reused when restored", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const c = await createConnection(w.api, smtpBody(p));
    const scope = (await w.api.get(`/v1/quota_scopes/${c.quota_scope_id}`)).body;
    expect(scope).toMatchObject({ provider: "smtp", scope_key: `127.0.0.1:${p.port}:${AUTH.username}` });
    const other = await createConnection(w.api, smtpBody(p, { username: "second@relay.test" }));
    expect(other.quota_scope_id).not.toBe(c.quota_scope_id);
  });

  test("managed connections share the workspace's managed scope", async () => {
    const w = app.newWorkspace();
    const a = await createConnection(w.api);
    const b = await createConnection(w.api, { name: "Second" });
    expect(b.quota_scope_id).toBe(a.quota_scope_id);
    expect((await w.api.get(`/v1/quota_scopes/${a.quota_scope_id}`)).body).toMatchObject({ provider: "managed", scope_key: "mta" });
  });

  test("a named scope is used; one that is not the workspace's is 422; PATCH moves it", async () => {
    const w = app.newWorkspace();
    const q = await createQuotaScope(w.api);
    const c = await createConnection(w.api, { quota_scope_id: q.id });
    expect(c.quota_scope_id).toBe(q.id);
    const foreign = await createQuotaScope(app.newWorkspace().api);
    const r = await w.api.post("/v1/connections", { kind: "managed", name: "X", quota_scope_id: foreign.id });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/quota_scope_id", code: "unknown" });
    const q2 = await createQuotaScope(w.api);
    expect((await w.api.patch(`/v1/connections/${c.id}`, { quota_scope_id: q2.id })).body.quota_scope_id).toBe(q2.id);
  });

  test("deleting an smtp connection's scope still works: the connection keeps running without one", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api, smtpBody(await peer()));
    expect((await w.api.delete(`/v1/quota_scopes/${c.quota_scope_id}`)).status).toBe(204);
    expect((await w.api.get(`/v1/connections/${c.id}`)).body.quota_scope_id).toBeNull();
  });
});

describe("GET /v1/connections", () => {
  test("lists with identities, filters by kind and status, pages with a cursor; archived included", async () => {
    const w = app.newWorkspace();
    const p = await peer();
    const m = await createConnection(w.api);
    const s = await createConnection(w.api, smtpBody(p, {}, { identities: [{ email: "ada@relay.test" }] }));
    const gone = await createConnection(w.api, { name: "Gone" });
    await w.api.delete(`/v1/connections/${gone.id}`);
    const all = (await w.api.get("/v1/connections")).body;
    expect(all.data.map((c: any) => c.id)).toEqual([gone.id, s.id, m.id]);
    expect(all.data[1].identities).toEqual(s.identities);
    expect((await w.api.get("/v1/connections?kind=smtp")).body.data.map((c: any) => c.id)).toEqual([s.id]);
    expect((await w.api.get("/v1/connections?status=archived")).body.data.map((c: any) => c.id)).toEqual([gone.id]);
    const first = (await w.api.get("/v1/connections?limit=2")).body;
    expect(first.meta.has_more).toBe(true);
    const second = (await w.api.get(`/v1/connections?limit=2&cursor=${first.meta.next_cursor}`)).body;
    expect(second.data.map((c: any) => c.id)).toEqual([m.id]);
    expectProblem(await w.api.get(`/v1/connections?kind=smtp&cursor=${first.meta.next_cursor}`), 400, "invalid_request");
    expectProblem(await w.api.get("/v1/connections?status=sleeping"), 422, "validation_failed");
  });
});

describe("errors, scopes, idempotency", () => {
  test("unknown ids are 404 on every route", async () => {
    const w = app.newWorkspace();
    const id = newId("cnx");
    expectProblem(await w.api.get(`/v1/connections/${id}`), 404, "not_found");
    expectProblem(await w.api.patch(`/v1/connections/${id}`, { name: "X" }), 404, "not_found");
    expectProblem(await w.api.delete(`/v1/connections/${id}`), 404, "not_found");
    expectProblem(await w.api.post(`/v1/connections/${id}/verify`), 404, "not_found");
  });

  test("a body that is not JSON is 400; another media type is 415", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/connections", "{", { "content-type": "application/json" }), 400, "invalid_request");
    expectProblem(await w.api.post("/v1/connections", "kind=managed", { "content-type": "text/plain" }), 415, "unsupported_media_type");
    const c = await createConnection(w.api);
    expectProblem(await w.api.patch(`/v1/connections/${c.id}`, "name=x", { "content-type": "text/plain" }), 415, "unsupported_media_type");
  });

  test("connections:read reads; writing needs connections:manage; no credential is 401", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api);
    const ro = apiWithScopes(app, w, ["connections:read"]);
    expectOk(await ro.get("/v1/connections"));
    expectOk(await ro.get(`/v1/connections/${c.id}`));
    for (const r of [
      await ro.post("/v1/connections", { kind: "managed", name: "X" }),
      await ro.patch(`/v1/connections/${c.id}`, { name: "X" }),
      await ro.delete(`/v1/connections/${c.id}`),
      await ro.post(`/v1/connections/${c.id}/verify`),
    ]) {
      expectProblem(r, 403, "forbidden");
      expect(r.body.detail).toContain("connections:manage");
    }
    expectProblem(await apiWithScopes(app, w, ["people:read"]).get("/v1/connections"), 403, "forbidden");
    expectProblem(await w.api.withToken(null).get("/v1/connections"), 401, "unauthorized");
  });

  test("an Idempotency-Key makes one connection of two POSTs", async () => {
    const w = app.newWorkspace();
    const key = crypto.randomUUID();
    const a = await w.api.post("/v1/connections", { kind: "managed", name: "Once" }, { "idempotency-key": key });
    const b = await w.api.post("/v1/connections", { kind: "managed", name: "Once" }, { "idempotency-key": key });
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect((await w.api.get("/v1/connections")).body.data).toHaveLength(1);
    // the other writing routes take a key too: a malformed one is refused before anything happens
    for (const r of [
      await w.api.patch(`/v1/connections/${a.body.id}`, { name: "Twice" }, { "idempotency-key": "not a key" }),
      await w.api.post(`/v1/connections/${a.body.id}/verify`, undefined, { "idempotency-key": "not a key" }),
    ]) {
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors[0].pointer).toBe("header:Idempotency-Key");
    }
  });
});

describe("sendingIdentity (what creating a message reads)", () => {
  test("answers the identity and its connection; disabled, archived and unknown are refused", async () => {
    const w = app.newWorkspace();
    const c = await createConnection(w.api, smtpBody(await peer(), {}, { identities: [{ email: "ada@relay.test" }, { email: "off@relay.test", enabled: false }] }));
    const [ada, off] = c.identities;
    const got = sendingIdentity(app.ctx, { workspaceId: w.id, senderIdentityId: ada.id });
    expect(got.identity.email).toBe("ada@relay.test");
    expect(got.connection.id).toBe(c.id);
    const refusal = (id: string, workspaceId = w.id) => {
      try {
        sendingIdentity(app.ctx, { workspaceId, senderIdentityId: id });
      } catch (err) {
        return err as DomainError;
      }
      throw new Error("not refused");
    };
    expect(refusal(off.id)).toMatchObject({ code: "validation_failed", errors: [{ pointer: "/sender_identity_id", code: "invalid" }] });
    expect(refusal(newId("sid")).code).toBe("not_found");
    expect(refusal(ada.id, app.newWorkspace().id).code).toBe("not_found");
    await w.api.delete(`/v1/connections/${c.id}`);
    expect(refusal(ada.id).message).toContain("archived");
  });
});

describe("isolation", () => {
  test("a connection is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const c = await createConnection(a.api, { name: "Mine" });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/connections/${c.id}`,
      listPath: "/v1/connections",
      id: c.id,
      routes: [
        ["PATCH", `/v1/connections/${c.id}`, { name: "Theirs" }],
        ["POST", `/v1/connections/${c.id}/verify`],
        ["DELETE", `/v1/connections/${c.id}`],
      ],
    });
    expect((await a.api.get(`/v1/connections/${c.id}`)).body).toMatchObject({ name: "Mine", status: "active" });
  });
});
