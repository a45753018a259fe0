import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import SwaggerParser from "@apidevtools/swagger-parser";
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
      expect(op.responses["401"].content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
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
});
