import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { invalidFields } from "../../lib/errors";
import {
  assertAvailable,
  assertCanRead,
  AVAILABLE_RESOURCES,
  createExport,
  downloadableExport,
  EXPORT_READ_SCOPES,
  EXPORT_RESOURCES,
  getExport,
  listExports,
  RESOURCE_SCOPES,
  type ExportRow,
  type PeopleExportFilters,
} from "../../modules/audience/exports/exports";
import { checkDownloadLink, downloadLink } from "../../modules/audience/exports/links";
import type { Scope } from "../../modules/workspaces/scopes";
import { EXPORT_FORMATS, EXPORT_STATUSES, ExportSchema, exportView } from "../../representations/export";
import { paged, PageQuery } from "../shared/pagination";
import { chargeRateLimit, type RateLimiter } from "../shared/rate-limit";
import { stateOf } from "../shared/request-state";
import { routeOptions } from "../shared/route-options";
import { IdParams, literals, Page, SingleLine } from "../shared/schemas";
import { fieldErrors } from "../shared/validation";
import { attemptFilterFields, deliveryEventFilterFields, messageFilterFields } from "./message-query";
import { inboundMessageFilterFields } from "./inbound-query";
import { peopleFilterFields } from "./people-query";

const PeopleFilters = t.Object(peopleFilterFields("People the segment's filter matches when the file is written"), {
  additionalProperties: false,
  title: "PeopleExportFilters",
  description: "The filters of GET /v1/people",
});
const listFilters = (fields: Parameters<typeof t.Object>[0], title: string, description: string) => t.Object(fields, { additionalProperties: false, title, description });
/** The `filters` each resource takes: those of its list. */
const FILTERS: Partial<Record<(typeof EXPORT_RESOURCES)[number], typeof PeopleFilters | ReturnType<typeof listFilters>>> = {
  people: PeopleFilters,
  messages: listFilters(messageFilterFields, "MessageExportFilters", "The filters of GET /v1/messages"),
  attempts: listFilters(attemptFilterFields, "AttemptExportFilters", "message_id, and a range of the attempts' start"),
  delivery_events: listFilters(deliveryEventFilterFields, "DeliveryEventExportFilters", "The filters of GET /v1/delivery_events"),
  inbound_messages: listFilters(inboundMessageFilterFields, "InboundMessageExportFilters", "The filters of GET /v1/inbound_messages"),
};
const Create = t.Object(
  {
    resource: literals(EXPORT_RESOURCES, `Available now: ${AVAILABLE_RESOURCES.join(", ")}; the others answer 422 until their resources exist`),
    format: literals(EXPORT_FORMATS, "csv (header row; people: custom fields as custom.<key> columns) or jsonl (one API object per line)"),
    filters: t.Optional(t.Record(t.String(), t.Unknown(), { description: "The resource's list filters: PeopleExportFilters, MessageExportFilters, AttemptExportFilters, DeliveryEventExportFilters, InboundMessageExportFilters" })),
  },
  { additionalProperties: false },
);
const ListQuery = t.Object({ ...PageQuery, resource: t.Optional(literals(EXPORT_RESOURCES)), status: t.Optional(literals(EXPORT_STATUSES)) }, { additionalProperties: false });
const DownloadQuery = t.Object({ expires: t.Optional(SingleLine({ maxLength: 20 })), signature: t.Optional(SingleLine({ maxLength: 100 })) });

const SCOPE_NOTE = "Scope: the one that reads the export's resource (`people:read` for people, `messages:read` for messages, attempts and delivery events, `inbox:read` for inbound messages).";

