// Custom-field values are checked against the field's type on every write
// (API, import): one function so both paths agree.
import type { customFields } from "../../db/schema";
import { singleLineProblem } from "../../lib/text";

export type CustomField = typeof customFields.$inferSelect;

export interface ValueProblem {
  key: string;
  code: "unknown" | "type" | "format" | "invalid";
  detail: string;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Normalises one value for its field, or returns a problem. `fromText` is set
 * for CSV cells, where every value arrives as a string ("" clears the value).
 */
export function coerceValue(field: CustomField, value: unknown, fromText = false): { value: unknown } | ValueProblem {
  const bad = (code: ValueProblem["code"], detail: string): ValueProblem => ({ key: field.key, code, detail });
  if (value === null || (fromText && value === "")) return { value: null };
  switch (field.type) {
    case "text": {
      if (typeof value !== "string") return bad("type", `${field.key} must be a string.`);
      // values become merge tags, in subjects too: single-line text (src/lib/text.ts)
      const problem = singleLineProblem(value);
      if (problem) return bad("format", `${field.key} ${problem.message}.`);
      if (value.length > 10_000) return bad("invalid", `${field.key} is longer than 10,000 characters.`);
      return { value };
    }
    case "number": {
      const n = typeof value === "string" && fromText ? Number(value.trim()) : value;
      if (typeof n !== "number" || !Number.isFinite(n) || (typeof value === "string" && value.trim() === "")) {
        return bad("type", `${field.key} must be a number.`);
      }
      return { value: n };
    }
    case "boolean": {
      if (typeof value === "boolean") return { value };
      if (fromText && typeof value === "string") {
        const v = value.trim().toLowerCase();
        if (["true", "yes", "1"].includes(v)) return { value: true };
        if (["false", "no", "0"].includes(v)) return { value: false };
      }
      return bad("type", `${field.key} must be true or false.`);
    }
    case "date": {
      const s = typeof value === "string" ? value.trim() : null;
      if (!s || !DATE_RE.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`)) || new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) !== s) {
        return bad("format", `${field.key} must be a date YYYY-MM-DD.`);
      }
      return { value: s };
    }
    case "enum": {
      const problem = typeof value === "string" ? singleLineProblem(value) : null;
      if (problem) return bad("format", `${field.key} ${problem.message}.`);
      if (typeof value !== "string" || !(field.options ?? []).includes(value)) {
        return bad("invalid", `${field.key} must be one of ${(field.options ?? []).map((o) => JSON.stringify(o)).join(", ")}.`);
      }
      return { value };
    }
  }
}

/** Checks a map of values against the workspace's fields; unknown keys are problems. */
export function coerceValues(fields: Map<string, CustomField>, values: Record<string, unknown>, fromText = false): { values: Record<string, unknown>; problems: ValueProblem[] } {
  const out: Record<string, unknown> = {};
  const problems: ValueProblem[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const field = fields.get(key);
    if (!field) {
      problems.push({ key, code: "unknown", detail: `${key} is not a custom field of this workspace.` });
      continue;
    }
    const r = coerceValue(field, raw, fromText);
    if ("value" in r) out[key] = r.value;
    else problems.push(r);
  }
  return { values: out, problems };
}
