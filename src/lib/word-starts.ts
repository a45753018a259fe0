// Running a phrase list only where it can match. A list of whole words and
// phrases — `(?<![a-z0-9])(?:…)(?![a-z0-9])` over folded text, as the inbox
// classifier and the auto-reply wording build them — matches only at a word
// start, and each of its entries begins with characters that can be read off
// its source ("not interested" with "not", "(?:can|could) you" with "can" or
// "cou", "i'm" with "i'm"). A text's word starts, indexed once by the three
// characters each begins with, name the few places worth trying, and the list
// runs sticky at those alone: the same matches as a scan. A scan tries every
// entry at every word start (~100 ns a word start for a list of 300 entries; a
// long reply has 700 word starts and is read by some 40 lists). At a place only
// the entries that may begin with its first letters run, in the list's order
// (the others cannot match there): a sticky run of a whole list of 300 entries
// cost ~2 µs a place. A list with an entry that may begin otherwise
// (punctuation, "\w", a wide class) is scanned.

const MAX_KEY = 3;
const MAX_KEYS = 4_000;
const WORD_START = "(?<![a-z0-9])";

const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
/** What a key is written in: a-z 1–26, 0-9 27–36, space, apostrophe, hyphen; 0 for anything else (the key ends). */
function unit(c: number): number {
  if (c >= 97 && c <= 122) return c - 96;
  if (c >= 48 && c <= 57) return c - 21;
  return c === 32 ? 37 : c === 39 ? 38 : c === 45 ? 39 : 0;
}
const U = 40;
const CODES = U * U * U;

/** The code of the (up to) three characters at `i`, 0 for what follows the first one outside the alphabet. */
function codeAt(f: string, i: number): number {
  const u1 = unit(f.charCodeAt(i));
  const u2 = u1 && i + 1 < f.length ? unit(f.charCodeAt(i + 1)) : 0;
  const u3 = u2 && i + 2 < f.length ? unit(f.charCodeAt(i + 2)) : 0;
  return u1 * U * U + u2 * U + u3;
}

/** A text's word starts (a letter or digit after anything else), each with the code of its first three characters (the first `count` entries). */
export class WordStarts {
  readonly at: Int32Array;
  readonly codes: Int32Array;
  readonly count: number;

  constructor(readonly text: string) {
    const f = text;
    const size = (f.length >> 1) + 1;
    const at = new Int32Array(size);
    const codes = new Int32Array(size);
    let n = 0;
    let prev = false;
    for (let i = 0; i < f.length; i++) {
      const alnum = isAlnum(f.charCodeAt(i));
      if (alnum && !prev) {
        at[n] = i;
        codes[n++] = codeAt(f, i);
      }
      prev = alnum;
    }
    this.at = at;
    this.codes = codes;
    this.count = n;
  }

  /**
   * The same text with [from, to) blanked (a whole match of a list, which
   * begins at a word start and ends before a letter or digit): the word starts
   * inside are gone (code 0) and the codes of those just before it are read anew.
   */
  blanked(text: string, from: number, to: number): void {
    let k = lowerBound(this.at, this.count, from - MAX_KEY + 1);
    for (; k < this.count && this.at[k]! < to; k++) this.codes[k] = this.at[k]! >= from ? 0 : codeAt(text, this.at[k]!);
  }
}

