// The analysis thread reads a message exactly as the steps do in-process:
// the same authentication results (through the configured DNS servers) and
// the same report.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createResolver } from "../../src/lib/dns/resolver";
import { parseReport } from "../../src/smtp-in/bounces";
import { AnalysisThread } from "../../src/smtp-in/analysis";
import { authenticateRaw } from "../../src/smtp-in/steps/authenticate";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { arf, dsn } from "../helpers/reports";

let dns: TestDnsServer;
let thread: AnalysisThread;

beforeAll(async () => {
  dns = await startDnsServer({ "isp.test": { TXT: ["v=spf1 ip4:127.0.0.1 -all"] }, "_dmarc.isp.test": { TXT: ["v=DMARC1; p=none"] } });
  thread = new AnalysisThread({ dnsServers: [{ host: dns.host, port: dns.port }], hostname: "mx.nearbound.test" });
});
afterAll(async () => {
  thread.close();
  await dns.close();
});

test("a DSN and a complaint read on the thread as in-process", async () => {
  const resolver = createResolver({ servers: [{ host: dns.host, port: dns.port }] });
  for (const raw of [dsn({ to: "b@bounce.example.test", recipient: "ada@recipient.test" }), arf({ to: "b@bounce.example.test", recipient: "ada@recipient.test" })]) {
    const bytes = Buffer.from(raw);
    const envelope = { ip: "127.0.0.1", helo: "mx.isp.test", sender: "fbl@isp.test", recipients: ["dana@outreach.test"] };
    const [onThread, here] = await Promise.all([thread.analyse(bytes, envelope, Date.now()), authenticateRaw(bytes, envelope, resolver, "mx.nearbound.test")]);
    expect(onThread.authentication).toEqual(here);
    expect(onThread.authentication.spf.result).toBe("pass");
    expect(onThread.report).toEqual(parseReport(bytes));
  }
});

test("many at once: each answer goes to its own message", async () => {
  const raws = Array.from({ length: 50 }, (_, i) => Buffer.from(dsn({ to: "b@bounce.example.test", recipient: `p${i}@recipient.test` })));
  const answers = await Promise.all(raws.map((r) => thread.analyse(r, { ip: "127.0.0.1", helo: null, sender: "", recipients: ["dana@outreach.test"] }, Date.now())));
  expect(answers.map((a) => a.report.recipients[0]!.address)).toEqual(raws.map((_, i) => `p${i}@recipient.test`));
});

test("the thread answers a ping at once, before it has even been started (the watchdog's question: free, or held?)", async () => {
  const worker = new Worker(new URL("../../src/smtp-in/analysis-worker.ts", import.meta.url));
  try {
    const answer = new Promise((resolve) => worker.addEventListener("message", (e) => resolve(e.data), { once: true }));
    worker.postMessage({ type: "ping" });
    expect(await answer).toEqual({ pong: true });
  } finally {
    worker.terminate();
  }
});
