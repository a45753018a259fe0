// The OpenAPI 3.1 document (/openapi.json); docs.ts serves the reference UI (/docs) that reads it.
import { openapi } from "@elysiajs/openapi";
import { API_A_ADDED_CODES, API_A_CODE_OF, API_A_CODES, ERROR_CODES, type ErrorCode } from "../lib/errors";
import { SCOPES, SCOPE_DESCRIPTIONS } from "../modules/workspaces/scopes";
import { COMPONENT_EXAMPLES, envelopeExample, type MediaExample, problemExample, QUERY_EXAMPLES, REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from "./examples";
import { apiOfPath } from "./shared/request-state";
import { problemResponse } from "./shared/route-options";
import { ProblemSchema } from "./shared/schemas";

const errorTable = Object.entries(ERROR_CODES)
  .map(([code, i]) => `| \`${code}\` | ${i.status} | ${i.explanation} |`)
  .join("\n");

/** API A's envelope; `code` from its one table (lib/errors.ts), SPEC's list first. */
const ErrorEnvelopeSchema = {
  type: "object",
  required: ["error"],
  examples: [envelopeExample("not_found")],
  description:
    "API A's error answer. `error.code` is one of SPEC's codes or, where none of them fits, one of ours: " +
    API_A_ADDED_CODES.map((c) => `\`${c}\``).join(", ") +
    ". Every code has a page at `doc_url` ({docs_url}/errors/<code>).\n\n| code | status | meaning |\n|---|---|---|\n" +
    Object.entries(API_A_CODES)
      .map(([c, i]) => `| \`${c}\` | ${i.statuses.join(", ")} | ${i.title} |`)
      .join("\n"),
  properties: {
    error: {
      type: "object",
      required: ["type", "code", "message"],
      properties: {
        type: { type: "string", description: "Broad category from the status: invalid_request, authentication_error, permission_error, not_found, conflict, rate_limit, api_error" },
        code: { type: "string", enum: Object.keys(API_A_CODES) },
        message: { type: "string" },
        hint: { type: "string", description: "One-sentence remedy" },
        doc_url: { type: "string", format: "uri", description: "The page of this `code`" },
        params: {
          type: "array",
          description: "With invalid_param and missing_param: each invalid parameter",
          items: {
            type: "object",
            required: ["param", "code", "message"],
            properties: {
              param: { type: "string", description: "`header:<name>`, `?<query name>` or an RFC 6901 pointer into the body" },
              code: { type: "string", description: "e.g. required, format, range" },
              message: { type: "string" },
            },
          },
        },
      },
    },
  },
};

export const RAW_SPEC_PATH = "/docs/openapi.raw.json";

interface RouteLike {
  method: string;
  path: string;
  hooks?: { body?: unknown; detail?: { parameters?: { name: string; in: string }[] } };
}

/** "/v1/people/:id/" → "/v1/people/{id}" */
export const openapiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");

/** The headers answers carry (server.ts, request-state.ts, problem.ts), referenced from every response. */
const HEADERS = {
  "X-Request-Id": {
    description: "The request's id, also `request_id` in a problem and in the access log. A request's own X-Request-Id (1-128 of A-Z a-z 0-9 . _ : -) is kept.",
    required: true,
    schema: { type: "string", maxLength: 128 },
    example: "req_6f1c2d9e-4b7a-4e0f-9a53-2c8d71b0e4f6",
  },
  "RateLimit-Policy": {
    description: "The credential's token bucket (per client address before authentication): `q` requests at once, refilled in `w` seconds (draft-ietf-httpapi-ratelimit-headers).",
    required: true,
    schema: { type: "string" },
    example: '"default";q=200;w=4',
  },
  RateLimit: {
    description: "The bucket after this request: `r` requests remaining, `t` seconds until it is full again. Absent when the request was refused before it was counted (e.g. a 413 by Content-Length).",
    schema: { type: "string" },
    example: '"default";r=187;t=1',
  },
  "Retry-After": {
    description: "Seconds to wait before sending the request again; the problem's `retry_after` (API B) says the same.",
    required: true,
    schema: { type: "integer", minimum: 0 },
    example: 2,
  },
};
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
/** Paths that read no database: no 500/503 is added to them. */
const SERVICE_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * An example of `schema` for a media type: its own (TypeBox `examples`), its
 * component's, or an object or array made of its parts' (a page of events).
 */
function exampleOf(schema: any, schemas: Record<string, any>, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 8) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/components/schemas/")) return exampleOf(schemas[schema.$ref.slice(21)], schemas, depth + 1);
  if (schema.type === "array" && schema.items) {
    const item = exampleOf(schema.items, schemas, depth + 1);
    return item === undefined ? undefined : [item];
  }
  if (schema.type === "object" && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<any>(schema.properties)) {
      const value = exampleOf(property, schemas, depth + 1);
      if (value !== undefined) out[name] = value;
      else if (schema.required?.includes(name)) return undefined;
    }
    return out;
  }
  return undefined;
}

