import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { Elysia } from "elysia";
import { deprecationHeaders, deprecationPlugin } from "../../../src/http/shared/deprecation";
import { startTestApp, type TestApp } from "../../helpers/app";
import { Api, expectEnvelope, expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { NEARBOUND_RATE_LIMIT_BURST: "3", NEARBOUND_RATE_LIMIT_PER_SECOND: "1", NEARBOUND_DB_BUSY_TIMEOUT_MS: "50" } });
});
afterAll(() => app.close());

describe("rate limits", () => {
  /** Four requests at once from one fresh credential (the burst is three). */
  async function fourAtOnce() {
    const w = app.newWorkspace();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await w.api.get("/v1/quota_scopes"));
    return { w, answers };
  }

  test("every answer carries RateLimit-Policy and RateLimit, the refused one too", async () => {
    const { answers } = await fourAtOnce();
    for (const a of answers) {
      expect(a.headers.get("ratelimit-policy")).toBe('"default";q=3;w=3');
      expect(a.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
    }
  });

  test("over the limit is 429 with retry_after", async () => {
    const { answers } = await fourAtOnce();
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    const limited = answers[3]!;
    expectProblem(limited, 429, "rate_limited");
    expect(limited.body.retry_after).toBe(1);
    expect(limited.headers.get("retry-after")).toBe("1");
  });

  test("the bucket refills with time", async () => {
    const { w, answers } = await fourAtOnce();
    expect(answers[3]!.status).toBe(429);
    app.clock.advance(1000);
    expect((await w.api.get("/v1/quota_scopes")).status).toBe(200);
  });

  test("buckets are per credential", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    for (let i = 0; i < 3; i++) await a.api.get("/v1/quota_scopes");
    expectProblem(await a.api.get("/v1/quota_scopes"), 429, "rate_limited");
    expect((await b.api.get("/v1/quota_scopes")).status).toBe(200);
  });

  test("API A advertises RateLimit-Policy and answers 429 with Retry-After in the envelope", async () => {
    const w = app.newWorkspace();
    const path = "/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/verify";
    let last;
    for (let i = 0; i < 4; i++) last = await w.apiA.post(path);
    expect(last!.headers.get("ratelimit-policy")).toBeTruthy();
    expectEnvelope(last!, 429, "rate_limited");
    expect(last!.headers.get("retry-after")).toBe("1");
  });

  test("a database busy past its timeout is 503 with retry_after", async () => {
    const w = app.newWorkspace();
    const other = new Database(join(app.dataDir, "nearbound.sqlite"));
    other.exec("BEGIN IMMEDIATE");
    try {
      const r = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "busy" });
      expectProblem(r, 503, "service_unavailable");
      expect(r.body.retry_after).toBe(1);
      expect(r.headers.get("retry-after")).toBe("1");
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });
});

describe("deprecation", () => {
  test("a marked route sends Deprecation, Sunset and a Link to what replaces it", async () => {
    const demo = new Elysia().use(deprecationPlugin).get("/old", () => "ok", { deprecated: { since: "2026-11-01", sunset: "2027-03-01", link: "https://example.test/v2" } });
    const res = await demo.handle(new Request("http://localhost/old"));
    expect(res.headers.get("deprecation")).toBe(`@${Date.parse("2026-11-01") / 1000}`);
    expect(res.headers.get("sunset")).toBe("Mon, 01 Mar 2027 00:00:00 GMT");
    expect(res.headers.get("link")).toBe('<https://example.test/v2>; rel="deprecation"');
  });

  test("a sunset less than 90 days after the deprecation is refused", () => {
    expect(() => deprecationHeaders({ since: "2026-11-01", sunset: "2026-12-01" })).toThrow();
  });
});

describe("API A discovery", () => {
  test("RFC 9728 protected resource metadata", async () => {
    const meta = await new Api(app.url, null).get("/.well-known/oauth-protected-resource");
    expect(meta.body.resource).toBe(`${app.ctx.config.baseUrl}/v1`);
    expect(meta.body.bearer_methods_supported).toEqual(["header"]);
  });

  test("auth.md explains the keys", async () => {
    const md = await new Api(app.url, null).get("/auth.md");
    expect(md.headers.get("content-type")).toStartWith("text/markdown");
    expect(md.text).toContain("ak_live_");
  });
});
