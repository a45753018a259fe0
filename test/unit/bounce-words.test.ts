// The two fast paths of the plain-text bounce reader give the answers of the
// regular expressions they stand in for: hasBounceWords (a substring prefilter
// before BOUNCE_WORDS) and originalBegins (ORIGINAL_BEGINS tried at line
// starts only).
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BOUNCE_ANCHORS, BOUNCE_WORDS, hasBounceWords, ORIGINAL_BEGINS, originalBegins } from "../../src/smtp-in/bounces/formats";

/**
 * Every text one alternative of BOUNCE_WORDS matches, for the syntax it uses:
 * literals, escapes, [..] classes, (?:a|b) groups, `?`, and `.{m,n}` (one "x").
 */
function expand(src: string): string[] {
  let i = 0;
  const alternatives = (): string[] => {
    const out = [...sequence()];
    while (src[i] === "|") {
      i++;
      out.push(...sequence());
    }
    return out;
  };
  const sequence = (): string[] => {
    let acc = [""];
    while (i < src.length && src[i] !== "|" && src[i] !== ")") {
      let options = atom();
      if (src[i] === "{") i = src.indexOf("}", i) + 1; // only after "." here
      if (src[i] === "?") {
        i++;
        options = [...options, ""];
      }
      acc = acc.flatMap((a) => options.map((o) => a + o));
    }
    return acc;
  };
  const atom = (): string[] => {
    const c = src[i++]!;
    if (c === "\\") return [src[i++]!];
    if (c === ".") return ["x"];
    if (c === "[") {
      const end = src.indexOf("]", i);
      const chars = [...src.slice(i, end)];
      i = end + 1;
      return chars;
    }
    if (c === "(") {
      expect(src.slice(i, i + 2)).toBe("?:");
      i += 2;
      const inner = alternatives();
      expect(src[i++]).toBe(")");
      return inner;
    }
    return [c];
  };
  const all = alternatives();
  expect(i).toBe(src.length);
  return all;
}

describe("hasBounceWords", () => {
  const texts = expand(BOUNCE_WORDS.source);

  test("every phrase BOUNCE_WORDS matches contains one of the anchors, so the prefilter never hides one", () => {
    expect(texts.length).toBeGreaterThan(100);
    const missed = texts.filter((t) => !BOUNCE_ANCHORS.some((a) => t.toLowerCase().includes(a)));
    expect(missed).toEqual([]);
  });

  test("each phrase is found in any case, inside a longer text", () => {
    for (const t of texts) {
      expect(BOUNCE_WORDS.test(t)).toBe(true);
      expect(hasBounceWords(`Hello,\n\nSorry: ${t.toUpperCase()} - see below.\n`)).toBe(true);
    }
  });

  test("a reply without any bounce phrase is not one", () => {
    expect(hasBounceWords("Hi Ada,\n\nThanks, sounds interesting. Could you send the deck?\n\n> Would a short call work next week?\n")).toBe(false);
  });
});

describe("originalBegins", () => {
  const same = (text: string) => expect(originalBegins(text)).toBe(ORIGINAL_BEGINS.exec(text)?.index ?? -1);

  test("answers where ORIGINAL_BEGINS first matches, whatever the line breaks", () => {
    for (const br of ["\n", "\r\n", "\r", "\u2028"]) {
      same(["Delivery failed.", "", "----- Original message follows -----", "Subject: hi"].join(br));
      same(["  Original message headers:", "x"].join(br));
      same(["no marker here", "-- Below this line is a copy of the message."].join(br));
      same(["Delivery failed", "Content-Type: message/rfc822", "", "----- Original message follows -----"].join(br));
      same(["nothing", "at all", ""].join(br));
      same("");
    }
  });

  const corpus = resolve(import.meta.dir, "../../../shared/corpora/bounces-sisimai/maildir");
  test.skipIf(!existsSync(corpus))("agrees with ORIGINAL_BEGINS on every message of the bounce corpus", () => {
    let n = 0;
    for (const dir of readdirSync(corpus)) {
      for (const f of readdirSync(join(corpus, dir))) {
        same(readFileSync(join(corpus, dir, f), "latin1"));
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
  });
});
