import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { cancelMessage, releaseHolds, resolveMessage } from "../../modules/messages/actions";
import { messageFilters } from "../../modules/messages/filters";
import { MESSAGE_LIMITS } from "../../modules/messages/message-input";
import { getMessage, listMessages, queueMessage } from "../../modules/messages/messages";
import { MessageDetailSchema, messageDetailView, MessageSchema, messageView } from "../../representations/message";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, Id, IdParams, literals, MultiLine, Nullable, Page, SingleLine } from "../shared/schemas";
import { messageFilterFields } from "./message-query";

const Addresses = (description: string, minItems = 0) =>
  t.Array(Address({ minLength: 1, maxLength: 320 }), { minItems, maxItems: MESSAGE_LIMITS.recipients, description });

const Create = t.Object(
  {
    sender_identity_id: Id("sid", "Who sends it: an enabled identity of a connection that is not archived"),
    to: Addresses("At least one; the first is the message's person (linked, or created with source api)", 1),
    cc: t.Optional(Addresses("Copied, visibly")),
    bcc: t.Optional(Addresses("Copied, invisibly (envelope only)")),
    subject: SingleLine({ minLength: 1, maxLength: MESSAGE_LIMITS.subject }),
    html: t.Optional(Nullable(MultiLine({ description: "The HTML part; a text part is generated from it when `text` is absent (for a tracked message, at creation and from the HTML as written: it then shows as `text`)" }))),
    text: t.Optional(Nullable(MultiLine({ description: "The plain-text part" }))),
    headers: t.Optional(
      t.Record(t.String(), SingleLine({ maxLength: 900 }), {
        description:
          "Extra headers by name: any X- header (except X-Nearbound-), In-Reply-To, References, Comments, Keywords, List-Id/-Help/-Subscribe/-Post/-Owner/-Archive, Precedence, Auto-Submitted, Importance, Priority, Organization, Feedback-ID, Thread-Topic, Thread-Index; at most 32",
      }),
    ),
    send_at: t.Optional(Nullable(t.String({ format: "date-time", description: "RFC 3339; not before this moment (now when absent or past), at most 365 days ahead" }))),
    tracking: t.Optional(
      t.Union(
        [
          t.Boolean({ description: "true: opens and clicks (the HTML part); false when absent" }),
          t.Object(
            {
              opens: t.Optional(t.Boolean({ description: "The open pixel (default false)" })),
              clicks: t.Optional(t.Boolean({ description: "The HTML part's links (default false)" })),
              text_clicks: t.Optional(t.Boolean({ description: "With clicks, the text part's links too (default false: the text part is left alone)" })),
            },
            { additionalProperties: false },
          ),
        ],
        { description: "Open and click tracking" },
      ),
    ),
  },
  { additionalProperties: false },
);
const Resolve = t.Object(
  { outcome: literals(["sent", "not_sent"], "sent: it arrived; not_sent: it did not, send it again") },
  { additionalProperties: false },
);
const ListQuery = t.Object({ ...PageQuery, ...messageFilterFields }, { additionalProperties: false });
const Params = IdParams("msg");

const CREATE_DESCRIPTION = `Queues one message outside any campaign; the MTA sends it when due (\`send_at\`, else now). At least one of \`html\` and \`text\`; \`to\` non-empty; at most ${MESSAGE_LIMITS.recipients} recipients in \`to\`, \`cc\` and \`bcc\` together, each once; \`html\` and \`text\` together at most 1 MiB. Addresses, the subject and header values are single-line: CR, LF, NUL, other controls (and bidi controls in addresses) are 422 with the field's pointer. \`headers\` takes the names listed on the field; anything the MTA sets itself (From, To, Subject, Date, Message-ID, Reply-To, Content-*, DKIM-*, List-Unsubscribe…) is 422 \`not_allowed\`. The sender identity must be the workspace's (else 404 \`not_found\`), enabled, on a connection that is not archived (else 422 \`invalid\`); a connection that is still verifying, failed or paused takes the message, which waits queued with the hold \`connection_paused\` until the connection works. The person of the first \`to\` address is linked, or created (source \`api\`). Emits \`message.queued\`.`;

