// Running a phrase list only at the word starts its entries can begin with
// (src/lib/word-starts.ts) must find exactly what a scan finds: these read every
// list the classifier and the responder reader run, over the labelled replies,
// sentences of the classifier's tests mixed at random, and texts after other
// lists' matches were blanked (as the intent scorer masks what it has read).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hasMatch, keysOf, matchesOf, WordStarts } from "../../src/lib/word-starts";
import * as cues from "../../src/modules/inbox/classifier/cues";
import { anyOf, fold } from "../../src/modules/inbox/classifier/fold";
import { visibleText } from "../../src/modules/inbox/classifier/visible";
import { parseMessage } from "../../src/smtp-in/bounces/mime";

const root = join(import.meta.dir, "../..");

describe("what a pattern's matches begin with", () => {
  const keys = (src: string) => {
    const k = keysOf(src);
    return k && [...k].sort();
  };

  test("literal words, groups of alternatives, optional letters", () => {
    expect(keys("not interested|no thanks")).toEqual(["no ", "not"]);
    expect(keys("(?:can|could) you")).toEqual(["can", "cou"]);
    expect(keys("e-?mail")).toEqual(["e-m", "ema"]);
    expect(keys("it'?s")).toEqual(["it'", "its"]);
    expect(keys("(?:the )?team")).toEqual(["tea", "the"]);
  });

  test("a class of digits or a repeated atom ends the key after one character of it", () => {
    expect(keys("[0-9]{1,2}h")).toEqual("0123456789".split(""));
    expect(keys("q[1-4]")).toEqual(["q1", "q2", "q3", "q4"]);
    expect(keys("go+d")).toEqual(["go"]);
  });

  test("lookarounds are zero-width: the key goes on past them", () => {
    expect(keys("(?<=^|[.] )ci sto(?= ?[.!])")).toEqual(["ci "]);
  });

  test("an entry that may begin with punctuation, a wide class or \\w cannot be indexed", () => {
    expect(keysOf("\\(cc'?e?d\\)")).toBeNull();
    expect(keysOf("'s ochtends")).toBeNull();
    expect(keysOf("\\w+ing")).toBeNull();
    expect(keysOf("[^ ]+ later")).toBeNull();
    expect(keysOf("(?:very )?|nothing")).toBeNull(); // an empty entry matches anywhere
  });
});

// ---- the same matches as a scan, on real and mixed text

const lists = Object.entries(cues).filter((e): e is [string, RegExp] => e[1] instanceof RegExp);

function corpus(): string[] {
  const dir = join(root, "test/fixtures/inbox");
  const texts = readdirSync(dir).map((f) => {
    try {
      return visibleText(parseMessage(readFileSync(join(dir, f))));
    } catch {
      return "";
    }
  });
  const sentences: string[] = [];
  for (const f of readdirSync(join(root, "test/unit")).filter((f) => f.startsWith("inbox-classifier"))) {
    for (const m of readFileSync(join(root, "test/unit", f), "utf8").matchAll(/"((?:[^"\\\n]|\\.){12,300})"/g)) sentences.push(m[1]!.replace(/\\n/g, "\n").replace(/\\(.)/g, "$1"));
  }
  let seed = 11;
  const pick = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  for (let i = 0; i < 600; i++) texts.push(Array.from({ length: 1 + pick(10) }, () => sentences[pick(sentences.length)]).join(pick(3) ? " " : "\n"));
  return texts.map(fold);
}

const texts = corpus();

test("every list the classifier runs finds the same matches at its places as a scan, and tests the same", () => {
  let compared = 0;
  for (const f of texts) {
    const starts = new WordStarts(f);
    for (const [name, re] of lists) {
      if (!re.global) {
        expect({ name, f, has: hasMatch(re, f, starts) }).toEqual({ name, f, has: re.test(f) });
        continue;
      }
      const scan = [...f.matchAll(re)].map((m) => [m.index, m[0]]);
      expect({ name, f, found: matchesOf(re, f, starts).map((m) => [m.index, m[0]]) }).toEqual({ name, f, found: scan });
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(10_000);
  // most lists are indexed (two begin with punctuation in some entry and are scanned)
  const indexed = lists.filter(([, re]) => re.source.startsWith("(?<![a-z0-9])") && keysOf(re.source.slice(13)) !== null);
  expect(indexed.length).toBeGreaterThan(25);
});

test("after other lists' matches are blanked, the index kept by blanked() still finds what a scan finds", () => {
  const maskers = [cues.NEUTRAL_IDIOMS, cues.REFUSAL, cues.NOT_NOW, cues.SEND_INVITE, cues.WRONG_PERSON];
  for (const original of texts) {
    let f = original;
    const starts = new WordStarts(f);
    for (const masker of maskers) {
      const found = matchesOf(masker, f, starts);
      for (const m of found) {
        f = f.slice(0, m.index) + " ".repeat(m[0].length) + f.slice(m.index + m[0].length);
        starts.blanked(f, m.index, m.index + m[0].length);
      }
      for (const re of [cues.INTEREST, cues.MEETING, cues.LATER, cues.HEDGE, cues.MOVED]) {
        expect(matchesOf(re, f, starts).map((m) => [m.index, m[0]])).toEqual([...f.matchAll(re)].map((m) => [m.index, m[0]]));
      }
    }
  }
});

test("a word start's code reads at most three characters of the alphabet: punctuation ends it", () => {
  const starts = new WordStarts("i'm in, q3; well-known x");
  expect([...starts.at.subarray(0, starts.count)]).toEqual([0, 2, 4, 8, 12, 17, 23]);
  // "in," and "in " differ in their third character: a list of "in " finds nothing at "in,"
  expect(matchesOf(/(?<![a-z0-9])(?:in (?:q3|march))(?![a-z0-9])/g, "i'm in, q3; in q3", new WordStarts("i'm in, q3; in q3")).map((m) => m.index)).toEqual([12]);
});

test("at a place only the entries that may begin there run, in the list's order: the same first match, the same groups", () => {
  const list = anyOf(["book (?:a|the) call", "book(?:ing)? (?:a )?(?:meeting|call)", "booked", "call me", "calendly", "(?<=please )call back"]);
  for (const f of ["please book a call", "booking a meeting", "we booked it", "call me maybe", "please call back", "calendly link", "a bookish call"]) {
    const starts = new WordStarts(f);
    expect({ f, found: matchesOf(list, f, starts).map((m) => [m.index, m[0]]) }).toEqual({ f, found: [...f.matchAll(list)].map((m) => [m.index, m[0]]) });
  }
  // a list with capturing groups runs whole at each place (a subset would renumber its groups)
  const captured = anyOf(["(next|this) (week|month)", "in (january|february)"]);
  const f = "maybe next month or in february";
  expect(matchesOf(captured, f, new WordStarts(f)).map((m) => [...m])).toEqual([...f.matchAll(captured)].map((m) => [...m]));
});
