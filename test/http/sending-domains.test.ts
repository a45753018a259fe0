import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPublicKey, sign, verify } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { connections, jobs, senderIdentities, sendingDomains } from "../../src/db/schema";
import { periodicTasks } from "../../src/jobs/periodic";
import { createResolver, parseDnsServers, resolverFromQuery } from "../../src/lib/dns/resolver";
import { newId } from "../../src/lib/ids";
import { isDomainVerified, signingKeysFor } from "../../src/modules/sending/domains/dkim-keys";
import { updateSendingDomain } from "../../src/modules/sending/domains/domains";
import { returnPathHost } from "../../src/modules/sending/domains/records";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { afterJobs, apiWithScopes, created, uid } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { publishRecords } from "../helpers/mta";

const HOSTNAME = "mta.nearbound.test";
const TRACKING_HOST = "links.nearbound.test";

let app: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer({ [TRACKING_HOST]: { A: ["127.0.0.1"] } });
  app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_HOSTNAME: HOSTNAME, NEARBOUND_BASE_URL: `https://${TRACKING_HOST}` } });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

/** A new domain under .test, unique to the test (DNS answers are cached per name). */
const newDomain = () => `${uid()}.outreach.test`;
const createDomain = (api: Api, over: Record<string, unknown> = {}) => created(api, "/v1/sending_domains", { domain: newDomain(), ...over });
const recordOf = (d: any, purpose: string, k?: string) => d.records.find((r: any) => r.purpose === purpose && (!k || r.value.includes(`k=${k};`)));

/** POST /verify (202 verifying), then runs the job and answers the domain. */
async function verified(api: Api, id: string) {
  const v = await api.post(`/v1/sending_domains/${id}/verify`);
  expectOk(v, 202);
  expect(v.body.status).toBe("verifying");
  return afterJobs(app, api, `/v1/sending_domains/${id}`);
}

/** A workspace with a domain whose records DNS publishes, verified. */
async function verifiedDomain(w: TestWorkspace = app.newWorkspace(), over: Record<string, unknown> = {}) {
  const d = await createDomain(w.api, over);
  publishRecords(dns, d.records);
  const v = await verified(w.api, d.id);
  expect(v.status).toBe("verified");
  return { w, d: v };
}

/** A managed connection (and optionally more) with an identity on `domain`, written as H2's service writes them. */
function insertConnection(w: Pick<TestWorkspace, "id">, domain: string, over: Partial<typeof connections.$inferInsert> = {}) {
  const now = app.clock.now();
  const id = newId("cnx");
  app.ctx.db.insert(connections).values({ id, workspaceId: w.id, kind: "managed", name: "Outreach MTA", status: "active", healthStatus: "healthy", createdAt: now, updatedAt: now, ...over }).run();
  const email = `ada@${domain}`;
  app.ctx.db
    .insert(senderIdentities)
    .values({ id: newId("sid"), workspaceId: w.id, connectionId: id, email, emailKey: email, domain, tags: [], enabled: true, position: 0, createdAt: now, updatedAt: now })
    .run();
  return id;
}

/** DNS answers are cached for their TTL (300 s in the test zone): let them lapse. */
const forgetDns = () => app.clock.advance(301_000);

