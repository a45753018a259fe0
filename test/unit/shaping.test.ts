// Traffic shaping that learns: providers rolled up from MX hosts, connection
// slots and the message rate, the cut on a throttling answer and the recovery
// after clean deliveries (fake clock), kept in shaping_rules across restarts,
// printed by `nearbound shaping`; and the cut and recovery driven by a real
// peer that answers 421 and then 250.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext, databaseFile, type Ctx } from "../../src/context";
import { FakeClock } from "../../src/lib/clock";
import { silentLogger } from "../../src/lib/log";
import { isThrottling, listShapingRules, providerOf, Shaper, type ShapingChange } from "../../src/mta/shaping";
import { createSmtpTransport } from "../../src/mta/smtp-transport";
import type { Route } from "../../src/mta/transport";
import { runCli, SOURCE_CLI } from "../foundation/proc";
import { startSmtpPeer } from "../helpers/smtp";

const T0 = Date.parse("2026-11-21T12:00:00Z");
const MIN = 60_000;
const made: { ctx: Ctx; dir: string }[] = [];
afterAll(() => {
  for (const m of made) {
    m.ctx.db.$client.close();
    rmSync(m.dir, { recursive: true, force: true });
  }
});

function context(): { ctx: Ctx; clock: FakeClock; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "nearbound-shaping-"));
  const clock = new FakeClock(T0);
  // serving: the MTA's connection, which never waits for the write lock
  const ctx = createContext(loadConfig({ "data-dir": dir }, {}), { clock, log: silentLogger, serving: true });
  made.push({ ctx, dir });
  return { ctx, clock, dir };
}

const throttle = { code: 421, enhanced: "4.7.0", text: "421 4.7.0 mx.example.test Error: too many connections from 203.0.113.9" };
const clean = { code: 250, enhanced: "2.0.0", text: "250 2.0.0 Ok: queued as 4Xk9" };

