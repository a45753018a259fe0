// Turns TypeBox errors into FieldErrors: one per invalid field, with an RFC
// 6901 pointer into the body or `?name` for a query parameter.
import { Value } from "@sinclair/typebox/value";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { TSchema } from "@sinclair/typebox";
import type { FieldError } from "../../lib/errors";

function codeOf(e: ValueError): string {
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "required";
    case ValueErrorType.ObjectAdditionalProperties:
      return "unknown";
    case ValueErrorType.StringMinLength:
    case ValueErrorType.StringMaxLength:
    case ValueErrorType.ArrayMinItems:
    case ValueErrorType.ArrayMaxItems:
      return "length";
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.NumberExclusiveMaximum:
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMaximum:
      return "range";
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
      return "format";
    case ValueErrorType.ArrayUniqueItems:
      return "duplicate";
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      return "invalid";
    default:
      return "type";
  }
}

function detailOf(e: ValueError, code: string, name: string): string {
  const s = e.schema as Record<string, unknown>;
  switch (code) {
    case "required":
      return `${name} is required.`;
    case "unknown":
      return `${name} is not a known field.`;
    case "length":
      if (e.type === ValueErrorType.ArrayMinItems) return `${name} needs at least ${s.minItems} items.`;
      if (e.type === ValueErrorType.ArrayMaxItems) return `${name} takes at most ${s.maxItems} items.`;
      return `${name} must be ${s.minLength ?? 0} to ${s.maxLength ?? "any number of"} characters long.`;
    case "range":
      return `${name} must be between ${s.minimum ?? s.exclusiveMinimum ?? "-∞"} and ${s.maximum ?? s.exclusiveMaximum ?? "∞"}.`;
    case "format":
      return `${name} is not in the expected format${s.description ? ` (${s.description})` : ""}.`;
    case "invalid":
      return Array.isArray(s.anyOf) && s.anyOf.every((x: any) => "const" in x)
        ? `${name} must be one of ${s.anyOf.map((x: any) => JSON.stringify(x.const)).join(", ")}.`
        : `${name} has an invalid value.`;
    case "duplicate":
      return `${name} must not repeat items.`;
    default:
      return `${name} must be of type ${String(s.type ?? "valid")}.`;
  }
}

/** Every invalid field of `value` against `schema`, the first error per field only. */
export function fieldErrors(schema: TSchema, value: unknown, where: "body" | "query"): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of expandErrors(schema, value)) {
    const path = e.path;
    const pointer = where === "query" ? `?${path.replace(/^\//, "").split("/")[0]}` : path || "";
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const code = codeOf(e);
    const name = where === "query" ? pointer.slice(1) : path.split("/").pop() || "the body";
    out.push({ pointer, code, detail: detailOf(e, code, name) });
  }
  return out;
}

/**
 * A nullable field (X | null) that fails reports only "no union branch
 * matched"; re-check the value against X so the error says what is wrong.
 */
function* expandErrors(schema: TSchema, value: unknown): Generator<ValueError> {
  for (const e of Value.Errors(schema, value)) {
    const branches = (e.schema as { anyOf?: TSchema[] }).anyOf;
    const other = branches?.filter((b) => (b as { type?: string }).type !== "null");
    if (e.type === ValueErrorType.Union && e.value !== null && other?.length === 1 && branches!.length === 2) {
      for (const inner of Value.Errors(other[0]!, e.value)) yield { ...inner, path: e.path + inner.path };
    } else {
      yield e;
    }
  }
}

/** Query strings arrive as text: convert numbers and booleans the way the route expects before checking. */
export function convertQuery(schema: TSchema, query: Record<string, string>): unknown {
  return Value.Convert(schema, { ...query });
}
