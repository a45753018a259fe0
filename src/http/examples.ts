// The OpenAPI document's examples that no schema carries: each operation's
// request body and some query parameters (keyed "METHOD /path" as the document
// writes paths), and the problem documents and API A envelopes of each error
// code. finishOpenApi (openapi.ts) puts them in place; the suite fails when an
// operation with a request body has none here, or a key names no operation.
// Response bodies take the example of their representation's schema
// (src/representations/*.ts): the same story, the same ids (examples.ts).
import { DomainError, type ErrorCode, type FieldError } from "../lib/errors";
import { AT, EXAMPLE_BASE_URL, EXAMPLE_IDS } from "../representations/examples";
import { IDENTITY_EXAMPLE } from "../representations/connection";
import { EVENT_EXAMPLE } from "../representations/event";
import { MESSAGE_REQUEST_EXAMPLE } from "../representations/message";
import { PERSON_EXAMPLE } from "../representations/person";
import { CAMPAIGN_CREATE_REQUEST_EXAMPLE, CAMPAIGN_PATCH_REQUEST_EXAMPLE } from "../representations/campaign";
import { ENROLLMENT_EXAMPLE } from "../representations/enrollment";
import { csvLine } from "../modules/audience/csv/writer";
import { envelopeBody, problemBody } from "./shared/problem";
import { ServerRequestState, setState } from "./shared/request-state";

const ID = EXAMPLE_IDS;

/** An OpenAPI Example Object: a named alternative with its summary. */
export interface NamedExample {
  summary: string;
  value: unknown;
}

/** A media type's example: one value, or named alternatives (`examples`). */
export type MediaExample = { value: unknown } | { named: Record<string, NamedExample> };

const json = (value: unknown): Record<string, MediaExample> => ({ "application/json": { value } });
const named = (examples: Record<string, NamedExample>): MediaExample => ({ named: examples });

const SEGMENT_FILTER = {
  all: [
    { field: "status", op: "eq", value: "active" },
    { field: "custom.industry", op: "eq", value: "Fintech" },
    { field: "group_id", op: "eq", value: ID.grp },
  ],
};

const IMPORT_CSV = [
  "Email Address,First Name,Last Name,Company,Phone,industry",
  "amara.okafor@lumenpay.io,Amara,Okafor,LumenPay,+44 20 7946 0321,Fintech",
  "lukas.brandt@kontor-pay.de,Lukas,Brandt,Kontor Pay,+49 30 901820,Fintech",
  'ines.moreau@clairbanque.fr,Inès,Moreau,"Clair Banque, SA",,Fintech',
  "",
].join("\r\n");

// An image body is the file itself: each example is a real 1×1 file, its bytes
// as a latin-1 string (one character per byte).
const IMAGE_FILES: Record<string, MediaExample> = Object.fromEntries(
  Object.entries({
    "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC",
    "image/jpeg": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "image/gif": "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    "image/webp": "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
  }).map(([type, file]) => [type, { value: Buffer.from(file, "base64").toString("latin1") }]),
);

