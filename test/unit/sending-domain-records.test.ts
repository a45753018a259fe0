// A sending domain's records as built from its keys and the appliance's names.
import { describe, expect, test } from "bun:test";
import { domainRecords, isRequired, recordTargets, returnPathHost } from "../../src/modules/sending/domains/records";

const SOURCE = { domain: "example.com", rsaSelector: "nbabcdefghr", rsaPublicKey: "UlNB", ed25519Selector: "nbabcdefghe", ed25519PublicKey: "RUQ=" };

describe("recordTargets", () => {
  test("the hostname and the public URL's host, lower-case, without a trailing dot or IPv6 brackets", () => {
    expect(recordTargets({ hostname: "MTA.Example.NET.", baseUrl: "https://Outreach.Example.net:8443/app" })).toEqual({ hostname: "mta.example.net", trackingHost: "outreach.example.net" });
    expect(recordTargets({ hostname: "mta.example.net", baseUrl: "http://[::1]:8080" }).trackingHost).toBe("::1");
  });
});

describe("domainRecords", () => {
  const targets = { hostname: "mta.example.net", trackingHost: "outreach.example.net" };

  test("lists dkim (RSA, Ed25519), spf and return path at the return-path host, dmarc and tracking", () => {
    expect(returnPathHost("example.com")).toBe("bounce.example.com");
    expect(domainRecords(SOURCE, targets).map((r) => [r.purpose, r.type, r.name, r.value, r.status])).toEqual([
      ["dkim", "TXT", "nbabcdefghr._domainkey.example.com", "v=DKIM1; k=rsa; p=UlNB", "pending"],
      ["dkim", "TXT", "nbabcdefghe._domainkey.example.com", "v=DKIM1; k=ed25519; p=RUQ=", "pending"],
      ["spf", "TXT", "bounce.example.com", "v=spf1 a:mta.example.net ~all", "pending"],
      ["return_path", "MX", "bounce.example.com", "10 mta.example.net", "pending"],
      ["dmarc", "TXT", "_dmarc.example.com", "v=DMARC1; p=none; adkim=r; aspf=r", "pending"],
      ["tracking", "CNAME", "track.example.com", "outreach.example.net", "pending"],
    ]);
  });

  test("a record that did not change keeps its status; one whose value changed (a new hostname) starts pending", () => {
    const checked = domainRecords(SOURCE, targets).map((r) => ({ ...r, status: "mismatch" as const, found: ["x"] }));
    const rebuilt = domainRecords(SOURCE, { ...targets, hostname: "mta2.example.net" }, checked);
    expect(rebuilt.map((r) => [r.purpose, r.status, r.found])).toEqual([
      ["dkim", "mismatch", ["x"]],
      ["dkim", "mismatch", ["x"]],
      ["spf", "pending", null],
      ["return_path", "pending", null],
      ["dmarc", "mismatch", ["x"]],
      ["tracking", "mismatch", ["x"]],
    ]);
  });

  test("every record is required; tracking only while tracking is on", () => {
    const records = domainRecords(SOURCE, targets);
    expect(records.filter((r) => isRequired(r, false)).map((r) => r.purpose)).toEqual(["dkim", "dkim", "spf", "return_path", "dmarc"]);
    expect(records.every((r) => isRequired(r, true))).toBe(true);
  });
});
