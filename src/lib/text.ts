// The text policy (DESIGN.md §3): one rule for single-line text, one for
// multi-line text, one more for addresses, as small pure functions. The HTTP
// schemas (SingleLine, MultiLine, Address in src/http/shared/schemas.ts), the
// domain checks (person input, custom values, fields, workspaces, groups,
// webhooks, addresses), CSV imports (foldLineBreaks) and, later, the MTA's
// header builder (headerText) all call these, so every path refuses the same
// characters with the same words.
//
// Single-line text (names, labels, enum options, custom values, subjects…):
//   refused: C0 controls U+0000–U+001F (tab, LF and CR included), DEL U+007F,
//   C1 controls U+0080–U+009F, the line and paragraph separators U+2028 and
//   U+2029 (line breaks in all but name), and lone surrogates (half of a UTF-16
//   pair: not Unicode text, and not encodable as UTF-8).
// Multi-line text (private notes, group descriptions): the same, except that
//   LF and tab are allowed, and CRLF is accepted and stored as LF
//   (normalizeLineBreaks): browsers and Windows send CRLF, and one stored line
//   ending keeps notes comparable. A CR that is not followed by LF is refused:
//   no system writes it as a line ending today, and it is how header injection
//   starts. U+2028/U+2029 stay refused: LF is the one line break.
// Addresses (email addresses, domains, URLs): single-line, and no bidirectional
//   controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can
//   make an address display as another one.
import { invalidField } from "./errors";

export type TextRule = "single-line" | "multi-line" | "address";

export interface TextProblem {
  kind: "line_break" | "control" | "lone_surrogate" | "bidi_control";
  /** The offending code point (a lone surrogate's code unit). */
  codePoint: number;
  /** 1-based position among the value's code points. */
  position: number;
  /** E.g. "contains a line break (U+000A line feed) at position 4". */
  message: string;
}

const NAMES: Record<number, string> = {
  0x00: "NUL",
  0x07: "bell",
  0x08: "backspace",
  0x09: "tab",
  0x0a: "line feed",
  0x0b: "vertical tab",
  0x0c: "form feed",
  0x0d: "carriage return",
  0x1b: "escape",
  0x7f: "delete",
  0x85: "next line",
  0x2028: "line separator",
  0x2029: "paragraph separator",
  0x061c: "Arabic letter mark",
  0x200e: "left-to-right mark",
  0x200f: "right-to-left mark",
  0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding",
  0x202c: "pop directional formatting",
  0x202d: "left-to-right override",
  0x202e: "right-to-left override",
  0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate",
  0x2068: "first strong isolate",
  0x2069: "pop directional isolate",
};

/** "U+000A line feed" */
export function describeCodePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = NAMES[cp];
  return name ? `${hex} ${name}` : hex;
}

const isLineBreak = (cp: number) => cp === 0x0a || cp === 0x0b || cp === 0x0c || cp === 0x0d || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
const isBidiControl = (cp: number) => cp === 0x061c || cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

// Fast paths: one regex test per value; the position is looked for only when it fails.
// Without the u flag a regex sees UTF-16 code units, so lone surrogates can be matched.
const LONE_SURROGATE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
const BIDI = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const SINGLE_LINE_BAD = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]|${LONE_SURROGATE}`);
const MULTI_LINE_BAD = new RegExp(`[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u2028\\u2029]|\\r(?!\\n)|${LONE_SURROGATE}`);
const ADDRESS_BAD = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029${BIDI}]|${LONE_SURROGATE}`);

/** The first offending code point of `s` by `bad`, described. */
function locate(s: string, bad: (cp: number, next: number | undefined) => TextProblem["kind"] | null): TextProblem | null {
  let position = 0;
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    position++;
    const kind = cp >= 0xd800 && cp <= 0xdfff ? "lone_surrogate" : bad(cp, s.codePointAt(i + width));
    if (kind) return { kind, codePoint: cp, position, message: messageOf(kind, cp, position) };
    i += width;
  }
  return null;
}