/** Each operation's request body, by media type. */
export const REQUEST_EXAMPLES: Record<string, Record<string, MediaExample>> = {
  "POST /v1/campaigns": json(CAMPAIGN_CREATE_REQUEST_EXAMPLE),
  "PATCH /v1/campaigns/{id}": json(CAMPAIGN_PATCH_REQUEST_EXAMPLE),
  "POST /v1/campaigns/{id}/forecast": json({ limit: 100 }),
  "POST /v1/enrollments": json({ campaign_id: ENROLLMENT_EXAMPLE.campaign_id, segment_id: ID.seg }),
  "POST /v1/people": json({
    email: PERSON_EXAMPLE.email,
    given_name: "Amara",
    family_name: "Okafor",
    company: "LumenPay",
    telephones: ["+44 20 7946 0321", "+44 7700 900418"],
    timezone: "Europe/London",
    custom_fields: { industry: "Fintech" },
    private_notes: "Met at Money20/20 Europe; asked for the Q2 pilot pricing.",
    group_ids: [ID.grp],
  }),
  "PATCH /v1/people/{id}": json({ company: "LumenPay Ltd", timezone: "Europe/Lisbon", custom_fields: { industry: "Fintech" }, group_ids: [ID.grp] }),
  "POST /v1/fields": json({ key: "industry", label: "Industry", type: "enum", options: ["Fintech", "Healthcare", "Logistics", "Retail", "SaaS"] }),
  "PATCH /v1/fields/{id}": json({ label: "Industry (sector)", options: ["Fintech", "Healthcare", "Insurance", "Logistics", "Retail", "SaaS"] }),
  "POST /v1/groups": json({ name: "Q2 fintech prospects", description: "Heads of payments at European fintechs, from the Money20/20 attendee list" }),
  "PATCH /v1/groups/{id}": json({ name: "Q2 fintech prospects (EU)" }),
  "POST /v1/imports": {
    "application/json": {
      value: {
        people: [
          { email: PERSON_EXAMPLE.email, given_name: "Amara", family_name: "Okafor", company: "LumenPay", telephones: ["+44 20 7946 0321"], custom_fields: { industry: "Fintech" } },
          { email: "lukas.brandt@kontor-pay.de", given_name: "Lukas", family_name: "Brandt", company: "Kontor Pay", timezone: "Europe/Berlin", group_ids: [ID.grp] },
        ],
      },
    },
    "text/csv": { value: IMPORT_CSV },
  },
  "POST /v1/exports": json({ resource: "people", format: "csv", filters: { segment_id: ID.seg } }),
  "POST /v1/segments": json({ name: "Active fintech leads", filter: SEGMENT_FILTER }),
  "PATCH /v1/threads/{id}": json({ status: "snoozed", until: "2026-03-23T08:00:00.000Z", read: true }),
  "PATCH /v1/inbound_messages/{id}": json({ sentiment: "neutral", intent: "later" }),
  "POST /v1/inbound_messages/{id}/review": json({ decision: "confirm" }),
  "PATCH /v1/workspaces/{id}": json({ inbox: { unsubscribe_requests: "apply", out_of_office_days: 5 } }),
  "PATCH /v1/segments/{id}": json({ filter: { all: [...SEGMENT_FILTER.all, { field: "score", op: "gte", value: 40 }] } }),
  "POST /v1/quota_scopes": json({ provider: "ses", scope_key: "482913650274:eu-west-1", messages_per_day: 50_000, recipients_per_day: 50_000, window_limit: 14, window_seconds: 1, window_unit: "recipients" }),
  "PATCH /v1/quota_scopes/{id}": json({ messages_per_day: 100_000, recipients_per_day: 100_000 }),
  "POST /v1/connections": {
    "application/json": named({
      smtp: {
        summary: "An account at a provider, verified by connecting",
        value: {
          kind: "smtp",
          name: "Northwind relay",
          smtp: { host: "smtp.mailprovider.example", port: 587, tls: "starttls", username: "amara@mail.northwind-trading.com", password: "app-password-4f9c2e71" },
          imap: { host: "imap.mailprovider.example", port: 993, tls: "implicit", username: "amara@mail.northwind-trading.com", password: "app-password-4f9c2e71", folders: ["INBOX"] },
          pacing: { min_gap_seconds: 90, max_gap_seconds: 240, daily_cap: 150 },
          identities: [{ email: "amara@mail.northwind-trading.com", name: "Amara from Northwind", reply_to: "sales@northwind-trading.com", tags: ["sdr", "fintech"] }],
        },
      },
      managed: {
        summary: "The embedded MTA, from a verified sending domain",
        value: { kind: "managed", name: "Northwind MTA", identities: [{ email: "amara@northwind-trading.com", name: "Amara Okafor", tags: ["sdr"] }], quota_scope_id: ID.qsc },
      },
    }),
  },
  "PATCH /v1/connections/{id}": {
    "application/json": named({
      identities: {
        summary: "Replace the identities (an entry with an id keeps it)",
        value: {
          identities: [
            { id: IDENTITY_EXAMPLE.id, email: IDENTITY_EXAMPLE.email, name: "Amara Okafor", reply_to: IDENTITY_EXAMPLE.reply_to, tags: ["sdr", "fintech"] },
            { email: "lukas@mail.northwind-trading.com", name: "Lukas from Northwind", tags: ["sdr", "dach"] },
          ],
        },
      },
      pause: { summary: "Pause sending (its messages are held)", value: { paused: true } },
      credential: {
        summary: "A new credential (verified again)",
        value: { smtp: { host: "smtp.mailprovider.example", port: 587, tls: "starttls", username: "amara@mail.northwind-trading.com", password: "app-password-7b21d0c3" } },
      },
    }),
  },
  "POST /v1/sending_domains": json({ domain: "northwind-trading.com", tracking: true }),
  "PATCH /v1/sending_domains/{id}": json({ tracking: false }),
  "POST /v1/suppressions": {
    "application/json": named({
      address: { summary: "One address", value: { email: "procurement@veltrixsystems.com" } },
      domain: { summary: "Every address at a domain", value: { domain: "veltrixsystems.com", reason: "manual" } },
    }),
  },
  "POST /v1/preflight": json({ emails: [PERSON_EXAMPLE.email, "procurement@veltrixsystems.com", "j.smith@gmial.con"] }),
  "POST /v1/events": json({ type: "import.completed", webhook_endpoint_id: ID.whe }),
  "POST /v1/webhook_endpoints": json({
    url: "https://crm.northwind-trading.com/hooks/nearbound",
    description: "CRM sync: imports, exports and suppressions",
    event_types: ["import.completed", "export.completed", "suppression.created"],
  }),
  "PATCH /v1/webhook_endpoints/{id}": json({ event_types: ["import.completed", "export.completed", "suppression.created", "webhook_endpoint.disabled"], enabled: true }),
  "POST /v1/webhook_endpoints/{id}/replay": json({ since: "2026-03-04T00:00:00Z" }),
  "POST /v1/messages": json(MESSAGE_REQUEST_EXAMPLE),
  "POST /v1/messages/{id}/resolve": json({ outcome: "not_sent" }),
  "POST /v1/images": IMAGE_FILES,
};

