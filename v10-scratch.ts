import { Elysia, t } from "elysia";
const N = 200000;
async function b(name: string, app: any, url: string, headers: any = {}) { for (let i = 0; i < 2000; i++) await app.handle(new Request(url, { headers })); let s = performance.now(); for (let i = 0; i < N; i++) await app.handle(new Request(url, { headers })); console.log(name, ((performance.now() - s) * 1000 / N).toFixed(2)); }
const obj = { id: "qsc_x", object: "quota_scope", provider: "smtp", scope_key: "x", a: null, b: null, c: null, d: null, e: null, f: null, g: null, webhook: null, version: 1, created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" };
const P = t.Object({ id: t.String({ pattern: "^qsc_[0-9a-f]{32}$" }) });
const id = "qsc_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
await b("plain", new Elysia().get("/v1/q/:id", () => obj), `http://localhost/v1/q/${id}`);
await b("params schema", new Elysia().get("/v1/q/:id", () => obj, { params: P }), `http://localhost/v1/q/${id}`);
await b("+set header", new Elysia().get("/v1/q/:id", ({ set }) => { set.headers.etag = '"1"'; return obj; }, { params: P }), `http://localhost/v1/q/${id}`);
const m = new Elysia({ name: "m" }).macro({ scope: (s: string) => ({ transform({ request }: any) { (request as any).__p = s; }, resolve({ request }: any) { return { principal: (request as any).__p }; } }) });
await b("+macro transform+resolve", new Elysia().use(m).get("/v1/q/:id", ({ set, principal }) => { set.headers.etag = '"1"'; return obj; }, { params: P, scope: "x" }), `http://localhost/v1/q/${id}`);
const m2 = new Elysia({ name: "m2" }).macro({ scope: (s: string) => ({ transform({ request }: any) { (request as any).__p = s; } }) });
await b("+macro transform only", new Elysia().use(m2).get("/v1/q/:id", ({ set, request }) => { set.headers.etag = '"1"'; return obj; }, { params: P, scope: "x" }), `http://localhost/v1/q/${id}`);
const withParse = new Elysia().onParse(() => undefined).onError(({ code, error, request, route, body }) => new Response("x")).use(m).get("/v1/q/:id", ({ set, principal }) => { set.headers.etag = '"1"'; return obj; }, { params: P, scope: "x" });
await b("+onParse+onError", withParse, `http://localhost/v1/q/${id}`);
