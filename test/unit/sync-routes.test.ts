import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createApp } from "../../src/app";
import { compileSyncRoutes } from "../../src/http/shared/sync-routes";
import { DomainError } from "../../src/lib/errors";
import { startTestApp } from "../helpers/app";

const shout = (s: string) => s.toUpperCase();

function demo() {
  const app = new Elysia()
    .onParse(async ({ request }) => ({ parsed: await request.text() }))
    .get("/sync/:id", ({ params }) => shout(params.id))
    .get("/query", ({ query }) => {
      return shout(query.q ?? "none");
    })
    .get("/async", async () => shout("later"))
    .get("/promise", () => Promise.resolve("resolved"))
    .post("/echo", ({ body }) => body);
  compileSyncRoutes(app.routes as never);
  return app;
}

const req = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);

describe("compileSyncRoutes", () => {
  test("a GET whose handler is not declared async answers without a promise", async () => {
    const app = demo();
    const answer = app.fetch(req("/sync/abc"));
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).text()).toBe("ABC");
  });

  test("what the handler uses is still inferred (the query is parsed)", async () => {
    const answer = demo().fetch(req("/query?q=hi"));
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).text()).toBe("HI");
  });

  test("async handlers stay async; a returned promise is still awaited", async () => {
    const app = demo();
    const later = app.fetch(req("/async"));
    expect(later).toBeInstanceOf(Promise);
    expect(await (await later).text()).toBe("LATER");
    expect(await (await app.fetch(req("/promise"))).text()).toBe("resolved");
  });

  test("routes with a body keep the parse hook", async () => {
    const r = await demo().fetch(req("/echo", { method: "POST", body: "payload" }));
    expect(await r.json()).toEqual({ parsed: "payload" });
  });
});

test("the API's reads answer without a promise", async () => {
  const t = await startTestApp();
  try {
    const w = t.newWorkspace();
    const { app } = createApp(t.ctx);
    for (const path of ["/v1/quota_scopes", `/v1/workspaces/${w.id}`, "/v1/people?limit=5"]) {
      const answer = app.fetch(req(path, { headers: { authorization: `Bearer ${w.apiKey}` } }));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(200);
    }
  } finally {
    await t.close();
  }
});

test("a rejection server.ts receives is answered like a thrown error: the problem of a DomainError, else a logged 500", async () => {
  const t = await startTestApp();
  try {
    const { answerError } = createApp(t.ctx);
    const notFound = await answerError(req("/v1/quota_scopes/qsc_0"), new DomainError("not_found", "No such quota scope."));
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("content-type")).toStartWith("application/problem+json");
    expect(((await notFound.json()) as { code: string }).code).toBe("not_found");
    const crash = await answerError(req("/v1/quota_scopes"), new Error("boom"));
    expect(crash.status).toBe(500);
    const body = (await crash.json()) as { code: string };
    expect(body.code).toBe("internal_error");
    expect(JSON.stringify(body)).not.toContain("boom");
  } finally {
    await t.close();
  }
});