/** Examples of query parameters whose form a reader may not guess (ids and closed lists show theirs already). */
export const QUERY_EXAMPLES: Record<string, Record<string, unknown>> = {
  "GET /v1/people": { updated_after: "2026-03-01T00:00:00Z", email: PERSON_EXAMPLE.email },
  "GET /v1/events": { type: "import.completed", created_gte: "2026-03-04T00:00:00Z", created_lt: "2026-03-05T00:00:00Z" },
  "GET /v1/suppressions": { email: "procurement@veltrixsystems.com", domain: "veltrixsystems.com" },
  "GET /v1/quota_scopes": { provider: "ses", scope_key: "482913650274:eu-west-1" },
  "GET /v1/messages": { created_after: "2026-03-17T00:00:00Z", created_before: "2026-03-18T00:00:00Z" },
  "GET /v1/delivery_events": { created_after: "2026-03-17T00:00:00Z", created_before: "2026-03-18T00:00:00Z" },
  "GET /v1/sending_domains": { domain: "northwind-trading.com" },
};

const csv = (rows: unknown[][]) => rows.map((r) => csvLine(r)).join("");

/** Success answers whose schema (declared in its route file) carries no example, by status and media type. */
export const RESPONSE_EXAMPLES: Record<string, Record<number, Record<string, MediaExample>>> = {
  "GET /images/{id}": { 200: IMAGE_FILES },
  "POST /v1/preflight": {
    200: json({
      data: [
        { email: PERSON_EXAMPLE.email, normalized: PERSON_EXAMPLE.email, syntax: "valid", syntax_problem: null, route: "mx", suppressed: false, suppression_id: null, person_id: ID.per, hold: null },
        { email: "procurement@veltrixsystems.com", normalized: "procurement@veltrixsystems.com", syntax: "valid", syntax_problem: null, route: "mx", suppressed: true, suppression_id: ID.sup, person_id: null, hold: "suppressed" },
        { email: "j.smith@gmial.con", normalized: "j.smith@gmial.con", syntax: "valid", syntax_problem: null, route: "none", suppressed: false, suppression_id: null, person_id: null, hold: null },
      ],
    }),
  },
  "GET /v1/imports/{id}/errors": {
    200: { "text/csv": { value: csv([["row", "column", "code", "detail"], [88, "email", "format", "email is not a valid address: the domain has no dot."]]) } },
  },
  "GET /downloads/exports/{id}": {
    200: {
      // the columns of a people export (modules/audience/exports/people-writer.ts), then custom.<key>
      "text/csv": {
        value: csv([
          ["id", "email", "given_name", "family_name", "company", "telephone", "telephones", "timezone", "private_notes", "group_ids", "status", "source", "email_domain", "email_sendable", "score", "import_id", "archived_at", "last_activity_at", "created_at", "updated_at", "custom.industry"],
          [
            PERSON_EXAMPLE.id, PERSON_EXAMPLE.email, PERSON_EXAMPLE.given_name, PERSON_EXAMPLE.family_name, PERSON_EXAMPLE.company, PERSON_EXAMPLE.telephone, PERSON_EXAMPLE.telephones.join(";"),
            PERSON_EXAMPLE.timezone, PERSON_EXAMPLE.private_notes, PERSON_EXAMPLE.group_ids.join(";"), PERSON_EXAMPLE.status, PERSON_EXAMPLE.source, PERSON_EXAMPLE.email_domain, PERSON_EXAMPLE.email_sendable,
            PERSON_EXAMPLE.score, PERSON_EXAMPLE.import_id, "", PERSON_EXAMPLE.last_activity_at, PERSON_EXAMPLE.created_at, PERSON_EXAMPLE.updated_at, PERSON_EXAMPLE.custom_fields.industry,
          ],
        ]),
      },
      "application/x-ndjson": { value: `${JSON.stringify(PERSON_EXAMPLE)}\n` },
    },
  },
};

