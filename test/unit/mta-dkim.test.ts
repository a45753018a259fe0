// DKIM with both keys of a domain (issue 12 item 8): each signature verified by
// mailauth through the project's DNS client and by dkimpy (Debian's
// python3-dkim, installed by scripts/setup-test.sh) through dnspython, both
// asking the loopback DNS server that publishes the two public keys (the RSA
// one longer than 255 bytes, so split across TXT strings).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { createResolver } from "../../src/lib/dns/resolver";
import { OVERSIGNED_HEADERS, prepareSignatures, relaxedBody, signMessage, type SigningKeys } from "../../src/mta/dkim";
import { buildMessage } from "../../src/mta/mime";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";

const DOMAIN = "sender.example";
// in the past: dkimpy checks t= against the real clock
const NOW = Date.parse("2026-06-01T10:00:00Z");
const PYTHON = "/usr/bin/python3"; // Debian's, where python3-dkim lives (not a pyenv on PATH)
const VERIFY_PY = new URL("../helpers/dkim-verify.py", import.meta.url).pathname;

function keyPairs() {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const ed = generateKeyPairSync("ed25519");
  const keys: SigningKeys = {
    domain: DOMAIN,
    keys: [
      { selector: "nb-rsa", algorithm: "rsa-sha256", privateKey: rsa.privateKey.export({ type: "pkcs8", format: "pem" }).toString() },
      { selector: "nb-ed", algorithm: "ed25519-sha256", privateKey: ed.privateKey.export({ type: "pkcs8", format: "pem" }).toString() },
    ],
  };
  const rsaP = rsa.publicKey.export({ type: "spki", format: "der" }).toString("base64");
  // RFC 8463 §4.2: the ed25519 p= is the raw 32-byte public key, not its SPKI
  const edP = ed.publicKey.export({ type: "spki", format: "der" }).subarray(-32).toString("base64");
  const records = {
    [`nb-rsa._domainkey.${DOMAIN}`]: { TXT: [`v=DKIM1; k=rsa; p=${rsaP}`] },
    [`nb-ed._domainkey.${DOMAIN}`]: { TXT: [`v=DKIM1; k=ed25519; p=${edP}`] },
  };
  return { keys, records };
}

function message(over: Partial<Parameters<typeof buildMessage>[0]> = {}): Uint8Array {
  return buildMessage({
    from: { address: `anna@${DOMAIN}`, name: "Anna Łukasiewicz" },
    to: ["bob@receiver.example", { address: "carla@bücher.example", name: "Carla" }],
    cc: ["dan@receiver.example"],
    replyTo: `replies@${DOMAIN}`,
    subject: "Grüße — quarterly note",
    html: `<p>Hello Bob,</p><p>${"A line with  double  spaces and trailing tabs\t\t ".repeat(20)}</p>`,
    headers: { "X-Campaign": "spring", References: "<a@receiver.example>" },
    messageId: `msg_0193c5e0a1b27c3d8e9f001122334455@${DOMAIN}`,
    date: new Date(NOW),
    listUnsubscribe: { url: "https://app.example.com/u/tok_123", mailto: `unsubscribe+tok_123@bounce.${DOMAIN}` },
    ...over,
  });
}

let dns: TestDnsServer;
let keys: SigningKeys;

beforeAll(async () => {
  const k = keyPairs();
  keys = k.keys;
  dns = await startDnsServer(k.records);
});
afterAll(() => dns.close());

async function mailauthResults(raw: Uint8Array) {
  const resolver = createResolver({ servers: [{ host: dns.host, port: dns.port }] });
  const res = await dkimVerify(Buffer.from(raw), {
    resolver: async (name: string, type: string) => (type === "TXT" ? resolver.txt(name) : (await resolver.query(name, type as "A")).records),
    curTime: new Date(NOW + 60_000),
  });
  return res.results.map((r) => ({ selector: r.selector, algo: r.algo, result: r.status?.result, comment: r.status?.comment }));
}