describe("POST /v1/sending_domains", () => {
  test("creates the domain pending_verification with the records to publish", async () => {
    const { api } = app.newWorkspace();
    const domain = newDomain();
    const d = await created(api, "/v1/sending_domains", { domain });
    expect(d).toMatchObject({ object: "sending_domain", domain, domain_unicode: domain, status: "pending_verification", tracking: false, last_error: null, checked_at: null, verified_at: null });
    expect(d.id).toMatch(/^dom_[0-9a-f]{32}$/);
    const [rsa, ed] = d.records.slice(0, 2);
    const selector = (r: any) => r.name.split(".")[0];
    expect(selector(rsa)).toMatch(/^nb[a-z0-9]{8}r$/);
    expect(selector(ed)).toBe(selector(rsa).replace(/r$/, "e"));
    expect(d.records.map((r: any) => [r.purpose, r.type, r.name, r.status, r.found, r.required])).toEqual([
      ["dkim", "TXT", `${selector(rsa)}._domainkey.${domain}`, "pending", null, true],
      ["dkim", "TXT", `${selector(ed)}._domainkey.${domain}`, "pending", null, true],
      ["spf", "TXT", `bounce.${domain}`, "pending", null, true],
      ["return_path", "MX", `bounce.${domain}`, "pending", null, true],
      ["dmarc", "TXT", `_dmarc.${domain}`, "pending", null, true],
      ["tracking", "CNAME", `track.${domain}`, "pending", null, false],
    ]);
    expect(rsa.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    expect(ed.value).toMatch(/^v=DKIM1; k=ed25519; p=[A-Za-z0-9+/]{43}=$/);
    expect(d.records.slice(2).map((r: any) => r.value)).toEqual([`v=spf1 a:${HOSTNAME} ~all`, `10 ${HOSTNAME}`, "v=DMARC1; p=none; adkim=r; aspf=r", TRACKING_HOST]);
    expect(returnPathHost(domain)).toBe(`bounce.${domain}`);
  });

  test("both published keys verify signatures made with the stored private keys (RSA-2048, Ed25519 raw per RFC 8463)", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    const row = app.ctx.db.select().from(sendingDomains).where(eq(sendingDomains.id, d.id)).get()!;
    const data = Buffer.from("DKIM-Signature canonicalized header fields");

    const rsaPem = app.ctx.secrets.open(row.rsaPrivateKey);
    expect(rsaPem).toStartWith("-----BEGIN PRIVATE KEY-----"); // PKCS#8
    const rsaPublic = createPublicKey({ key: Buffer.from(recordOf(d, "dkim", "rsa").value.split("p=")[1], "base64"), format: "der", type: "spki" });
    expect(rsaPublic.asymmetricKeyType).toBe("rsa");
    expect(rsaPublic.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(verify("sha256", data, rsaPublic, sign("sha256", data, rsaPem))).toBe(true);

    const edPem = app.ctx.secrets.open(row.ed25519PrivateKey);
    expect(edPem).toStartWith("-----BEGIN PRIVATE KEY-----");
    const raw = Buffer.from(recordOf(d, "dkim", "ed25519").value.split("p=")[1], "base64");
    expect(raw.length).toBe(32);
    const edPublic = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
    expect(verify(null, data, edPublic, sign(null, data, edPem))).toBe(true);

    // the answer never carries a private key, sealed or not
    expect(JSON.stringify(d)).not.toContain("PRIVATE");
    expect(JSON.stringify(d)).not.toContain(row.rsaPrivateKey.slice(0, 40));
  });

  test("every domain gets keys and selectors of its own", async () => {
    const { api } = app.newWorkspace();
    const a = await createDomain(api);
    const b = await createDomain(api);
    expect(recordOf(a, "dkim", "rsa").name.split(".")[0]).not.toBe(recordOf(b, "dkim", "rsa").name.split(".")[0]);
    expect(recordOf(a, "dkim", "rsa").value).not.toBe(recordOf(b, "dkim", "rsa").value);
    expect(recordOf(a, "dkim", "ed25519").value).not.toBe(recordOf(b, "dkim", "ed25519").value);
  });

  test("stores lower-case A-labels: an internationalised name, capitals and a trailing dot", async () => {
    const { api } = app.newWorkspace();
    const idn = await created(api, "/v1/sending_domains", { domain: "Bücher-Outreach.Example." });
    expect(idn).toMatchObject({ domain: "xn--bcher-outreach-gsb.example", domain_unicode: "bücher-outreach.example" });
    expect(recordOf(idn, "dmarc").name).toBe("_dmarc.xn--bcher-outreach-gsb.example");
  });

  test("tracking may be turned on at creation", async () => {
    const { api } = app.newWorkspace();
    const d = await createDomain(api, { tracking: true });
    expect(d.tracking).toBe(true);
    expect(recordOf(d, "tracking").required).toBe(true);
  });

  test.each([
    ["localhost", "needs at least one dot"],
    ["-outreach.example.com", 'invalid label "-outreach"'],
    ["outreach..example.com", "empty label"],
    ["out reach.example.com", 'contains " "'],
    ["under_score.example.com", 'contains "_"'],
    ["ada@example.com", 'contains "@"'],
    ["https://example.com", 'contains ":"'],
    ["192.0.2.10", "ends in a number"],
    [`${"a".repeat(64)}.example.com`, "invalid label"],
    [`${"abcdefghi.".repeat(23)}com`, "leave room for its DKIM record names"],
    ["xn--zz.example", "not a valid internationalised domain name"],
    ["   ", "is empty"],
    ["example.com\r\nBcc: x@evil.test", "line break"],
  ])("%j is 422 on /domain", async (domain, detail) => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/sending_domains", { domain });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/domain");
    expect(r.body.errors[0].detail).toContain(detail);
  });

  test("a missing domain or an unknown field is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/sending_domains", {}), 422, "validation_failed");
    expectProblem(await api.post("/v1/sending_domains", { domain: newDomain(), dkim_bits: 1024 }), 422, "validation_failed");
  });

  test("a workspace has each domain once (409 conflict, whatever its case or form); another workspace may have it too", async () => {
    const w = app.newWorkspace();
    const domain = newDomain();
    const first = await created(w.api, "/v1/sending_domains", { domain });
    const again = await w.api.post("/v1/sending_domains", { domain: domain.toUpperCase() + "." });
    expectProblem(again, 409, "conflict");
    expect(again.body.detail).toContain(first.id);
    const idn = await created(w.api, "/v1/sending_domains", { domain: "bücher-dup.example" });
    expectProblem(await w.api.post("/v1/sending_domains", { domain: idn.domain }), 409, "conflict");
    await created(app.newWorkspace().api, "/v1/sending_domains", { domain });
  });

  test("an Idempotency-Key replays the first answer and creates the domain once", async () => {
    const { api } = app.newWorkspace();
    const body = { domain: newDomain() };
    const first = await api.post("/v1/sending_domains", body, { "idempotency-key": "dom-1" });
    const replay = await api.post("/v1/sending_domains", body, { "idempotency-key": "dom-1" });
    expectOk(first, 201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect((await api.get("/v1/sending_domains")).body.data).toHaveLength(1);
  });

  test("a body that is not JSON is 400, another media type 415", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/sending_domains", "{", { "content-type": "application/json" }), 400, "invalid_request");
    expectProblem(await api.post("/v1/sending_domains", "domain=example.com", { "content-type": "text/plain" }), 415, "unsupported_media_type");
  });

  test("needs connections:manage; connections:read may read", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    const ro = apiWithScopes(app, w, ["connections:read"]);
    const r = await ro.post("/v1/sending_domains", { domain: newDomain() });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("connections:manage");
    expectProblem(await ro.post(`/v1/sending_domains/${d.id}/verify`), 403, "forbidden");
    expectProblem(await ro.patch(`/v1/sending_domains/${d.id}`, { tracking: true }), 403, "forbidden");
    expectProblem(await ro.delete(`/v1/sending_domains/${d.id}`), 403, "forbidden");
    expectOk(await ro.get("/v1/sending_domains"));
    expectOk(await ro.get(`/v1/sending_domains/${d.id}`));
    expectProblem(await apiWithScopes(app, w, ["people:read"]).get("/v1/sending_domains"), 403, "forbidden");
  });
});