export function exportRoutes(ctx: Ctx, limiter: RateLimiter) {
  const show = (e: ExportRow) => exportView(e, e.status === "ready" ? downloadLink(ctx, e.id).url : null);
  const readable = (scopes: ReadonlySet<Scope>) => EXPORT_RESOURCES.filter((r) => scopes.has(RESOURCE_SCOPES[r]));
  return new Elysia({ prefix: "/exports", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        if (query.resource) assertCanRead(principal.scopes, query.resource);
        const filters = { resource: query.resource, status: query.status };
        return paged(ctx, "exports", query, filters, (page) => listExports(ctx, { workspaceId: principal.workspaceId, readable: readable(principal.scopes), filters, page }), show);
      },
      {
        scope: EXPORT_READ_SCOPES,
        query: ListQuery,
        doc: { summary: "List exports", description: `${SCOPE_NOTE} The list holds the exports of the resources the credential can read.`, ok: Page(ExportSchema), errors: [400, 422] },
      },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        assertCanRead(principal.scopes, body.resource);
        assertAvailable(body.resource);
        const filters = body.filters ?? {};
        const errors = fieldErrors(FILTERS[body.resource] ?? PeopleFilters, filters, "body").map((e) => ({ ...e, pointer: `/filters${e.pointer}` }));
        if (errors.length) throw invalidFields(errors);
        const e = createExport(ctx, { workspaceId: principal.workspaceId, resource: body.resource, format: body.format, filters: filters as PeopleExportFilters });
        set.status = 202;
        set.headers.location = `/v1/exports/${e.id}`;
        return show(e);
      },
      {
        scope: EXPORT_READ_SCOPES,
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Export a list to a file",
          description: `${SCOPE_NOTE} Answers 202 with the queued export (\`Location\` names it); an \`export.run\` job writes the file under the data directory. Poll the export (its \`url\` appears when \`status\` is \`ready\`) or listen for \`export.completed\` (sent when the export ends, ready or failed). The file is deleted at \`expires_at\`, 7 days after it became ready (status \`expired\`). People are written oldest first, as they are while the file is written; a named group or segment must exist (404).`,
          status: 202,
          ok: ExportSchema,
          errors: [400, 404, 415, 422],
        },
      },
    )
    .get(
      "/:id",
      ({ principal, params }) => {
        const e = getExport(ctx, { workspaceId: principal.workspaceId, id: params.id });
        assertCanRead(principal.scopes, e.resource);
        return show(e);
      },
      {
        scope: EXPORT_READ_SCOPES,
        params: IdParams("exp"),
        doc: { summary: "Retrieve an export", description: `${SCOPE_NOTE} A ready export carries a fresh download link in \`url\`, valid 15 minutes from this read.`, ok: ExportSchema, errors: [404] },
      },
    );
}

/**
 * GET /downloads/exports/{id}: the signed link of GET /v1/exports/{id}. Outside
 * /v1 because it takes no credential: the link itself is one.
 */
export function exportDownloadRoutes(ctx: Ctx, limiter: RateLimiter) {
  const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } });
  return new Elysia({ prefix: "/downloads/exports", tags: ["Audience"] }).get(
    "/:id",
    ({ params, query, request }) => {
      const state = stateOf(request);
      chargeRateLimit(limiter, state, state.ip);
      checkDownloadLink(ctx, params.id, query.expires, query.signature);
      const { row, path } = downloadableExport(ctx, params.id);
      return new Response(Bun.file(path), {
        headers: {
          "content-type": row.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
          "content-disposition": `attachment; filename="${row.resource}-${row.id}.${row.format}"`,
          "cache-control": "private, no-store",
        },
      });
    },
    {
      params: IdParams("exp"),
      query: DownloadQuery,
      detail: {
        summary: "Download an export's file",
        description: "The `url` of a ready export (GET /v1/exports/{id}); no credential: the signature is one. A link lasts 15 minutes; the file lasts until the export's `expires_at`.",
        security: [],
        responses: {
          200: { description: "The file", content: { "text/csv": { schema: { type: "string" } }, "application/x-ndjson": { schema: { type: "string" } } } },
          403: problem("The link is missing its signature or was altered (forbidden)"),
          404: problem("No such export (not_found)"),
          410: problem("The link expired, or the export's file was deleted (gone)"),
          429: problem("Rate limited (rate_limited)"),
        },
      },
    },
  );
}
