// How messages find their way: each recipient domain's MX (looked up in the
// loopback DNS; null MX fails without a connection), traffic shaping that
// learns from a throttling answer, and SMTP submission through an smtp
// connection's own server (AUTH), whose "slow down" pauses the account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listShapingRules } from "../../src/mta/shaping";
import { sendDue } from "../../src/mta/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { created, uid } from "../helpers/factory";
import { verifiedSender, type Sender } from "../helpers/mta";
import { startSmtpPeer, type SmtpPeer } from "../helpers/smtp";

let dns: TestDnsServer;
let mx: SmtpPeer;
let app: TestApp;
let throttleNext = 0;

beforeAll(async () => {
  dns = await startDnsServer();
  mx = await startSmtpPeer({ rcpt: () => (throttleNext > 0 ? (throttleNext--, { code: 421, message: "4.7.0 Try again later, closing connection. (TS01) too many messages" }) : null) });
  app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_MTA_MX_PORT: String(mx.port), NEARBOUND_ALLOW_PRIVATE_TARGETS: "1", NEARBOUND_HOSTNAME: "mta.nearbound.test" } });
});
afterAll(async () => {
  await app.close();
  await mx.close();
  await dns.close();
});

async function live(): Promise<{ w: TestWorkspace; sender: Sender }> {
  const w = app.newWorkspace();
  return { w, sender: await verifiedSender(app, w, dns) };
}
const queue = (w: TestWorkspace, identityId: string, to: string) => created(w.api, "/v1/messages", { sender_identity_id: identityId, to: [to], subject: "Hello", text: "Hello" });
const message = async (w: TestWorkspace, id: string) => (await w.api.get(`/v1/messages/${id}`)).body;
const deliveryEvents = async (w: TestWorkspace, id: string) => (await w.api.get(`/v1/delivery_events?message_id=${id}&order=asc`)).body.data;

describe("MX delivery", () => {
  test("each recipient domain's MX host receives its message; a delivered event records the answer", async () => {
    const { w, sender } = await live();
    const domain = `${uid()}.example-mail.test`;
    dns.updateZone({ [domain]: { MX: [{ priority: 10, exchange: `mx1.${domain}` }] }, [`mx1.${domain}`]: { A: ["127.0.0.1"] } });
    const before = mx.received.length;
    const m = await queue(w, sender.identityId, `grace@${domain}`);
    await sendDue(app.ctx);
    expect(mx.received.length).toBe(before + 1);
    expect((await message(w, m.id)).status).toBe("sent");
    expect((await deliveryEvents(w, m.id)).map((e: any) => e.type)).toEqual(["delivered"]);
  });

  test("a null MX fails the message at once, with a hard bounce and no connection", async () => {
    const { w, sender } = await live();
    const domain = `${uid()}.nomail.test`;
    dns.updateZone({ [domain]: { MX: [{ priority: 0, exchange: "." }] } });
    const sessions = mx.sessions;
    const m = await queue(w, sender.identityId, `nobody@${domain}`);
    await sendDue(app.ctx);
    expect(mx.sessions).toBe(sessions);
    expect((await message(w, m.id)).status).toBe("failed");
    expect((await deliveryEvents(w, m.id))[0]).toMatchObject({ type: "bounced", bounce: { kind: "hard", reason: "no_route" } });
  });

  test("a throttling answer cuts the provider's limits (a deferred event says so), and the message goes on the next try", async () => {
    const { w, sender } = await live();
    const domain = `${uid()}.throttled.test`;
    dns.updateZone({ [domain]: { MX: [{ priority: 10, exchange: `mx.${domain}` }] }, [`mx.${domain}`]: { A: ["127.0.0.1"] } });
    throttleNext = 1;
    const m = await queue(w, sender.identityId, `grace@${domain}`);
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("queued");
    const details = (await deliveryEvents(w, m.id)).map((e: any) => `${e.type}: ${e.detail}`);
    expect(details.some((d: string) => d.startsWith("deferred:") && d.includes("limits cut"))).toBe(true);
    const rule = listShapingRules(app.ctx).find((r) => r.provider === domain || domain.endsWith(r.provider))!;
    expect(rule.maxConnections).toBeLessThan(rule.baseConnections);
    app.clock.advance(5 * 60_000);
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("sent");
  });
});

describe("SMTP submission through an smtp connection", () => {
  test("the message leaves through the account's server, authenticated; its 'slow down' pauses the account's quota scope", async () => {
    let throttle = 1;
    const server = await startSmtpPeer({ auth: { username: "ada", password: "s3cret" }, data: () => (throttle-- > 0 ? { code: 421, message: "4.7.0 Too many messages, slow down" } : null) });
    try {
      const w = app.newWorkspace();
      const c = await created(w.api, "/v1/connections", {
        kind: "smtp",
        name: "Ada's mailbox",
        smtp: { host: "127.0.0.1", port: server.port, tls: "none", username: "ada", password: "s3cret" },
        identities: [{ email: "ada@mailbox.example-provider.test", name: "Ada" }],
      });
      await app.running.runner.drain(); // the connection's verification
      expect((await w.api.get(`/v1/connections/${c.id}`)).body.status).toBe("active");
      const m = await queue(w, c.identities[0].id, "grace@customer.test");
      await sendDue(app.ctx);
      const scope = (await w.api.get(`/v1/quota_scopes/${c.quota_scope_id}`)).body;
      expect(scope.paused_until).not.toBeNull();
      expect(scope.paused_detail).toContain("slow down");
      expect((await message(w, m.id)).status).toBe("queued");
      app.clock.advance(60 * 60_000);
      await sendDue(app.ctx);
      expect((await message(w, m.id)).status).toBe("sent");
      expect(server.received.at(-1)!.user).toBe("ada");
    } finally {
      await app.ctx.transport.close(); // the pooled session to this server
      await server.close();
    }
  });
});
