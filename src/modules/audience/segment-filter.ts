// Segment filters (DESIGN.md §3): a JSON tree of {all:[…]}, {any:[…]},
// {not:{…}} and conditions {field, op, value}, checked with RFC 6901 pointers
// and compiled to SQL over the people table. Every value is a bound
// parameter and every column comes from the fixed table below, so nothing a
// client sends is ever spliced into SQL text.
//
// Each condition compiles to a two-valued expression (never NULL), so `not`
// means what it says: "company neq Acme" and {not: company eq Acme} both
// include people without a company.
import { and, or, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { domainToASCII } from "node:url";
import { enrollments, people, personGroups, PERSON_SOURCES, PERSON_STATUSES } from "../../db/schema";
import { DomainError, type FieldError } from "../../lib/errors";
import { isId } from "../../lib/ids";
import { textProblem } from "../../lib/text";
import type { CustomField } from "./custom-values";
import { emailKey, parseEmail } from "./email";
import { escapePointer } from "./person-input";

export const FIELD_KEY_RE = /^[a-z][a-z0-9_]{0,63}$/;
export const FILTER_LIMITS = { depth: 5, conditions: 50, listItems: 100, stringLength: 1000, errors: 50 } as const;
export const FILTER_OPS = ["eq", "neq", "in", "nin", "contains", "starts_with", "gt", "gte", "lt", "lte", "exists"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** The JSON path of a custom value inside people.custom_fields; bound as a parameter, never interpolated. */
export function valuePath(key: string): string {
  if (!FIELD_KEY_RE.test(key)) throw new Error(`not a field key: ${key}`);
  return `$."${key}"`;
}

type Kind = "text" | "email" | "domain" | "enum" | "integer" | "number" | "boolean" | "timestamp" | "date" | "import" | "group" | "campaign";

const EQUALITY = ["eq", "neq", "in", "nin", "exists"] as const;
const ORDERED = ["gt", "gte", "lt", "lte"] as const;
const TEXTUAL = [...EQUALITY, "contains", "starts_with"] as const;
const OPS: Record<Kind, readonly FilterOp[]> = {
  text: TEXTUAL,
  email: TEXTUAL,
  domain: TEXTUAL,
  enum: EQUALITY,
  integer: [...EQUALITY, ...ORDERED],
  number: [...EQUALITY, ...ORDERED],
  boolean: ["eq", "neq", "exists"],
  timestamp: ["eq", "neq", "exists", ...ORDERED],
  date: [...EQUALITY, ...ORDERED],
  import: EQUALITY,
  group: EQUALITY,
  campaign: EQUALITY,
};

interface Target {
  name: string;
  kind: Kind;
  expr: SQL | SQLiteColumn;
  nullable: boolean;
  options?: readonly string[];
}

const col = (name: string, kind: Kind, expr: SQL | SQLiteColumn, nullable = true, options?: readonly string[]): Target => ({ name, kind, expr, nullable, options });

/** Person fields a filter may name. `email` compares case-insensitively (its lower-cased key). */
const PERSON_FIELDS: Record<string, Target> = {
  email: col("email", "email", people.emailKey),
  email_domain: col("email_domain", "domain", people.emailDomain),
  email_sendable: col("email_sendable", "boolean", people.emailSendable),
  given_name: col("given_name", "text", people.givenName),
  family_name: col("family_name", "text", people.familyName),
  company: col("company", "text", people.company),
  telephone: col("telephone", "text", sql`json_extract(${people.telephones}, '$[0]')`),
  timezone: col("timezone", "text", people.timezone),
  private_notes: col("private_notes", "text", people.privateNotes),
  status: col("status", "enum", people.status, false, PERSON_STATUSES),
  source: col("source", "enum", people.source, false, PERSON_SOURCES),
  import_id: col("import_id", "import", people.importId),
  score: col("score", "integer", people.score),
  last_activity_at: col("last_activity_at", "timestamp", people.lastActivityAt),
  archived_at: col("archived_at", "timestamp", people.archivedAt),
  created_at: col("created_at", "timestamp", people.createdAt, false),
  updated_at: col("updated_at", "timestamp", people.updatedAt, false),
  group_id: col("group_id", "group", people.id, false),
  // enrolled in (an enrollment in any state)
  campaign_id: col("campaign_id", "campaign", people.id, false),
};
export const FILTER_PERSON_FIELDS = Object.keys(PERSON_FIELDS);

const CUSTOM_KINDS: Record<CustomField["type"], Kind> = { text: "text", number: "number", boolean: "boolean", date: "date", enum: "enum" };

type Value = string | number;
export type CheckedFilter =
  | { all: CheckedFilter[] }
  | { any: CheckedFilter[] }
  | { not: CheckedFilter }
  | { target: Target; op: FilterOp; value: Value | Value[] | boolean };

export interface FilterContext {
  /** The workspace's custom fields by key. */
  fields: Map<string, CustomField>;
}

export interface FilterCheck {
  errors: FieldError[];
  /** The normalised tree, when there are no errors. */
  checked: CheckedFilter | null;
  /** Custom field keys the filter names. */
  fieldKeys: string[];
  /** Group ids the filter names, with the pointer of each (their existence is the caller's check). */
  groupIds: { id: string; pointer: string }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds of an RFC 3339 date-time, or null. */
export function parseTimestamp(v: string): number | null {
  if (!RFC3339.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

class Walk {
  errors: FieldError[] = [];
  conditions = 0;
  fieldKeys = new Set<string>();
  groupIds: { id: string; pointer: string }[] = [];
  constructor(readonly fc: FilterContext) {}

  get full(): boolean {
    return this.errors.length >= FILTER_LIMITS.errors || this.conditions > FILTER_LIMITS.conditions;
  }

  err(pointer: string, code: string, detail: string): null {
    if (this.errors.length < FILTER_LIMITS.errors) this.errors.push({ pointer, code, detail });
    return null;
  }

  node(node: unknown, p: string, depth: number): CheckedFilter | null {
    if (!isObject(node)) return this.err(p, "type", "A filter node must be an object: {all: […]}, {any: […]}, {not: {…}} or {field, op, value}.");
    const keys = Object.keys(node);
    const combinator = keys.find((k) => k === "all" || k === "any" || k === "not");
    if (!combinator) return this.condition(node, p);
    for (const k of keys) if (k !== combinator) this.err(`${p}/${escapePointer(k)}`, "unknown", `A node with "${combinator}" takes no other key.`);
    if (depth > FILTER_LIMITS.depth) return this.err(p, "depth", `Filters nest at most ${FILTER_LIMITS.depth} levels of all, any and not.`);
    if (combinator === "not") {
      const inner = this.node(node.not, `${p}/not`, depth + 1);
      return inner && keys.length === 1 ? { not: inner } : null;
    }
    const list = node[combinator];
    if (!Array.isArray(list)) return this.err(`${p}/${combinator}`, "type", `${combinator} must be an array of filter nodes.`);
    const children: (CheckedFilter | null)[] = [];
    for (const [i, child] of list.entries()) {
      if (this.full) return null;
      children.push(this.node(child, `${p}/${combinator}/${i}`, depth + 1));
    }
    if (keys.length !== 1 || children.some((c) => c === null)) return null;
    return combinator === "all" ? { all: children as CheckedFilter[] } : { any: children as CheckedFilter[] };
  }

  condition(node: Record<string, unknown>, p: string): CheckedFilter | null {
    if (++this.conditions > FILTER_LIMITS.conditions) return this.err(p, "length", `A filter has at most ${FILTER_LIMITS.conditions} conditions.`);
    let ok = true;
    for (const k of Object.keys(node)) {
      if (k === "field" || k === "op" || k === "value") continue;
      this.err(`${p}/${escapePointer(k)}`, "unknown", `"${k}" is not part of a condition; a condition is {field, op, value}.`);
      ok = false;
    }
    const target = this.target(node.field, `${p}/field`);
    const op = this.op(node.op, `${p}/op`, target);
    if (!target || !op) return null;
    const value = this.value(target, op, node.value, "value" in node, `${p}/value`);
    return ok && value !== null ? { target, op, value } : null;
  }

  target(field: unknown, p: string): Target | null {
    if (field === undefined) return this.err(p, "required", "field is required.");
    if (typeof field !== "string") return this.err(p, "type", "field must be a string.");
    if (PERSON_FIELDS[field]) return PERSON_FIELDS[field];
    if (field.startsWith("custom.")) {
      const key = field.slice("custom.".length);
      if (!FIELD_KEY_RE.test(key)) return this.err(p, "format", "A custom field is named custom.<key>, the key being a-z, 0-9 and _ starting with a letter.");
      const f = this.fc.fields.get(key);
      if (!f) return this.err(p, "unknown", `${key} is not a custom field of this workspace.`);
      this.fieldKeys.add(key);
      return col(field, CUSTOM_KINDS[f.type], sql`json_extract(${people.customFields}, ${valuePath(key)})`, true, f.type === "enum" ? (f.options ?? []) : undefined);
    }
    return this.err(p, "unknown", `${field.slice(0, 100)} is not a field a filter can name: use ${FILTER_PERSON_FIELDS.join(", ")} or custom.<key>.`);
  }

  op(op: unknown, p: string, target: Target | null): FilterOp | null {
    if (op === undefined) return this.err(p, "required", "op is required.");
    if (typeof op !== "string" || !(FILTER_OPS as readonly string[]).includes(op)) {
      return this.err(p, "unknown", `op must be one of ${FILTER_OPS.join(", ")}.`);
    }
    if (target && !OPS[target.kind].includes(op as FilterOp)) return this.err(p, "invalid", `${target.name} takes the operators ${OPS[target.kind].join(", ")}.`);
    return op as FilterOp;
  }

  value(t: Target, op: FilterOp, v: unknown, given: boolean, p: string): Value | Value[] | boolean | null {
    if (op === "exists") {
      if (!given) return true;
      return typeof v === "boolean" ? v : this.err(p, "type", "exists takes true (has a value) or false (has none); leave value out for true.");
    }
    if (!given) return this.err(p, "required", `value is required with ${op}.`);
    if (op === "in" || op === "nin") {
      if (!Array.isArray(v)) return this.err(p, "type", `${op} takes an array of values.`);
      if (v.length < 1 || v.length > FILTER_LIMITS.listItems) return this.err(p, "length", `${op} takes 1 to ${FILTER_LIMITS.listItems} values.`);
      const out: Value[] = [];
      for (const [i, item] of v.entries()) {
        const one = this.scalar(t, op, item, `${p}/${i}`);
        if (one === null) return null;
        if (!out.includes(one)) out.push(one);
      }
      return out;
    }
    return this.scalar(t, op, v, p);
  }

  /** One value checked against the field's type and normalised to what is stored. */
  scalar(t: Target, op: FilterOp, v: unknown, p: string): Value | null {
    if (v === null) return this.err(p, "type", `Compare with a value; to find people without ${t.name} use {"op":"exists","value":false}.`);
    const like = op === "contains" || op === "starts_with";
    switch (t.kind) {
      case "text":
      case "email":
      case "domain": {
        if (typeof v !== "string") return this.err(p, "type", `${t.name} is compared with a string.`);
        if (v === "" || v.length > FILTER_LIMITS.stringLength) return this.err(p, "length", `The value must be 1 to ${FILTER_LIMITS.stringLength} characters long.`);
        // the text policy (src/lib/text.ts): a value is text of its field's kind (notes are multi-line)
        const problem = textProblem(t.kind !== "text" ? "address" : t.name === "private_notes" ? "multi-line" : "single-line", v);
        if (problem) return this.err(p, "format", `The value ${problem.message}.`);
        if (t.kind === "text") return v;
        if (like) return v.toLowerCase();
        if (t.kind === "domain") return domainToASCII(v.trim()) || v.trim().toLowerCase();
        const e = parseEmail(v);
        return e.ok ? emailKey(e.email) : this.err(p, "format", `${v.slice(0, 100)} is not a valid email address; use contains or starts_with for a part of one.`);
      }
      case "enum":
        if (typeof v !== "string" || !t.options!.includes(v)) return this.err(p, "invalid", `${t.name} is one of ${t.options!.map((o) => JSON.stringify(o)).join(", ")}.`);
        return v;
      case "integer":
        return Number.isInteger(v) ? (v as number) : this.err(p, "type", `${t.name} is compared with an integer.`);
      case "number":
        return typeof v === "number" && Number.isFinite(v) ? v : this.err(p, "type", `${t.name} is compared with a number.`);
      case "boolean":
        return typeof v === "boolean" ? (v ? 1 : 0) : this.err(p, "type", `${t.name} is compared with true or false.`);
      case "timestamp": {
        const ms = typeof v === "string" ? parseTimestamp(v) : null;
        return ms ?? this.err(p, "format", `${t.name} is compared with an RFC 3339 date-time such as 2026-01-31T09:00:00Z.`);
      }
      case "date":
        if (typeof v !== "string" || !DATE.test(v) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) {
          return this.err(p, "format", `${t.name} is compared with a date YYYY-MM-DD.`);
        }
        return v;
      case "import":
        return typeof v === "string" && isId(v, "imp") ? v : this.err(p, "format", "import_id is compared with an import id imp_….");
      case "campaign":
        return typeof v === "string" && isId(v, "cmp") ? v : this.err(p, "format", "campaign_id is compared with a campaign id cmp_….");
      case "group":
        if (typeof v !== "string" || !isId(v, "grp")) return this.err(p, "format", "group_id is compared with a group id grp_….");
        this.groupIds.push({ id: v, pointer: p });
        return v;
    }
  }
}

/** Checks a filter against the language and the workspace's custom fields. */
export function validateSegmentFilter(filter: unknown, fc: FilterContext, pointer = "/filter"): FilterCheck {
  const w = new Walk(fc);
  const checked = w.node(filter, pointer, 1);
  return { errors: w.errors, checked: w.errors.length ? null : checked, fieldKeys: [...w.fieldKeys], groupIds: w.groupIds };
}

/**
 * The filter as a condition on the people table (to AND with the workspace
 * condition). Throws validation_failed when the filter does not check.
 */
export function compileSegmentFilter(filter: unknown, a: { workspaceId: string; fields: Map<string, CustomField> }): SQL {
  const check = validateSegmentFilter(filter, { fields: a.fields });
  if (!check.checked) throw new DomainError("validation_failed", "The segment filter is invalid.", { errors: check.errors });
  return compileChecked(check.checked, a.workspaceId);
}

export function compileChecked(c: CheckedFilter, workspaceId: string): SQL {
  if ("all" in c) return c.all.length ? and(...c.all.map((x) => compileChecked(x, workspaceId)))! : sql`1`;
  if ("any" in c) return c.any.length ? or(...c.any.map((x) => compileChecked(x, workspaceId)))! : sql`0`;
  if ("not" in c) return sql`NOT (${compileChecked(c.not, workspaceId)})`;
  return condition(c.target, c.op, c.value, workspaceId);
}

const list = (values: Value[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

function condition(t: Target, op: FilterOp, value: Value | Value[] | boolean, workspaceId: string): SQL {
  if (t.kind === "group") return groupCondition(op, value, workspaceId);
  if (t.kind === "campaign") return campaignCondition(op, value, workspaceId);
  const e = t.expr;
  // x is NULL when the value is missing: make it false. A column is tested
  // for NULL (index-friendly); a JSON expression is evaluated once.
  const present = (x: SQL) => (!t.nullable ? x : e instanceof SQL ? sql`(${x}) IS 1` : sql`(${e} IS NOT NULL AND ${x})`);
  switch (op) {
    case "exists":
      return value ? sql`${e} IS NOT NULL` : sql`${e} IS NULL`;
    case "eq":
      return t.nullable ? sql`${e} IS ${value}` : sql`${e} = ${value}`;
    case "neq":
      return t.nullable ? sql`${e} IS NOT ${value}` : sql`${e} <> ${value}`;
    case "in":
      return present(sql`${e} IN (${list(value as Value[])})`);
    case "nin":
      return t.nullable ? sql`NOT (${present(sql`${e} IN (${list(value as Value[])})`)})` : sql`${e} NOT IN (${list(value as Value[])})`;
    case "gt":
      return present(sql`${e} > ${value}`);
    case "gte":
      return present(sql`${e} >= ${value}`);
    case "lt":
      return present(sql`${e} < ${value}`);
    case "lte":
      return present(sql`${e} <= ${value}`);
    case "contains":
      return present(sql`${e} LIKE ${`%${escapeLike(value as string)}%`} ESCAPE '\\'`);
    case "starts_with":
      return present(sql`${e} LIKE ${`${escapeLike(value as string)}%`} ESCAPE '\\'`);
  }
}

/** Membership: eq/in = member of (any of) the groups, neq/nin = member of none, exists = of any group at all. */
function groupCondition(op: FilterOp, value: Value | Value[] | boolean, workspaceId: string): SQL {
  if (op === "exists") {
    const any = sql`EXISTS (SELECT 1 FROM ${personGroups} WHERE ${personGroups.personId} = ${people.id} AND ${personGroups.workspaceId} = ${workspaceId})`;
    return value ? any : sql`NOT ${any}`;
  }
  const ids = Array.isArray(value) ? value : [value as Value];
  const members = sql`SELECT ${personGroups.personId} FROM ${personGroups} WHERE ${personGroups.workspaceId} = ${workspaceId} AND ${personGroups.groupId} IN (${list(ids)})`;
  return op === "eq" || op === "in" ? sql`${people.id} IN (${members})` : sql`${people.id} NOT IN (${members})`;
}

/** Enrollment (in any state): eq/in = enrolled in (any of) the campaigns, neq/nin = in none of them, exists = in any campaign at all. A campaign that does not exist matches nobody. */
function campaignCondition(op: FilterOp, value: Value | Value[] | boolean, workspaceId: string): SQL {
  if (op === "exists") {
    const any = sql`EXISTS (SELECT 1 FROM ${enrollments} WHERE ${enrollments.workspaceId} = ${workspaceId} AND ${enrollments.personId} = ${people.id})`;
    return value ? any : sql`NOT ${any}`;
  }
  const ids = Array.isArray(value) ? value : [value as Value];
  const enrolled = sql`SELECT ${enrollments.personId} FROM ${enrollments} WHERE ${enrollments.workspaceId} = ${workspaceId} AND ${enrollments.campaignId} IN (${list(ids)})`;
  return op === "eq" || op === "in" ? sql`${people.id} IN (${enrolled})` : sql`${people.id} NOT IN (${enrolled})`;
}

/** Every value a stored filter compares `field` with (flattening in/nin lists). */
export function filterValuesOf(filter: unknown, field: string): unknown[] {
  if (!isObject(filter)) return [];
  if (Array.isArray(filter.all)) return filter.all.flatMap((c) => filterValuesOf(c, field));
  if (Array.isArray(filter.any)) return filter.any.flatMap((c) => filterValuesOf(c, field));
  if ("not" in filter) return filterValuesOf(filter.not, field);
  if (filter.field !== field || filter.op === "exists") return [];
  return Array.isArray(filter.value) ? filter.value : [filter.value];
}
