// Turns TypeBox errors into FieldErrors: one per invalid field, with an RFC
// 6901 pointer into the body or `?name` for a query parameter.
import { Value } from "@sinclair/typebox/value";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { TSchema } from "@sinclair/typebox";
import type { FieldError } from "../../lib/errors";
import { textProblem, type TextRule } from "../../lib/text";
import { TEXT_FORMATS } from "./schemas";

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
    case "format": {
      // a text-policy format names the character and where it is
      const rule: TextRule | undefined = typeof s.format === "string" && Object.hasOwn(TEXT_FORMATS, s.format) ? TEXT_FORMATS[s.format] : undefined;
      const problem = rule && typeof e.value === "string" ? textProblem(rule, e.value) : null;
      if (problem) return `${name} ${problem.message}.`;
      return `${name} is not in the expected format${s.description ? ` (${s.description})` : ""}.`;
    }
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
    const name = where === "query" ? pointer.slice(1) : bodyName(path);
    out.push({ pointer, code, detail: detailOf(e, code, name) });
  }
  return out;
}

/** The field a pointer names: its last segment, with its array's name for an item ("options/2"). */
function bodyName(path: string): string {
  const parts = path.split("/");
  const last = parts.pop() || "the body";
  return /^\d+$/.test(last) && parts.length > 1 ? `${parts.pop()}/${last}` : last;
}

function jsType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function branchFits(branch: TSchema, t: string): boolean {
  const b = branch as { type?: string; anyOf?: TSchema[] };
  if (b.anyOf) return b.anyOf.some((x) => branchFits(x, t));
  return b.type === t || (t === "number" && b.type === "integer");
}

/**
 * A union (a nullable field, or Elysia's number-or-numeric-string) that fails
 * reports only "no branch matched"; when exactly one branch has the value's
 * type, re-check against it so the error says what is actually wrong.
 */
function* expandErrors(schema: TSchema, value: unknown): Generator<ValueError> {
  for (const e of Value.Errors(schema, value)) {
    const branches = (e.schema as { anyOf?: TSchema[] }).anyOf;
    const fitting = e.type === ValueErrorType.Union ? branches?.filter((b) => branchFits(b, jsType(e.value))) : undefined;
    if (fitting?.length === 1) {
      for (const inner of expandErrors(fitting[0]!, e.value)) yield { ...inner, path: e.path + inner.path };
    } else {
      yield e;
    }
  }
}

function hasType(schema: TSchema | undefined, types: string[]): boolean {
  const s = schema as { type?: string; anyOf?: TSchema[] } | undefined;
  if (!s) return false;
  if (s.anyOf) return s.anyOf.some((x) => hasType(x, types));
  return !!s.type && types.includes(s.type);
}

/** Query strings arrive as text: turn numbers and booleans into values where the route expects them. */
export function convertQuery(schema: TSchema, query: Record<string, string>): unknown {
  const props = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (hasType(props[k], ["integer", "number"]) && /^-?\d+(\.\d+)?$/.test(v)) out[k] = Number(v);
    else if (hasType(props[k], ["boolean"]) && (v === "true" || v === "false")) out[k] = v === "true";
    else out[k] = v;
  }
  return out;
}