describe("POST /v1/sending_domains/{id}/verify", () => {
  test("every record published: verified, each record verified, the MTA gets both keys", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    expect(isDomainVerified(app.ctx, w.id, d.domain)).toBe(false);
    expect(signingKeysFor(app.ctx, { workspaceId: w.id, domain: d.domain })).toBeNull();
    publishRecords(dns, d.records);
    const v = await verified(w.api, d.id);
    expect(v).toMatchObject({ status: "verified", last_error: null, checked_at: new Date(app.clock.now()).toISOString(), verified_at: new Date(app.clock.now()).toISOString() });
    expect(v.records.map((r: any) => [r.purpose, r.status, r.found])).toEqual([
      ["dkim", "verified", null],
      ["dkim", "verified", null],
      ["spf", "verified", null],
      ["return_path", "verified", null],
      ["dmarc", "verified", null],
      ["tracking", "pending", null], // tracking is off: not checked
    ]);
    expect(isDomainVerified(app.ctx, w.id, d.domain.toUpperCase())).toBe(true);
    const keys = signingKeysFor(app.ctx, { workspaceId: w.id, domain: d.domain })!;
    const row = app.ctx.db.select().from(sendingDomains).where(eq(sendingDomains.id, d.id)).get()!;
    expect(keys).toEqual({
      domain: d.domain,
      keys: [
        { selector: row.rsaSelector, algorithm: "rsa-sha256", privateKey: app.ctx.secrets.open(row.rsaPrivateKey) },
        { selector: row.ed25519Selector, algorithm: "ed25519-sha256", privateKey: app.ctx.secrets.open(row.ed25519PrivateKey) },
      ],
    });
    // another workspace has no keys for it
    expect(signingKeysFor(app.ctx, { workspaceId: app.newWorkspace().id, domain: d.domain })).toBeNull();
  });

  test("the 2048-bit key published as several character-strings of one TXT record verifies", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    publishRecords(dns, d.records);
    const rsa = recordOf(d, "dkim", "rsa");
    // split where a DNS host might: inside p=, in uneven pieces
    const v: string = rsa.value;
    dns.updateZone({ [rsa.name]: { TXT: [[v.slice(0, 100), v.slice(100, 355), v.slice(355)]] } });
    expect(v.length).toBeGreaterThan(255);
    expect((await verified(w.api, d.id)).status).toBe("verified");
  });

  test("a missing record fails the domain: that record missing, the summary naming it", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    const ed = recordOf(d, "dkim", "ed25519");
    publishRecords(
      dns,
      d.records.filter((r: any) => r !== ed),
    );
    const v = await verified(w.api, d.id);
    expect(v.status).toBe("failed");
    expect(recordOf(v, "dkim", "ed25519")).toMatchObject({ status: "missing", found: null });
    expect(recordOf(v, "dkim", "rsa").status).toBe("verified");
    expect(v.last_error).toBe(`1 of the required records is not published as listed: DKIM (Ed25519) ${ed.name} is missing.`);
    expect(v.verified_at).toBeNull();
    expect(isDomainVerified(app.ctx, w.id, d.domain)).toBe(false);
  });

  test("records that differ are mismatch with what DNS answered instead", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    publishRecords(dns, d.records);
    const other = await createDomain(w.api); // another key, published by mistake
    const rsa = recordOf(d, "dkim", "rsa");
    const wrongKey = recordOf(other, "dkim", "rsa").value;
    dns.updateZone({
      [rsa.name]: { TXT: [wrongKey] },
      [`bounce.${d.domain}`]: { TXT: ["v=spf1 include:_spf.mail.test -all"], MX: [{ priority: 10, exchange: "mx.elsewhere.test" }] },
      [`_dmarc.${d.domain}`]: { TXT: ["v=DMARC1; p=none", "v=DMARC1; p=reject"] },
    });
    const v = await verified(w.api, d.id);
    expect(v.status).toBe("failed");
    expect(recordOf(v, "dkim", "rsa")).toMatchObject({ status: "mismatch", found: [wrongKey] });
    expect(recordOf(v, "dkim", "ed25519").status).toBe("verified");
    expect(recordOf(v, "spf")).toMatchObject({ status: "mismatch", found: ["v=spf1 include:_spf.mail.test -all"] });
    expect(recordOf(v, "return_path")).toMatchObject({ status: "mismatch", found: ["10 mx.elsewhere.test"] });
    expect(recordOf(v, "dmarc")).toMatchObject({ status: "mismatch", found: ["v=DMARC1; p=none", "v=DMARC1; p=reject"] });
    expect(v.last_error).toStartWith("4 of the required records are not published as listed: DKIM (RSA)");
    expect(v.last_error).toContain(`return-path MX bounce.${d.domain} does not match (found: 10 mx.elsewhere.test)`);
  });

  test("an SPF record already there that contains our mechanism, and DMARC inherited from a parent domain, are accepted", async () => {
    const w = app.newWorkspace();
    const parent = `${uid()}.corp.test`;
    const d = await created(w.api, "/v1/sending_domains", { domain: `mail.${parent}` });
    publishRecords(
      dns,
      d.records.filter((r: any) => r.purpose !== "dmarc"),
    );
    dns.updateZone({
      [`bounce.${d.domain}`]: { TXT: ["google-site-verification=abc", `v=spf1 include:_spf.mail.test a:${HOSTNAME} ~all`], MX: [{ priority: 10, exchange: HOSTNAME }] },
      [`_dmarc.${parent}`]: { TXT: ["v=DMARC1; p=quarantine; rua=mailto:dmarc@corp.test"] },
    });
    const v = await verified(w.api, d.id);
    expect(v.status).toBe("verified");
    expect(recordOf(v, "spf").status).toBe("verified");
    expect(recordOf(v, "dmarc").status).toBe("verified");
  });

  test("with tracking on, the tracking CNAME is checked: missing, elsewhere (mismatch), then pointing here", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api, { tracking: true });
    const track = recordOf(d, "tracking");
    publishRecords(
      dns,
      d.records.filter((r: any) => r !== track),
    );
    const missing = await verified(w.api, d.id);
    expect(missing.status).toBe("failed");
    expect(recordOf(missing, "tracking")).toMatchObject({ status: "missing", required: true });

    dns.updateZone({ [track.name]: { CNAME: "links.elsewhere.test" }, "links.elsewhere.test": { A: ["127.0.0.2"] } });
    forgetDns();
    const elsewhere = await verified(w.api, d.id);
    expect(recordOf(elsewhere, "tracking")).toMatchObject({ status: "mismatch", found: ["127.0.0.2"] });

    publishRecords(dns, [track]);
    forgetDns();
    const here = await verified(w.api, d.id);
    expect(here.status).toBe("verified");
    expect(recordOf(here, "tracking").status).toBe("verified");
  });

  test("DNS that does not answer is retried, then a first verification fails saying so", async () => {
    const w = app.newWorkspace();
    const d = await createDomain(w.api);
    publishRecords(dns, d.records);
    const rsa = recordOf(d, "dkim", "rsa");
    dns.updateZone({ [rsa.name]: { behavior: "servfail" } });
    expectOk(await w.api.post(`/v1/sending_domains/${d.id}/verify`), 202);
    await app.running.runner.drain();
    const retrying = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(retrying.status).toBe("verifying");
    for (let i = 0; i < 4; i++) {
      app.clock.advance(3_600_000);
      await app.running.runner.drain();
    }
    const settled = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(settled.status).toBe("failed");
    expect(settled.last_error).toContain(`TXT ${rsa.name}: SERVFAIL`);
    expect(recordOf(settled, "dkim", "rsa")).toMatchObject({ status: "pending", found: null });
    expect(recordOf(settled, "dkim", "ed25519").status).toBe("verified");
  });

  test("a verified domain keeps sending while it is checked again, and stays verified when DNS does not answer", async () => {
    const { w, d } = await verifiedDomain();
    expectOk(await w.api.post(`/v1/sending_domains/${d.id}/verify`), 202);
    expect(isDomainVerified(app.ctx, w.id, d.domain)).toBe(true);
    expect(signingKeysFor(app.ctx, { workspaceId: w.id, domain: d.domain })?.keys).toHaveLength(2);
    dns.updateZone({ [recordOf(d, "spf").name]: { behavior: "servfail" } });
    forgetDns();
    for (let i = 0; i < 5; i++) {
      await app.running.runner.drain();
      app.clock.advance(3_600_000);
    }
    const after = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(after.status).toBe("verified");
    expect(after.verified_at).toBe(d.verified_at);
    expect(after.last_error).toContain("The domain stays verified");
    expect(recordOf(after, "spf").status).toBe("verified");
    publishRecords(dns, [recordOf(d, "spf"), recordOf(d, "return_path")]);
  });

  test("in a test-mode workspace the domain verifies without DNS, its records still listed", async () => {
    const w = app.newWorkspace();
    const domain = newDomain();
    const d = await created(w.testApi, "/v1/sending_domains", { domain, tracking: true });
    const before = dns.queries.length;
    const v = await verified(w.testApi, d.id);
    expect(v.status).toBe("verified");
    expect(v.records).toHaveLength(6);
    expect(v.records.every((r: any) => r.status === "verified")).toBe(true);
    expect(dns.queries.slice(before).some((q) => q.name.endsWith(domain))).toBe(false);
    expect(isDomainVerified(app.ctx, w.testId, domain)).toBe(true);
    expect(isDomainVerified(app.ctx, w.id, domain)).toBe(false);
  });

  test("an unknown domain is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post(`/v1/sending_domains/dom_${"0".repeat(32)}/verify`), 404, "not_found");
  });
});

