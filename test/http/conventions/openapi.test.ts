import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { QUERY_EXAMPLES, REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from "../../../src/http/examples";
import { openapiPath } from "../../../src/http/openapi";
import { API_A_ADDED_CODES, API_A_CODES, type ApiACode } from "../../../src/lib/errors";
import pkg from "../../../package.json";
import { startTestApp, type TestApp } from "../../helpers/app";
import { Api } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const served = async () => (await new Api(app.url, null).get("/openapi.json")).body;
const METHODS = ["get", "put", "post", "patch", "delete"];
/** Every operation of the document as [key "METHOD /path", path, method, operation]. */
const operations = (doc: any): [string, string, string, any][] =>
  Object.entries<any>(doc.paths).flatMap(([path, ops]) => Object.entries<any>(ops).filter(([m]) => METHODS.includes(m)).map(([m, op]): [string, string, string, any] => [`${m.toUpperCase()} ${path}`, path, m, op]));
/** A response, or the shared one it references. */
const resolved = (doc: any, r: any) => (r?.$ref ? doc.components.responses[r.$ref.split("/").pop()] : r);
const hasExample = (media: any) => "example" in media || Object.keys(media.examples ?? {}).length > 0;

describe("OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const doc = (await new Api(app.url, null).get("/openapi.json")).body;
    expect(doc.openapi).toStartWith("3.1");
    await SwaggerParser.validate(structuredClone(doc));
  });

  test("lists every API route with its scope and problem responses", async () => {
    const doc = (await new Api(app.url, null).get("/openapi.json")).body;
    const { app: elysia } = (await import("../../../src/app")).createApp(app.ctx);
    const routes = elysia.routes.filter((r: any) => r.path.startsWith("/v1") && !r.hooks?.detail?.hide);
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const path = openapiPath(r.path);
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op) throw new Error(`${r.method} ${path} missing from OpenAPI`);
      expect(op.security?.length).toBeGreaterThan(0);
      if (["post", "patch", "put"].includes(r.method.toLowerCase()) && op.requestBody) {
        expect(Object.keys(op.requestBody.content).length).toBeGreaterThan(0);
      }
      expect(op.responses["401"]).toBeDefined();
      if (path.startsWith("/v1/people/{id}/verify")) continue;
      expect(resolved(doc, op.responses["401"]).content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
    }
  });

  test("the reference UI answers at /docs", async () => {
    const r = await new Api(app.url, null).get("/docs");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
  });

  test("the reference UI loads nothing from another origin: its script and stylesheet are ours, pinned and cacheable", async () => {
    const api = new Api(app.url, null);
    const page = (await api.get("/docs")).text;
    expect(page).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+/i); // no absolute or protocol-relative URL at all
    const scripts = [...page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    const styles = [...page.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    const version = pkg.dependencies["swagger-ui-dist"];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/); // exact, no range
    for (const [url, type] of [...scripts.map((u) => [u, "javascript"]), ...styles.map((u) => [u, "text/css"])] as [string, string][]) {
      expect(url).toStartWith("/docs/assets/");
      expect(url).toContain(version);
      const r = await api.get(url);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toContain(type);
      expect(r.headers.get("cache-control")).toContain("immutable");
    }
    const bundle = (await api.get(scripts[0]!)).text;
    expect(bundle).toBe(await Bun.file(require.resolve("swagger-ui-dist/swagger-ui-bundle.js")).text());
    expect(require("swagger-ui-dist/package.json").version).toBe(version); // the lockfile installed the pinned one
  });

  test("the ErrorEnvelope and the verify operation document every API A code, ours beyond SPEC's list included", async () => {
    const doc = (await new Api(app.url, null).get("/openapi.json")).body;
    const code = doc.components.schemas.ErrorEnvelope.properties.error.properties.code;
    expect(code.enum).toEqual(Object.keys(API_A_CODES));
    const ours = ["not_found", "conflict", "invalid_state", "internal_error", "method_not_allowed", "payload_too_large", "unsupported_media_type", "gone"];
    expect(code.enum).toEqual(expect.arrayContaining(ours));
    expect(API_A_ADDED_CODES as string[]).toEqual(ours);
    const op = doc.paths["/v1/people/{id}/verify"].post;
    for (const c of ours) expect(op.description).toContain(`\`${c}\``);
    // each error response names the codes it carries, each one a code of that status
    const named = new Set<string>();
    for (const [status, r] of Object.entries<any>(op.responses)) {
      if (status === "200") continue;
      expect(r.content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorEnvelope");
      const codes = [...r.description.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
      expect(codes.length).toBeGreaterThan(0);
      for (const c of codes) {
        expect(API_A_CODES[c as ApiACode]?.statuses).toContain(Number(status));
        named.add(c);
      }
    }
    for (const c of ["not_found", "invalid_state", "internal_error", "method_not_allowed", "payload_too_large", "unsupported_media_type", "database_unavailable"]) expect(named).toContain(c);
  });
  test("passes Redocly's recommended rules with no error, every example valid against its schema", async () => {
    // warnings left (see the report of issue 11): info-license (no license chosen);
    // operation-4xx-response on /healthz and /readyz (they answer no 4xx)
    const config = await createConfig({
      extends: ["recommended"],
      rules: { "no-invalid-media-type-examples": "error", "no-invalid-parameter-examples": "error", "no-invalid-schema-examples": "error" },
    });
    const problems = await lintFromString({ source: JSON.stringify(await served()), absoluteRef: "/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => ("pointer" in l ? l.pointer : "")).join(", ")}`);
    if (errors.length) throw new Error(`OpenAPI lint errors:\n${errors.join("\n")}`);
  });

  test("every request body shows an example of each of its media types, and every example names a real operation", async () => {
    const doc = await served();
    const missing: string[] = [];
    let bodies = 0;
    for (const [key, , , op] of operations(doc)) {
      for (const [media, m] of Object.entries<any>(op.requestBody?.content ?? {})) {
        bodies++;
        if (!hasExample(m)) missing.push(`${key} ${media}: add it to REQUEST_EXAMPLES in src/http/examples.ts`);
      }
    }
    expect(bodies).toBeGreaterThan(15);
    expect(missing).toEqual([]);
    const ops = new Map(operations(doc).map(([key, , , op]) => [key, op]));
    for (const [key, media] of Object.entries(REQUEST_EXAMPLES)) for (const m of Object.keys(media)) expect(ops.get(key)?.requestBody?.content?.[m] ? `${key} ${m}` : `no request body ${key} ${m}`).toBe(`${key} ${m}`);
    for (const [key, params] of Object.entries(QUERY_EXAMPLES)) {
      for (const name of Object.keys(params)) expect(ops.get(key)?.parameters?.some((p: any) => p.in === "query" && p.name === name) ? name : `no query parameter ${key} ?${name}`).toBe(name);
    }
    for (const [key, statuses] of Object.entries(RESPONSE_EXAMPLES)) {
      for (const [status, media] of Object.entries(statuses)) for (const m of Object.keys(media)) expect(resolved(doc, ops.get(key)?.responses?.[status])?.content?.[m] ? m : `no response ${key} ${status} ${m}`).toBe(m);
    }
  });

  test("every answer with a body shows an example: successes their representation, errors the problem (or envelope) of each code", async () => {
    const doc = await served();
    const missing: string[] = [];
    for (const [key, , , op] of operations(doc)) {
      for (const [status, r] of Object.entries<any>(op.responses)) {
        for (const [media, m] of Object.entries<any>(resolved(doc, r).content ?? {})) if (!hasExample(m)) missing.push(`${key} ${status} ${media}`);
      }
    }
    expect(missing).toEqual([]);
    // the representations' own examples reach the answers, and a page shows its item's
    const people = doc.paths["/v1/people"];
    expect(people.post.responses["201"].content["application/json"].example.email).toBe("amara.okafor@lumenpay.io");
    expect(people.get.responses["200"].content["application/json"].example.data[0].object).toBe("person");
    expect(doc.paths["/v1/events"].get.responses["200"].content["application/json"].example.data[0].type).toBe("import.completed");
    const conflict = resolved(doc, people.post.responses["409"]).content["application/problem+json"].examples;
    expect(Object.keys(conflict)).toEqual(expect.arrayContaining(["conflict", "idempotency_in_progress"]));
    expect(doc.components.examples.problem_rate_limited.value).toMatchObject({ status: 429, code: "rate_limited", retry_after: 2 });
  });

  test("every API answer documents X-Request-Id, RateLimit-Policy and RateLimit; 429 and 503 Retry-After; every API operation 503", async () => {
    const doc = await served();
    for (const name of ["X-Request-Id", "RateLimit-Policy", "RateLimit", "Retry-After"]) expect(doc.components.headers[name].schema).toBeDefined();
    for (const [key, path, , op] of operations(doc)) {
      const api = path.startsWith("/v1");
      if (path.startsWith("/v1") || path.startsWith("/downloads")) expect(op.responses["503"] ? key : `${key} has no 503`).toBe(key);
      for (const [status, r] of Object.entries<any>(op.responses)) {
        const headers = Object.keys(resolved(doc, r).headers ?? {});
        const want = ["X-Request-Id", ...(api ? ["RateLimit-Policy", "RateLimit"] : []), ...(status === "429" || status === "503" ? ["Retry-After"] : [])];
        expect(headers).toEqual(expect.arrayContaining(want));
      }
    }
    expect(JSON.stringify(doc.components.schemas.Problem.properties.retry_after)).toContain("Retry-After");
  });

  test("/healthz and /readyz document their answers without a credential, and answer their examples", async () => {
    const doc = await served();
    const api = new Api(app.url, null);
    const healthz = doc.paths["/healthz"].get;
    expect(healthz.security).toEqual([]);
    expect((await api.get("/healthz")).body).toEqual(healthz.responses["200"].content["application/json"].example);
    const readyz = doc.paths["/readyz"].get;
    expect(readyz.security).toEqual([]);
    expect((await api.get("/readyz")).body).toEqual(readyz.responses["200"].content["application/json"].example);
    expect(Object.keys(readyz.responses["503"].content["application/json"].examples)).toEqual(["migrations_pending", "database_unreachable"]);
  });

  test("an operation lists Idempotency-Key exactly when it takes one (a malformed key is 422 there), required where a key is required", async () => {
    const doc = await served();
    const w = app.newWorkspace("Idempotency doc");
    let checked = 0;
    for (const [key, path, method, op] of operations(doc)) {
      if (!path.startsWith("/v1/") || method === "get") continue;
      const param = (op.parameters ?? []).find((p: any) => p.in === "header" && p.name === "Idempotency-Key");
      const apiA = path === "/v1/people/{id}/verify";
      // an id of the right form that names nothing: a route that takes no key answers 404, and a test-mode preflight stores nothing
      const prefix = (op.parameters ?? []).find((p: any) => p.in === "path")?.schema?.pattern?.match(/^\^([a-z]+)_/)?.[1] ?? "per";
      const target = path.replace("{id}", `${prefix}_${"0".repeat(32)}`);
      const media = op.requestBody?.content?.["application/json"];
      const body = media ? (media.example ?? Object.values<any>(media.examples)[0].value) : undefined;
      const client = apiA ? w.apiA : w.testApi;
      const r = await client.request(method.toUpperCase(), target, body, { "idempotency-key": "not a key" });
      const pointer = apiA ? r.body?.error?.params?.[0]?.param : r.body?.errors?.[0]?.pointer;
      const refused = r.status === 422 && pointer === "header:Idempotency-Key";
      expect(`${key}: ${refused ? "takes a key" : "takes no key"} (${r.status})`).toBe(`${key}: ${param ? "takes a key" : "takes no key"} (${param ? 422 : r.status})`);
      if (param?.required) {
        const without = await client.request(method.toUpperCase(), target, body);
        expect(`${key}: ${without.status} ${without.body?.errors?.[0]?.code}`).toBe(`${key}: 422 required`);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const events = doc.paths["/v1/events"].post.parameters.find((p: any) => p.name === "Idempotency-Key");
    expect(events.required).toBe(true);
    expect(events.description).toStartWith("Required");
  });
});
