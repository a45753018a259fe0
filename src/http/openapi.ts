// The OpenAPI 3.1 document (/openapi.json); docs.ts serves the reference UI (/docs) that reads it.
import { openapi } from "@elysiajs/openapi";
import { API_A_ADDED_CODES, API_A_CODES, ERROR_CODES } from "../lib/errors";
import { SCOPES, SCOPE_DESCRIPTIONS } from "../modules/workspaces/scopes";
import { ProblemSchema } from "./shared/schemas";

const errorTable = Object.entries(ERROR_CODES)
  .map(([code, i]) => `| \`${code}\` | ${i.status} | ${i.explanation} |`)
  .join("\n");

/** API A's envelope; `code` from its one table (lib/errors.ts), SPEC's list first. */
const ErrorEnvelopeSchema = {
  type: "object",
  required: ["error"],
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

/**
 * The plugin's document, corrected where it falls short for this app: paths of
 * list routes lose their trailing slash, request bodies get their JSON schema
 * (the plugin leaves `content` empty when a custom parser is installed), and
 * header parameters declared in `detail.parameters` are kept beside path ones.
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
