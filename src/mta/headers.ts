// The headers a caller may add to a message (POST /v1/messages `headers`).
// An allow-list: any X- header (except our own X-Nearbound- prefix), threading
// (In-Reply-To, References), descriptive fields (Comments, Keywords), list
// metadata other than unsubscribe, and a few delivery hints. Everything the MTA
// sets or signs itself (From, To, Cc, Bcc, Subject, Date, Message-ID, Reply-To,
// Sender, MIME-Version, Content-*, DKIM-*, ARC-*, Return-Path, Received,
// List-Unsubscribe*, Resent-*…) is refused with a reason, never overridden
// silently; anything else is refused as not on the list.
import { invalidFields, type FieldError } from "../lib/errors";
import { singleLineProblem } from "../lib/text";

/** Allowed names, lower-case, beside any `x-…`. */
const ALLOWED = new Set([
  "in-reply-to",
  "references",
  "comments",
  "keywords",
  "list-id",
  "list-help",
  "list-subscribe",
  "list-post",
  "list-owner",
  "list-archive",
  "precedence",
  "auto-submitted",
  "importance",
  "priority",
  "organization",
  "feedback-id",
  "thread-topic",
  "thread-index",
]);

/** Set by the MTA (or by receivers): a caller can never supply them. */
const RESERVED = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "return-path",
  "received",
  "received-spf",
  "authentication-results",
  "delivered-to",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "disposition-notification-to",
  "return-receipt-to",
]);
const RESERVED_PREFIXES = ["content-", "dkim-", "arc-", "resent-", "x-nearbound-"];

const MAX_HEADERS = 32;
/** The value, encoded and folded, must fit SMTP's 998-octet lines: keep well under. */
const MAX_VALUE = 900;
const MAX_NAME = 76;

// RFC 5322 §3.6.8: field-name = 1*ftext, printable US-ASCII except ":".
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
// RFC 5322 §3.6.4, kept to the dot-atom forms every MTA writes.
const MSG_ID = /^<[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9!#$%&'*+/=?^_`{|}~.\-[\]]+>$/;

export interface CallerHeaderProblem {
  /** The header name as the caller gave it. */
  header: string;
  /** JSON pointer of the entry: /headers/<name> (RFC 6901 escaped). */
  pointer: string;
  code: "not_allowed" | "format" | "too_long" | "duplicate" | "too_many";
  detail: string;
}

const pointerOf = (name: string) => `/headers/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;

/** Why `name` cannot be supplied by a caller, or null when it can. */
function refusal(lower: string): string | null {
  if (lower.startsWith("x-nearbound-")) return "the X-Nearbound- prefix is reserved for the appliance";
  if (RESERVED.has(lower) || RESERVED_PREFIXES.some((p) => lower.startsWith(p))) return "is set by the MTA and cannot be supplied";
  if (lower.startsWith("x-") || ALLOWED.has(lower)) return null;
  return `is not on the allow-list (X- headers, ${[...ALLOWED].map(canonicalName).join(", ")})`;
}

/** "list-id" → "List-Id", for messages. */
function canonicalName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

function valueProblem(lower: string, value: string): string | null {
  const p = singleLineProblem(value);
  if (p) return `value ${p.message}`;
  if (value.trim() === "") return "value is empty";
  if (lower === "in-reply-to" || lower === "references") {
    const ids = value.trim().split(/\s+/);
    if (lower === "in-reply-to" && ids.length !== 1) return "value must be one message id such as <id@example.com>";
    const bad = ids.find((id) => !MSG_ID.test(id));
    if (bad) return `value must be message ids such as <id@example.com> separated by spaces (${JSON.stringify(bad)} is not one)`;
  }
  if (lower.startsWith("list-") && /[^\x20-\x7e]/.test(value)) return "value must be ASCII";
  return null;
}

/**
 * Every problem of a caller's `headers` object (empty when it is fine): names
 * must be RFC 5322 field names on the allow-list, each once (names compare
 * case-insensitively), values single-line text (src/lib/text.ts: CR, LF, NUL
 * and other controls refused, never repaired), at most 900 characters.
 */
export function callerHeaderProblems(headers: Record<string, unknown>): CallerHeaderProblem[] {
  const problems: CallerHeaderProblem[] = [];
  const names = Object.keys(headers);
  const seen = new Set<string>();
  const add = (header: string, code: CallerHeaderProblem["code"], detail: string) => problems.push({ header, pointer: pointerOf(header), code, detail });
  if (names.length > MAX_HEADERS) add(names[MAX_HEADERS]!, "too_many", `at most ${MAX_HEADERS} headers can be added to a message.`);
  for (const name of names) {
    const value = headers[name];
    const nameProblem = singleLineProblem(name);
    if (nameProblem) {
      add(name, "format", `header name ${nameProblem.message}.`);
      continue;
    }
    if (!FIELD_NAME.test(name)) {
      add(name, "format", `header name ${JSON.stringify(name)} must be printable ASCII without spaces or ":" (RFC 5322 field name).`);
      continue;
    }
    if (name.length > MAX_NAME) {
      add(name, "too_long", `header name is longer than ${MAX_NAME} characters.`);
      continue;
    }
    const lower = name.toLowerCase();
    const why = refusal(lower);
    if (why) {
      add(name, "not_allowed", `${name} ${why}.`);
      continue;
    }
    if (seen.has(lower)) {
      add(name, "duplicate", `${name} is given more than once (header names are case-insensitive).`);
      continue;
    }
    seen.add(lower);
    if (typeof value !== "string") {
      add(name, "format", `${name} value must be a string.`);
      continue;
    }
    if (value.length > MAX_VALUE) {
      add(name, "too_long", `${name} value is longer than ${MAX_VALUE} characters.`);
      continue;
    }
    const vp = valueProblem(lower, value);
    if (vp) add(name, "format", `${name} ${vp}.`);
  }
  return problems;
}

/** Throws a 422 (validation_failed) listing every problem of `headers`, pointers under /headers. */
export function assertCallerHeaders(headers: Record<string, unknown>): void {
  const problems = callerHeaderProblems(headers);
  if (problems.length) throw invalidFields(problems.map(({ pointer, code, detail }): FieldError => ({ pointer, code, detail })));
}

/** A stored header the MTA will not emit (a bug, or data written before the allow-list): the message fails, never goes without it. */
export class CallerHeaderError extends Error {
  override readonly name = "CallerHeaderError";
  constructor(readonly problems: CallerHeaderProblem[]) {
    super(`caller headers refused: ${problems.map((p) => p.detail).join(" ")}`);
  }
}
