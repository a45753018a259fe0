// Checking and normalising what a client says about a person (API, JSON and
// CSV imports): one function so every write path stores the same shapes and
// reports the same field errors.
import type { FieldError } from "../../lib/errors";
import { normalizeLineBreaks, textProblem, type TextRule } from "../../lib/text";
import { coerceValues, type CustomField } from "./custom-values";
import { emailKey, parseEmail } from "./email";

/** What a write may set; undefined = not given, null = clear. */
export interface PersonInput {
  email?: unknown;
  givenName?: unknown;
  familyName?: unknown;
  company?: unknown;
  telephones?: unknown;
  timezone?: unknown;
  customFields?: unknown;
  privateNotes?: unknown;
}

/** The normalised columns for the given keys; customFields is a merge patch (null = remove the value). */
export interface PersonColumns {
  email?: string;
  emailKey?: string;
  emailDomain?: string;
  givenName?: string | null;
  familyName?: string | null;
  company?: string | null;
  telephones?: string[] | null;
  timezone?: string | null;
  customFields?: Record<string, unknown> | null;
  privateNotes?: string | null;
}

export interface PersonInputOptions {
  /** The workspace's custom fields by key (needed when customFields is given). */
  fields: Map<string, CustomField>;
  /** Prefix for pointers, e.g. "/people/3" in a JSON import; "" for a request body. */
  prefix?: string;
  /** Values arrive as text (CSV cells): "" clears, numbers and booleans are parsed. */
  fromText?: boolean;
  requireEmail?: boolean;
}

export const PERSON_LIMITS = { name: 200, company: 200, privateNotes: 10_000, telephones: 10 } as const;

const TEXT_FIELDS = [
  ["givenName", "given_name", PERSON_LIMITS.name],
  ["familyName", "family_name", PERSON_LIMITS.name],
  ["company", "company", PERSON_LIMITS.company],
  ["privateNotes", "private_notes", PERSON_LIMITS.privateNotes],
] as const;

const E164 = /^\+[1-9]\d{6,14}$/;

export function checkPersonInput(input: PersonInput, opts: PersonInputOptions): { values: PersonColumns; errors: FieldError[] } {
  const prefix = opts.prefix ?? "";
  const errors: FieldError[] = [];
  const err = (path: string, code: string, detail: string) => errors.push({ pointer: `${prefix}/${path}`, code, detail });
  const values: PersonColumns = {};

  if (input.email === undefined || input.email === null || (opts.fromText && input.email === "")) {
    if (opts.requireEmail) err("email", "required", "email is required.");
    else if (input.email === null) err("email", "invalid", "email cannot be removed; give another address instead.");
  } else {
    const parsed = parseEmail(input.email);
    if (!parsed.ok) err("email", "format", `email is not a valid address: ${parsed.message}.`);
    else Object.assign(values, { email: parsed.email, emailKey: emailKey(parsed.email), emailDomain: parsed.domain });
  }

  for (const [key, name, max] of TEXT_FIELDS) {
    // the text policy (src/lib/text.ts): names and company are single-line, notes multi-line
    const r = cleanText(input[key], name, max, key === "privateNotes" ? "multi-line" : "single-line");
    if (r === undefined) continue;
    if ("problem" in r) err(name, r.problem.code, r.problem.detail);
    else values[key] = r.value;
  }

  if (input.telephones !== undefined) {
    const r = normalizeTelephones(input.telephones, opts.fromText);
    if ("problem" in r) err(`telephones${r.problem.index === undefined ? "" : `/${r.problem.index}`}`, r.problem.code, r.problem.detail);
    else values.telephones = r.value;
  }

  if (input.timezone !== undefined) {
    const raw = typeof input.timezone === "string" ? input.timezone.trim() : input.timezone;
    const problem = typeof input.timezone === "string" ? textProblem("single-line", input.timezone) : null;
    if (problem) err("timezone", "format", `timezone ${problem.message}.`);
    else if (raw === null || raw === "") values.timezone = null;
    else if (typeof raw !== "string") err("timezone", "type", "timezone must be a string or null.");
    else {
      const tz = canonicalTimezone(raw);
      if (tz) values.timezone = tz;
      else err("timezone", "invalid", `timezone must be an IANA time zone such as "Europe/Paris"; "${raw.slice(0, 64)}" is not one.`);
    }
  }

  if (input.customFields !== undefined) {
    if (input.customFields === null) values.customFields = null;
    else if (typeof input.customFields !== "object" || Array.isArray(input.customFields)) {
      err("custom_fields", "type", "custom_fields must be an object keyed by field key.");
    } else {
      const r = coerceValues(opts.fields, input.customFields as Record<string, unknown>, opts.fromText);
      for (const p of r.problems) err(`custom_fields/${escapePointer(p.key)}`, p.code, p.detail);
      values.customFields = r.values;
    }
  }
  return { values, errors };
}