describe("GET /v1/sending_domains", () => {
  test("pages with a cursor, newest first, and filters by status and domain", async () => {
    const { api } = app.newWorkspace();
    const a = await createDomain(api);
    const b = await createDomain(api);
    const c = await created(api, "/v1/sending_domains", { domain: "bücher-list.example" });
    const first = await api.get("/v1/sending_domains?limit=2");
    expect(first.body.data.map((d: any) => d.id)).toEqual([c.id, b.id]);
    const second = await api.get(`/v1/sending_domains?limit=2&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`);
    expect(second.body.data.map((d: any) => d.id)).toEqual([a.id]);
    expect(second.body.meta.next_cursor).toBeNull();

    publishRecords(dns, a.records);
    await verified(api, a.id);
    expect((await api.get("/v1/sending_domains?status=verified")).body.data.map((d: any) => d.id)).toEqual([a.id]);
    expect((await api.get("/v1/sending_domains?status=pending_verification")).body.data.map((d: any) => d.id)).toEqual([c.id, b.id]);
    expect((await api.get(`/v1/sending_domains?domain=${b.domain.toUpperCase()}`)).body.data.map((d: any) => d.id)).toEqual([b.id]);
    expect((await api.get(`/v1/sending_domains?domain=${encodeURIComponent("Bücher-List.example")}`)).body.data.map((d: any) => d.id)).toEqual([c.id]);
    expect((await api.get("/v1/sending_domains?domain=nothing.example")).body.data).toEqual([]);
  });

  test("an invalid parameter is 422, a cursor of another list 400", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/sending_domains?limit=0"), 422, "validation_failed");
    expectProblem(await api.get("/v1/sending_domains?status=active"), 422, "validation_failed");
    await createDomain(api);
    await createDomain(api);
    const page = await api.get("/v1/sending_domains?limit=1");
    expect(page.body.meta.next_cursor).toEqual(expect.any(String));
    expectProblem(await api.get(`/v1/sending_domains?status=failed&limit=1&cursor=${encodeURIComponent(page.body.meta.next_cursor)}`), 400, "invalid_request");
  });
});

