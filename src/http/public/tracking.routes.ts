// The tracking endpoints mail clients, image proxies and link scanners reach:
// no credential (the signed token is one), hidden from the API document
// (docs/tracking.md describes them). Hot paths: a token check, a cached or
// prepared read, the machine verdict, and the hit queued for the next batch
// commit; the answer does not wait for it (record.ts).
import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import { judgeHit, type Hit } from "../../modules/tracking/machine";
import { hitRecorder } from "../../modules/tracking/record";
import type { TrackedMessage } from "../../modules/tracking/hits";
import { readClickToken, readOpenToken } from "../../modules/tracking/tokens";
import { stateOf } from "../shared/request-state";

/** A transparent 1×1 GIF89a (43 bytes). */
export const PIXEL_GIF = Uint8Array.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00,
  0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);

// every open is asked for again, never answered from a cache on the way
const PIXEL_HEADERS = {
  "content-type": "image/gif",
  "content-length": String(PIXEL_GIF.length),
  "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
  pragma: "no-cache",
  expires: "0",
};

/** One answer for every token that does not resolve: tampered, truncated, another kind, unknown message, no such link. */
const notFound = () => new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

const ASCII_URL = /^[\x21-\x7e]+$/;

function hitOf(request: Request, kind: "open" | "click", m: TrackedMessage, linkIndex: number | null, recentClickedLinks: number, at: number): Hit {
  const h = request.headers;
  return {
    kind,
    method: request.method,
    userAgent: h.get("user-agent"),
    ip: stateOf(request).ip,
    headers: { purpose: h.get("purpose"), secPurpose: h.get("sec-purpose"), xMoz: h.get("x-moz"), secFetchMode: h.get("sec-fetch-mode") },
    at,
    sentAt: m.sentAt,
    linkIndex,
    links: m.links,
    recentClickedLinks,
  };
}

export function trackingRoutes(ctx: Ctx) {
  const recorder = hitRecorder(ctx);

  const open = ({ request, params }: { request: Request; params: { token: string } }) => {
    const id = readOpenToken(ctx.secrets, params.token);
    const m = id ? recorder.state.message(id) : null;
    if (!m) return notFound();
    const at = ctx.clock.now();
    const hit = hitOf(request, "open", m, null, 0, at);
    recorder.record({ message: m, kind: "open", url: null, verdict: judgeHit(hit), userAgent: hit.userAgent, at });
    return new Response(PIXEL_GIF, { headers: PIXEL_HEADERS });
  };

  const click = ({ request, params }: { request: Request; params: { token: string } }) => {
    const t = readClickToken(ctx.secrets, params.token);
    const m = t ? recorder.state.message(t.messageId) : null;
    // only a link stored with the message: nothing of the request can name where to go
    const url = m ? recorder.state.link(m.id, t!.index) : null;
    if (!m || !url) return notFound();
    const at = ctx.clock.now();
    const hit = hitOf(request, "click", m, t!.index, recorder.state.noteClick(m.id, t!.index, at), at);
    recorder.record({ message: m, kind: "click", url, verdict: judgeHit(hit), userAgent: hit.userAgent, at });
    // a header carries ASCII only: a link with other characters goes as a browser would send it
    const location = ASCII_URL.test(url) ? url : new URL(url).href;
    return new Response(null, { status: 302, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  };

  const hidden = { detail: { hide: true } };
  return new Elysia({ prefix: "/t" })
    .get("/o/:token", open, hidden)
    .head("/o/:token", open, hidden)
    .get("/c/:token", click, hidden)
    .head("/c/:token", click, hidden);
}