function messageOf(kind: TextProblem["kind"], cp: number, position: number): string {
  const at = `at position ${position}`;
  switch (kind) {
    case "line_break":
      return `contains a line break (${describeCodePoint(cp)}) ${at}`;
    case "control":
      return `contains a control character (${describeCodePoint(cp)}) ${at}`;
    case "lone_surrogate":
      return `contains a lone surrogate (${describeCodePoint(cp)}, half of a UTF-16 pair) ${at}`;
    case "bidi_control":
      return `contains a bidirectional control (${describeCodePoint(cp)}) ${at}`;
  }
}

/** Why `s` is not single-line text, or null. */
export function singleLineProblem(s: string): TextProblem | null {
  if (!SINGLE_LINE_BAD.test(s)) return null;
  return locate(s, (cp) => (isLineBreak(cp) ? "line_break" : isControl(cp) ? "control" : null));
}

/** Why `s` is not multi-line text (LF, tab and CRLF allowed), or null. */
export function multiLineProblem(s: string): TextProblem | null {
  if (!MULTI_LINE_BAD.test(s)) return null;
  const p = locate(s, (cp, next) => {
    if (cp === 0x0a || cp === 0x09 || (cp === 0x0d && next === 0x0a)) return null;
    return isLineBreak(cp) ? "line_break" : isControl(cp) ? "control" : null;
  });
  if (p?.codePoint === 0x0d) p.message = `contains a carriage return (U+000D) not followed by a line feed at position ${p.position}`;
  return p;
}

/** Why `s` cannot be an address (email, domain, URL): single-line and no bidi controls; or null. */
export function addressProblem(s: string): TextProblem | null {
  if (!ADDRESS_BAD.test(s)) return null;
  return locate(s, (cp) => (isLineBreak(cp) ? "line_break" : isControl(cp) ? "control" : isBidiControl(cp) ? "bidi_control" : null));
}

const RULES: Record<TextRule, (s: string) => TextProblem | null> = { "single-line": singleLineProblem, "multi-line": multiLineProblem, address: addressProblem };

export function textProblem(rule: TextRule, s: string): TextProblem | null {
  return RULES[rule](s);
}

/** CRLF → LF: how multi-line text is stored. */
export function normalizeLineBreaks(s: string): string {
  return s.indexOf("\r") === -1 ? s : s.replace(/\r\n/g, "\n");
}

// A run of line breaks (CRLF, CR, LF, VT, FF, NEL, U+2028, U+2029) with the
// spaces and tabs around it. VT is how some spreadsheets and FileMaker write a
// line break inside a cell.
const LINE_BREAKS = /[ \t]*(?:\r\n|[\n\v\f\r\u0085\u2028\u2029])+[ \t]*/g;
const HAS_LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * For imports: every run of line breaks (and the spaces or tabs around it)
 * becomes one space, so a spreadsheet cell typed on two lines still fits a
 * single-line field. Answers `s` itself when there is none.
 */
export function foldLineBreaks(s: string): string {
  return HAS_LINE_BREAK.test(s) ? s.replace(LINE_BREAKS, " ") : s;
}

/** Throws a 422 field error (code "format") on `pointer` when `value` breaks `rule`. */
export function assertText(rule: TextRule, value: string, pointer: string, name = pointer.split("/").pop() || "value"): void {
  const p = textProblem(rule, value);
  if (p) throw invalidField(pointer, "format", `${name} ${p.message}.`);
}

/** A header value that breaks the policy: the message must not be built (a bug or data stored before the policy). */
export class HeaderTextError extends Error {
  override readonly name = "HeaderTextError";
  constructor(
    readonly header: string,
    readonly problem: TextProblem,
  ) {
    super(`${header} header value ${problem.message}`);
  }
}

/**
 * The check the MTA runs when it builds a header (the second check DESIGN.md
 * asks for, after the one at input): `value` must be single-line text, and an
 * address header's addresses must pass the address rule too. Answers the value;
 * throws HeaderTextError otherwise, never repairs it.
 */
export function headerText(header: string, value: string, kind: "text" | "address" = "text"): string {
  const p = kind === "address" ? addressProblem(value) : singleLineProblem(value);
  if (p) throw new HeaderTextError(header, p);
  return value;
}