describe("GET /v1/sending_domains/{id}", () => {
  test("answers the domain as created; an unknown id is 404", async () => {
    const { api } = app.newWorkspace();
    const d = await createDomain(api);
    expect((await api.get(`/v1/sending_domains/${d.id}`)).body).toEqual(d);
    expectProblem(await api.get(`/v1/sending_domains/dom_${"0".repeat(32)}`), 404, "not_found");
  });
});

describe("PATCH /v1/sending_domains/{id}", () => {
  test("turns tracking on and off: the tracking record becomes pending, the status stays", async () => {
    const { w, d } = await verifiedDomain();
    app.clock.advance(1000);
    const on = await w.api.patch(`/v1/sending_domains/${d.id}`, { tracking: true });
    expectOk(on);
    expect(on.body).toMatchObject({ tracking: true, status: "verified" });
    expect(recordOf(on.body, "tracking")).toMatchObject({ status: "pending", required: true });
    expect(on.body.updated_at).not.toBe(d.updated_at);
    expect(isDomainVerified(app.ctx, w.id, d.domain)).toBe(true);
    const same = await w.api.patch(`/v1/sending_domains/${d.id}`, {});
    expect(same.body).toEqual(on.body);
    const off = await w.api.patch(`/v1/sending_domains/${d.id}`, { tracking: false });
    expect(off.body.tracking).toBe(false);
    expect(recordOf(off.body, "tracking")).toMatchObject({ status: "pending", required: false });
  });

  test("a value that is not a boolean is 422; malformed JSON 400; text 415; an unknown domain 404", async () => {
    const { api } = app.newWorkspace();
    const d = await createDomain(api);
    expectProblem(await api.patch(`/v1/sending_domains/${d.id}`, { tracking: "yes" }), 422, "validation_failed");
    expectProblem(await api.patch(`/v1/sending_domains/${d.id}`, { domain: "other.example" }), 422, "validation_failed");
    expectProblem(await api.patch(`/v1/sending_domains/${d.id}`, "{", { "content-type": "application/json" }), 400, "invalid_request");
    expectProblem(await api.patch(`/v1/sending_domains/${d.id}`, "tracking", { "content-type": "text/plain" }), 415, "unsupported_media_type");
    expectProblem(await api.patch(`/v1/sending_domains/dom_${"0".repeat(32)}`, { tracking: true }), 404, "not_found");
  });
});

