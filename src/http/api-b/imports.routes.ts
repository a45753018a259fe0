import { rmSync } from "node:fs";
import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { invalidFields } from "../../lib/errors";
import { importsDir } from "../../modules/audience/imports/files";
import { assertGroup, checkCsvHeader, createImport, createJsonImport, CSV_IMPORT_LIMIT, getImport, JSON_IMPORT_MAX, listImports, type ImportRecord } from "../../modules/audience/imports/imports";
import { errorReportStream } from "../../modules/audience/imports/report";
import { receiveUpload } from "../../modules/audience/imports/upload";
import { PERSON_LIMITS } from "../../modules/audience/person-input";
import { IMPORT_STATUSES, ImportSchema, importView } from "../../representations/import";
import { RawBody, registerRawBody } from "../shared/body";
import { idempotent, type Reply } from "../shared/idempotency";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, Id, IdParams, MultiLine, Nullable, Page, SingleLine } from "../shared/schemas";
import { fieldErrors } from "../shared/validation";

registerRawBody({ method: "POST", path: /^\/v1\/imports\/?$/, types: ["text/csv"], limit: CSV_IMPORT_LIMIT });

const text = (maxLength: number) => t.Optional(Nullable(SingleLine({ maxLength })));
const ImportPerson = t.Object(
  {
    email: Address({ minLength: 1, maxLength: 320 }),
    given_name: text(PERSON_LIMITS.name),
    family_name: text(PERSON_LIMITS.name),
    company: text(PERSON_LIMITS.company),
    telephones: t.Optional(Nullable(t.Array(SingleLine({ maxLength: 40 }), { maxItems: PERSON_LIMITS.telephones, description: "E.164 numbers, primary first" }))),
    timezone: text(64),
    custom_fields: t.Optional(Nullable(t.Record(t.String(), t.Unknown(), { description: "Merged into the person's values; null removes a value" }))),
    private_notes: t.Optional(Nullable(MultiLine({ maxLength: PERSON_LIMITS.privateNotes }))),
    group_ids: t.Optional(t.Array(Id("grp"), { maxItems: 100, description: "Groups the person joins (memberships are added, never removed)" })),
  },
  { additionalProperties: false },
);
const JsonImport = t.Object({ people: t.Array(ImportPerson, { minItems: 1, maxItems: JSON_IMPORT_MAX }) }, { additionalProperties: false, title: "JsonImport" });
const CreateQuery = t.Object({ group_id: t.Optional(Id("grp", "Every imported person joins this group")) }, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, status: t.Optional(t.Union(IMPORT_STATUSES.map((s) => t.Literal(s)))) }, { additionalProperties: false });

const CREATE_DESCRIPTION = [
  "Answers 202 with the queued import (`Location` names it); an `import.run` job applies it. Poll the import or listen for `import.completed` (sent when the import ends, whatever its `status`).",
  "",
  "**CSV** (`Content-Type: text/csv`, at most 16 MiB, else 413): the first record is the header. Column names map case-insensitively, ignoring spaces, `_` and `-`, to `email` (also `Email Address`, `mail`), `given_name` (`First Name`), `family_name` (`Last Name`, `surname`), `company`, `telephone` (`phone`, `mobile`: becomes the primary number), `telephones` (several numbers separated by `;`), `timezone`, `private_notes` (`notes`), `group_ids` (separated by `;`), and custom fields by key (or `custom.<key>`). Unknown columns are ignored and reported on row 1. The header must name an email column (422). UTF-8 with or without BOM, CRLF or LF, RFC 4180 quoting; empty lines are skipped; an apostrophe before a formula-like cell (a spreadsheet's text prefix, as exports write it) is dropped.",
  "",
  "**JSON** (`{people: [...]}`, 1 to 1,000): every element is checked before the import is queued; a 422 lists each invalid field as `/people/<index>/<field>`. `null` clears a field.",
  "",
  "Addresses compare case-insensitively. A row naming an existing person (or one an earlier row created) updates it: non-empty cells overwrite, custom values merge, groups are added; when nothing changes the row is `skipped`. New people get `source` `csv_import` (CSV) or `api` (JSON) and `import_id`. Suppressed addresses are imported and counted in `suppressed`. A row with a problem (invalid address or value, undecodable UTF-8, wrong number of fields, a field over 2 MiB) is not applied and counted in `failed`; the import lists the first 100 problems and `error_report_url` (GET /v1/imports/{id}/errors) gives them all as CSV.",
  "",
  "Rows are applied in transactions of 4,000; a cancelled job (POST /v1/jobs/{id}/cancel) stops at the next one, keeping the rows applied before it (`status` `cancelled`).",
].join("\n");