async function dkimpyResults(raw: Uint8Array): Promise<{ d: string; s: string; a: string; pass: boolean; error: string | null }[]> {
  const proc = Bun.spawn([PYTHON, VERIFY_PY, String(dns.port)], { stdin: Buffer.from(raw), stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`dkim-verify.py exited ${code}: ${err}`);
  return out
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

function headerBlock(raw: Uint8Array): string {
  const s = Buffer.from(raw).toString("utf8");
  return s.slice(0, s.indexOf("\r\n\r\n"));
}

describe("signMessage", () => {
  test("the Debian verifier is installed (scripts/setup-test.sh)", () => {
    expect(existsSync(PYTHON)).toBe(true);
  });

  test("the RSA key record is longer than one TXT string", async () => {
    const answer = await createResolver({ servers: [{ host: dns.host, port: dns.port }] }).txt(`nb-rsa._domainkey.${DOMAIN}`);
    expect(answer[0]!.length).toBeGreaterThan(1);
    expect(answer[0]!.join("").length).toBeGreaterThan(255);
  });

  test("prepends one DKIM-Signature per key, RSA on top, the message itself unchanged", async () => {
    const raw = message();
    const signed = await signMessage(raw, keys, { now: NOW });
    const text = Buffer.from(signed).toString("latin1");
    expect(text.startsWith("DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=sender.example;")).toBe(true);
    const second = text.indexOf("\r\nDKIM-Signature: v=1; a=ed25519-sha256;");
    expect(second).toBeGreaterThan(0);
    expect(Buffer.from(signed).subarray(signed.length - raw.length).equals(Buffer.from(raw))).toBe(true);
    expect(text).toContain(`t=${NOW / 1000};`);
    // folded, every line under 78 columns, CRLF only
    for (const line of headerBlock(signed).split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
    expect(/\r(?!\n)|(?<!\r)\n/.test(text)).toBe(false);
  });

  test("h= signs what says who and what, and oversigns the singletons", async () => {
    const signed = await signMessage(message(), keys, { now: NOW });
    const sig = headerBlock(signed).split(/\r\n(?![ \t])/)[0]!.replace(/\r\n[ \t]/g, " ");
    const h = /h=([^;]+);/.exec(sig)![1]!.replace(/\s+/g, "").split(":");
    const count = (n: string) => h.filter((x) => x === n).length;
    for (const name of ["from", "to", "cc", "reply-to", "subject", "date", "message-id", "mime-version", "content-type", "list-unsubscribe", "list-unsubscribe-post"]) {
      expect(OVERSIGNED_HEADERS.has(name)).toBe(true);
      expect({ name, n: count(name) }).toEqual({ name, n: 2 }); // present once, named twice
    }
    expect(count("references")).toBe(1);
    expect(count("x-campaign")).toBe(0);
    // absent singletons are named once, so adding one later breaks the signature
    const plain = await signMessage(message({ cc: [], replyTo: null, listUnsubscribe: null }), keys, { now: NOW });
    const h2 = /h=([^;]+);/.exec(headerBlock(plain).replace(/\r\n[ \t]/g, " "))![1]!.replace(/\s+/g, "").split(":");
    expect(h2.filter((x) => x === "cc").length).toBe(1);
    expect(h2.filter((x) => x === "list-unsubscribe").length).toBe(1);
  });

  test("mailauth verifies both signatures through the loopback DNS server", async () => {
    const results = await mailauthResults(await signMessage(message(), keys, { now: NOW }));
    expect(results).toEqual([
      { selector: "nb-rsa", algo: "rsa-sha256", result: "pass", comment: undefined },
      { selector: "nb-ed", algo: "ed25519-sha256", result: "pass", comment: undefined },
    ]);
  });

  test("dkimpy (python3-dkim) verifies both signatures through the loopback DNS server", async () => {
    const results = await dkimpyResults(await signMessage(message(), keys, { now: NOW }));
    expect(results).toEqual([
      { d: DOMAIN, s: "nb-rsa", a: "rsa-sha256", pass: true, error: null },
      { d: DOMAIN, s: "nb-ed", a: "ed25519-sha256", pass: true, error: null },
    ]);
  });

  test("both verifiers pass a text-only message, a non-ASCII local part and a body without a final line break", async () => {
    for (const raw of [
      message({ html: null, text: "Just text.\n\n\n" }),
      message({ to: ["jürgen@receiver.example"], html: null, text: "Hallo Jürgen" }),
    ]) {
      const signed = await signMessage(raw, keys, { now: NOW });
      expect((await mailauthResults(signed)).map((r) => r.result)).toEqual(["pass", "pass"]);
      expect((await dkimpyResults(signed)).map((r) => r.pass)).toEqual([true, true]);
    }
  });

  test("a tampered body fails both signatures in both verifiers", async () => {
    const signed = Buffer.from(await signMessage(message(), keys, { now: NOW }));
    const at = signed.indexOf("Hello Bob");
    expect(at).toBeGreaterThan(0);
    signed.write("Hallo", at, "latin1");
    // mailauth reports a body hash mismatch as neutral (RFC 6376 §6.1.1 PERMFAIL), never pass
    expect((await mailauthResults(signed)).map((r) => [r.result, r.comment])).toEqual([
      ["neutral", "body hash did not verify"],
      ["neutral", "body hash did not verify"],
    ]);
    expect((await dkimpyResults(signed)).map((r) => r.pass)).toEqual([false, false]);
  });

  test("a second From added above the signed one fails both (oversigning)", async () => {
    const signed = Buffer.from(await signMessage(message(), keys, { now: NOW })).toString("latin1");
    const end = signed.indexOf("\r\n\r\n");
    const forged = Buffer.from(signed.slice(0, end) + "\r\nFrom: ceo@sender.example" + signed.slice(end), "latin1");
    expect((await mailauthResults(forged)).map((r) => r.result)).toEqual(["fail", "fail"]);
    expect((await dkimpyResults(forged)).map((r) => r.pass)).toEqual([false, false]);
  });

  test("a tampered signed header fails; an unsigned header added in transit does not", async () => {
    const signed = Buffer.from(await signMessage(message(), keys, { now: NOW })).toString("latin1");
    const subject = Buffer.from(signed.replace("Subject: ", "Subject: Re: "), "latin1");
    expect((await mailauthResults(subject)).map((r) => r.result)).toEqual(["fail", "fail"]);
    const received = Buffer.from("Received: from relay.example by mx.example; Tue, 1 Dec 2026 10:00:01 +0000\r\n" + signed, "latin1");
    expect((await mailauthResults(received)).map((r) => r.result)).toEqual(["pass", "pass"]);
    expect((await dkimpyResults(received)).map((r) => r.pass)).toEqual([true, true]);
  });

  test("refuses a message with a bare LF, a key of the wrong type for its algorithm, a bad selector, and no keys at all", async () => {
    expect(() => prepareSignatures(Buffer.from("From: a@b.example\nSubject: x\r\n\r\nbody\r\n"), keys)).toThrow(/not CRLF/);
    const swapped: SigningKeys = { domain: DOMAIN, keys: [{ ...keys.keys[1]!, algorithm: "rsa-sha256" }] };
    await expect(signMessage(message(), swapped)).rejects.toThrow(/its key is ed25519/);
    expect(() => prepareSignatures(message(), { domain: DOMAIN, keys: [{ ...keys.keys[0]!, selector: "bad;s=x" }] })).toThrow(/not a selector/);
    await expect(signMessage(message(), { domain: DOMAIN, keys: [] })).rejects.toThrow(/no keys for sender.example/);
  });

  test("accepts a PKCS#1 RSA key", async () => {
    const pkcs1 = createPrivateKey(keys.keys[0]!.privateKey).export({ type: "pkcs1", format: "pem" }).toString();
    const signed = await signMessage(message(), { domain: DOMAIN, keys: [{ ...keys.keys[0]!, privateKey: pkcs1 }] }, { now: NOW });
    expect((await mailauthResults(signed)).map((r) => r.result)).toEqual(["pass"]);
  });
});

describe("relaxed body canonicalisation", () => {
  // mailauth's own body hasher is the reference (an untyped module of it)
  const { dkimBody } = require("mailauth/lib/dkim/body") as {
    dkimBody(canon: string, hash: string, maxLength: false): { update(b: Buffer): void; digest(enc: "base64"): string };
  };
  const reference = (body: string) => {
    const hasher = dkimBody("relaxed", "sha256", false);
    hasher.update(Buffer.from(body, "latin1"));
    return hasher.digest("base64");
  };
  const ours = (body: string) => new Bun.CryptoHasher("sha256").update(Buffer.from(relaxedBody(body), "latin1")).digest("base64");

  test.each([
    ["plain", "Hello\r\nWorld\r\n"],
    ["no final line break", "Hello\r\nWorld"],
    ["trailing spaces and tabs", "Hello \t \r\nWorld\t\r\n"],
    ["inner runs", "a  \t b\t\tc\r\n"],
    ["trailing empty lines", "Hello\r\n\r\n\r\n \r\n\t\r\n"],
    ["leading empty lines kept", "\r\n\r\nHello\r\n"],
    ["only empty lines", "\r\n\r\n  \r\n"],
    ["empty", ""],
    ["8-bit bytes", "caf\xc3\xa9 \xa0x \r\n"],
    ["last line of spaces only", "Hello\r\n   "],
    ["single spaces and a single tab", "a b\tc d\r\n"],
    ["a space before empty lines at the end", "a \r\n\r\n \r\n"],
    ["only spaces", "   "],
  ])("%s", (_, body) => {
    expect(ours(body)).toBe(reference(body));
  });

  test("bodies made of spaces, tabs, line breaks and text agree with the reference", () => {
    const pieces = [" ", " ", "\t", "\r\n", "\r\n", "a", "word", "\xa0", "="];
    let seed = 7;
    // mulberry32: the same cases on every run
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
    for (let i = 0; i < 500; i++) {
      const body = Array.from({ length: next() % 40 }, () => pieces[next() % pieces.length]).join("");
      expect(ours(body)).toBe(reference(body));
    }
  });
});