describe("DELETE /v1/sending_domains/{id}", () => {
  test("deletes the domain and its keys: 204, then 404", async () => {
    const { w, d } = await verifiedDomain();
    expect((await w.api.delete(`/v1/sending_domains/${d.id}`)).status).toBe(204);
    expectProblem(await w.api.get(`/v1/sending_domains/${d.id}`), 404, "not_found");
    expect(signingKeysFor(app.ctx, { workspaceId: w.id, domain: d.domain })).toBeNull();
    expectProblem(await w.api.delete(`/v1/sending_domains/${d.id}`), 404, "not_found");
  });

  test("is 409 invalid_state naming the managed connection whose identity uses it; archived and smtp connections do not count", async () => {
    const { w, d } = await verifiedDomain();
    insertConnection(w, d.domain, { status: "archived", archivedAt: app.clock.now() });
    insertConnection(w, d.domain, { kind: "smtp", name: "Ada's mailbox" });
    const cnx = insertConnection(w, d.domain);
    const refused = await w.api.delete(`/v1/sending_domains/${d.id}`);
    expectProblem(refused, 409, "invalid_state");
    expect(refused.body.detail).toBe(
      `The sending domain ${d.domain} is used by identities of the managed connection ${cnx} (Outreach MTA: ada@${d.domain}). Remove those identities or archive the connection first.`,
    );
    expectOk(await w.api.get(`/v1/sending_domains/${d.id}`));
    app.ctx.db.update(connections).set({ status: "archived", archivedAt: app.clock.now() }).where(eq(connections.id, cnx)).run();
    expect((await w.api.delete(`/v1/sending_domains/${d.id}`)).status).toBe(204);
  });
});