const RESOLVE_DESCRIPTION =
  "For an `uncertain` message only (the connection ended after DATA, before the server's answer). `sent`: it arrived — status `sent`, `message.sent`. `not_sent`: it did not arrive — queued again, due now, and the MTA sends it again to the recipients that were uncertain (`message.queued`). Any other state is 409 `invalid_state`.";

export function messageRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/messages", tags: ["Messages"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const bound = { status: q.status, person_id: q.person_id, campaign_id: q.campaign_id, connection_id: q.connection_id, created_after: q.created_after, created_before: q.created_before };
        const filters = messageFilters(bound, (name) => `?${name}`);
        return paged(ctx, "messages", q, bound, (page) => listMessages(ctx, { workspaceId: principal.workspaceId, filters, page }), messageView);
      },
      {
        scope: "messages:read",
        query: ListQuery,
        doc: { summary: "List messages", description: "Newest first by default. GET /v1/messages/{id} adds the content, the recipients' states, attempts and delivery events.", ok: Page(MessageSchema), errors: [400, 422] },
      },
    )
    .post(
      "",
      async ({ principal, body, set }) => {
        set.status = 201;
        const message = {
          workspaceId: principal.workspaceId,
          senderIdentityId: body.sender_identity_id,
          to: body.to,
          cc: body.cc,
          bcc: body.bcc,
          subject: body.subject,
          html: body.html,
          text: body.text,
          headers: body.headers,
          sendAt: body.send_at == null ? null : Date.parse(body.send_at),
          tracking: typeof body.tracking === "object" ? { opens: body.tracking.opens ?? false, clicks: body.tracking.clicks ?? false, textClicks: body.tracking.text_clicks ?? false } : body.tracking,
        };
        // committed with the other messages of this turn (group commit) before it answers
        return messageDetailView(await queueMessage(ctx, message));
      },
      {
        scope: "messages:write",
        idempotency: "optional",
        body: Create,
        doc: { summary: "Queue a message", description: CREATE_DESCRIPTION, status: 201, ok: MessageDetailSchema, errors: [400, 404, 413, 415, 422] },
      },
    )
    .get("/:id", ({ principal, params }) => messageDetailView(getMessage(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "messages:read",
      params: Params,
      doc: {
        summary: "Retrieve a message",
        description: "With its content, each recipient's state and last answer, its holds, the latest 10 attempts (each SMTP answer verbatim) and the first 10 delivery events.",
        ok: MessageDetailSchema,
        errors: [404],
      },
    })
    .post("/:id/cancel", ({ principal, params }) => messageDetailView(cancelMessage(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "messages:write",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Cancel a queued message",
        description: "A `queued` message (held or not) becomes `cancelled` and never leaves (`message.cancelled`). Any other state is 409 `invalid_state`, `sending` included: the MTA is handing it over right now.",
        ok: MessageDetailSchema,
        errors: [404, 409],
      },
    })
    .post("/:id/release_holds", ({ principal, params }) => messageDetailView(releaseHolds(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "messages:write",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Release a queued message's holds",
        description:
          "The holds move to `released_holds`: the MTA no longer applies them to this message (a suppressed recipient or a blocked person is written to anyway), and the message is due now. `quota` is never released: a quota is never sent over, so it holds again while the quota has no room. 409 `invalid_state` unless the message is queued with holds.",
        ok: MessageDetailSchema,
        errors: [404, 409],
      },
    })
    .post("/:id/resolve", ({ principal, params, body }) => messageDetailView(resolveMessage(ctx, { workspaceId: principal.workspaceId, id: params.id, outcome: body.outcome })), {
      scope: "messages:write",
      idempotency: "optional",
      params: Params,
      body: Resolve,
      doc: { summary: "Resolve an uncertain message", description: RESOLVE_DESCRIPTION, ok: MessageDetailSchema, errors: [400, 404, 409, 415, 422] },
    });
}