function setExample(media: any, example: MediaExample): void {
  if ("named" in example) media.examples = example.named;
  else media.example = example.value;
}

/** The codes of `status` a response may carry: those `text` names, else all of them (an Idempotency-Key's only where one is taken). */
function problemCodes(status: number, text: string, idempotent: boolean): ErrorCode[] {
  const all = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status && c !== "invalid_expand" && c !== "method_not_allowed");
  const own = all.filter((c) => !c.startsWith("idempotency_"));
  const named = own.filter((c) => text.includes(`\`${c}\``));
  return [...(named.length ? named : own), ...(idempotent ? all.filter((c) => c.startsWith("idempotency_")) : [])];
}

/** The registry codes behind the API A codes an envelope response names (`code` in its description). */
function envelopeCodes(status: number, description: string): ErrorCode[] {
  const named = [...description.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status && named.includes(API_A_CODE_OF[c]));
}

/** Names of the shared problem responses (components.responses), by status. */
const RESPONSE_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  410: "Gone",
  412: "PreconditionFailed",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "ValidationFailed",
  429: "RateLimited",
  500: "InternalError",
  503: "ServiceUnavailable",
};

/**
 * Examples, headers and the responses every operation shares: each request
 * body gets its example (examples.ts), each answer its body's example, the
 * common headers (and Retry-After on 429 and 503), every served path its 500
 * and 503, an operation taking an Idempotency-Key its 409 and 422; error
 * answers show the problem (or envelope) of each code they may carry. The
 * problem responses operationDoc writes are shared as components.responses.
 */
