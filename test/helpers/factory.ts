// One place that makes each resource for tests, through the real API (B):
// sensible defaults, the test's overrides merged over them, the create asserted
// (its status), the created body answered. Defaults are unique (random
// addresses, keys, scope keys) so tests never collide; a test that asserts a
// value passes it explicitly.
//
// A new resource is one more line: `export const createThing = (api, over = {}) =>
// created(api, "/v1/things", { name: "Thing", ...over });`
import type { Ctx } from "../../src/context";
import { transact } from "../../src/modules/events/outbox";
import { createKey } from "../../src/modules/workspaces/workspaces";
import type { TestApp, TestWorkspace } from "./app";
import { expectOk, type Api } from "./http";

/** What a create answers: the resource as the API shows it. */
export type Made = { id: string; [field: string]: any };
type Body = Record<string, unknown>;

/** A short random token: unique across tests. */
export const uid = (): string => crypto.randomUUID().replaceAll("-", "").slice(0, 12);
/** A random address at `domain`. */
export const uniqueEmail = (domain = "example.com"): string => `p-${uid()}@${domain}`;

/**
 * POSTs `body` to `path`, asserts the answer is `status` (201 unless said
 * otherwise) and answers its body. Every factory below is this with defaults.
 */
export async function created(api: Api, path: string, body: unknown, opts: { status?: number; headers?: Record<string, string> } = {}): Promise<Made> {
  const r = await api.post(path, body, opts.headers);
  expectOk(r, opts.status ?? 201);
  return r.body;
}

/**
 * For resources a job finishes (imports, exports…): runs every queued job on
 * the app's runner, then answers the resource at `path` as the API shows it now.
 */
export async function afterJobs(app: Pick<TestApp, "running">, api: Api, path: string): Promise<Made> {
  await app.running.runner.drain();
  const r = await api.get(path);
  expectOk(r);
  return r.body;
}

// ---- audience ---------------------------------------------------------------

/** POST /v1/people: a random address unless `email` is given. */
export const createPerson = (api: Api, over: Body = {}) => created(api, "/v1/people", { email: uniqueEmail(), ...over });

/** POST /v1/fields: a text field with a random key unless `key`/`type` are given. */
export const createField = (api: Api, over: Body = {}) => created(api, "/v1/fields", { key: `f_${uid()}`, label: "A field", type: "text", ...over });

/** POST /v1/groups: named "Leads" unless `name` is given. */
export const createGroup = (api: Api, over: Body = {}) => created(api, "/v1/groups", { name: "Leads", ...over });

/** POST /v1/segments: everyone (`{ all: [] }`) unless `filter` is given. */
export const createSegment = (api: Api, over: Body = {}) => created(api, "/v1/segments", { name: "Segment", filter: { all: [] }, ...over });

/** POST /v1/suppressions: a random address, or the `domain` given instead. */
export const createSuppression = (api: Api, over: Body = {}) =>
  created(api, "/v1/suppressions", "domain" in over ? over : { email: uniqueEmail("suppressed.test"), ...over });

/** POST /v1/imports with JSON: one random person unless `people` is given. Answers the queued import (202). */
export const createJsonImport = (api: Api, over: Body = {}) => created(api, "/v1/imports", { people: [{ email: uniqueEmail() }], ...over }, { status: 202 });

/** POST /v1/imports with a CSV body: one random address unless `csv` is given. Answers the queued import (202). */
export const createCsvImport = (api: Api, csv: string | Uint8Array = `email\n${uniqueEmail()}\n`, opts: { query?: string; headers?: Record<string, string> } = {}) =>
  created(api, `/v1/imports${opts.query ?? ""}`, csv, { status: 202, headers: { "content-type": "text/csv", ...opts.headers } });

/** POST /v1/exports: people as CSV unless said otherwise. Answers the queued export (202). */
export const createExport = (api: Api, over: Body = {}) => created(api, "/v1/exports", { resource: "people", format: "csv", ...over }, { status: 202 });

// ---- sending ----------------------------------------------------------------

/** POST /v1/quota_scopes: SMTP, a random scope key, 500 messages a day. */
export const createQuotaScope = (api: Api, over: Body = {}) =>
  created(api, "/v1/quota_scopes", { provider: "smtp", scope_key: `relay-${uid()}:587`, messages_per_day: 500, ...over });

/** POST /v1/connections: a managed connection (the embedded MTA) without identities unless said otherwise. */
export const createConnection = (api: Api, over: Body = {}) => created(api, "/v1/connections", { kind: "managed", name: "Outreach", ...over });

// ---- automation -------------------------------------------------------------

/** POST /v1/webhook_endpoints: `url` is required (a receiver's, see webhook-receiver.ts). Answers it with its secret. */
export const createWebhookEndpoint = (api: Api, over: { url: string } & Body) => created(api, "/v1/webhook_endpoints", over);

/** POST /v1/events: a synthetic `endpoint.test` event under a random Idempotency-Key unless `key` is given. */
export const createEvent = (api: Api, over: Body = {}, key: string = crypto.randomUUID()) =>
  created(api, "/v1/events", { type: "endpoint.test", ...over }, { headers: { "idempotency-key": key } });

// ---- made inside the appliance (no API route creates them) ------------------

/** An event as the appliance emits it (the outbox), e.g. what an import or a job would emit. */
export const emitEvent = (ctx: Ctx, workspace: Pick<TestWorkspace, "id">, type = "import.completed", data: unknown = { n: 1 }) =>
  transact(ctx, (_tx, outbox) => outbox.emit({ workspaceId: workspace.id, type, data }));

/** A client for `w` with a new API key holding only `scopes` (or another kind of token). */
export const apiWithScopes = (app: Pick<TestApp, "ctx">, w: Pick<TestWorkspace, "id" | "api">, scopes: string[], kind: "api" | "workspace" | "cli" = "api"): Api =>
  w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes, kind }).token);
