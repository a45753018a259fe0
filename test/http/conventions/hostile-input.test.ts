// Bad input gets a clear, fast error at one shared place (the body parse hook
// and the server wrapper) and never stalls the others' requests.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../../helpers/app";
import { createGroup } from "../../helpers/factory";
import { expectOk, expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const raw = (path: string, body: RequestInit["body"], headers: Record<string, string>, token: string) =>
  fetch(app.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, ...headers }, body });
const problem = async (r: Response) => ({ status: r.status, headers: r.headers, body: (await r.json()) as any, text: "" });

describe("deeply nested JSON", () => {
  test("100,000 nested arrays are refused with 400 invalid_request before they are parsed", async () => {
    const w = app.newWorkspace();
    const r = await problem(await raw("/v1/people", "[".repeat(100_000) + "]".repeat(100_000), { "content-type": "application/json" }, w.apiKey));
    expectProblem(r, 400, "invalid_request");
    expect(r.body.detail).toContain("32 levels");
  });

  test("nesting inside a field is refused too (a custom value)", async () => {
    const w = app.newWorkspace();
    const deep = JSON.stringify({ email: "deep@example.com", custom_fields: { x: JSON.parse("[".repeat(40) + "]".repeat(40)) } });
    expectProblem(await problem(await raw("/v1/people", deep, { "content-type": "application/json" }, w.apiKey)), 400, "invalid_request");
  });

  test("brackets inside strings do not count", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/groups", { name: "[".repeat(150), description: "{".repeat(1000) });
    expectOk(r, 201);
  });

  test("more than 100,000 values are refused before validation", async () => {
    const w = app.newWorkspace();
    const many = JSON.stringify({ emails: Array.from({ length: 100_001 }, () => 1) });
    expectProblem(await problem(await raw("/v1/preflight", many, { "content-type": "application/json" }, w.apiKey)), 400, "invalid_request");
  });

  test("API A answers its envelope", async () => {
    const w = app.newWorkspace();
    const r = await raw("/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/verify", "[".repeat(50_000), { "content-type": "application/json" }, w.verificationKey);
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error.code).toBe("invalid_param");
  });

  test("/healthz answers while a deep body is being refused", async () => {
    const w = app.newWorkspace();
    const deep = raw("/v1/people", "[".repeat(100_000), { "content-type": "application/json" }, w.apiKey);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await deep).status).toBe(400);
  });
});

describe("oversized bodies", () => {
  test("a declared body far over every limit is a problem document with a request id, not a bare 413", async () => {
    const w = app.newWorkspace();
    const r = await problem(await raw("/v1/people", new Uint8Array(20 * 1024 * 1024), { "content-type": "application/json" }, w.apiKey));
    expectProblem(r, 413, "payload_too_large");
  });

  test("a chunked JSON body (no Content-Length) over 1 MiB is 413 as it arrives", async () => {
    const w = app.newWorkspace();
    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 8) c.enqueue(chunk);
        else c.close();
      },
    });
    expectProblem(await problem(await raw("/v1/people", stream, { "content-type": "application/json" }, w.apiKey)), 413, "payload_too_large");
  });
});

describe("encodings and charsets", () => {
  test("Content-Encoding gzip is 415, not 'not valid JSON'", async () => {
    const w = app.newWorkspace();
    const body = Bun.gzipSync(new TextEncoder().encode(JSON.stringify({ name: "Leads" })));
    const r = await problem(await raw("/v1/groups", body, { "content-type": "application/json", "content-encoding": "gzip" }, w.apiKey));
    expectProblem(r, 415, "unsupported_media_type");
    expect(r.body.detail).toContain("gzip");
  });

  test("a charset other than UTF-8 is 415", async () => {
    const w = app.newWorkspace();
    const r = await problem(await raw("/v1/groups", JSON.stringify({ name: "Leads" }), { "content-type": "application/json; charset=iso-8859-1" }, w.apiKey));
    expectProblem(r, 415, "unsupported_media_type");
  });

  test("charset=utf-8 (any letter case) is fine", async () => {
    const w = app.newWorkspace();
    expectOk(await w.api.post("/v1/groups", JSON.stringify({ name: "Leads" }), { "content-type": "application/json; Charset=UTF-8" }), 201);
  });

  test("invalid UTF-8 in JSON is 400, never U+FFFD stored", async () => {
    const w = app.newWorkspace();
    const bytes = new Uint8Array([...new TextEncoder().encode('{"name":"Le'), 0xff, 0xfe, ...new TextEncoder().encode('ads"}')]);
    const r = await problem(await raw("/v1/groups", bytes, { "content-type": "application/json" }, w.apiKey));
    expectProblem(r, 400, "invalid_request");
    expect(r.body.detail).toContain("UTF-8");
    expect((await w.api.get("/v1/groups")).body.data).toEqual([]);
  });

  test("a CSV import in another charset is 415 too", async () => {
    const w = app.newWorkspace();
    expectProblem(await problem(await raw("/v1/imports", "email\nada@example.com\n", { "content-type": "text/csv; charset=windows-1252" }, w.apiKey)), 415, "unsupported_media_type");
  });
});

describe("JSON types are not coerced", () => {
  test('a quota scope limit "500" is 422, not 500', async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "relay:587", messages_per_day: "500" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/messages_per_day"]);
  });

  test("no request body schema of any route takes a coercing type (Elysia's t.Integer, t.Numeric, t.Date…)", async () => {
    const { createApp } = await import("../../../src/app");
    const { TransformKind } = await import("@sinclair/typebox");
    const coercing: string[] = [];
    const walk = (s: any, where: string) => {
      if (!s || typeof s !== "object") return;
      if (TransformKind in s) coercing.push(where);
      for (const [k, v] of Object.entries(s)) if (v && typeof v === "object") walk(v, `${where}/${k}`);
    };
    for (const r of createApp(app.ctx).app.routes as any[]) walk(r.hooks?.body, `${r.method} ${r.path}`);
    expect(coercing).toEqual([]);
  });
});

test("a group made by the factory still works (sanity of this file's setup)", async () => {
  const w = app.newWorkspace();
  expect((await createGroup(w.api)).object).toBe("group");
});