describe("the periodic re-check", () => {
  const recheck = () => periodicTasks.find((t) => t.name === "sending-domains.recheck")!.run(app.ctx, app.running.runner);
  const waitingChecks = (domainId: string) =>
    app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, "sending_domain.verify"), eq(jobs.state, "available"))).all().filter((j) => (j.args as any).sending_domain_id === domainId).length;
  const healthEvents = async (api: Api, connectionId: string) =>
    (await api.get("/v1/events?type=connection.health_changed&limit=100")).body.data.filter((e: any) => e.data.id === connectionId).map((e: any) => e.data.health);

  test("a verified domain whose records disappeared becomes failed, and its connections failing (connection.health_changed); verified again, they are healthy", async () => {
    const { w, d } = await verifiedDomain();
    const cnx = insertConnection(w, d.domain);
    const bystander = insertConnection(w, `other-${d.domain}`);
    const rsa = recordOf(d, "dkim", "rsa");
    dns.updateZone({ [rsa.name]: { TXT: ["v=spf1 -all"] } });
    forgetDns();
    await recheck();
    await app.running.runner.drain();
    const failed = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(failed.status).toBe("failed");
    expect(recordOf(failed, "dkim", "rsa")).toMatchObject({ status: "mismatch", found: ["v=spf1 -all"] });
    expect(isDomainVerified(app.ctx, w.id, d.domain)).toBe(false);
    const [health] = await healthEvents(w.api, cnx);
    expect(health.status).toBe("failing");
    expect(health.detail).toStartWith(`Sending domain ${d.domain} failed its DNS check: 1 of the required records is not published as listed: DKIM (RSA) ${rsa.name} does not match`);
    expect(await healthEvents(w.api, bystander)).toEqual([]);

    // a failed domain is not re-checked by itself: the operator fixes DNS and verifies
    await recheck();
    expect(waitingChecks(d.id)).toBe(0);
    publishRecords(dns, [rsa]);
    forgetDns();
    expect((await verified(w.api, d.id)).status).toBe("verified");
    const events = await healthEvents(w.api, cnx);
    expect(events.map((h: any) => [h.status, h.detail])).toEqual([
      ["healthy", null],
      ["failing", health.detail],
    ]);
  });

  test("records still in place: the domain stays verified and nothing is emitted", async () => {
    const { w, d } = await verifiedDomain();
    const cnx = insertConnection(w, d.domain);
    forgetDns();
    await recheck();
    await recheck(); // a check already waiting is not queued twice
    expect(waitingChecks(d.id)).toBe(1);
    await app.running.runner.drain();
    const after = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(after).toMatchObject({ status: "verified", last_error: null, verified_at: d.verified_at });
    expect(await healthEvents(w.api, cnx)).toEqual([]);
  });
});

