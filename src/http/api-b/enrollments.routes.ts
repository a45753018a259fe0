import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { ENROLLMENT_STATUSES } from "../../modules/campaigns/rows";
import { invalidFields } from "../../lib/errors";
import type { EnrollSource } from "../../modules/campaigns/enroll";
import { createEnrollments, ENROLL_LIST_MAX, getEnrollment, listEnrollments, recordView, stopEnrollment, SYNC_ENROLL_LIMIT } from "../../modules/campaigns/enrollments";
import { EnrollmentSchema, EnrollmentsCreatedSchema, skippedView } from "../../representations/enrollment";
import { JobSchema, jobView } from "../../representations/job";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { problemResponse, routeOptions } from "../shared/route-options";
import { Id, IdParams, literals, Nullable, Page, SingleLine } from "../shared/schemas";

const SOURCES = ["emails", "person_ids", "group_id", "segment_id"] as const;

const Create = t.Object(
  {
    campaign_id: Id("cmp"),
    emails: t.Optional(Nullable(t.Array(SingleLine({ minLength: 1, maxLength: 320 }), { minItems: 1, maxItems: ENROLL_LIST_MAX, description: "Addresses of people of the workspace; an address that is no person is skipped (not_found)" }))),
    person_ids: t.Optional(Nullable(t.Array(Id("per"), { minItems: 1, maxItems: ENROLL_LIST_MAX }))),
    group_id: t.Optional(Nullable(Id("grp", "The group's members"))),
    segment_id: t.Optional(Nullable(Id("seg", "The people the segment matches when they are enrolled"))),
  },
  { additionalProperties: false, description: "campaign_id and exactly one source of people" },
);
const ListQuery = t.Object(
  {
    ...PageQuery,
    campaign_id: t.Optional(Id("cmp")),
    status: t.Optional(literals(ENROLLMENT_STATUSES)),
    person_id: t.Optional(Id("per")),
  },
  { additionalProperties: false },
);
const Params = IdParams("enr");

const STATES = [
  "**States.** `active` → `completed` (it walked every step) | `replied` (a reply reached it; the campaign's `stop_rules.on_reply` decides which enrollments a reply ends) | `stopped` (POST /v1/enrollments/{id}/stop, a bounce, a complaint, an unsubscribe, the campaign archived, its sender removed under `on_sender_removed: stop`, or a colleague at the same company replied under `company_on_reply`) | `failed` (its message failed permanently).",
  "`active` ↔ `paused`: an out-of-office reply pauses it until the stated return date. `paused` ends like `active` does.",
  "An enrollment that ends has its still-queued message cancelled (a message the MTA is sending at that moment is the MTA's to finish or cancel); `status_detail` says why it ended. `enrollment.completed` is sent for `completed`, `enrollment.stopped` for the other ends.",
].join("\n\n");

const CREATE_DESCRIPTION = [
  "Enrolls people into a campaign: `campaign_id` and exactly one source of people — `emails` (at most 1,000), `person_ids` (at most 1,000), `group_id` (its members) or `segment_id` (the people it matches). No source, or more than one, is 422. `Idempotency-Key` is required.",
  `Up to ${SYNC_ENROLL_LIMIT} people answer 201 with the new enrollments and the skipped entries. More answer 202 with a job of kind \`enrollment.add\` (\`Location\` names it): it enrolls 2,000 people per transaction, its \`progress\` counts \`enrolled\` and \`skipped\` so far, a cancel (POST /v1/jobs/{id}/cancel) stops it at the next chunk keeping the people enrolled before, and its \`result\` is \`{campaign_id, enrolled, skipped, skipped_by_reason, skipped_sample}\` (the first 100 skipped entries).`,
  "Each new enrollment is `active` at step 1, its `next_run_at` the first step's due time: the latest of now, the campaign's `schedule.start_at` and the end of the person's cooldown (their last campaign message + `stop_rules.cooldown_hours`), plus the first step's delay, moved to the next opening of the send window (in the person's zone under `timezone_source: recipient`).",
  "Skipped (`reason`, checked in this order): `not_found` (the address or id is no person of the workspace), `status_blocks_mail` (the person is `bounced`, `undeliverable`, `spam`, `unsubscribed`, or archived), `not_sendable` (the address was found not sendable), `suppressed` (the address or its domain is on the workspace's suppression list), `already_enrolled` (the person is or was in this campaign). Entries carry `email` when the request named the person by address.",
  "An archived campaign is 409 `invalid_state`. Enrolling into a `draft` or `paused` campaign is allowed: the enrollments wait until it runs. A `completed` campaign takes new enrollments and becomes `active` again (`campaign.status_changed`).",
].join("\n\n");

