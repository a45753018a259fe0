// The text policy's rules (src/lib/text.ts), range by range.
import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/lib/errors";
import {
  addressProblem,
  assertText,
  describeCodePoint,
  foldLineBreaks,
  headerText,
  HeaderTextError,
  multiLineProblem,
  normalizeLineBreaks,
  singleLineProblem,
  textProblem,
} from "../../src/lib/text";

const chr = (cp: number) => String.fromCodePoint(cp);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const C0 = range(0x00, 0x1f);
const C1 = range(0x80, 0x9f);
const LINE_BREAKS = [0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029];
const BIDI = [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];

describe("singleLineProblem", () => {
  test("refuses every C0 control, DEL and every C1 control, naming it and its position", () => {
    for (const cp of [...C0, 0x7f, ...C1]) {
      const p = singleLineProblem(`ab${chr(cp)}c`);
      expect({ cp, kind: p?.kind, codePoint: p?.codePoint, position: p?.position }).toEqual({ cp, kind: LINE_BREAKS.includes(cp) ? "line_break" : "control", codePoint: cp, position: 3 });
    }
  });

  test("refuses the line and paragraph separators as line breaks", () => {
    expect(singleLineProblem("a\u2028b")).toMatchObject({ kind: "line_break", codePoint: 0x2028, message: "contains a line break (U+2028 line separator) at position 2" });
    expect(singleLineProblem("a\u2029b")).toMatchObject({ kind: "line_break", codePoint: 0x2029, message: "contains a line break (U+2029 paragraph separator) at position 2" });
  });

  test("the issue's examples, in words", () => {
    expect(singleLineProblem("CEO\r\nBcc: x@evil.test")?.message).toBe("contains a line break (U+000D carriage return) at position 4");
    expect(singleLineProblem("Leads\n")?.message).toBe("contains a line break (U+000A line feed) at position 6");
    expect(singleLineProblem("a\u0000b")?.message).toBe("contains a control character (U+0000 NUL) at position 2");
    expect(singleLineProblem("\u001b[31mred")?.message).toBe("contains a control character (U+001B escape) at position 1");
    expect(singleLineProblem("tab\there")?.message).toBe("contains a control character (U+0009 tab) at position 4");
    expect(singleLineProblem("a\u0085b")?.message).toBe("contains a line break (U+0085 next line) at position 2");
    expect(singleLineProblem("a\u009bb")?.message).toBe("contains a control character (U+009B) at position 2");
  });

  test("positions count code points, so a character outside the BMP counts once", () => {
    expect(singleLineProblem("😀😀\n")?.position).toBe(3);
  });

  test("refuses lone surrogates (either half), accepts pairs", () => {
    expect(singleLineProblem("a\ud800b")).toMatchObject({ kind: "lone_surrogate", codePoint: 0xd800, position: 2 });
    expect(singleLineProblem("a\udfff")).toMatchObject({ kind: "lone_surrogate", codePoint: 0xdfff, position: 2 });
    expect(singleLineProblem("\ud83d")).toMatchObject({ kind: "lone_surrogate", position: 1 });
    expect(singleLineProblem("\ude00\ud83d")).toMatchObject({ kind: "lone_surrogate", codePoint: 0xde00, position: 1 });
    expect(singleLineProblem("a\ud83d\ude00b")).toBeNull();
  });

  test("accepts printable text: spaces, accents, scripts, bidi marks in names, U+00A0 and the edges of each range", () => {
    for (const s of ["Ada Lovelace", "Zoë O'Brien", "Ümit Çelik", "東京", "שלום\u200f", "a\u00a0b", chr(0x20), chr(0x7e), chr(0xa0), chr(0x2027), chr(0x202a), chr(0xfeff), ""]) {
      expect({ s, p: singleLineProblem(s) }).toEqual({ s, p: null });
    }
  });
});

describe("multiLineProblem", () => {
  test("allows LF, tab and CRLF", () => {
    expect(multiLineProblem("line one\nline two\tcolumn\r\nline three")).toBeNull();
  });

  test("refuses a CR that is not followed by LF", () => {
    expect(multiLineProblem("a\rb")?.message).toBe("contains a carriage return (U+000D) not followed by a line feed at position 2");
    expect(multiLineProblem("a\r")?.position).toBe(2);
    expect(multiLineProblem("a\r\rb")?.position).toBe(2);
  });

  test("refuses every other C0 control, DEL, every C1 control, U+2028/U+2029 and lone surrogates", () => {
    for (const cp of [...C0.filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d), 0x7f, ...C1, 0x2028, 0x2029, 0xd800, 0xdc00]) {
      expect({ cp, p: multiLineProblem(`x${String.fromCharCode(cp)}y`)?.codePoint }).toEqual({ cp, p: cp });
    }
    expect(multiLineProblem("note\u0000")?.message).toBe("contains a control character (U+0000 NUL) at position 5");
    expect(multiLineProblem("note\u001b[0m")?.message).toBe("contains a control character (U+001B escape) at position 5");
  });
});