function addExamplesAndHeaders(out: any): void {
  const components = (out.components ??= {});
  const schemas: Record<string, any> = (components.schemas ??= {});
  const examples: Record<string, unknown> = (components.examples ??= {});
  const responses: Record<string, unknown> = (components.responses ??= {});
  components.headers = { ...HEADERS, ...components.headers };
  for (const [name, example] of Object.entries(COMPONENT_EXAMPLES)) if (schemas[name] && !schemas[name].examples) schemas[name].examples = [example];
  const exampleRef = (name: string, summary: string, value: () => unknown) => {
    examples[name] ??= { summary, value: value() };
    return { $ref: `#/components/examples/${name}` };
  };

  /** Headers and examples of one response; `text` is what may name its codes. */
  const complete = (response: any, a: { api: "a" | "b" | null; status: number; key: string; text: string; idempotent: boolean }) => {
    response.headers = {
      "X-Request-Id": header("X-Request-Id"),
      ...(a.api ? { "RateLimit-Policy": header("RateLimit-Policy"), RateLimit: header("RateLimit") } : {}),
      ...(a.status === 429 || a.status === 503 ? { "Retry-After": header("Retry-After") } : {}),
      ...response.headers,
    };
    for (const [name, media] of Object.entries<any>(response.content ?? {})) {
      if ("example" in media || media.examples) continue;
      const given = RESPONSE_EXAMPLES[a.key]?.[a.status]?.[name];
      const target = media.schema?.$ref;
      if (given) setExample(media, given);
      else if (target === "#/components/schemas/Problem") {
        const codes = problemCodes(a.status, a.text, a.idempotent);
        media.examples = Object.fromEntries(codes.map((c) => [c, exampleRef(`problem_${c}`, `${c}: ${ERROR_CODES[c].title}`, () => problemExample(c))]));
      } else if (target === "#/components/schemas/ErrorEnvelope") {
        const codes = envelopeCodes(a.status, response.description ?? "");
        media.examples = Object.fromEntries(codes.map((c) => [API_A_CODE_OF[c], exampleRef(`envelope_${c}`, `${API_A_CODE_OF[c]}: ${API_A_CODES[API_A_CODE_OF[c]].title}`, () => envelopeExample(c))]));
      } else {
        const example = exampleOf(media.schema, schemas);
        if (example !== undefined) media.example = example;
      }
    }
    return response;
  };

  for (const [path, ops] of Object.entries<any>(out.paths)) {
    const api = apiOfPath(path);
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!METHODS.has(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const idempotent = (op.parameters ?? []).some((p: any) => p.in === "header" && p.name === "Idempotency-Key");
      const errorsOf = api ?? "b";
      op.responses ??= {};
      if (!SERVICE_PATHS.has(path)) for (const s of [500, 503]) op.responses[s] ??= problemResponse(errorsOf, s);
      if (idempotent) for (const s of [409, 422]) op.responses[s] ??= problemResponse(errorsOf, s);

      for (const [name, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        const example = REQUEST_EXAMPLES[key]?.[name];
        if (example && !("example" in media) && !media.examples) setExample(media, example);
      }
      for (const p of op.parameters ?? []) {
        const example = p.in === "query" ? QUERY_EXAMPLES[key]?.[p.name] : undefined;
        if (example !== undefined && !("example" in p)) p.example = example;
      }

      for (const [s, response] of Object.entries<any>(op.responses)) {
        const status = Number(s);
        const shared = api !== null && RESPONSE_NAMES[status] && JSON.stringify(response) === JSON.stringify(problemResponse(api, status));
        if (!shared) {
          complete(response, { api, status, key, text: `${op.description ?? ""} ${response.description ?? ""}`, idempotent });
          continue;
        }
        // one shared response per API, status and whether the Idempotency-Key's own codes apply
        const name = `${api === "a" ? "A" : ""}${RESPONSE_NAMES[status]}${idempotent && (status === 409 || status === 422) ? "Idempotent" : ""}`;
        responses[name] ??= complete(problemResponse(api, status), { api, status, key: "", text: "", idempotent });
        op.responses[s] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
}

/**
 * The plugin's document, corrected where it falls short for this app: paths of
 * list routes lose their trailing slash, request bodies get their JSON schema
 * (the plugin leaves `content` empty when a custom parser is installed), and
 * header parameters declared in `detail.parameters` are kept beside path ones.
 * Then its examples and shared responses and headers (addExamplesAndHeaders).
 */
export function finishOpenApi(doc: any, routes: RouteLike[]): any {
  const out = structuredClone(doc);
  const paths: Record<string, any> = {};
  for (const [p, ops] of Object.entries<any>(out.paths ?? {})) paths[openapiPath(p)] = { ...paths[openapiPath(p)], ...ops };
  out.paths = paths;
  for (const r of routes) {
    const op = paths[openapiPath(r.path)]?.[r.method.toLowerCase()];
    if (!op) continue;
    if (r.hooks?.body && op.requestBody && !Object.keys(op.requestBody.content ?? {}).length) {
      op.requestBody.content = { "application/json": { schema: JSON.parse(JSON.stringify(r.hooks.body)) } };
    }
    const extra = r.hooks?.detail?.parameters ?? [];
    if (extra.length) {
      const have = new Set((op.parameters ?? []).map((x: any) => `${x.in}:${x.name}`));
      op.parameters = [...(op.parameters ?? []), ...extra.filter((x) => !have.has(`${x.in}:${x.name}`))];
    }
    // the scope a route states (its security requirement) opens its description
    const scopes: string[] = op.security?.[0]?.bearer ?? [];
    if (scopes.length) op.description = [`Scope: ${scopes.map((s) => `\`${s}\``).join(" or ")}.`, op.description].filter(Boolean).join(" ");
  }
  addExamplesAndHeaders(out);
  return out;
}

export function openapiPlugin(version: string) {
  return openapi({
    // the plugin's page loads its UI from a CDN: docs.ts serves /docs from the binary instead
    provider: null,
    specPath: RAW_SPEC_PATH,
    exclude: { paths: ["/openapi.json", RAW_SPEC_PATH, "/auth.md", "/.well-known/oauth-protected-resource"] },
    documentation: {
      openapi: "3.1.0",
      // the document is served by the appliance it describes: paths are relative to it
      servers: [{ url: "/", description: "This appliance (NEARBOUND_BASE_URL)" }],
      info: {
        title: "Nearbound",
        version,
        description:
          "Self-hosted multi-tenant outreach appliance. API B (every /v1 path except API A's) uses snake_case and RFC 9457 problem documents; " +
          "API A (`POST /v1/people/{id}/verify`) uses camelCase and the `{error:{…}}` envelope.\n\n" +
          "## Problem codes\n\n| code | status | meaning |\n|---|---|---|\n" +
          errorTable,
      },
      tags: [
        { name: "Service", description: "Health and readiness" },
        { name: "Workspace", description: "The credential's workspace" },
        { name: "Automation", description: "Jobs, events, webhook endpoints and deliveries" },
        { name: "Sending", description: "Connections, quota scopes, sending domains" },
        { name: "Audience", description: "People, fields, groups, segments, suppressions, imports, exports" },
        { name: "Campaigns", description: "Campaigns (steps, variants, forecast), enrollments, analytics" },
        { name: "Messages", description: "Outgoing messages and their delivery events" },
        { name: "Inbox", description: "Inbound messages: bounces, complaints, replies" },
        { name: "Content", description: "Images for the HTML of messages" },
        { name: "Verification", description: "API A: people verification" },
      ],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description:
              "API B: `nb_live_…` / `nb_test_…` API keys, `nbs_…` workspace tokens, `nbc_…` CLI tokens. Scopes:\n\n" +
              SCOPES.map((s) => `- \`${s}\`: ${SCOPE_DESCRIPTIONS[s]}`).join("\n"),
          },
          apiKeyA: { type: "http", scheme: "bearer", description: "API A: `ak_live_…` keys (`ak_test_…` for a test-mode workspace)." },
        },
        schemas: {
          Problem: ProblemSchema as never,
          ErrorEnvelope: ErrorEnvelopeSchema as never,
        },
      },
    },
  });
}
