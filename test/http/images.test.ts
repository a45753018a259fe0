import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes } from "../helpers/factory";
import { Api, expectOk, expectProblem } from "../helpers/http";
import { GIF_1x1, jpeg, JPEG_1x1, png, WEBP_1x1 } from "../helpers/images";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { NEARBOUND_BASE_URL: "https://outreach.example.com" } });
});
afterAll(() => app.close());

const upload = (api: Api, bytes: Uint8Array, type: string, headers: Record<string, string> = {}) => api.post("/v1/images", bytes, { "content-type": type, ...headers });
const publicPath = (id: string) => `/images/${id}`;
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const publicApi = () => new Api(app.url, null);
const MIB16 = 16 * 1024 * 1024;

describe("POST /v1/images", () => {
  test("accepts each format with its size from the file's header, stored under the data directory", async () => {
    const { api } = app.newWorkspace();
    const cases: [string, Uint8Array, number, number][] = [
      ["image/png", png(3, 2), 3, 2],
      ["image/gif", GIF_1x1, 1, 1],
      ["image/jpeg", JPEG_1x1, 1, 1],
      ["image/jpeg", jpeg(640, 427, 100_000), 640, 427], // metadata segments before the frame header
      ["image/webp", WEBP_1x1.vp8, 1, 1],
      ["image/webp", WEBP_1x1.vp8l, 1, 1],
      ["image/webp", WEBP_1x1.vp8x, 1, 1],
    ];
    for (const [type, bytes, width, height] of cases) {
      const r = await upload(api, bytes, type);
      expectOk(r, 201);
      expect(r.body).toEqual({
        id: expect.stringMatching(/^img_[0-9a-f]{32}$/),
        object: "image",
        url: `https://outreach.example.com/images/${r.body.id}`,
        content_type: type,
        bytes: bytes.length,
        width,
        height,
        created_at: new Date(app.clock.now()).toISOString(),
      });
      expect(r.headers.get("location")).toBe(`/v1/images/${r.body.id}`);
      const file = join(app.dataDir, "images", r.body.id);
      expect(new Uint8Array(readFileSync(file))).toEqual(new Uint8Array(bytes));
      const row = app.ctx.db.$client.prepare("SELECT sha256, workspace_id AS ws FROM images WHERE id = ?").get(r.body.id) as { sha256: string; ws: string };
      expect(row.sha256).toBe(sha256(bytes));
    }
    expect(statSync(join(app.dataDir, "images")).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(app.dataDir, "images")).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("bytes that are not the declared format are 422 naming the body, and nothing is kept", async () => {
    const { api } = app.newWorkspace();
    const before = readdirSync(join(app.dataDir, "images")).length;
    const r = await upload(api, png(1, 1), "image/jpeg");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([{ pointer: "body", code: "format", detail: expect.stringContaining("JPEG signature") }]);
    expectProblem(await upload(api, JPEG_1x1, "image/webp"), 422, "validation_failed");
    expectProblem(await upload(api, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png"), 422, "validation_failed");
    const empty = await upload(api, new Uint8Array(0), "image/gif");
    expectProblem(empty, 422, "validation_failed");
    expect(empty.body.errors[0]).toMatchObject({ pointer: "body", code: "required" });
    expect(readdirSync(join(app.dataDir, "images")).length).toBe(before);
    expect((await api.get("/v1/images")).body.data).toEqual([]);
  });

  test("a truncated or malformed header is 422", async () => {
    const { api } = app.newWorkspace();
    const cut = await upload(api, png(4, 4).subarray(0, 20), "image/png");
    expectProblem(cut, 422, "validation_failed");
    expect(cut.body.errors[0]).toMatchObject({ pointer: "body", code: "malformed" });
    expectProblem(await upload(api, jpeg(10, 10, 5000).subarray(0, 3000), "image/jpeg"), 422, "validation_failed");
    expectProblem(await upload(api, WEBP_1x1.vp8x.subarray(0, 25), "image/webp"), 422, "validation_failed");
    expectProblem(await upload(api, jpeg(0, 10), "image/jpeg"), 422, "validation_failed");
  });

  test("16 MiB is accepted; one byte more is 413, declared or streamed", async () => {
    const { api } = app.newWorkspace();
    // a PNG padded to exactly the limit (bytes after IEND are ignored by readers, and by us)
    const head = png(2, 2);
    const full = new Uint8Array(MIB16);
    full.set(head);
    const ok = await upload(api, full, "image/png");
    expectOk(ok, 201);
    expect(ok.body).toMatchObject({ bytes: MIB16, width: 2, height: 2 });

    const over = new Uint8Array(MIB16 + 1);
    over.set(head);
    expectProblem(await upload(api, over, "image/png"), 413, "payload_too_large");
    // without Content-Length (chunked): counted while received
    const chunks = [over.subarray(0, MIB16 / 2), over.subarray(MIB16 / 2)];
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    expectProblem(await upload(api, stream as never, "image/png"), 413, "payload_too_large");
    expect(readdirSync(join(app.dataDir, "images")).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("SVG, text and JSON are 415", async () => {
    const { api } = app.newWorkspace();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectProblem(await upload(api, svg, "image/svg+xml"), 415, "unsupported_media_type");
    expectProblem(await upload(api, new TextEncoder().encode("hello"), "text/plain"), 415, "unsupported_media_type");
    expectProblem(await api.post("/v1/images", { url: "https://example.com/a.png" }), 415, "unsupported_media_type");
    expectProblem(await upload(api, png(1, 1), "application/octet-stream"), 415, "unsupported_media_type");
  });

  test("an Idempotency-Key replays the first answer: one image", async () => {
    const { api } = app.newWorkspace();
    const key = { "idempotency-key": `img-${crypto.randomUUID()}` };
    const a = await upload(api, png(5, 5), "image/png", key);
    const b = await upload(api, png(5, 5), "image/png", key);
    expectOk(a, 201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await api.get("/v1/images")).body.data.map((i: any) => i.id)).toEqual([a.body.id]);
    // the same key with another file is refused
    expect((await upload(api, png(6, 6), "image/png", key)).status).toBe(422);
  });

  test("needs content:write; no credential is 401", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["people:read", "messages:read"]);
    expectProblem(await upload(ro, GIF_1x1, "image/gif"), 403, "forbidden");
    expectProblem(await ro.get("/v1/images"), 403, "forbidden");
    expectProblem(await upload(w.api.withToken(null), GIF_1x1, "image/gif"), 401, "unauthorized");
    const writer = apiWithScopes(app, w, ["content:write"]);
    const r = await upload(writer, GIF_1x1, "image/gif");
    expectOk(r, 201);
    expectOk(await writer.get(`/v1/images/${r.body.id}`));
    expectProblem(await ro.delete(`/v1/images/${r.body.id}`), 403, "forbidden");
  });
});

describe("GET /images/{id} (public)", () => {
  test("serves the stored bytes with their type, a year of caching, the SHA-256 as ETag and no sniffing", async () => {
    const { api } = app.newWorkspace();
    const bytes = jpeg(12, 8, 20_000);
    const img = (await upload(api, bytes, "image/jpeg")).body;
    const res = await fetch(app.url + publicPath(img.id));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(bytes));
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(res.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(img.url).toEndWith(publicPath(img.id));

    const head = await fetch(app.url + publicPath(img.id), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/jpeg");
    expect(head.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const again = await fetch(app.url + publicPath(img.id), { headers: { "if-none-match": `W/"x", "${sha256(bytes)}"` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  test("unknown and malformed ids are 404", async () => {
    expectProblem(await publicApi().get(publicPath("img_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f")), 404, "not_found");
    expectProblem(await publicApi().get(publicPath("..%2F..%2Fetc%2Fpasswd")), 404, "not_found");
    expectProblem(await publicApi().get(publicPath("per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f")), 404, "not_found");
    expect((await fetch(app.url + publicPath("img_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), { method: "HEAD" })).status).toBe(404);
  });
});

describe("DELETE /v1/images/{id}", () => {
  test("the public URL answers 404 at once, the image is gone from the API, and its file is removed", async () => {
    const { api } = app.newWorkspace();
    const img = (await upload(api, png(2, 3), "image/png")).body;
    expectOk(await publicApi().get(publicPath(img.id)));
    const r = await api.delete(`/v1/images/${img.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expectProblem(await publicApi().get(publicPath(img.id)), 404, "not_found");
    expectProblem(await api.get(`/v1/images/${img.id}`), 404, "not_found");
    expectProblem(await api.delete(`/v1/images/${img.id}`), 404, "not_found");
    expect((await api.get("/v1/images")).body.data).toEqual([]);
    expect(existsSync(join(app.dataDir, "images", img.id))).toBe(false);
  });
});

describe("GET /v1/images", () => {
  test("lists newest first with a cursor and the total, without deleted images", async () => {
    const { api } = app.newWorkspace();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await upload(api, png(i, i), "image/png")).body.id);
    await api.delete(`/v1/images/${ids[2]}`);
    const p1 = await api.get("/v1/images?limit=2&include=total_count");
    expect(p1.body.data.map((i: any) => i.id)).toEqual([ids[4], ids[3]]);
    expect(p1.body.data[0]).toMatchObject({ object: "image", width: 5, height: 5 });
    expect(p1.body.meta).toMatchObject({ has_more: true, total_count: 4 });
    const p2 = await api.get(`/v1/images?limit=2&cursor=${p1.body.meta.next_cursor}`);
    expect(p2.body.data.map((i: any) => i.id)).toEqual([ids[1], ids[0]]);
    expect(p2.body.meta.has_more).toBe(false);
    const asc = await api.get("/v1/images?order=asc&limit=3");
    expect(asc.body.data.map((i: any) => i.id)).toEqual([ids[0], ids[1], ids[3]]);
  });
});

describe("tenant isolation", () => {
  test("an image is invisible from another workspace and from the test-mode twin, though its public URL serves everyone", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const img = (await upload(a.api, GIF_1x1, "image/gif")).body;
    await expectIsolated([b.api, a.testApi], { resourcePath: `/v1/images/${img.id}`, listPath: "/v1/images", id: img.id, routes: [["DELETE", `/v1/images/${img.id}`]] });
    expectOk(await a.api.get(`/v1/images/${img.id}`));
    expectOk(await publicApi().get(publicPath(img.id)));
  });
});