describe("providers", () => {
  test.each([
    ["aspmx.l.google.com", "google"],
    ["ALT1.ASPMX.L.GOOGLE.COM.", "google"],
    ["gmail-smtp-in.l.google.com", "google"],
    ["aspmx2.googlemail.com", "google"],
    ["acme-com.mail.protection.outlook.com", "microsoft"],
    ["hotmail-com.olc.protection.outlook.com", "microsoft"],
    ["mx1.hotmail.com", "microsoft"],
    ["acme-com.r-v1.mx.microsoft", "microsoft"],
    ["mta6.am0.yahoodns.net", "yahoo"],
    ["mx01.mail.icloud.com", "apple"],
    ["in1-smtp.messagingengine.com", "messagingengine.com"],
    ["mx.mail.example.co.uk", "example.co.uk"],
    ["mx1.example.com.au", "example.com.au"],
    ["mail.protonmail.ch", "protonmail.ch"],
    ["example.org", "example.org"],
    ["localhost", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
  ])("%s → %s", (host, provider) => {
    expect(providerOf(host)).toBe(provider);
  });
});

describe("what slows us down", () => {
  test.each([
    [421, "4.7.0", "421 4.7.0 Try again later, closing connection.", true],
    [450, "4.7.28", "450-4.7.28 Gmail has detected an unusual rate of unsolicited mail originating from your IP address.", true],
    [451, "4.7.1", "451 4.7.1 Please try again later (rate limited)", true],
    [451, null, "451 Server busy. Please try again later from [203.0.113.9]", true],
    [452, "4.3.1", "452 4.3.1 The mail server has exceeded the maximum number of connections", true],
    [550, "5.7.1", "550 Ip frequency limited [203.0.113.9]", true],
    [451, "4.7.1", "451 4.7.1 Greylisted, please try again later", false],
    [452, "4.5.3", "452 4.5.3 Error: too many recipients", false],
    [550, "5.1.1", "550 5.1.1 <bob@example.test>: Recipient address rejected: User unknown", false],
    [250, "2.0.0", "250 2.0.0 Ok: queued", false],
  ])("%i %s: %s → %p", (code, enhanced, text, expected) => {
    expect(isThrottling({ code, enhanced, text })).toBe(expected);
  });
});

describe("Shaper", () => {
  test("a provider's defaults are stored the first time it is seen", () => {
    const { ctx } = context();
    const shaper = new Shaper(ctx);
    expect(shaper.limitsOf("google", T0)).toEqual({ maxConnections: 5, messagesPerMinute: 600 });
    shaper.limitsOf("example.test", T0);
    expect(listShapingRules(ctx)).toEqual([
      { provider: "example.test", maxConnections: 10, messagesPerMinute: 6000, baseConnections: 10, baseMessagesPerMinute: 6000, coolOffUntil: null, cleanDeliveries: 0, lastThrottle: null, updatedAt: T0 },
      { provider: "google", maxConnections: 5, messagesPerMinute: 600, baseConnections: 5, baseMessagesPerMinute: 600, coolOffUntil: null, cleanDeliveries: 0, lastThrottle: null, updatedAt: T0 },
    ]);
  });

  test("connection slots: no more than the limit at once; a released slot is free again", () => {
    const { ctx } = context();
    const shaper = new Shaper(ctx);
    const slots = Array.from({ length: 5 }, () => shaper.acquire("google", T0));
    expect(slots.every((s) => s.ok)).toBe(true);
    expect(shaper.acquire("google", T0)).toEqual({ ok: false, retryAt: T0 + 1000 });
    // another provider is not affected
    expect(shaper.acquire("microsoft", T0).ok).toBe(true);
    const first = slots[0]!;
    if (first.ok) {
      first.release();
      first.release(); // twice is once
    }
    expect(shaper.acquire("google", T0).ok).toBe(true);
    expect(shaper.acquire("google", T0).ok).toBe(false);
  });

  test("the message rate: a burst of ten seconds' worth, then one message per 1/rate", () => {
    const { ctx, clock } = context();
    const shaper = new Shaper(ctx);
    // yahoo: 300 a minute, so a burst of 50 and then one every 200 ms
    for (let i = 0; i < 50; i++) {
      const s = shaper.acquire("yahoo", clock.now());
      if (!s.ok) throw new Error(`refused at ${i}`);
      s.release();
    }
    expect(shaper.acquire("yahoo", clock.now())).toEqual({ ok: false, retryAt: T0 + 200 });
    clock.advance(200);
    expect(shaper.acquire("yahoo", clock.now()).ok).toBe(true);
    expect(shaper.acquire("yahoo", clock.now()).ok).toBe(false);
  });

  test("a throttling answer halves both limits for the cool-off, once per burst of answers", () => {
    const { ctx, clock } = context();
    const shaper = new Shaper(ctx);
    const change = shaper.observe("google", throttle, clock.now());
    expect(change).toEqual({
      changed: true,
      provider: "google",
      before: { maxConnections: 5, messagesPerMinute: 600, coolOffUntil: null },
      after: { maxConnections: 2, messagesPerMinute: 300, coolOffUntil: T0 + 10 * MIN },
      text: throttle.text,
    });
    expect(listShapingRules(ctx)[0]).toMatchObject({ provider: "google", maxConnections: 2, messagesPerMinute: 300, coolOffUntil: T0 + 10 * MIN, lastThrottle: throttle.text });
    // the other sessions' answers to the same overload
    clock.advance(30_000);
    expect(shaper.observe("google", throttle, clock.now())).toEqual({ changed: false });
    // a minute on, still throttled: halved again (floor 1), the cool-off starts over
    clock.advance(31_000);
    const again = shaper.observe("google", throttle, clock.now());
    expect(again).toMatchObject({ changed: true, after: { maxConnections: 1, messagesPerMinute: 150, coolOffUntil: clock.now() + 10 * MIN } });
    for (let i = 0; i < 10; i++) {
      clock.advance(MIN);
      shaper.observe("google", throttle, clock.now());
    }
    expect(shaper.limitsOf("google", clock.now())).toEqual({ maxConnections: 1, messagesPerMinute: 1 });
  });

  test("answers that are not throttling change nothing", () => {
    const { ctx } = context();
    const shaper = new Shaper(ctx);
    for (const a of [clean, { code: 550, enhanced: "5.1.1", text: "550 5.1.1 User unknown" }, { code: 451, enhanced: "4.7.1", text: "451 4.7.1 Greylisted" }]) {
      expect(shaper.observe("google", a, T0)).toEqual({ changed: false });
    }
    expect(shaper.limitsOf("google", T0)).toEqual({ maxConnections: 5, messagesPerMinute: 600 });
  });

  test("limits cut take effect on slots at once", () => {
    const { ctx } = context();
    const shaper = new Shaper(ctx);
    shaper.observe("google", throttle, T0);
    expect(shaper.acquire("google", T0).ok).toBe(true);
    expect(shaper.acquire("google", T0).ok).toBe(true);
    expect(shaper.acquire("google", T0)).toEqual({ ok: false, retryAt: T0 + 1000 });
  });

  test("after the cool-off, every ten clean deliveries raise the limits a step, back to the base", () => {
    const { ctx, clock } = context();
    const shaper = new Shaper(ctx);
    shaper.observe("google", throttle, clock.now()); // 2 connections, 300/min
    // clean deliveries during the cool-off do not count
    for (let i = 0; i < 20; i++) shaper.observe("google", clean, clock.now());
    expect(listShapingRules(ctx)[0]).toMatchObject({ maxConnections: 2, messagesPerMinute: 300, cleanDeliveries: 0 });
    clock.advance(10 * MIN);
    const steps: [number, number][] = [];
    for (let i = 0; i < 60; i++) {
      shaper.observe("google", clean, clock.now());
      const l = shaper.limitsOf("google", clock.now());
      if (i % 10 === 9) steps.push([l.maxConnections, l.messagesPerMinute]);
    }
    expect(steps).toEqual([
      [3, 360],
      [4, 420],
      [5, 480],
      [5, 540],
      [5, 600],
      [5, 600],
    ]);
    expect(listShapingRules(ctx)[0]).toMatchObject({ maxConnections: 5, messagesPerMinute: 600, coolOffUntil: null, cleanDeliveries: 0 });
  });

  test("the limits survive a restart: a new Shaper reads them", () => {
    const { ctx, clock } = context();
    new Shaper(ctx).observe("yahoo", throttle, clock.now());
    const restarted = new Shaper(ctx);
    expect(restarted.limitsOf("yahoo", clock.now())).toEqual({ maxConnections: 2, messagesPerMinute: 150 });
    // and its cool-off: a throttle right after is the same burst
    expect(restarted.observe("yahoo", throttle, clock.now() + 1000)).toEqual({ changed: false });
  });

  test("a busy database does not lose a cut: it is written at the next call", () => {
    const { ctx, clock, dir } = context();
    const shaper = new Shaper(ctx);
    shaper.limitsOf("google", clock.now());
    const other = new Database(databaseFile(dir));
    other.exec("BEGIN IMMEDIATE");
    try {
      expect(shaper.observe("google", throttle, clock.now())).toMatchObject({ changed: true });
      expect(shaper.limitsOf("google", clock.now())).toEqual({ maxConnections: 2, messagesPerMinute: 300 });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(listShapingRules(ctx)[0]).toMatchObject({ maxConnections: 5 });
    shaper.limitsOf("google", clock.now());
    expect(listShapingRules(ctx)[0]).toMatchObject({ maxConnections: 2, messagesPerMinute: 300, lastThrottle: throttle.text });
  });
});

describe("against a peer that answers 421, then 250", () => {
  test("the cut, the cool-off, and the recovery", async () => {
    const { ctx, clock } = context();
    const shaper = new Shaper(ctx);
    const peer = await startSmtpPeer({ data: (n) => (n === 1 ? { code: 421, message: "4.7.0 mx.example.test Too many messages from your IP, slow down" } : null) });
    const transport = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger, shaper, clock });
    try {
      const route: Route = { kind: "mx", destination: "example.test", tls: "opportunistic", hosts: [{ host: "mx.example.test", port: peer.port, addresses: ["127.0.0.1"] }] };
      const provider = shaper.providerOf(route.hosts[0]!.host);
      expect(provider).toBe("example.test");
      // what the MTA's send step does for every message
      const deliver = async (): Promise<ShapingChange> => {
        const slot = shaper.acquire(provider, clock.now());
        if (!slot.ok) throw new Error("no slot");
        const r = await transport.send({ route, envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test"] }, message: new TextEncoder().encode("Subject: x\r\n\r\nx\r\n"), beforeData: async () => {} }).finally(slot.release);
        if (r.outcome !== "answered") throw new Error(`${r.outcome}: ${r.response}`);
        return shaper.observe(provider, { code: r.code, enhanced: r.enhanced, text: r.response }, clock.now());
      };

      const cut = await deliver();
      expect(cut).toEqual({
        changed: true,
        provider: "example.test",
        before: { maxConnections: 10, messagesPerMinute: 6000, coolOffUntil: null },
        after: { maxConnections: 5, messagesPerMinute: 3000, coolOffUntil: T0 + 10 * MIN },
        text: "421 4.7.0 mx.example.test Too many messages from your IP, slow down",
      });
      expect(await deliver()).toEqual({ changed: false });
      expect(shaper.limitsOf(provider, clock.now())).toEqual({ maxConnections: 5, messagesPerMinute: 3000 });

      clock.advance(10 * MIN);
      for (let i = 0; i < 10; i++) await deliver();
      expect(shaper.limitsOf(provider, clock.now())).toEqual({ maxConnections: 6, messagesPerMinute: 3600 });
      expect(peer.received).toHaveLength(11);
    } finally {
      await transport.close();
      await peer.close();
    }
  });
});

describe("nearbound shaping", () => {
  test("prints one JSON line per provider with the limits in force", async () => {
    const { ctx, clock, dir } = context();
    const shaper = new Shaper(ctx);
    shaper.limitsOf("example.test", clock.now());
    shaper.observe("google", throttle, clock.now());
    const r = await runCli(SOURCE_CLI, ["shaping", "--data-dir", dir]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l))).toEqual([
      { provider: "example.test", max_connections: 10, messages_per_minute: 6000, base_connections: 10, base_messages_per_minute: 6000, cool_off_until: null, clean_deliveries: 0, last_throttle: null, updated_at: "2026-11-21T12:00:00.000Z" },
      { provider: "google", max_connections: 2, messages_per_minute: 300, base_connections: 5, base_messages_per_minute: 600, cool_off_until: "2026-11-21T12:10:00.000Z", clean_deliveries: 0, last_throttle: throttle.text, updated_at: "2026-11-21T12:00:00.000Z" },
    ]);
  });

  test("without a database: exit 2, nothing created", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "nearbound-shaping-")), "none");
    const r = await runCli(SOURCE_CLI, ["shaping", "--data-dir", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no database");
  });
});
