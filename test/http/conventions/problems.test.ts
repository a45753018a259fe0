import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ERROR_CODES } from "../../../src/lib/errors";
import type { Logger } from "../../../src/lib/log";
import { startTestApp, type TestApp } from "../../helpers/app";
import { Api, expectProblem } from "../../helpers/http";

let app: TestApp;
const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = {
  request: () => {},
  info: () => {},
  warn: () => {},
  error: (msg, fields) => logged.push({ msg, fields }),
};
beforeAll(async () => {
  app = await startTestApp({ log });
});
afterAll(() => app.close());

describe("problem documents", () => {
  test("unknown route is a 404 problem with every field", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/no_such_thing");
    expectProblem(r, 404, "not_found");
    expect(r.body.instance).toBe("/v1/no_such_thing");
    expect(r.body.type).toBe(`${app.ctx.config.docsUrl}/errors/not_found`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.retry_after).toBeUndefined();
  });

  test("wrong method is 405 with Allow", async () => {
    const { api } = app.newWorkspace();
    const r = await api.request("PUT", "/v1/quota_scopes");
    expectProblem(r, 405, "method_not_allowed");
    expect(r.headers.get("allow")).toContain("POST");
    expect(r.headers.get("allow")).toContain("GET");
  });

  test("a body over the limit is 413, announced or streamed", async () => {
    const { api } = app.newWorkspace();
    const big = JSON.stringify({ provider: "smtp", scope_key: "x".repeat(1024 * 1024 + 10) });
    expectProblem(await api.post("/v1/quota_scopes", big, { "content-type": "application/json" }), 413, "payload_too_large");
    // without Content-Length (chunked): the parser counts
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    expectProblem(await api.post("/v1/quota_scopes", stream, { "content-type": "application/json" }), 413, "payload_too_large");
  });

  test("a body of another media type is 415; malformed JSON is 400", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/quota_scopes", "provider=smtp", { "content-type": "application/x-www-form-urlencoded" }), 415, "unsupported_media_type");
    expectProblem(await api.post("/v1/quota_scopes", "{not json", { "content-type": "application/json" }), 400, "invalid_request");
  });

  test("an uncaught error is a 500 whose cause is logged with the request id, never shown", async () => {
    const { api } = app.newWorkspace();
    app.ctx.db.$client.exec("ALTER TABLE quota_scopes RENAME TO quota_scopes_gone");
    try {
      const r = await api.get("/v1/quota_scopes", { "x-request-id": "trace-500-abc" });
      expectProblem(r, 500, "internal_error");
      expect(r.body.request_id).toBe("trace-500-abc");
      expect(r.text).not.toContain("no such table");
      const entry = logged.find((l) => l.fields?.request_id === "trace-500-abc");
      expect(String(entry?.fields?.error)).toContain("no such table");
    } finally {
      app.ctx.db.$client.exec("ALTER TABLE quota_scopes_gone RENAME TO quota_scopes");
    }
  });

  test("X-Request-Id is echoed when valid, generated otherwise", async () => {
    const api = new Api(app.url, null);
    expect((await api.get("/healthz", { "x-request-id": "abc-123" })).headers.get("x-request-id")).toBe("abc-123");
    const gen = (await api.get("/healthz", { "x-request-id": "bad id with spaces" })).headers.get("x-request-id");
    expect(gen).toMatch(/^req_[0-9a-f-]{36}$/);
  });

  test("the binary serves a page for every code in the registry", async () => {
    const api = new Api(app.url, null);
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      const r = await api.get(`/docs/errors/${code}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(info.title);
    }
    expect((await api.get("/docs/errors/nope")).status).toBe(404);
    expect((await api.get("/docs/errors/constructor")).status).toBe(404); // no inherited property is a code
  });

  test("every API A code has a page: SPEC's list and ours beyond it", async () => {
    const api = new Api(app.url, null);
    const spec = ["invalid_param", "missing_param", "invalid_expand", "duplicate_email", "already_exists", "unauthorized", "forbidden", "mailbox_already_connected", "suppression_protected", "program_not_launchable", "database_unavailable", "rate_limited", "idempotency_key_reuse", "idempotency_in_progress"];
    const ours = ["not_found", "conflict", "invalid_state", "internal_error", "method_not_allowed", "payload_too_large", "unsupported_media_type", "gone"];
    const index = (await api.get("/docs/errors")).text;
    for (const code of [...spec, ...ours]) {
      const r = await api.get(`/docs/errors/${code}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(`<code>${code}</code>`);
      expect(r.text).toContain("API A");
      expect(index).toContain(`href="errors/${code}"`);
    }
  });

  test("an API B 401 names the protected resource metadata in WWW-Authenticate (RFC 9728), invalid_token when a token was sent", async () => {
    const { api } = app.newWorkspace();
    const challenge = `Bearer resource_metadata="${app.ctx.config.baseUrl}/.well-known/oauth-protected-resource"`;
    const missing = await api.withToken(null).get("/v1/quota_scopes");
    expectProblem(missing, 401, "unauthorized");
    expect(missing.headers.get("www-authenticate")).toBe(challenge);
    const bad = await api.withToken("nb_live_" + "x".repeat(40)).get("/v1/quota_scopes");
    expectProblem(bad, 401, "unauthorized");
    expect(bad.headers.get("www-authenticate")).toBe(`${challenge}, error="invalid_token"`);
    expect((await api.withToken(null).get("/.well-known/oauth-protected-resource")).status).toBe(200);
    // other answers carry none
    expect((await api.get("/v1/no_such_thing")).headers.get("www-authenticate")).toBeNull();
  });

  test("the challenge names the configured public base URL, not the address the request reached", async () => {
    const behindProxy = await startTestApp({ env: { NEARBOUND_BASE_URL: "https://nearbound.example.com" } });
    try {
      const r = await new Api(behindProxy.url, null).get("/v1/quota_scopes");
      expect(r.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://nearbound.example.com/.well-known/oauth-protected-resource"');
    } finally {
      await behindProxy.close();
    }
  });
});