describe("a change of tracking while DNS is being asked", () => {
  // the context's DNS edge, with a hook the test sets: it runs before a lookup is answered
  let gated: TestApp;
  let onQuery: ((name: string) => Promise<void> | void) | null = null;
  beforeAll(async () => {
    const real = createResolver({ servers: parseDnsServers(dns.servers) });
    const resolver = resolverFromQuery(async (name, type) => {
      await onQuery?.(name);
      return real.query(name, type);
    });
    gated = await startTestApp({ env: { NEARBOUND_HOSTNAME: HOSTNAME, NEARBOUND_BASE_URL: `https://${TRACKING_HOST}` }, edges: { dns: resolver } });
  });
  afterAll(() => gated.close());

  async function publishedDomain() {
    const w = gated.newWorkspace();
    const d = await created(w.api, "/v1/sending_domains", { domain: newDomain() });
    publishRecords(
      dns,
      d.records.filter((r: any) => r.purpose !== "tracking"),
    );
    return { w, d };
  }

  test("the check starts again with the new setting: tracking turned on mid-check makes its CNAME required", async () => {
    const { w, d } = await publishedDomain();
    let reached!: () => void;
    let release!: () => void;
    const atDmarc = new Promise<void>((r) => (reached = r));
    const released = new Promise<void>((r) => (release = r));
    onQuery = async (name) => {
      if (name !== recordOf(d, "dmarc").name) return;
      onQuery = null;
      reached();
      await released;
    };
    expectOk(await w.api.post(`/v1/sending_domains/${d.id}/verify`), 202);
    const running = gated.running.runner.drain();
    await atDmarc;
    expectOk(await w.api.patch(`/v1/sending_domains/${d.id}`, { tracking: true }));
    release();
    await running;
    const after = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(after.status).toBe("failed");
    expect(recordOf(after, "tracking")).toMatchObject({ status: "missing", required: true });
  });

  test("a check that can never finish (tracking flipped during every round) is retried, then settles the domain instead of leaving it verifying", async () => {
    const { w, d } = await publishedDomain();
    let tracking = false;
    onQuery = (name) => {
      if (name === recordOf(d, "dmarc").name) updateSendingDomain(gated.ctx, { workspaceId: w.id, id: d.id, tracking: (tracking = !tracking) });
    };
    expectOk(await w.api.post(`/v1/sending_domains/${d.id}/verify`), 202);
    try {
      for (let i = 0; i < 5; i++) {
        await gated.running.runner.drain();
        gated.clock.advance(3_600_000);
      }
    } finally {
      onQuery = null;
    }
    const after = (await w.api.get(`/v1/sending_domains/${d.id}`)).body;
    expect(after.status).toBe("failed");
    expect(after.last_error).toBe("The domain's tracking setting kept changing during the check. Verify again.");
  });
});

describe("isolation", () => {
  test("a sending domain is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const d = await createDomain(a.api);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/sending_domains/${d.id}`,
      listPath: "/v1/sending_domains",
      id: d.id,
      routes: [
        ["PATCH", `/v1/sending_domains/${d.id}`, { tracking: true }],
        ["POST", `/v1/sending_domains/${d.id}/verify`],
        ["DELETE", `/v1/sending_domains/${d.id}`],
      ],
    });
    expect((await a.api.get(`/v1/sending_domains/${d.id}`)).body).toEqual(d);
    expect(isDomainVerified(app.ctx, b.id, d.domain)).toBe(false);
  });
});
