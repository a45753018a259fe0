import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { archiveConnection, CONNECTION_STATUSES, createConnection, getConnection, listConnections, requestVerification, TLS_MODES, updateConnection, type ConnectionWithIdentities, type Pacing, type TlsMode } from "../../modules/sending/connections";
import type { IdentityInput } from "../../modules/sending/identities";
import { ConnectionSchema, connectionView } from "../../representations/connection";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, Id, IdParams, JsonInteger, literals, Nullable, Page, SingleLine } from "../shared/schemas";

const server = {
  host: SingleLine({ minLength: 1, maxLength: 253, description: "Host name or IP address of the server" }),
  port: JsonInteger({ minimum: 1, maximum: 65_535 }),
  tls: literals(TLS_MODES, "implicit: TLS from the first byte (465, 993); starttls: STARTTLS required (587, 143); none: no TLS"),
  username: SingleLine({ minLength: 1, maxLength: 320 }),
  password: SingleLine({ minLength: 1, maxLength: 1024, description: "Sealed at rest; never shown again" }),
};
const Smtp = t.Object(server, { additionalProperties: false, description: "The account at the provider (smtp kind): verified by connecting, TLS and AUTH" });
const folders = t.Array(SingleLine({ minLength: 1, maxLength: 200 }), { maxItems: 50, description: "Folders read for replies; default INBOX" });
const Imap = t.Object({ ...server, folders: t.Optional(folders) }, { additionalProperties: false, description: "Stored for reading replies (the inbox)" });
const ImapPatch = t.Object(
  {
    host: t.Optional(server.host),
    port: t.Optional(server.port),
    tls: t.Optional(server.tls),
    username: t.Optional(server.username),
    password: t.Optional(server.password),
    folders: t.Optional(folders),
  },
  { additionalProperties: false, description: "Given fields replace the stored ones (a new host or username needs the password); null removes the IMAP settings" },
);
const gap = (description: string) => JsonInteger({ minimum: 0, maximum: 86_400, description });
const PacingBody = t.Object(
  {
    min_gap_seconds: gap("Shortest pause between two messages"),
    max_gap_seconds: gap("Longest pause; each gap is drawn between the two"),
    daily_cap: t.Optional(Nullable(JsonInteger({ minimum: 1, maximum: 1_000_000, description: "Messages per day at most" }))),
  },
  { additionalProperties: false, description: "null: no pause between messages" },
);
const RampBody = t.Object(
  {
    start: JsonInteger({ minimum: 1, maximum: 10_000, description: "Campaign messages on the ramp's first UTC day" }),
    growth: JsonInteger({ minimum: 0, maximum: 10_000, description: "Added each UTC day after the first" }),
    ceiling: JsonInteger({ minimum: 1, maximum: 100_000, description: "Where the growth stops; at least start" }),
  },
  {
    additionalProperties: false,
    description:
      "A new mailbox's warm-up: its campaign messages on a UTC day are at most min(ceiling, start + growth × whole days since the ramp started), and never above the connection's daily_cap. It starts now when first given or when its numbers change; the same ramp sent again keeps its start. null removes it; absent leaves a kept identity's ramp as it is (a new identity has none)",
  },
);
const IdentityBody = t.Object(
  {
    id: t.Optional(Id("sid", "Keep (and update) this identity; omit for a new one")),
    email: Address({ minLength: 3, maxLength: 254 }),
    name: t.Optional(Nullable(SingleLine({ maxLength: 200 }))),
    reply_to: t.Optional(Nullable(Address({ maxLength: 254 }))),
    tags: t.Optional(t.Array(SingleLine({ minLength: 1, maxLength: 64 }), { maxItems: 20 })),
    enabled: t.Optional(t.Boolean({ description: "Default true" })),
    ramp: t.Optional(Nullable(RampBody)),
  },
  { additionalProperties: false },
);
const identities = t.Array(IdentityBody, { maxItems: 100, description: "The whole list: an entry with an id keeps that identity; the others are new" });

const Create = t.Object(
  {
    kind: t.String({ pattern: "^[a-z][a-z0-9_]{0,31}$", description: "managed (the embedded MTA) or smtp; google, microsoft and cloud providers answer 422 unsupported until a later version" }),
    name: SingleLine({ minLength: 1, maxLength: 200 }),
    smtp: t.Optional(Smtp),
    imap: t.Optional(Imap),
    pacing: t.Optional(Nullable(PacingBody)),
    identities: t.Optional(identities),
    quota_scope_id: t.Optional(Id("qsc", "The scope its sends are charged to; default the account's own (made when missing)")),
  },
  { additionalProperties: false },
);
const Patch = t.Object(
  {
    name: t.Optional(Create.properties.name),
    paused: t.Optional(t.Boolean({ description: "true pauses an active connection (its messages are held: connection_paused); false resumes it" })),
    pacing: t.Optional(Nullable(PacingBody)),
    identities: t.Optional(identities),
    smtp: t.Optional(t.Object(server, { additionalProperties: false, description: "A new credential or server: verified again (status verifying)" })),
    imap: t.Optional(Nullable(ImapPatch)),
    quota_scope_id: t.Optional(Id("qsc")),
  },
  { additionalProperties: false },
);
const ListQuery = t.Object(
  { ...PageQuery, kind: t.Optional(SingleLine({ maxLength: 32, description: "managed or smtp" })), status: t.Optional(literals(CONNECTION_STATUSES)) },
  { additionalProperties: false },
);
const Params = IdParams("cnx");

