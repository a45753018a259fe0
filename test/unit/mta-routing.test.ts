// Routes from the loopback DNS server through the context's resolver and
// outbound address policy, as the MTA builds them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext, type Ctx } from "../../src/context";
import { silentLogger } from "../../src/lib/log";
import { resolveRoute, submissionRoute } from "../../src/mta/routing";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";

let dns: TestDnsServer;
const made: { ctx: Ctx; dir: string }[] = [];

beforeAll(async () => {
  dns = await startDnsServer({
    "example.test": {
      MX: [
        { priority: 20, exchange: "mx2.example.test" },
        { priority: 10, exchange: "mx1.example.test" },
      ],
    },
    "mx1.example.test": { A: ["127.0.0.1"] },
    "mx2.example.test": { A: ["127.0.0.2"], AAAA: ["::1"] },
    "implicit.test": { A: ["127.0.0.3"] },
    "nullmx.test": { MX: [{ priority: 0, exchange: "." }], A: ["127.0.0.4"] },
    "broken.test": { behavior: "servfail" },
    "half.test": { MX: [{ priority: 5, exchange: "ghost.half.test" }, { priority: 10, exchange: "mx.half.test" }] },
    "mx.half.test": { A: ["127.0.0.5"] },
    "nohost.test": { MX: [{ priority: 5, exchange: "ghost.nohost.test" }] },
    "relay.test": { A: ["127.0.0.9"] },
    "smtp.provider.test": { A: ["127.0.0.7"] },
  });
});

afterAll(async () => {
  for (const m of made) {
    m.ctx.db.$client.close();
    rmSync(m.dir, { recursive: true, force: true });
  }
  await dns.close();
});

function context(env: Record<string, string> = {}): Ctx {
  const dir = mkdtempSync(join(tmpdir(), "nearbound-routing-"));
  const config = loadConfig({ "data-dir": dir }, { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_MTA_MX_PORT: "2526", ...env });
  const ctx = createContext(config, { log: silentLogger });
  made.push({ ctx, dir });
  return ctx;
}

describe("MX routes", () => {
  const allowed = () => context({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "1" });

  test("MX hosts in preference order at the MX port, each with its addresses", async () => {
    expect(await resolveRoute(allowed(), "Example.TEST.")).toEqual({
      ok: true,
      route: {
        kind: "mx",
        destination: "example.test",
        tls: "opportunistic",
        hosts: [
          { host: "mx1.example.test", port: 2526, addresses: ["127.0.0.1"] },
          { host: "mx2.example.test", port: 2526, addresses: ["127.0.0.2", "::1"] },
        ],
      },
    });
  });

  test("no MX: the domain itself is the implicit MX", async () => {
    expect(await resolveRoute(allowed(), "implicit.test")).toMatchObject({ ok: true, route: { kind: "mx", destination: "implicit.test", hosts: [{ host: "implicit.test", port: 2526, addresses: ["127.0.0.3"] }] } });
  });

  test("a null MX is a permanent failure, with no host to connect to", async () => {
    expect(await resolveRoute(allowed(), "nullmx.test")).toEqual({ ok: false, permanent: true, reason: "null_mx", detail: "nullmx.test accepts no mail (null MX, RFC 7505)" });
  });

  test("a domain that does not exist (NXDOMAIN) is a permanent failure", async () => {
    expect(await resolveRoute(allowed(), "nowhere.test")).toMatchObject({ ok: false, permanent: true, reason: "no_such_domain" });
  });

  test("a DNS failure (SERVFAIL) is temporary", async () => {
    expect(await resolveRoute(allowed(), "broken.test")).toMatchObject({ ok: false, permanent: false, reason: "dns_failure" });
  });

  test("an MX host without addresses is skipped", async () => {
    expect(await resolveRoute(allowed(), "half.test")).toMatchObject({ ok: true, route: { hosts: [{ host: "mx.half.test", addresses: ["127.0.0.5"] }] } });
  });

  test("no MX host left: temporary, with each host's reason", async () => {
    const r = await resolveRoute(allowed(), "nohost.test");
    expect(r).toMatchObject({ ok: false, permanent: false, reason: "no_allowed_host" });
    if (!r.ok) expect(r.detail).toContain("ghost.nohost.test did not resolve");
  });

  test("a private MX is refused without NEARBOUND_ALLOW_PRIVATE_TARGETS", async () => {
    const r = await resolveRoute(context({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "0" }), "example.test");
    expect(r).toMatchObject({ ok: false, permanent: false, reason: "no_allowed_host" });
    if (!r.ok) {
      expect(r.detail).toContain("mx1.example.test resolves to non-public address 127.0.0.1");
      expect(r.detail).toContain("mx2.example.test resolves to non-public address");
    }
  });
});

describe("relay", () => {
  test("NEARBOUND_SMTP_RELAY routes everything to the smart host, allowed as the operator named it", async () => {
    const ctx = context({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "0", NEARBOUND_SMTP_RELAY: "relay.test:2600" });
    expect(await resolveRoute(ctx, "example.test")).toEqual({ ok: true, route: { kind: "relay", destination: "relay.test", tls: "opportunistic", hosts: [{ host: "relay.test", port: 2600, addresses: ["127.0.0.9"] }] } });
    // even a domain with a null MX: the relay decides
    expect(await resolveRoute(ctx, "nullmx.test")).toMatchObject({ ok: true, route: { kind: "relay" } });
  });

  test("a relay that does not resolve: temporary", async () => {
    const ctx = context({ NEARBOUND_SMTP_RELAY: "norelay.test:2600" });
    expect(await resolveRoute(ctx, "example.test")).toMatchObject({ ok: false, permanent: false, reason: "relay_unavailable" });
  });
});

describe("submission", () => {
  const smtp = { host: "smtp.provider.test", port: 587, tls: "starttls" as const, username: "ada@provider.test" };

  test("an smtp connection's server with its TLS mode and credentials", async () => {
    expect(await submissionRoute(context({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "1" }), smtp, "s3cret")).toEqual({
      ok: true,
      route: { kind: "submission", destination: "smtp.provider.test", tls: "starttls", auth: { username: "ada@provider.test", password: "s3cret" }, hosts: [{ host: "smtp.provider.test", port: 587, addresses: ["127.0.0.7"] }] },
    });
  });

  test("a server on a private address is refused without NEARBOUND_ALLOW_PRIVATE_TARGETS", async () => {
    const r = await submissionRoute(context({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "0" }), smtp, "s3cret");
    expect(r).toMatchObject({ ok: false, permanent: false, reason: "server_unavailable" });
    if (!r.ok) expect(r.detail).toContain("non-public address 127.0.0.7");
  });
});
