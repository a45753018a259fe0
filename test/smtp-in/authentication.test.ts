// The ingest's authenticate step (mailauth through our DNS client) against a
// loopback DNS server that serves the sender's SPF policy, a 2048-bit DKIM key
// (a TXT record longer than one 255-byte string) and a DMARC policy: what a
// signed, aligned message gets, what a tampered one gets, an SPF that does not
// list the client, and a domain with no records at all. One message goes
// through the listener and is read back from the API; the rest call the step.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth/lib/dkim/sign";
import { authenticate } from "../../src/smtp-in/steps/authenticate";
import type { IngestWork } from "../../src/smtp-in/work";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { uid } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { seedInbound } from "../helpers/inbound";
import { reply } from "../helpers/reports";
import { managedSenderRows, type TestSender } from "../helpers/sending";
import { smtpSend } from "../helpers/smtp-client";

const SELECTOR = "s2048";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

let dns: TestDnsServer;
let app: TestApp;
let w: TestWorkspace;
let mailbox: TestSender;

beforeAll(async () => {
  dns = await startDnsServer();
  app = await startTestApp({ smtp: true, env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_HOSTNAME: "mx.nearbound.test" } });
  w = app.newWorkspace();
  mailbox = managedSenderRows(app, w, `${uid()}.outreach.test`);
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

/** A sending domain of its own per test (no cached answers between tests), with the records asked for. */
function domain(records: { spf?: string; dkim?: boolean; dmarc?: string } = {}): string {
  const d = `sender-${uid()}.test`;
  dns.updateZone({
    [d]: records.spf ? { TXT: [records.spf] } : {},
    ...(records.dkim ? { [`${SELECTOR}._domainkey.${d}`]: { TXT: [DKIM_RECORD] } } : {}),
    ...(records.dmarc ? { [`_dmarc.${d}`]: { TXT: [records.dmarc] } } : {}),
  });
  return d;
}

const FULL = { spf: "v=spf1 ip4:127.0.0.1 -all", dkim: true, dmarc: "v=DMARC1; p=reject" };

/** A reply from grace@`d` to our mailbox, DKIM-signed for `d` when `sign`. */
async function message(d: string, sign = true): Promise<string> {
  const raw = reply({ from: `Grace Hopper <grace@${d}>`, to: mailbox.email, messageId: `${uid()}@${d}` });
  if (!sign) return raw;
  const key = { signingDomain: d, selector: SELECTOR, privateKey: PRIVATE_PEM, canonicalization: "relaxed/relaxed" };
  // mailauth signs with the keys of signatureData only (the top-level fields, which its types require, are ignored)
  const signed = await dkimSign(raw, { ...key, signatureData: [key] });
  expect(signed.errors ?? []).toEqual([]);
  return signed.signatures + raw;
}

/** The authenticate step alone, on a stored (received) row of this envelope. */
async function authenticated(raw: string, envelope: { mailFrom: string; helo: string }) {
  const row = seedInbound(app.ctx, w.id, { state: "received", kind: null, processedAt: null, raw, mailFrom: envelope.mailFrom, helo: envelope.helo, remoteAddress: "127.0.0.1" });
  const work: IngestWork = { ctx: app.ctx, row, raw: Buffer.from(raw), analysis: null, authentication: null, report: null, kind: null, verdict: null, match: null };
  await authenticate(work);
  return work.authentication!;
}

describe("a DKIM-signed message from a domain with SPF, DKIM and DMARC records", () => {
  test("the DKIM key record is longer than one TXT string (split into 255-byte strings)", () => {
    expect(DKIM_RECORD.length).toBeGreaterThan(255);
  });

  test("over SMTP: the stored message reads spf pass, dkim pass (domain, selector), dmarc pass (policy reject), arc none", async () => {
    const d = domain(FULL);
    const r = await smtpSend(app.running.smtpPort, `bounces@${d}`, [mailbox.email], await message(d));
    expect(r.data!.code).toBe(250);
    await ingestReceived(app.ctx);
    const id = /queued as (inm_\w+)/.exec(r.data!.text)![1]!;
    const got = await w.api.get(`/v1/inbound_messages/${id}`);
    expectOk(got);
    expect(got.body.state).toBe("processed");
    const a = got.body.authentication;
    expect(a).toMatchObject({
      spf: { result: "pass", domain: d },
      dkim: [{ result: "pass", domain: d, selector: SELECTOR }],
      dmarc: { result: "pass", domain: d, policy: "reject" },
      arc: { result: "none" },
    });
    expect(a.header).toContain("mx.nearbound.test");
    expect(a.header).toContain(`spf=pass`);
    expect(a.header).toContain(`dkim=pass header.i=@${d} header.s=${SELECTOR}`);
    expect(a.header).toContain(`dmarc=pass`);
  });

  test("the step alone reads the same", async () => {
    const d = domain(FULL);
    const a = await authenticated(await message(d), { mailFrom: `bounces@${d}`, helo: `mail.${d}` });
    expect(a).toMatchObject({
      spf: { result: "pass", domain: d },
      dkim: [{ result: "pass", domain: d, selector: SELECTOR }],
      dmarc: { result: "pass", domain: d, policy: "reject" },
      arc: { result: "none" },
    });
  });
});

describe("failures", () => {
  test("a body changed after signing: dkim not pass (mailauth's lenient reading of a body hash mismatch: neutral), dmarc fail without an aligned SPF pass", async () => {
    const d = domain(FULL);
    const tampered = (await message(d)).replace("Can we talk on Thursday?", "Please wire the money today.");
    const relay = domain(); // the envelope is another domain's, with no SPF record: DMARC rests on DKIM alone
    const a = await authenticated(tampered, { mailFrom: `bounces@${relay}`, helo: `mail.${relay}` });
    // RFC 8601 would say fail; mailauth outside its strict mode says neutral (lib/dkim/dkim-verifier.js)
    expect(a.dkim).toEqual([{ result: "neutral", domain: d, selector: SELECTOR }]);
    expect(a.header).toContain("body hash did not verify");
    expect(a.dmarc).toMatchObject({ result: "fail", domain: d, policy: "reject" });
    expect(a.spf.result).toBe("none");
  });

  test("a signed header changed after signing (Subject): dkim fail, dmarc fail", async () => {
    const d = domain(FULL);
    const tampered = (await message(d)).replace("Subject: Re: Quick question", "Subject: Re: Invoice overdue");
    const relay = domain();
    const a = await authenticated(tampered, { mailFrom: `bounces@${relay}`, helo: `mail.${relay}` });
    expect(a.dkim).toEqual([{ result: "fail", domain: d, selector: SELECTOR }]);
    expect(a.dmarc).toMatchObject({ result: "fail", domain: d, policy: "reject" });
  });

  test("the same body untouched through that envelope: dkim pass carries dmarc", async () => {
    const d = domain(FULL);
    const relay = domain();
    const a = await authenticated(await message(d), { mailFrom: `bounces@${relay}`, helo: `mail.${relay}` });
    expect(a.dkim).toEqual([{ result: "pass", domain: d, selector: SELECTOR }]);
    expect(a.dmarc).toMatchObject({ result: "pass", domain: d });
  });

  test("SPF -all that does not list the client: spf fail", async () => {
    const d = domain({ spf: "v=spf1 ip4:192.0.2.10 -all" });
    const a = await authenticated(await message(d, false), { mailFrom: `bounces@${d}`, helo: `mail.${d}` });
    expect(a.spf).toEqual({ result: "fail", domain: d });
    expect(a.dkim).toEqual([{ result: "none", domain: null, selector: null }]); // not signed
  });

  test("a domain with no records, an unsigned message: spf none, dkim none, dmarc none, arc none", async () => {
    const d = domain();
    const a = await authenticated(await message(d, false), { mailFrom: `bounces@${d}`, helo: `mail.${d}` });
    expect(a.spf.result).toBe("none");
    expect(a.dkim).toEqual([{ result: "none", domain: null, selector: null }]);
    expect(a.dmarc.result).toBe("none");
    expect(a.arc.result).toBe("none");
  });
});
