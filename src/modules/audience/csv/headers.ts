// Maps a people CSV header row to person fields, custom fields and group ids.
// Names are compared after normalisation (lower case, no spaces, `_` or `-`) so that
// "First Name", "first_name" and "FirstName" all mean the same column.

export type PersonField =
  | "email"
  | "given_name"
  | "family_name"
  | "company"
  | "telephone"
  | "telephones"
  | "timezone"
  | "private_notes";

export type CsvColumn =
  | { kind: "field"; field: PersonField }
  | { kind: "custom"; key: string }
  | { kind: "group_ids" }
  | { kind: "ignored"; name: string };

export interface HeaderProblem {
  column: string;
  code: "duplicate_column" | "unknown_column";
  detail: string;
}

export interface HeaderMapping {
  columns: CsvColumn[];
  problems: HeaderProblem[];
  hasEmail: boolean;
}

type Target = { kind: "field"; field: PersonField } | { kind: "group_ids" };

const field = (f: PersonField): Target => ({ kind: "field", field: f });

// Canonical names: these win even over a custom field with the same normalised key.
// Maps, not object literals, so a column named "constructor" finds nothing.
const CANONICAL = new Map<string, Target>([
  ["email", field("email")],
  ["givenname", field("given_name")],
  ["familyname", field("family_name")],
  ["company", field("company")],
  ["telephone", field("telephone")],
  ["telephones", field("telephones")],
  ["timezone", field("timezone")],
  ["privatenotes", field("private_notes")],
  ["groupids", { kind: "group_ids" }],
]);

// Aliases give way to a workspace's own custom field of the same name
// (a workspace that defined a "mobile" field means that field).
const ALIASES = new Map<string, Target>([
  ["emailaddress", field("email")],
  ["mail", field("email")],
  ["firstname", field("given_name")],
  ["lastname", field("family_name")],
  ["surname", field("family_name")],
  ["companyname", field("company")],
  ["organization", field("company")],
  ["organisation", field("company")],
  ["phone", field("telephone")],
  ["phonenumber", field("telephone")],
  ["telephonenumber", field("telephone")],
  ["mobile", field("telephone")],
  ["mobilenumber", field("telephone")],
  ["phones", field("telephones")],
  ["phonenumbers", field("telephones")],
  ["tz", field("timezone")],
  ["notes", field("private_notes")],
  ["groups", { kind: "group_ids" }],
]);

/** Lower case without spaces, `_` or `-`: "E-mail Address" → "emailaddress". */
export function normaliseHeader(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

export function mapHeaders(header: string[], customFieldKeys: string[]): HeaderMapping {
  const custom = new Map<string, string>();
  for (const key of customFieldKeys) {
    const norm = normaliseHeader(key);
    if (!custom.has(norm)) custom.set(norm, key);
  }
  const columns: CsvColumn[] = [];
  const problems: HeaderProblem[] = [];
  const taken = new Set<string>(); // targets already claimed by an earlier column
  const unknownSeen = new Set<string>();
  for (const raw of header) {
    const target = resolve(raw, custom);
    if (!target) {
      columns.push({ kind: "ignored", name: raw });
      const norm = normaliseHeader(raw);
      // Why: "reported once" — a repeated unknown name is one problem, not several.
      if (!unknownSeen.has(norm)) {
        unknownSeen.add(norm);
        const detail = norm === "" ? "empty column name; column ignored" : `no person field or custom field named "${raw.trim()}"; column ignored`;
        problems.push({ column: raw, code: "unknown_column", detail });
      }
      continue;
    }
    const id = target.kind === "field" ? `f:${target.field}` : target.kind === "custom" ? `c:${target.key}` : "g";
    if (taken.has(id)) {
      columns.push({ kind: "ignored", name: raw });
      problems.push({ column: raw, code: "duplicate_column", detail: `"${raw.trim()}" maps to a column already present; the first one is used` });
      continue;
    }
    taken.add(id);
    columns.push(target);
  }
  return { columns, problems, hasEmail: taken.has("f:email") };
}

function resolve(raw: string, custom: Map<string, string>): CsvColumn | null {
  const trimmed = raw.trim();
  // Why: `custom.<key>` names a custom field explicitly, even one shadowed by a person field.
  if (trimmed.toLowerCase().startsWith("custom.")) {
    const key = custom.get(normaliseHeader(trimmed.slice("custom.".length)));
    return key === undefined ? null : { kind: "custom", key };
  }
  const norm = normaliseHeader(trimmed);
  const canonical = CANONICAL.get(norm);
  if (canonical) return { ...canonical };
  const key = custom.get(norm);
  if (key !== undefined) return { kind: "custom", key };
  const alias = ALIASES.get(norm);
  return alias ? { ...alias } : null;
}