export function importRoutes(ctx: Ctx, limiter: RateLimiter) {
  const view = (r: ImportRecord) => importView(r, ctx.config.baseUrl);
  const accepted = (r: ImportRecord): Reply => ({ status: 202, headers: { location: `/v1/imports/${r.id}` }, body: view(r) });
  return new Elysia({ prefix: "/imports", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "imports", query, { status: query.status }, (page) => listImports(ctx, { workspaceId: principal.workspaceId, filters: { status: query.status }, page }), view), {
      scope: "people:read",
      query: ListQuery,
      doc: { summary: "List imports", ok: Page(ImportSchema), errors: [400, 422] },
    })
    .post(
      "",
      async ({ principal, body, query, request }) => {
        const workspaceId = principal.workspaceId;
        const groupId = query.group_id ?? null;
        if (body instanceof RawBody) {
          assertGroup(ctx.db, workspaceId, groupId);
          const upload = await receiveUpload(importsDir(ctx), body.stream, body.limit, { hash: request.headers.has("idempotency-key") });
          let moved = false;
          try {
            // the fingerprint is the file's hash, known only once it is uploaded
            return await idempotent(ctx, request, principal, { api: "b", mode: "optional", body: { csv_sha256: upload.sha256 } }, async () => {
              await checkCsvHeader(upload.path);
              moved = true; // createImport owns the file from here
              return accepted({ ...createImport(ctx, { workspaceId, source: "csv", groupId, file: upload.path, bytes: upload.bytes }), problems: [] });
            });
          } finally {
            if (!moved) rmSync(upload.path, { force: true });
          }
        }
        const errors = fieldErrors(JsonImport, body, "body");
        if (errors.length) throw invalidFields(errors);
        const people = (body as typeof JsonImport.static).people;
        return idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => accepted({ ...createJsonImport(ctx, { workspaceId, groupId, people }), problems: [] }));
      },
      {
        scope: "people:write",
        idempotency: { mode: "optional", inHandler: true },
        query: CreateQuery,
        doc: {
          summary: "Import people from CSV or JSON",
          description: CREATE_DESCRIPTION,
          status: 202,
          ok: ImportSchema,
          errors: [400, 404, 413, 415, 422],
          extra: {
            requestBody: {
              required: true,
              content: {
                "text/csv": { schema: { type: "string", description: "At most 16 MiB; the first record is the header" } },
                "application/json": { schema: JsonImport },
              },
            },
          },
        },
      },
    )
    .get("/:id", ({ principal, params }) => view(getImport(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: IdParams("imp"),
      doc: { summary: "Retrieve an import", ok: ImportSchema, errors: [404] },
    })
    .get(
      "/:id/errors",
      ({ principal, params }) => {
        const imp = getImport(ctx, { workspaceId: principal.workspaceId, id: params.id });
        return new Response(errorReportStream(ctx, { workspaceId: imp.workspaceId, importId: imp.id }), {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${imp.id}-errors.csv"`, "cache-control": "private, no-store" },
        });
      },
      {
        scope: "people:read",
        params: IdParams("imp"),
        doc: {
          summary: "Download an import's error report",
          ok: t.String(),
          okMedia: "text/csv",
          okDescription: "Every problem in file order as CSV with the header row,column,code,detail (the import's error_report_url)",
          errors: [404],
        },
      },
    );
}
