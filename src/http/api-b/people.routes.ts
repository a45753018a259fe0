import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { people } from "../../db/schema";
import { invalidField } from "../../lib/errors";
import { groupIdsOf } from "../../modules/audience/groups";
import { createPerson, deletePerson, getPerson, peopleFilter, updatePerson, type Person } from "../../modules/audience/people";
import type { PersonInput } from "../../modules/audience/person-input";
import { parseTimestamp } from "../../modules/audience/segment-filter";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, Id, IdParams, Nullable, Page } from "../shared/schemas";
import { peopleFilterFields, PersonB, toPersonB } from "./serializers/person";

const text = (maxLength: number, description?: string) => t.Optional(Nullable(t.String({ maxLength, description })));

const PersonFields = {
  given_name: text(200),
  family_name: text(200),
  company: text(200),
  telephones: t.Optional(Nullable(t.Array(t.String({ maxLength: 40 }), { maxItems: 10, description: "E.164 numbers, primary first; spaces, dots, dashes and brackets are dropped, 00 becomes +" }))),
  timezone: text(64, "IANA time zone, e.g. Europe/Paris"),
  custom_fields: t.Optional(Nullable(t.Record(t.String(), t.Unknown(), { description: "Values by field key, checked against each field's type; on PATCH merged (null removes a value, a null object removes all)" }))),
  private_notes: text(10_000),
  group_ids: t.Optional(t.Array(Id("grp"), { maxItems: 100, description: "The person's groups; on PATCH they replace the current ones" })),
};
const Email = t.String({ minLength: 1, maxLength: 320, description: "Trimmed; the domain is lower-cased and IDNA-encoded; unique in the workspace in any letter case" });
const Create = t.Object({ email: Email, ...PersonFields }, { additionalProperties: false });
const Patch = t.Object({ email: t.Optional(Email), ...PersonFields }, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, ...peopleFilterFields("People the segment's filter matches now") }, { additionalProperties: false });

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

const tags = ["Audience"];

export function peopleRoutes(ctx: Ctx, limiter: RateLimiter) {
  const one = (p: Person) => toPersonB(p, groupIdsOf(ctx, p.workspaceId, [p.id]).get(p.id)!);
  return new Elysia({ prefix: "/people" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        let updatedAfter: number | undefined;
        if (query.updated_after !== undefined) {
          updatedAfter = parseTimestamp(query.updated_after) ?? undefined;
          if (updatedAfter === undefined) throw invalidField("?updated_after", "format", "updated_after must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.");
        }
        const ws = principal.workspaceId;
        const filters = { email: query.email, status: query.status, group_id: query.group_id, segment_id: query.segment_id, source: query.source, import_id: query.import_id, updated_after: query.updated_after };
        const conditions = peopleFilter(ctx.db, {
          workspaceId: ws,
          email: query.email,
          status: query.status,
          groupId: query.group_id,
          segmentId: query.segment_id,
          source: query.source,
          importId: query.import_id,
          updatedAfter,
        });
        const { rows, meta } = listPage<Person>(ctx, { table: people, key: people.id, ...conditions, list: "people", filters, page: query });
        const groups = groupIdsOf(ctx, ws, rows.map((p) => p.id));
        return page(rows.map((p) => toPersonB(p, groups.get(p.id)!)), meta);
      },
      { scope: "people:read", query: ListQuery, detail: { tags, ...docB("List people", "people:read", { status: 200, schema: Page(PersonB) }, [400, 403, 404, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          // the dashboard (workspace token) adds people by hand; keys are integrations of the API
          const source = principal.kind === "workspace" ? "manual" : "api";
          const p = createPerson(ctx, { workspaceId: principal.workspaceId, source, input: inputOf(body), groupIds: body.group_ids });
          return { status: 201, body: one(p) };
        }),
      {
        scope: "people:write",
        body: Create,
        detail: {
          tags,
          ...docB("Create a person", "people:write", { status: 201, schema: PersonB }, [400, 403, 409, 415, 422], {
            description: "Scope: `people:write`. `email_domain`, `email_sendable`, `score`, `status` and `last_activity_at` are system-owned and not accepted. A duplicate address (any letter case) is 409 `conflict`.",
          }),
        },
      },
    )
    .get("/:id", ({ principal, params }) => one(getPerson(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: IdParams("per"),
      detail: { tags, ...docB("Retrieve a person", "people:read", { status: 200, schema: PersonB }, [403, 404]) },
    })
    .patch(
      "/:id",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          const p = updatePerson(ctx, { workspaceId: principal.workspaceId, id: params.id, input: inputOf(body), groupIds: body.group_ids });
          return { status: 200, body: one(p) };
        }),
      {
        scope: "people:write",
        params: IdParams("per"),
        body: Patch,
        detail: {
          tags,
          ...docB("Update a person", "people:write", { status: 200, schema: PersonB }, [400, 403, 404, 409, 415, 422], {
            description:
              "Scope: `people:write`. Fields given replace the stored ones (null clears); `custom_fields` are merged; `group_ids` replace the memberships. A new address clears `email_sendable` until it is verified again.",
          }),
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deletePerson(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      {
        scope: "people:write",
        params: IdParams("per"),
        detail: {
          tags,
          ...docB("Delete a person", "people:write", { status: 204 }, [403, 404, 409], {
            description: "Scope: `people:write`. Refused (409 `invalid_state`) while the person has enrollments or messages. Removes their group memberships.",
          }),
        },
      },
    );
}
