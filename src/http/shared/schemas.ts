// Shared request/response schema pieces: one schema validates and documents.
import { t, type TSchema } from "elysia";
import { ERROR_CODES } from "../../lib/errors";
import { idPattern } from "../../lib/ids";

export const Id = (prefix: string, description?: string) =>
  t.String({ pattern: idPattern(prefix), description: description ?? `${prefix}_ id`, examples: [`${prefix}_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f`] });

export const IdParams = (prefix: string) => t.Object({ id: Id(prefix) });

export const Timestamp = t.String({ format: "date-time", description: "RFC 3339 timestamp (UTC)" });
export const Nullable = <T extends TSchema>(s: T) => t.Union([s, t.Null()]);
/** One of a closed list of strings. */
export const literals = (values: readonly string[], description?: string) => t.Union(values.map((v) => t.Literal(v)), { description });

export const FieldErrorSchema = t.Object({
  pointer: t.String({ description: "RFC 6901 pointer into the body, or ?name for a query parameter" }),
  code: t.String({ description: "required, range, length, format, invalid, unknown, type, duplicate" }),
  detail: t.String(),
});

export const ProblemSchema = t.Object(
  {
    type: t.String({ format: "uri" }),
    title: t.String(),
    status: t.Integer({ minimum: 0 }),
    code: t.Union(Object.keys(ERROR_CODES).map((c) => t.Literal(c)), { description: "From the closed registry; new codes may be added" }),
    detail: t.String(),
    instance: t.String(),
    request_id: t.String(),
    errors: t.Optional(t.Array(FieldErrorSchema)),
    retry_after: t.Optional(Nullable(t.Integer({ minimum: 0 }))),
  },
  { $id: "#/components/schemas/Problem", title: "Problem" },
);

export const PageMetaSchema = t.Object({
  has_more: t.Boolean(),
  next_cursor: Nullable(t.String()),
  total_count: Nullable(t.Integer()),
  total_count_capped: Nullable(t.Boolean()),
});

export const Page = <T extends TSchema>(item: T) => t.Object({ data: t.Array(item), meta: PageMetaSchema });

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request (invalid_request)",
  401: "No valid credential (unauthorized)",
  403: "The credential lacks the scope (forbidden)",
  404: "No such resource in the workspace (not_found)",
  409: "Conflict with the current state",
  412: "If-Match names a stale version (precondition_failed)",
  413: "Body too large (payload_too_large)",
  415: "Unsupported Content-Type (unsupported_media_type)",
  422: "Invalid body or parameter (validation_failed)",
  429: "Rate limited (rate_limited)",
};

/**
 * OpenAPI `detail` for an API B operation: its success schema and the problem
 * responses it can answer. Documentation only, so responses are not re-validated.
 */
export function docB(
  summary: string,
  scope: string,
  success: { status: number; schema?: TSchema; description?: string },
  errors: number[],
  extra: Record<string, unknown> = {},
) {
  const responses: Record<string, any> = {
    [success.status]: success.schema
      ? { description: success.description ?? "OK", content: { "application/json": { schema: success.schema } } }
      : { description: success.description ?? "No content" },
  };
  for (const s of [...new Set([401, 429, 500, ...errors])].sort()) {
    responses[s] = { description: STATUS_TEXT[s] ?? "Error", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } };
  }
  return { summary, description: `Scope: \`${scope}\`.`, security: [{ bearer: [scope] }], responses, ...extra };
}
