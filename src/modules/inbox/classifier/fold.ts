// Text folded for matching: lower case, accents and ligatures dropped (NFKD),
// typographic quotes and dashes made ASCII, runs of blanks made one space.
// Phrase lists are then written once without accents ("desinscrire" matches
// "désinscrire", "zuruck" matches "zurück"; the letters NFKD keeps whole are
// written out: "wysłać" reads "wysylac", "ønsker" "onsker", "çıkarın" "cikarin").
// Positions are NOT kept: names and addresses are read from the original text,
// never from the folded one.

import { writeOutLetters } from "../../../lib/whole-letters";

const MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_BLANKS = /[ \t]{2,}|\t/g;

export function fold(s: string): string {
  // most text is ASCII: of the passes below only three change it (~3x faster over a reply)
  if (!NON_ASCII.test(s)) return spelledOut((s.indexOf("`") < 0 ? s : s.replace(/`/g, "'")).toLowerCase().replace(ASCII_BLANKS, " "));
  return spelledOut(
    writeOutLetters(s.normalize("NFKD").replace(MARKS, "").toLowerCase())
      .replace(/ß/g, "ss")
      .replace(/[\u2018\u2019\u201a\u201b\u02bc\u00b4`]/g, "'")
      .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/[ \t\u00a0\u2000-\u200b\u202f\u3000]+/g, " "),
  );
}

/**
 * English shorthand of a hurried reply written out, so the lists read it as the words: "happy w/ it", "signed
 * w/ someone else", "w/o a budget", "when r u free", "u r right". Not "u" alone: Dutch "kunt u" is "can you" already
 * (a path or a link, "/w/", is left as it is).
 */
const SHORTHAND = /(?<![a-z0-9'/.:@_-])(?:w\/o(?![a-z0-9])|w\/(?=[ a-z0-9])|r u(?![a-z0-9'])|u r(?![a-z0-9']))/g;
const SPELLED: Record<string, string> = { "w/o": "without", "w/": "with", "r u": "are you", "u r": "you are" };
function spelledOut(f: string): string {
  if (!f.includes("w/") && !f.includes(" u") && !f.includes("u ")) return f;
  return f.replace(SHORTHAND, (m, at: number) => (m === "w/" && f[at + 2] !== " " ? "with " : SPELLED[m]!));
}

/**
 * The quoted stretches of a folded text ('please remove me', "not interested", « désinscrivez-moi »): words
 * quoted are mentioned, not said. An apostrophe inside a word ("don't") opens none, and may stand inside double
 * quotes ("let's discuss on a call").
 */
const QUOTED = /(?<![\p{L}\p{N}])(?:"(?! )[^"\n]{1,80}?(?<! )"|'(?! )[^"'\n]{1,80}?(?<! )')(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])" [^"\n]{1,80}? "(?![\p{L}\p{N}])/gu;
export function quotedSpans(folded: string): [number, number][] {
  if (!folded.includes('"') && !folded.includes("'")) return [];
  return [...folded.matchAll(QUOTED)].map((m) => [m.index!, m.index! + m[0].length]);
}
/** Whether [from, to) lies inside one of `spans`. */
export const inQuotes = (spans: readonly [number, number][], from: number, to: number) => spans.some(([a, b]) => from > a && to < b);

/** Words of a phrase list joined into one alternation (each entry is regex source, already folded). */
export function anyOf(entries: readonly string[], flags = "g"): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${entries.join("|")})(?![a-z0-9])`, flags);
}
