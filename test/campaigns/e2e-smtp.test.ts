// One campaign end to end in a live workspace: created through the API, sent
// through an smtp connection to a real SMTP server on loopback (smtp-server),
// with the scheduler and the MTA driven by the fake clock — and what the
// server received read back as mail (mailparser).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { simpleParser } from "mailparser";
import { FakeClock } from "../../src/lib/clock";
import { silentLogger } from "../../src/lib/log";
import { createSmtpTransport } from "../../src/mta/smtp-transport";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, enrollmentsOf, people, runUntil } from "../helpers/campaigns";
import { created, uid } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { startSmtpPeer, TEST_TLS, type SmtpPeer } from "../helpers/smtp";

const AUTH = { username: "amara", password: "app-password" };
let peer: SmtpPeer;
let app: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer({ auth: AUTH, tls: true });
  const clock = new FakeClock(Date.parse("2026-11-21T12:00:00Z"));
  // the real SMTP transport, trusting the peer's committed self-signed certificate (sending verifies it; the connection check does not on loopback)
  const transport = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger, clock, ca: TEST_TLS.cert });
  app = await startTestApp({ clock, edges: { transport }, env: { NEARBOUND_ALLOW_PRIVATE_TARGETS: "1", NEARBOUND_HOSTNAME: "mta.nearbound.test" } });
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const DAY = 86_400_000;

/** A header as it arrived, unfolded (mailparser turns List-* headers into structures). */
function header(raw: Buffer, name: string): string | null {
  const head = raw.toString("latin1").split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

test("POST /v1/campaigns to mail at the account's SMTP server: step 1 to both people, step 2 after its delay as a reply in the thread", async () => {
  const w = app.newWorkspace();
  const sender = `amara@${uid()}.northwind.test`;
  const c = await created(w.api, "/v1/connections", {
    kind: "smtp",
    name: "Amara's mailbox",
    smtp: { host: "127.0.0.1", port: peer.port, tls: "starttls", ...AUTH },
    identities: [{ email: sender, name: "Amara Okafor" }],
  });
  await app.running.runner.drain(); // the connection's verification, against the peer
  expect((await w.api.get(`/v1/connections/${c.id}`)).body.status).toBe("active");
  const verifications = peer.sessions;

  const [ada, bob] = await people(w.api, 2, (i) => ({ given_name: ["Ada", "Bob"][i], email: `${["ada", "bob"][i]}-${uid()}@customer.test` }));
  const campaign = await created(w.api, "/v1/campaigns", {
    name: "Northwind intro",
    senders: { identity_ids: [c.identities[0].id] },
    steps: [
      { name: "Intro", variants: [{ subject: "Quick question, {{ first_name }}", html: "<p>Hi {{ first_name }}, a quick question.</p>", text: "Hi {{ first_name }}, a quick question." }] },
      { name: "Bump", delay_seconds: 3 * 86_400, same_thread: true, variants: [{ subject: "ignored in the thread", html: "<p>Any thoughts, {{ first_name }}?</p>", text: "Any thoughts, {{ first_name }}?" }] },
    ],
  });
  expectOk(await w.api.post("/v1/enrollments", { campaign_id: campaign.id, person_ids: [ada!.id, bob!.id] }, { "idempotency-key": crypto.randomUUID() }), 201);
  expectOk(await w.api.post(`/v1/campaigns/${campaign.id}/start`, {}), 200);
  await app.running.runner.drain(); // campaign.start: active, step 1 made
  const start = app.clock.now();

  await runUntil(app, start + DAY);
  expect(peer.received).toHaveLength(2);
  await runUntil(app, start + 4 * DAY);
  expect(peer.received).toHaveLength(4);
  expect(peer.sessions).toBeGreaterThan(verifications);

  const mail = await Promise.all(peer.received.map(async (r) => ({ r, m: await simpleParser(r.raw) })));
  const to = (address: string) => mail.filter((x) => x.r.to[0] === address);
  for (const [person, name] of [[ada!, "Ada"], [bob!, "Bob"]] as const) {
    const [first, second] = to(person.email);
    expect(first && second).toBeTruthy();
    const [one, two] = [first!.m, second!.m];
    for (const x of [first!, second!]) {
      expect(x.r).toMatchObject({ from: sender, to: [person.email], secure: true, user: AUTH.username });
    }
    expect(one.subject).toBe(`Quick question, ${name}`);
    expect(one.text?.trim()).toBe(`Hi ${name}, a quick question.`);
    expect(one.from?.value[0]).toMatchObject({ address: sender, name: "Amara Okafor" });
    // one-click unsubscribe (RFC 8058) and its mailto
    const [unsubscribe, post] = [header(first!.r.raw, "List-Unsubscribe"), header(first!.r.raw, "List-Unsubscribe-Post")];
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+\/u\/[A-Za-z0-9_-]+>, ?<mailto:unsubscribe\+[A-Za-z0-9_-]+@[^>]+>$/);
    expect(post).toBe("List-Unsubscribe=One-Click");

    expect(two.subject).toBe(`Re: Quick question, ${name}`);
    expect(two.text?.trim()).toBe(`Any thoughts, ${name}?`);
    expect(two.inReplyTo).toBe(one.messageId);
    expect(two.references).toContain(one.messageId!);
    expect(header(second!.r.raw, "List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/u\//);
  }

  const rows = campaignMessages(app, campaign.id);
  expect(rows.map((m) => m.status)).toEqual(["sent", "sent", "sent", "sent"]);
  const byPerson = (id: string) => rows.filter((m) => m.personId === id);
  for (const p of [ada!, bob!]) {
    const [s1, s2] = byPerson(p.id);
    expect(s2!.sentAt! - s1!.sentAt!).toBe(3 * DAY);
  }
  expect(enrollmentsOf(app, campaign.id).map((e) => e.status)).toEqual(["completed", "completed"]);
  expect((await w.api.get(`/v1/campaigns/${campaign.id}`)).body.status).toBe("completed");
});