type ServerBody = typeof Smtp.static;
const serverOf = (s: ServerBody) => ({ host: s.host, port: s.port, tls: s.tls as TlsMode, username: s.username, password: s.password });
const pacingOf = (p: typeof PacingBody.static | null | undefined): Pacing | null | undefined =>
  p ? { minGapSeconds: p.min_gap_seconds, maxGapSeconds: p.max_gap_seconds, dailyCap: p.daily_cap ?? null } : p;
const identitiesOf = (list: (typeof IdentityBody.static)[] | undefined): IdentityInput[] | undefined =>
  list?.map((i) => ({ id: i.id, email: i.email, name: i.name, replyTo: i.reply_to, tags: i.tags, enabled: i.enabled, ramp: i.ramp }));
const view = (c: ConnectionWithIdentities) => connectionView(c.connection, c.identities);

export function connectionRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/connections", tags: ["Sending"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) =>
        paged(ctx, "connections", query, { kind: query.kind, status: query.status }, (page) => listConnections(ctx, { workspaceId: principal.workspaceId, filters: { kind: query.kind, status: query.status }, page }), view),
      { scope: "connections:read", query: ListQuery, doc: { summary: "List connections", okDescription: "Archived connections included (status archived).", ok: Page(ConnectionSchema), errors: [400, 422] } },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        const made = createConnection(ctx, {
          workspaceId: principal.workspaceId,
          kind: body.kind,
          name: body.name,
          smtp: body.smtp && serverOf(body.smtp),
          imap: body.imap && { ...serverOf(body.imap), folders: body.imap.folders ?? [] },
          pacing: pacingOf(body.pacing),
          identities: identitiesOf(body.identities),
          quotaScopeId: body.quota_scope_id,
        });
        set.status = 201;
        return view(made);
      },
      {
        scope: "connections:manage",
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Create a connection",
          status: 201,
          ok: ConnectionSchema,
          okDescription:
            "managed: active at once (its identities must be on verified sending domains). smtp: verifying; a job connects, negotiates TLS, authenticates, then active or failed (last_error holds the server's answer) with connection.health_changed. The account of an archived connection (smtp host, port and username) restores that connection: same id, identities and history, the new credential, verifying again.",
          errors: [400, 409, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => view(getConnection(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "connections:read",
      params: Params,
      doc: { summary: "Retrieve a connection", okDescription: "Archived connections stay readable.", ok: ConnectionSchema, errors: [404] },
    })
    .patch(
      "/:id",
      ({ principal, params, body }) =>
        view(
          updateConnection(ctx, {
            workspaceId: principal.workspaceId,
            id: params.id,
            name: body.name,
            paused: body.paused,
            pacing: pacingOf(body.pacing),
            identities: identitiesOf(body.identities),
            smtp: body.smtp && serverOf(body.smtp),
            imap: body.imap,
            quotaScopeId: body.quota_scope_id,
          }),
        ),
      {
        scope: "connections:manage",
        idempotency: "optional",
        params: Params,
        body: Patch,
        doc: {
          summary: "Update a connection",
          ok: ConnectionSchema,
          okDescription:
            "Pause or resume (an active or paused connection), pacing, name, IMAP settings and folders, the quota scope, the identities (the whole list: an entry with an id keeps that identity; identities left out are deleted, or kept disabled when messages were sent from them, so their history stays whole), or a new smtp credential (verifying again; with paused: false on a paused connection).",
          errors: [404, 409, 415, 422],
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        archiveConnection(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      {
        scope: "connections:manage",
        params: Params,
        doc: { summary: "Archive a connection", status: 204, okDescription: "Archived: sending stops, its passwords are erased, it stays readable; POSTing its account again restores it.", errors: [404] },
      },
    )
    .post(
      "/:id/verify",
      ({ principal, params, set }) => {
        set.status = 202;
        return view(requestVerification(ctx, { workspaceId: principal.workspaceId, id: params.id }));
      },
      {
        scope: "connections:manage",
        idempotency: "optional",
        params: Params,
        doc: {
          summary: "Verify a connection again",
          status: 202,
          ok: ConnectionSchema,
          okDescription: "smtp: verifying; the job connects and authenticates again. managed: checked at once (every enabled identity on a verified sending domain: healthy, else degraded), its status unchanged.",
          errors: [404, 409],
        },
      },
    );
}