type Cleaned<T> = { value: T } | { problem: { code: string; detail: string; index?: number } };

function cleanText(raw: unknown, name: string, max: number, rule: TextRule): Cleaned<string | null> | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return { value: null };
  if (typeof raw !== "string") return { problem: { code: "type", detail: `${name} must be a string or null.` } };
  // checked as given, before trimming: "Ada\n" is refused as the HTTP schema refuses it
  const problem = textProblem(rule, raw);
  if (problem) return { problem: { code: "format", detail: `${name} ${problem.message}.` } };
  let v = raw.trim().normalize("NFC");
  if (rule === "multi-line") v = normalizeLineBreaks(v);
  if (v === "") return { value: null };
  if (v.length > max) return { problem: { code: "length", detail: `${name} must be at most ${max} characters long.` } };
  return { value: v };
}

/** One number to E.164: separators are dropped, "00" becomes "+"; a number without its country code is refused. */
export function normalizeTelephone(raw: string): string | null {
  const v = raw.trim();
  if (!/^(\+|00)?[0-9 ().\-/]+$/.test(v)) return null;
  let digits = v.replace(/[ ().\-/]/g, "");
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`;
  return E164.test(digits) ? digits : null;
}

function normalizeTelephones(raw: unknown, fromText = false): Cleaned<string[] | null> {
  let list = raw;
  // a CSV cell may list several numbers separated by ";" or ","
  if (fromText && typeof raw === "string") list = raw.split(/[;,]/).map((s) => s.trim()).filter((s) => s !== "");
  if (list === null) return { value: null };
  if (!Array.isArray(list)) return { problem: { code: "type", detail: "telephones must be an array of strings or null." } };
  if (list.length > PERSON_LIMITS.telephones) return { problem: { code: "length", detail: `telephones takes at most ${PERSON_LIMITS.telephones} numbers.` } };
  const out: string[] = [];
  for (const [i, item] of list.entries()) {
    if (typeof item !== "string") return { problem: { code: "type", detail: "Each telephone must be a string.", index: i } };
    const n = normalizeTelephone(item);
    if (!n) return { problem: { code: "format", detail: `"${item.slice(0, 40)}" is not an E.164 telephone number (+ country code and number).`, index: i } };
    if (!out.includes(n)) out.push(n);
  }
  return { value: out.length ? out : null };
}

// Why: building an Intl.DateTimeFormat costs ~40 µs; an import checks the same few zones 100,000 times.
const zoneCache = new Map<string, string | null>();

/** The canonical spelling of an IANA zone name ("europe/paris" → "Europe/Paris"), or null. */
export function canonicalTimezone(name: string): string | null {
  // Intl also takes UTC offsets such as "+01:00": they are not IANA zones.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  const known = zoneCache.get(name);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (zoneCache.size < 10_000) zoneCache.set(name, zone);
  return zone;
}

/** RFC 6901: "~" and "/" inside a key. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