describe("addressProblem", () => {
  test("refuses every bidi control, naming it", () => {
    for (const cp of BIDI) expect({ cp, kind: addressProblem(`ab${chr(cp)}@example.com`)?.kind }).toEqual({ cp, kind: "bidi_control" });
    expect(addressProblem("moc.elpmaxe\u202e@x.test")?.message).toBe("contains a bidirectional control (U+202E right-to-left override) at position 12");
  });

  test("refuses what single-line text refuses", () => {
    for (const cp of [...C0, 0x7f, ...C1, 0x2028, 0x2029]) expect(addressProblem(`a${chr(cp)}@example.com`)?.codePoint).toBe(cp);
    expect(addressProblem("a\ud800@example.com")?.kind).toBe("lone_surrogate");
  });

  test("accepts addresses, IDN and UTF-8 local parts, and the characters next to the bidi ranges", () => {
    for (const s of ["jane@example.com", "Üser@bücher.example", "x@例え.テスト", ...[0x061b, 0x061d, 0x200d, 0x2010, 0x202f, 0x2065, 0x206a].map((cp) => `a${chr(cp)}b`)]) {
      expect({ s, p: addressProblem(s) }).toEqual({ s, p: null });
    }
  });
});

describe("textProblem and assertText", () => {
  test("textProblem picks the rule by name", () => {
    expect(textProblem("single-line", "a\nb")?.kind).toBe("line_break");
    expect(textProblem("multi-line", "a\nb")).toBeNull();
    expect(textProblem("address", "a\u202eb")?.kind).toBe("bidi_control");
    expect(textProblem("single-line", "a\u202eb")).toBeNull();
  });

  test("assertText throws a 422 field error with code format, the pointer and the field's name", () => {
    expect(() => assertText("single-line", "Leads", "/name")).not.toThrow();
    try {
      assertText("single-line", "Le\nads", "/name");
      throw new Error("unreachable");
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).errors).toEqual([{ pointer: "/name", code: "format", detail: "name contains a line break (U+000A line feed) at position 3." }]);
    }
  });
});

describe("normalizeLineBreaks", () => {
  test("CRLF becomes LF; LF and tabs stay", () => {
    expect(normalizeLineBreaks("a\r\nb\r\n\tc\nd")).toBe("a\nb\n\tc\nd");
    expect(normalizeLineBreaks("plain")).toBe("plain");
  });
});

describe("foldLineBreaks", () => {
  test("every run of line breaks, with the spaces and tabs around it, becomes one space", () => {
    expect(foldLineBreaks("Jean\nDupont")).toBe("Jean Dupont");
    expect(foldLineBreaks("Jean\r\nDupont")).toBe("Jean Dupont");
    expect(foldLineBreaks("Jean \r\n\r\n  Dupont")).toBe("Jean Dupont");
    expect(foldLineBreaks("a\rb\u000bc\u000cd\u0085e\u2028f\u2029g")).toBe("a b c d e f g");
    expect(foldLineBreaks("Ada\n")).toBe("Ada ");
  });

  test("answers the same string when there is nothing to fold; other controls stay for the check to refuse", () => {
    const s = "Ada Lovelace";
    expect(foldLineBreaks(s)).toBe(s);
    expect(foldLineBreaks("a\tb\u0000c")).toBe("a\tb\u0000c");
    expect(singleLineProblem(foldLineBreaks("CEO\r\nBcc: x@evil.test"))).toBeNull();
  });
});

describe("headerText (the check when a header is built)", () => {
  test("answers a clean value", () => {
    expect(headerText("Subject", "Hello Ada")).toBe("Hello Ada");
    expect(headerText("To", "ada@example.com", "address")).toBe("ada@example.com");
  });

  test("throws on a line break or control character, naming the header and the character", () => {
    expect(() => headerText("Subject", "Hi\r\nBcc: x@evil.test")).toThrow(new HeaderTextError("Subject", singleLineProblem("Hi\r\nBcc: x@evil.test")!));
    expect(() => headerText("Subject", "Hi\r\nBcc: x@evil.test")).toThrow("Subject header value contains a line break (U+000D carriage return) at position 3");
  });

  test("an address header refuses bidi controls too; a text header does not", () => {
    expect(() => headerText("From", "ab\u202e@example.com", "address")).toThrow(HeaderTextError);
    expect(headerText("Subject", "שלום\u200f")).toBe("שלום\u200f");
  });
});

test("describeCodePoint pads and names", () => {
  expect(describeCodePoint(0x0a)).toBe("U+000A line feed");
  expect(describeCodePoint(0x1f600)).toBe("U+1F600");
});