export function enrollmentRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/enrollments", tags: ["Campaigns"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const filters = { campaignId: query.campaign_id, status: query.status, personId: query.person_id };
        return paged(ctx, "enrollments", query, { campaign_id: query.campaign_id, status: query.status, person_id: query.person_id }, (page) => listEnrollments(ctx, { workspaceId: principal.workspaceId, filters, page }), recordView);
      },
      { scope: "campaigns:read", query: ListQuery, doc: { summary: "List enrollments", description: `Newest first.\n\n${STATES}`, ok: Page(EnrollmentSchema), errors: [400, 422] } },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        const given = SOURCES.filter((s) => body[s] !== undefined && body[s] !== null);
        if (given.length !== 1) {
          const detail = given.length ? `Name exactly one source of people; this request names ${given.join(" and ")}.` : `Name one source of people: ${SOURCES.join(", ")}.`;
          throw invalidFields(given.length ? given.slice(1).map((s) => ({ pointer: `/${s}`, code: "conflict", detail })) : [{ pointer: "", code: "required", detail }]);
        }
        const source = { [given[0]!]: body[given[0]!] } as EnrollSource;
        const answer = createEnrollments(ctx, { workspaceId: principal.workspaceId, campaignId: body.campaign_id, source });
        if (answer.kind === "job") {
          set.status = 202;
          set.headers.location = `/v1/jobs/${answer.job.id}`;
          return jobView(answer.job);
        }
        set.status = 201;
        return { data: answer.data.map(recordView), skipped: answer.skipped.map(skippedView) };
      },
      {
        scope: "campaigns:write",
        idempotency: "required",
        body: Create,
        doc: {
          summary: "Enroll people into a campaign",
          description: `${CREATE_DESCRIPTION}\n\n${STATES}`,
          status: 201,
          ok: EnrollmentsCreatedSchema,
          extra: {
            responses: {
              201: { description: `Up to ${SYNC_ENROLL_LIMIT} people: the enrollments made and the people skipped`, content: { "application/json": { schema: EnrollmentsCreatedSchema } } },
              202: {
                description: `More than ${SYNC_ENROLL_LIMIT} people: the enrollment.add job`,
                headers: { Location: { description: "/v1/jobs/{id}", schema: { type: "string" } } },
                content: { "application/json": { schema: JobSchema } },
              },
              ...Object.fromEntries([400, 401, 403, 404, 409, 415, 422, 429, 500, 503].map((s) => [s, problemResponse("b", s)])),
            },
          },
        },
      },
    )
    .get("/:id", ({ principal, params }) => recordView(getEnrollment(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "campaigns:read",
      params: Params,
      doc: { summary: "Retrieve an enrollment", description: STATES, ok: EnrollmentSchema, errors: [404] },
    })
    .post("/:id/stop", ({ principal, params }) => recordView(stopEnrollment(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "campaigns:write",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Stop an enrollment",
        description: `A live (\`active\` or \`paused\`) enrollment becomes \`stopped\` with \`status_detail\` "stopped through the API": no further step runs and its still-queued message is cancelled (\`message.cancelled\`); \`enrollment.stopped\` is sent. An enrollment that has already ended is 409 \`invalid_state\`.\n\n${STATES}`,
        ok: EnrollmentSchema,
        errors: [404, 409],
      },
    });
}
