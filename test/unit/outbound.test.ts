// The one outbound address policy every connection asks (webhooks, probes, MTA, mailboxes).
import { describe, expect, test } from "bun:test";
import { DnsError } from "../../src/lib/dns/errors";
import { createOutboundPolicy } from "../../src/lib/net/outbound";

const zone: Record<string, string[]> = {
  "public.test": ["93.184.215.14"],
  "rebind.test": ["93.184.215.14", "10.0.0.7"],
  "relay.internal": ["192.168.1.25"],
  "v6.test": ["::1"],
};
const resolver = {
  async lookupAll(name: string) {
    const found = zone[name];
    if (!found) throw new DnsError("NXDOMAIN", name, "A/AAAA");
    return found.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
  },
};
const policy = (allowPrivate = false) => createOutboundPolicy({ allowPrivate, resolver, explicitHosts: ["relay.internal"] });

describe("outbound policy", () => {
  test("a public name resolves to its addresses", async () => {
    expect(await policy().target("public.test")).toEqual({ ok: true, addresses: ["93.184.215.14"] });
  });

  test("a name with any non-public address is refused (the connection could land on it)", async () => {
    expect(await policy().target("rebind.test")).toMatchObject({ ok: false, code: "private_address" });
  });

  test("loopback, private, link-local and metadata literals are refused", async () => {
    for (const host of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "[::1]", "0.0.0.0", "100.64.0.1"]) {
      expect(await policy().target(host)).toMatchObject({ ok: false, code: "private_address" });
    }
    expect(await policy().target("v6.test")).toMatchObject({ ok: false, code: "private_address" });
  });

  test("localhost names are loopback whatever DNS says", async () => {
    expect(await policy().target("localhost")).toMatchObject({ ok: false, code: "private_address" });
    expect(await policy().target("mail.localhost")).toMatchObject({ ok: false, code: "private_address" });
  });

  test("an unresolvable name says so", async () => {
    expect(await policy().target("nowhere.test")).toMatchObject({ ok: false, code: "unresolvable" });
  });

  test("a host the operator named (the smart host) may be private", async () => {
    expect(await policy().target("relay.internal")).toEqual({ ok: true, addresses: ["192.168.1.25"] });
  });

  test("allowPrivate lets every private target through", async () => {
    expect(await policy(true).target("127.0.0.1")).toEqual({ ok: true, addresses: ["127.0.0.1"] });
    expect(await policy(true).target("rebind.test")).toMatchObject({ ok: true });
  });

  test("webhook URLs go through the same policy", async () => {
    expect(await policy().checkUrl("http://rebind.test/hook")).toMatchObject({ ok: false, code: "private_address" });
    expect(await policy().checkUrl("https://public.test/hook")).toMatchObject({ ok: true });
  });
});
