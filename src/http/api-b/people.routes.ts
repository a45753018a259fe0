import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { invalidField } from "../../lib/errors";
import { createPerson, deletePerson, getPersonRecord, listPeople, updatePerson } from "../../modules/audience/people";
import type { PersonInput } from "../../modules/audience/person-input";
import { parseTimestamp } from "../../modules/audience/segment-filter";
import { PersonSchema, personView } from "../../representations/person";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, Id, IdParams, MultiLine, Nullable, Page, SingleLine } from "../shared/schemas";
import { peopleFilterFields } from "./people-query";

const text = (maxLength: number, description?: string) => t.Optional(Nullable(SingleLine({ maxLength, description })));

const PersonFields = {
  given_name: text(200),
  family_name: text(200),
  company: text(200),
  telephones: t.Optional(Nullable(t.Array(SingleLine({ maxLength: 40 }), { maxItems: 10, description: "E.164 numbers, primary first; spaces, dots, dashes and brackets are dropped, 00 becomes +" }))),
  timezone: text(64, "IANA time zone, e.g. Europe/Paris"),
  custom_fields: t.Optional(Nullable(t.Record(t.String(), t.Unknown(), { description: "Values by field key, checked against each field's type; on PATCH merged (null removes a value, a null object removes all)" }))),
  private_notes: t.Optional(Nullable(MultiLine({ maxLength: 10_000, description: "Multi-line: LF and tab allowed (CRLF is stored as LF)" }))),
  group_ids: t.Optional(t.Array(Id("grp"), { maxItems: 100, description: "The person's groups; on PATCH they replace the current ones" })),
};
const Email = Address({ minLength: 1, maxLength: 320, description: "Trimmed; the domain is lower-cased and IDNA-encoded; unique in the workspace in any letter case" });
const Create = t.Object({ email: Email, ...PersonFields }, { additionalProperties: false });
const Patch = t.Object({ email: t.Optional(Email), ...PersonFields }, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, ...peopleFilterFields("People the segment's filter matches now") }, { additionalProperties: false });
const Params = IdParams("per");

type Body = typeof Create.static | typeof Patch.static;
const inputOf = (b: Body): PersonInput => ({
  email: b.email,
  givenName: b.given_name,
  familyName: b.family_name,
  company: b.company,
  telephones: b.telephones,
  timezone: b.timezone,
  customFields: b.custom_fields,
  privateNotes: b.private_notes,
});

function timeQuery(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseTimestamp(value);
  if (ms === null) throw invalidField(`?${name}`, "format", `${name} must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.`);
  return ms;
}

export function peopleRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/people", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const filters = { email: q.email, status: q.status, groupId: q.group_id, segmentId: q.segment_id, source: q.source, importId: q.import_id, updatedAfter: timeQuery("updated_after", q.updated_after) };
        const bound = { email: q.email, status: q.status, group_id: q.group_id, segment_id: q.segment_id, source: q.source, import_id: q.import_id, updated_after: q.updated_after };
        return paged(ctx, "people", q, bound, (page) => listPeople(ctx, { workspaceId: principal.workspaceId, filters, page }), personView);
      },
      { scope: "people:read", query: ListQuery, doc: { summary: "List people", ok: Page(PersonSchema), errors: [400, 404, 422] } },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        // the dashboard (workspace token) adds people by hand; keys are integrations of the API
        const source = principal.kind === "workspace" ? "manual" : "api";
        return personView(createPerson(ctx, { workspaceId: principal.workspaceId, source, input: inputOf(body), groupIds: body.group_ids }));
      },
      {
        scope: "people:write",
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Create a person",
          description: "`email_domain`, `email_sendable`, `score`, `status` and `last_activity_at` are system-owned and not accepted. A duplicate address (any letter case) is 409 `conflict`.",
          status: 201,
          ok: PersonSchema,
          errors: [400, 409, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => personView(getPersonRecord(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: Params,
      doc: { summary: "Retrieve a person", ok: PersonSchema, errors: [404] },
    })
    .patch("/:id", ({ principal, params, body }) => personView(updatePerson(ctx, { workspaceId: principal.workspaceId, id: params.id, input: inputOf(body), groupIds: body.group_ids })), {
      scope: "people:write",
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: {
        summary: "Update a person",
        description:
          "Fields given replace the stored ones (null clears); `custom_fields` are merged; `group_ids` replace the memberships. A new address clears `email_sendable` until it is verified again.",
        ok: PersonSchema,
        errors: [400, 404, 409, 415, 422],
      },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deletePerson(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      {
        scope: "people:write",
        params: Params,
        doc: { summary: "Delete a person", description: "Refused (409 `invalid_state`) while the person has enrollments or messages. Removes their group memberships.", status: 204, errors: [404, 409] },
      },
    );
}
