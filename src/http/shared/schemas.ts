// Shared request/response schema pieces: one schema validates and documents.
import { FormatRegistry, Type, type StringOptions } from "@sinclair/typebox";
import { t, type TSchema } from "elysia";
import { ERROR_CODES } from "../../lib/errors";
import { textProblem, type TextRule } from "../../lib/text";
import { Id, Nullable } from "../../representations/common";
import { EXAMPLE_BASE_URL, EXAMPLE_IDS } from "../../representations/examples";

export { Id, literals, Nullable, Timestamp } from "../../representations/common";

export const IdParams = (prefix: string) => t.Object({ id: Id(prefix) });

// The text policy (src/lib/text.ts) as string formats: every free-text field of
// a request takes one of these, so a value that breaks it is a 422
// validation_failed with the field's pointer, code "format" and a detail
// naming the character and its position (validation.ts).
export const TEXT_FORMATS: Record<string, TextRule> = { "single-line": "single-line", "multi-line": "multi-line", "single-line-address": "address" };
for (const [format, rule] of Object.entries(TEXT_FORMATS)) FormatRegistry.Set(format, (v) => textProblem(rule, v) === null);

/** Single-line text: no C0/C1 control characters (tab, CR and LF included), no U+2028/U+2029, no lone surrogates. */
export const SingleLine = (options: StringOptions = {}) => t.String({ ...options, format: "single-line" });
/** Multi-line text: as SingleLine, but LF and tab are allowed (CRLF is accepted and stored as LF). */
export const MultiLine = (options: StringOptions = {}) => t.String({ ...options, format: "multi-line" });
/** An address (email, domain, URL): SingleLine, and no bidirectional controls (U+202E…). */
export const Address = (options: StringOptions = {}) => t.String({ ...options, format: "single-line-address" });

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
    retry_after: t.Optional(Nullable(t.Integer({ minimum: 0, description: "With 429 and 503: seconds to wait before retrying (also the Retry-After header)" }))),
  },
  {
    $id: "#/components/schemas/Problem",
    title: "Problem",
    examples: [
      {
        type: `${EXAMPLE_BASE_URL}/docs/errors/not_found`,
        title: "Not found",
        status: 404,
        code: "not_found",
        detail: "No such person in this workspace.",
        instance: `/v1/people/${EXAMPLE_IDS.per}`,
        request_id: "req_6f1c2d9e-4b7a-4e0f-9a53-2c8d71b0e4f6",
      },
    ],
  },
);

const PAGE_META_EXAMPLE = { has_more: true, next_cursor: "cGVyXzAxOWNiODFlZGM2ZjczZWRhNTI0N2YyODY2MDI4ZGU3.k2Jq8vXo3mLc1RtY9pWd0A", total_count: null, total_count_capped: null };

export const PageMetaSchema = t.Object(
  {
    has_more: t.Boolean(),
    next_cursor: Nullable(t.String()),
    total_count: Nullable(t.Integer()),
    total_count_capped: Nullable(t.Boolean()),
  },
  { examples: [PAGE_META_EXAMPLE] },
);

/** A page of `item`; its example is a page of the item's example with more to come. */
export const Page = <T extends TSchema>(item: T) =>
  t.Object({ data: t.Array(item), meta: PageMetaSchema }, item.examples?.length ? { examples: [{ data: [item.examples[0]], meta: PAGE_META_EXAMPLE }] } : {});
