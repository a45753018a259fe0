// The phrase lists are wrapped as whole words: (?<![a-z0-9])(?:…)(?![a-z0-9]).
// An alternative that ends in a space ("senta (?:pure)?") can then never be
// followed by a word, and silently matches nothing useful; one that starts by
// consuming the punctuation before it ("(?:^|[,.] )so no") can then only match
// at the text's start (the character before the comma is a letter): it must
// look behind instead ("(?<=^|[,.] )so no"). This reads every list entry of
// the classifier's and the responder reader's sources and refuses them (and, below,
// a group that mixes a trailing space with a final letter before a word).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keysOf } from "../../src/lib/word-starts";
import * as cues from "../../src/modules/inbox/classifier/cues";

const FILES = ["src/modules/inbox/classifier/cues.ts", "src/modules/inbox/classifier/unsubscribe.ts", "src/modules/inbox/classifier/on-behalf.ts", "src/modules/inbox/classifier/company-wide.ts", "src/smtp-in/bounces/auto-reply.ts"];

/** The alternatives of a regex source at its top level. */
function alternatives(src: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  let escaped = false;
  let inClass = false;
  for (const ch of src) {
    if (escaped) {
      cur += ch;
      escaped = false;
      continue;
    }
    if (ch === "\\") escaped = true;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "|" && depth === 0) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

/** The alternative without its trailing optional groups and lookarounds: what it may end with. */
function end(alt: string): string {
  let prev = "";
  while (prev !== alt) {
    prev = alt;
    alt = alt.replace(/\((?:\?[:=!<][=!]?)?(?:[^()]|\([^()]*\))*\)[?*]$/, "").replace(/\(\?[=!](?:[^()]|\([^()]*\))*\)$/, "");
  }
  return alt;
}

/** Every list entry of the files, as regex source: one per line, "…" or `…` (template entries). */
function entries(): { file: string; source: string }[] {
  const out: { file: string; source: string }[] = [];
  for (const file of FILES) {
    const text = readFileSync(join(import.meta.dir, "../..", file), "utf8");
    for (const m of text.matchAll(/^\s+["`]((?:[^"`\\]|\\.)*)["`],?$/gm)) out.push({ file, source: m[1]!.replace(/\\\\/g, "\\") });
  }
  return out;
}

test("no phrase list alternative can only end in a space", () => {
  const dead: string[] = [];
  for (const { file, source } of entries()) for (const alt of alternatives(source)) if (/ \)*$/.test(end(alt))) dead.push(`${file}: ${alt.slice(-50)}`);
  expect(dead).toEqual([]);
});

test("no phrase list alternative starts by consuming the punctuation before it", () => {
  const dead: string[] = [];
  for (const { file, source } of entries()) for (const alt of alternatives(source)) if (/^\(\?:\^\|\[/.test(alt)) dead.push(`${file}: ${alt.slice(0, 50)}`);
  expect(dead).toEqual([]);
});

/** The non-capturing groups of a regex source, each with the characters that follow it. */
function groups(src: string): [string, string][] {
  const out: [string, string][] = [];
  const open: number[] = [];
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") open.push(i);
    else if (c === ")") {
      const at = open.pop();
      if (at !== undefined && src.startsWith("(?:", at)) out.push([src.slice(at + 3, i), src.slice(i + 1, i + 4)]);
    }
  }
  return out;
}

// "(?:no longer|not (?:being )?)(?:active|monitored)": when a group's other
// alternatives end in a space before the word that follows, one that ends in a
// letter runs into that word ("no longeractive") and never matches.
test("no group mixes alternatives that end in a space with one that ends in a letter before a word", () => {
  const dead: string[] = [];
  for (const { file, source } of entries()) {
    for (const [group, after] of groups(source)) {
      if (!/^(?:[a-z]|\(\?:)/.test(after)) continue;
      const alts = alternatives(group);
      const spaced = alts.some((a) => a.endsWith(" ") || a.endsWith(" )?"));
      const glued = alts.filter((a) => /[a-z0-9)]$/.test(a) && !a.endsWith(" )?"));
      if (spaced && glued.length) dead.push(`${file}: (?:${group.slice(0, 60)})${after}`);
    }
  }
  expect(dead).toEqual([]);
});

test("the checks find such alternatives", () => {
  expect(alternatives("abc def |ghi (?:x )?").map(end).filter((a) => / \)*$/.test(a))).toEqual(["abc def ", "ghi "]);
  expect(groups("x (?:no longer|not (?:being )?)(?:active)").map(([g]) => g)).toEqual(["being ", "no longer|not (?:being )?", "active"]);
});

// A list runs only at the word starts its entries may begin at (src/lib/word-starts.ts) when every entry's first
// characters can be read off its source; one entry that begins with punctuation ("'s out of the question") makes
// the whole list of hundreds of entries run at every word of a reply (REFUSAL so read a reply 35 % slower).
// Only the two lists written to begin anywhere may: FORWARDED ("(fwd)", "+ Jake") and MEETING_TIME ("3pm").
test("every phrase list entry begins with characters the word-start index can read, but those of the two lists that may begin anywhere", () => {
  const mayScan = [cues.FORWARDED.source, cues.MEETING_TIME.source];
  const unread: string[] = [];
  for (const { file, source } of entries()) {
    const entry = source.replace(/^\|/, ""); // the tail of an entry continued over lines
    if (!entry || entry.includes("${") || mayScan.some((s) => s.includes(source))) continue;
    if (keysOf(entry) === null) unread.push(`${file}: ${entry.slice(0, 60)}`);
  }
  expect(unread).toEqual([]);
  expect(keysOf("(?:is|'s|are) out of the question")).toBeNull();
});

// "on (?:${WEEKDAY_NAMES})" in a plain string is never filled in: the entry matches a literal "${…}" and, being
// unreadable to the word-start index, makes its whole list run at every word of a reply
test("no entry in a plain string holds a ${…} placeholder", () => {
  const unfilled: string[] = [];
  for (const file of FILES) {
    for (const line of readFileSync(join(import.meta.dir, "../..", file), "utf8").split("\n")) if (/^\s*"(?:[^"\\]|\\.)*\$\{/.test(line)) unfilled.push(`${file}: ${line.trim().slice(0, 60)}`);
  }
  expect(unfilled).toEqual([]);
});
