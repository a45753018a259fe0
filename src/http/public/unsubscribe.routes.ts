// /u/{token}: the List-Unsubscribe URL of every message that carries a token.
// No credential: the per-message token is one. GET shows a confirmation page
// and changes nothing (mail scanners and link previews GET every link); POST
// unsubscribes — RFC 8058's one-click POST from a mail client, or the page's
// own button — and answers 200 at once, never a redirect (RFC 8058 §3.2).
import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { findUnsubscribeLink, maskedAddress, unsubscribeByToken, type UnsubscribeVia } from "../../modules/audience/unsubscribe";
import { RawBody, registerRawBody, tooLarge } from "../shared/body";
import { chargeRateLimit, type RateLimiter } from "../shared/rate-limit";
import { stateOf } from "../shared/request-state";
import { confirmPage, donePage, PAGE_HEADERS, unknownLinkPage } from "./unsubscribe-page";

/** RFC 8058's body is 26 bytes; a browser's form post a few dozen more. */
export const UNSUBSCRIBE_BODY_LIMIT = 4096;

// RFC 8058 bodies come form-encoded or multipart; some clients send none at all
// (no Content-Type either), which is accepted too: the POST itself is the request.
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", ""];
registerRawBody({ method: "POST", path: /^\/u\/[^/]+\/?$/, types: FORM_TYPES, limit: UNSUBSCRIBE_BODY_LIMIT });

const html = (status: number, body: string) => new Response(body, { status, headers: PAGE_HEADERS });

/** The body's bytes up to the limit (a chunked body is counted as it arrives): more is 413. */
async function readForm(body: RawBody): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body.stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > body.limit) throw tooLarge(body.limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Which way the person came: our page's form adds `from=page`; anything else
 * is a mail client's one-click POST. The body is not otherwise required to
 * say `List-Unsubscribe=One-Click`: a POST to the secret URL is the request.
 */
function viaOf(body: RawBody, bytes: Uint8Array): UnsubscribeVia {
  if (body.contentType !== "application/x-www-form-urlencoded") return "one_click";
  return new URLSearchParams(Buffer.from(bytes).toString("utf8")).get("from") === "page" ? "page" : "one_click";
}

const Params = t.Object({ token: t.String({ description: "The message's unsubscribe token (from its List-Unsubscribe header)" }) });

const pageResponse = (description: string, example: string) => ({ description, content: { "text/html": { schema: { type: "string" as const }, example } } });
const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } });
const NOT_FOUND = pageResponse("No message has this token (a malformed token answers the same)", unknownLinkPage());

export function unsubscribeRoutes(ctx: Ctx, limiter: RateLimiter) {
  const charge = (request: Request) => {
    const state = stateOf(request);
    chargeRateLimit(limiter, state, state.ip);
  };
  return new Elysia({ prefix: "/u", tags: ["Audience"] })
    .get(
      "/:token",
      ({ params, request }) => {
        charge(request);
        const link = findUnsubscribeLink(ctx, params.token);
        return link ? html(200, confirmPage(maskedAddress(link.address))) : html(404, unknownLinkPage());
      },
      {
        params: Params,
        detail: {
          summary: "Unsubscribe page",
          description:
            "The `List-Unsubscribe` URL of a message. No credential: the token is one. Shows a page (no script, inline CSS only) naming the address, masked, with one button that POSTs here; a GET never unsubscribes (mail scanners follow links).",
          security: [],
          responses: {
            200: pageResponse("The confirmation page", confirmPage("a***@example.org")),
            404: NOT_FOUND,
            429: problem("Rate limited, per client address (rate_limited)"),
          },
        },
      },
    )
    .post(
      "/:token",
      async ({ params, body, request }) => {
        charge(request);
        if (!(body instanceof RawBody)) throw new DomainError("unsupported_media_type", `Send the body as ${FORM_TYPES.filter(Boolean).join(" or ")}, or no body.`);
        const via = viaOf(body, await readForm(body));
        const done = unsubscribeByToken(ctx, { token: params.token, via });
        return done ? html(200, donePage(maskedAddress(done.link.address))) : html(404, unknownLinkPage());
      },
      {
        params: Params,
        detail: {
          summary: "Unsubscribe (RFC 8058 one-click)",
          description:
            "Unsubscribes the address the message was sent to, at once: an `unsubscribed` delivery event, the address suppressed (reason `unsubscribed`, the event and message as evidence), the person `unsubscribed`, every live enrollment of theirs stopped; `delivery_event.recorded` and `suppression.created` follow. The body is RFC 8058's `List-Unsubscribe=One-Click` (form-encoded or multipart, at most 4 KiB); an empty body, with no Content-Type, is accepted too, as some clients send none. Unsubscribing again, through this message or another sent to the address, answers the same 200 and writes nothing.",
          security: [],
          requestBody: {
            required: false,
            content: {
              "application/x-www-form-urlencoded": { schema: { type: "object" as const, properties: { "List-Unsubscribe": { type: "string" as const, enum: ["One-Click"] } } }, example: { "List-Unsubscribe": "One-Click" } },
              "multipart/form-data": { schema: { type: "object" as const, properties: { "List-Unsubscribe": { type: "string" as const, enum: ["One-Click"] } } }, example: { "List-Unsubscribe": "One-Click" } },
            },
          },
          responses: {
            200: pageResponse("Unsubscribed (now or before): a short page, which RFC 8058 clients ignore", donePage("a***@example.org")),
            404: NOT_FOUND,
            413: problem("The body is over 4 KiB (payload_too_large)"),
            415: problem("A body of another type (unsupported_media_type)"),
            429: problem("Rate limited, per client address (rate_limited)"),
          },
        },
      },
    );
}
