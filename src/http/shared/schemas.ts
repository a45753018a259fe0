// Shared request/response schema pieces: one schema validates and documents.
import { Type } from "@sinclair/typebox";
import { t, type TSchema } from "elysia";
import { ERROR_CODES } from "../../lib/errors";
import { Id, Nullable } from "../../representations/common";

export { Id, literals, Nullable, Timestamp } from "../../representations/common";

export const IdParams = (prefix: string) => t.Object({ id: Id(prefix) });

/**
 * An integer in a JSON body: JSON has numbers, so "500" is a type error.
 * (Elysia's t.Integer also takes numeric strings, which suits query strings only.)
 */
export const JsonInteger = (options?: Parameters<typeof Type.Integer>[0]) => Type.Integer(options);

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