function lowerBound(a: Int32Array, n: number, v: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Plan {
  /** By a word start's code: whether a match may begin there; null: the list is scanned whole. */
  allowed: Uint8Array | null;
  sticky: RegExp;
  /**
   * The list's alternatives, each with the codes it may begin at (null: the whole list runs at each place). At a
   * place only the alternatives that may begin there run, in their order: a list of 300 entries would otherwise try
   * every one of them at every place (~2 µs), where the few that share the place's first letters decide.
   */
  alternatives: { source: string; ranges: [number, number][] }[] | null;
  /** By code: the sticky list of the alternatives that may begin there (built on first use). */
  byCode: Map<number, RegExp>;
  flags: string;
}

const plans = new WeakMap<RegExp, Plan>();
/** The tail every list ends with: a whole word. */
const WORD_END = "(?![a-z0-9])";

function planOf(re: RegExp): Plan {
  let plan = plans.get(re);
  if (!plan) {
    const body = re.flags.includes("i") || !re.source.startsWith(WORD_START) ? null : re.source.slice(WORD_START.length);
    const keys = body === null ? null : keysOf(body);
    const flags = re.flags.replace("g", "") + "y";
    plan = { allowed: keys && allowedCodes(keys), sticky: new RegExp(re.source, flags), alternatives: keys && body !== null ? alternativesOf(body) : null, byCode: new Map(), flags };
    plans.set(re, plan);
  }
  return plan;
}

/** The code ranges [from, to) that begin with one of `keys` (a key shorter than three characters stands for all that follow it). */
function codeRanges(keys: Iterable<string>): [number, number][] {
  const out: [number, number][] = [];
  for (const key of keys) {
    const u = [...key].map((c) => unit(c.charCodeAt(0)));
    const base = u[0]! * U * U + (u[1] ?? 0) * U + (u[2] ?? 0);
    out.push([base, base + (u.length === 1 ? U * U : u.length === 2 ? U : 1)]);
  }
  return out;
}

/** Every code that begins with one of `keys`. */
function allowedCodes(keys: ReadonlySet<string>): Uint8Array {
  const out = new Uint8Array(CODES);
  for (const [from, to] of codeRanges(keys)) out.fill(1, from, to);
  return out;
}

/**
 * The top-level alternatives of a list's body "(?:a|b|…)(?![a-z0-9])" with the codes each may begin at; null when
 * the body has another shape or a capturing group (a subset would number its groups otherwise).
 */
function alternativesOf(body: string): Plan["alternatives"] {
  if (!body.startsWith("(?:") || !body.endsWith(`)${WORD_END}`)) return null;
  const inner = body.slice(3, body.length - WORD_END.length - 1);
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") {
      // a capturing group, named or not (a lookbehind "(?<=", "(?<!" is not one)
      if (inner[i + 1] !== "?" || (inner[i + 2] === "<" && inner[i + 3] !== "=" && inner[i + 3] !== "!")) return null;
      depth++;
    } else if (c === ")") {
      if (--depth < 0) return null;
    } else if (c === "|" && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0 || inClass) return null;
  parts.push(inner.slice(from));
  const out: NonNullable<Plan["alternatives"]> = [];
  for (const source of parts) {
    const keys = keysOf(source);
    if (!keys) return null;
    out.push({ source, ranges: codeRanges(keys) });
  }
  return out;
}

/** The sticky list of the alternatives that may begin at a word start of `code`, in the list's order. */
function stickyAt(plan: Plan, code: number): RegExp {
  let re = plan.byCode.get(code);
  if (!re) {
    const alts = plan.alternatives!.filter((a) => a.ranges.some(([from, to]) => code >= from && code < to)).map((a) => a.source);
    re = alts.length ? new RegExp(`${WORD_START}(?:${alts.join("|")})${WORD_END}`, plan.flags) : plan.sticky;
    plan.byCode.set(code, re);
  }
  return re;
}

// the places of the list being run, and their codes (one list runs at a time: these functions do not yield)
let scratch = new Int32Array(1024);
let scratchCodes = new Int32Array(1024);

/** How many word starts `re` may match at (their positions in `scratch`), or -1 when it is to be scanned whole. */
function places(plan: Plan, starts: WordStarts): number {
  const { allowed } = plan;
  if (!allowed) return -1;
  const { at, codes, count } = starts;
  if (scratch.length < count) (scratch = new Int32Array(count)), (scratchCodes = new Int32Array(count));
  const out = scratch;
  // never scanned for having many places: a scan tries the whole list at every character (a list of 300 entries
  // over a 5 KB reply: ~250 µs), the sticky runs at its word starts only (~20 µs at half of them)
  let n = 0;
  for (let k = 0; k < count; k++) {
    if (allowed[codes[k]!] === 0) continue;
    scratchCodes[n] = codes[k]!;
    out[n++] = at[k]!;
  }
  return n;
}