/** Examples of components a route file registers (its schema has none of its own). */
export const COMPONENT_EXAMPLES: Record<string, unknown> = { Event: EVENT_EXAMPLE };

/** What each error code says in the examples, on which path. */
const ERROR_CASES: Record<ErrorCode, { detail: string; path: string; errors?: FieldError[]; retryAfter?: number }> = {
  invalid_request: { detail: "The body is not valid JSON.", path: "/v1/people" },
  invalid_expand: { detail: 'expand[] takes groups; "campaigns" cannot be expanded on a person.', path: `/v1/people/${ID.per}/verify` },
  unauthorized: { detail: "The bearer token is unknown, revoked, or not a credential of this API.", path: "/v1/people" },
  forbidden: { detail: "This credential lacks the scope people:write.", path: "/v1/people" },
  not_found: { detail: "No such person in this workspace.", path: `/v1/people/${ID.per}` },
  method_not_allowed: { detail: `PUT is not allowed on /v1/people/${ID.per}/verify.`, path: `/v1/people/${ID.per}/verify` },
  conflict: { detail: `A person with this email address already exists in this workspace (${ID.per}).`, path: "/v1/people" },
  invalid_state: { detail: "The person has enrollments, which keep them; they cannot be deleted.", path: `/v1/people/${ID.per}` },
  idempotency_in_progress: { detail: "The first request with this Idempotency-Key has not finished yet; retry shortly.", path: "/v1/people" },
  gone: { detail: "The download link expired (links last 15 minutes); GET /v1/exports/{id} answers a fresh one.", path: `/downloads/exports/${ID.exp}` },
  precondition_failed: { detail: `Version 1772212831554000 is not current; the quota scope is at version ${Date.parse(AT.quotaScopeUpdated) * 1000 + 7_315_000}.`, path: `/v1/quota_scopes/${ID.qsc}` },
  payload_too_large: { detail: "The body exceeds 1048576 bytes, the limit of this endpoint.", path: "/v1/people" },
  unsupported_media_type: { detail: "Send the body as application/json.", path: "/v1/people" },
  validation_failed: {
    detail: "2 fields are invalid.",
    path: "/v1/people",
    errors: [
      { pointer: "/email", code: "required", detail: "email is required." },
      { pointer: "/telephones/0", code: "length", detail: "telephones/0 must be 0 to 40 characters long." },
    ],
  },
  idempotency_key_reuse: { detail: "This Idempotency-Key was used with a different request.", path: "/v1/people" },
  rate_limited: { detail: "Too many requests for this credential; retry in 2 s.", path: "/v1/people", retryAfter: 2 },
  internal_error: { detail: "Something went wrong on our side; the cause is logged with the request id.", path: "/v1/people" },
  service_unavailable: { detail: "The database stayed busy; retry after the seconds in retry_after.", path: "/v1/people", retryAfter: 1 },
};

/** API A's one operation (POST /v1/people/{id}/verify) meets these codes its own way. */
const ENVELOPE_CASES: Partial<typeof ERROR_CASES> = {
  invalid_state: { detail: "The person has no email address to verify.", path: `/v1/people/${ID.per}/verify` },
  validation_failed: {
    detail: "Idempotency-Key must be 1-255 visible ASCII characters.",
    path: `/v1/people/${ID.per}/verify`,
    errors: [{ pointer: "header:Idempotency-Key", code: "format", detail: "Idempotency-Key must be 1-255 visible ASCII characters." }],
  },
};

const errorOf = (code: ErrorCode, cases: Partial<typeof ERROR_CASES> = ERROR_CASES) => {
  const c = cases[code] ?? ERROR_CASES[code];
  return new DomainError(code, c.detail, { errors: c.errors, retryAfter: c.retryAfter });
};

const DOCS_URL = `${EXAMPLE_BASE_URL}/docs`;

/** The problem document API B answers for `code`, rendered as the server renders it. */
export function problemExample(code: ErrorCode): unknown {
  const request = new Request(`${EXAMPLE_BASE_URL}${ERROR_CASES[code].path}`);
  setState(request, new ServerRequestState("req_6f1c2d9e-4b7a-4e0f-9a53-2c8d71b0e4f6", 0, "b", undefined, request));
  return problemBody(request, errorOf(code), DOCS_URL);
}

/** API A's envelope for the registry `code`, rendered as the server renders it. */
export function envelopeExample(code: ErrorCode): unknown {
  return envelopeBody(errorOf(code, ENVELOPE_CASES), DOCS_URL);
}