/**
 * Every match of `re` (a global list of whole words, see the top) in `text`,
 * as matchAll finds them. `starts` indexes `text` (blanked() keeps it so).
 */
export function matchesOf(re: RegExp, text: string, starts: WordStarts): RegExpExecArray[] {
  const plan = planOf(re);
  const n = places(plan, starts);
  if (n < 0) {
    re.lastIndex = 0;
    return [...text.matchAll(re)];
  }
  const out: RegExpExecArray[] = [];
  let from = 0;
  for (let i = 0; i < n; i++) {
    const p = scratch[i]!;
    if (p < from) continue;
    const sticky = plan.alternatives ? stickyAt(plan, scratchCodes[i]!) : plan.sticky;
    sticky.lastIndex = p;
    const m = sticky.exec(text);
    if (!m) continue;
    out.push(m);
    from = p + Math.max(1, m[0].length);
  }
  return out;
}

/** Whether `re` (a list of whole words, see the top) matches in `text`, as re.test would answer. */
export function hasMatch(re: RegExp, text: string, starts: WordStarts): boolean {
  const plan = planOf(re);
  const n = places(plan, starts);
  if (n < 0) {
    re.lastIndex = 0;
    return re.test(text);
  }
  for (let i = 0; i < n; i++) {
    const sticky = plan.alternatives ? stickyAt(plan, scratchCodes[i]!) : plan.sticky;
    sticky.lastIndex = scratch[i]!;
    if (sticky.test(text)) return true;
  }
  return false;
}

// ---- what a pattern's matches begin with, read off its source

type Atom = { min: number; max: number } & ({ t: "chars"; chars: string[] } | { t: "group"; alts: Atom[][] } | { t: "zero" } | { t: "other" });

const END: Atom = { t: "other", min: 1, max: 1 };

/** The keys every match of `source` begins with, or null when some entry may begin otherwise. */
export function keysOf(source: string): Set<string> | null {
  let alts: Atom[][];
  try {
    const r = parseAlternatives(source, 0);
    if (r.end !== source.length) return null;
    alts = r.alts;
  } catch {
    return null;
  }
  const out = new Set<string>();
  for (const alt of alts) if (!expand(alt, 0, "", out) || out.size > MAX_KEYS) return null;
  return out;
}

/** Adds what the sequence from `i` begins with, after `prefix`; false when that may be nothing. */
function expand(seq: Atom[], i: number, prefix: string, out: Set<string>): boolean {
  if (prefix.length === MAX_KEY) return out.add(prefix), true;
  if (i === seq.length) return stop(prefix, out);
  const a = seq[i]!;
  if (a.t === "zero") return expand(seq, i + 1, prefix, out);
  if (a.min === 0 && !expand(seq, i + 1, prefix, out)) return false;
  if (a.max === 0) return true;
  // one copy, then on with the rest when there is at most one; else the key ends after it
  const rest = a.max === 1 ? seq.slice(i + 1) : [END];
  if (a.t === "other") return stop(prefix, out);
  if (a.t === "chars") {
    for (const c of a.chars) {
      // a key begins with a letter or digit (a word start) and goes on in the alphabet of unit()
      const code = c.charCodeAt(0);
      if (prefix === "" ? !isAlnum(code) : unit(code) === 0) {
        if (!stop(prefix, out)) return false;
      } else if (!expand(rest, 0, prefix + c, out)) return false;
      if (out.size > MAX_KEYS) return false;
    }
    return true;
  }
  for (const alt of a.alts) {
    if (!expand(alt.concat(rest), 0, prefix, out)) return false;
    if (out.size > MAX_KEYS) return false;
  }
  return true;
}

/** The key ends here: what came before it, unless that is nothing. */
function stop(prefix: string, out: Set<string>): boolean {
  if (prefix === "") return false;
  out.add(prefix);
  return true;
}

function parseAlternatives(s: string, i: number): { alts: Atom[][]; end: number } {
  const alts: Atom[][] = [];
  let seq: Atom[] = [];
  while (i < s.length && s[i] !== ")") {
    if (s[i] === "|") {
      alts.push(seq);
      seq = [];
      i++;
      continue;
    }
    const { atom, end } = parseAtom(s, i);
    const q = quantifier(s, end);
    seq.push({ ...atom, min: q.min, max: q.max } as Atom);
    i = q.end;
  }
  alts.push(seq);
  return { alts, end: i };
}

type Bare = { t: "chars"; chars: string[] } | { t: "group"; alts: Atom[][] } | { t: "zero" } | { t: "other" };

function parseAtom(s: string, i: number): { atom: Bare; end: number } {
  const c = s[i]!;
  if (c === "(") {
    const look = /^\(\?(?:=|!|<=|<!)/.exec(s.slice(i, i + 4));
    const open = look ? look[0].length : s.startsWith("(?:", i) ? 3 : s.startsWith("(?<", i) ? s.indexOf(">", i) + 1 - i : 1;
    const inner = parseAlternatives(s, i + open);
    if (s[inner.end] !== ")") throw new Error("unclosed group");
    return { atom: look ? { t: "zero" } : { t: "group", alts: inner.alts }, end: inner.end + 1 };
  }
  if (c === "[") return parseClass(s, i);
  if (c === "^" || c === "$") return { atom: { t: "zero" }, end: i + 1 };
  if (c === ".") return { atom: { t: "other" }, end: i + 1 };
  if (c === "\\") {
    const e = s[i + 1]!;
    if (e === "b" || e === "B") return { atom: { t: "zero" }, end: i + 2 };
    if (e === "d") return { atom: { t: "chars", chars: [..."0123456789"] }, end: i + 2 };
    if (/[a-zA-Z0-9]/.test(e)) return { atom: { t: "other" }, end: i + 2 }; // \w \s \u… \x… back-references
    return { atom: { t: "chars", chars: [e] }, end: i + 2 };
  }
  if ("?*+{".includes(c)) throw new Error("quantifier without an atom");
  return { atom: { t: "chars", chars: [c] }, end: i + 1 };
}

/** A class of letters and digits (and whatever else, which ends a key); a negated or wide one is unknown. */
function parseClass(s: string, i: number): { atom: Bare; end: number } {
  let j = i + 1;
  const negated = s[j] === "^";
  if (negated) j++;
  const chars = new Set<string>();
  let known = true;
  while (j < s.length && s[j] !== "]") {
    let c = s[j]!;
    if (c === "\\") {
      const e = s[j + 1]!;
      j += 2;
      if (e === "d") "0123456789".split("").forEach((d) => chars.add(d));
      else if (/[a-zA-Z0-9]/.test(e)) known = false;
      else chars.add(e);
      continue;
    }
    j++;
    if (s[j] === "-" && s[j + 1] !== "]" && j + 1 < s.length) {
      const to = s[j + 1] === "\\" ? null : s[j + 1]!;
      j += to === null ? 3 : 2;
      if (to === null) known = false;
      else for (let k = c.charCodeAt(0); k <= to.charCodeAt(0); k++) chars.add(String.fromCharCode(k));
      continue;
    }
    chars.add(c);
  }
  if (s[j] !== "]") throw new Error("unclosed class");
  const end = j + 1;
  if (negated || !known || chars.size > 40) return { atom: { t: "other" }, end };
  return { atom: { t: "chars", chars: [...chars] }, end };
}

function quantifier(s: string, i: number): { min: number; max: number; end: number } {
  let q: { min: number; max: number; end: number };
  const c = s[i];
  if (c === "?") q = { min: 0, max: 1, end: i + 1 };
  else if (c === "*") q = { min: 0, max: Infinity, end: i + 1 };
  else if (c === "+") q = { min: 1, max: Infinity, end: i + 1 };
  else {
    const m = c === "{" ? /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i, i + 12)) : null;
    if (!m) return { min: 1, max: 1, end: i };
    q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]), end: i + m[0].length };
  }
  if (s[q.end] === "?") q.end++; // lazy: the same text may match
  return q;
}
