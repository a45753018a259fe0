// Spintax `{a|b|c}` in campaign templates, compiled INTO the liquid template rather than spun as
// text: each group becomes a `{% spin_ N %}a{% or_ %}b{% or_ %}c{% endspin_ %}` block that picks
// its option while rendering, from the render's seed. So
// - the source is parsed by liquid once per variant (a per-message text spin would give every
//   combination of choices its own parse: 3^5 = 243 parses for five three-way groups);
// - person data is never spun: only braces written in the template become blocks;
// - a liquid block that opens in one option and closes in another (or outside the group) is a
//   parse error, so every choice a seed can make yields a well-formed template.
//
// What counts as spintax: a single `{` that is closed by its `}` and holds a `|` at its own
// level. `{{ … }}` and `{% … %}` are liquid's (quotes inside `{{ }}` honoured, as liquid does), and
// text inside `{% raw %}` or `{% comment %}` is left alone. Braces without a `|` are plain text
// (CSS in a <style> block, JSON), as is a `|` outside any brace. `{{{first_name}}|there}` reads as
// a group opening on a liquid output. To write a literal `{a|b}`, print it: `{{ "{a|b}" }}`.
// Unbalanced: a `{` never closed with a `|` at its level, or a `}` closing nothing after a `|` on
// the same line.
import { Tag, type Context, type Emitter, type Liquid, type Parser, type TagToken, type Template, type TopLevelToken } from "liquidjs";

export const SPIN_TAG = "spin_";
const OR_TAG = "or_";
const END_TAG = "endspin_";
/** Liquid tag names that only exist as compiled spintax: an error naming one is about a group. */
export const SPINTAX_TAGS: readonly string[] = [SPIN_TAG, OR_TAG, END_TAG];

/** Where the render's seed hash sits in the liquid scope: a symbol, so no template can read it. */
export const SPIN_SEED = Symbol("spin seed");

export type CompiledSpintax =
  | { ok: true; liquid: string; groups: number; toSource: (offset: number) => number }
  | { ok: false; offset: number; detail: string };

interface Group {
  open: number;
  pipes: number[];
  close: number;
  children: Group[];
}

/** Turns the template's spintax into spin blocks; `toSource` maps an offset of the result back to the template. */
export function compileSpintax(source: string): CompiledSpintax {
  const roots: Group[] = [];
  const stack: Group[] = [];
  let strayPipe = -1; // a `|` outside any group since the last line break or top-level group
  let i = 0;
  const n = source.length;
  let commentDepth = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 0x7b /* { */ && i + 1 < n) {
      const next = source[i + 1];
      const afterNext = source[i + 2];
      if ((next === "{" || next === "%") && !(next === "{" && afterNext === "{") && !(next === "{" && afterNext === "%")) {
        const end = next === "{" ? endOfOutput(source, i + 2) : source.indexOf("%}", i + 2);
        if (end < 0) break; // liquid reports the unclosed tag or output when it parses
        if (next === "%") {
          const name = /^-?\s*(\w+)/.exec(source.slice(i + 2, Math.min(end, i + 40)))?.[1];
          if (name === "raw") {
            const close = /\{%-?\s*endraw\s*-?%\}/g;
            close.lastIndex = end + 2;
            const m = close.exec(source);
            if (!m) break; // liquid reports it
            i = m.index + m[0].length;
            continue;
          }
          if (name === "comment") commentDepth++;
          else if (name === "endcomment" && commentDepth > 0) commentDepth--;
          i = end + 2;
        } else {
          i = end + 2;
        }
        continue;
      }
    }
    if (commentDepth === 0) {
      if (c === 0x7b) {
        stack.push({ open: i, pipes: [], close: -1, children: [] });
      } else if (c === 0x7c /* | */) {
        if (stack.length > 0) stack[stack.length - 1].pipes.push(i);
        else strayPipe = i;
      } else if (c === 0x7d /* } */) {
        const g = stack.pop();
        if (g) {
          g.close = i;
          (stack.length > 0 ? stack[stack.length - 1].children : roots).push(g);
          if (stack.length === 0) strayPipe = -1;
        } else if (strayPipe >= 0) {
          return { ok: false, offset: i, detail: "spintax: this '}' closes no '{' (a group is written {a|b})" };
        }
      } else if (c === 0x0a && stack.length === 0) {
        strayPipe = -1;
      }
    }
    i++;
  }
  // Unclosed braces: with a `|` at their level they were meant as spintax; without, they are text
  // (a stray `{` in prose or CSS), and the groups closed inside them still count.
  while (stack.length > 0) {
    const g = stack.pop()!;
    if (g.pipes.length > 0) return { ok: false, offset: g.open, detail: "spintax: this '{' is never closed with '}'" };
    (stack.length > 0 ? stack[stack.length - 1].children : roots).push(...g.children);
  }

  // Replacements in source order; groups without a `|` stay as text, their children still spin.
  const edits: Array<{ at: number; text: string }> = [];
  let groups = 0;
  const visit = (g: Group) => {
    const spins = g.pipes.length > 0;
    if (spins) {
      edits.push({ at: g.open, text: `{% ${SPIN_TAG} ${groups++} %}` });
      for (const p of g.pipes) edits.push({ at: p, text: `{% ${OR_TAG} %}` });
      edits.push({ at: g.close, text: `{% ${END_TAG} %}` });
    }
    for (const child of g.children) visit(child);
  };
  for (const g of roots) visit(g);
  if (edits.length === 0) return { ok: true, liquid: source, groups: 0, toSource: (o) => o };
  edits.sort((a, b) => a.at - b.at);

  // Each edit replaces one source character; `marks` pairs output offsets with source offsets.
  let out = "";
  let from = 0;
  const outAt: number[] = [];
  const srcAt: number[] = [];
  for (const e of edits) {
    out += source.slice(from, e.at);
    outAt.push(out.length);
    srcAt.push(e.at);
    out += e.text;
    from = e.at + 1;
    outAt.push(out.length);
    srcAt.push(from);
  }
  out += source.slice(from);
  const toSource = (offset: number) => {
    let lo = 0;
    let hi = outAt.length - 1;
    if (offset < outAt[0]) return offset;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (outAt[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    // Inside an inserted tag: the brace or bar it replaced. Past one: the same distance after it.
    const even = lo % 2 === 0;
    return even ? srcAt[lo] : srcAt[lo] + (offset - outAt[lo]);
  };
  return { ok: true, liquid: out, groups, toSource };
}

/** End of a `{{ … }}` whose content starts at `from` (index of the first `}`), honouring quotes as liquid does; -1 if none. */
function endOfOutput(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s[i];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    if (c === "}" && s[i + 1] === "}") return i;
    i++;
  }
  return -1;
}

// Choices: a 32-bit hash of the field and the seed, mixed with the group's index. FNV-1a alone
// spreads sequential ids poorly in the low bits; murmur3's finaliser fixes that.
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The seed hash one template's groups choose from (`salt` keeps a message's fields independent). */
export function seedHash(seed: string, salt: string): number {
  let h = 0x811c9dc5;
  const s = `${salt}\u0000${seed}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h >>> 0);
}

/** Which of `options` the group numbered `index` shows for this seed hash. */
export function choose(seed: number, index: number, options: number): number {
  return fmix32((seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0) % options;
}

/** The liquid block a compiled group is: its options are parsed like any block body. */
class SpinTag extends Tag {
  private readonly index: number;
  private readonly options: Template[][] = [];

  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    this.index = Number.parseInt(token.args, 10) || 0;
    let current: Template[] = [];
    this.options.push(current);
    const stream = parser.parseStream(remain);
    stream
      .on(`tag:${OR_TAG}`, () => {
        current = [];
        this.options.push(current);
      })
      .on(`tag:${END_TAG}`, () => stream.stop())
      .on("template", (t: Template) => current.push(t))
      .on("end", () => {
        throw new Error("spintax group not closed");
      })
      .start();
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const seed = (ctx.environments as Record<symbol, unknown>)[SPIN_SEED];
    const pick = choose(typeof seed === "number" ? seed : 0, this.index, this.options.length);
    yield this.liquid.renderer.renderTemplates(this.options[pick], ctx, emitter);
  }

  // Static analysis (merge-tag checks) sees every option, not only the one a seed picks.
  *children(): Generator<unknown, Template[], unknown> {
    return this.options.flat();
  }
}

/** Teaches an engine the compiled groups. */
export function registerSpintax(liquid: Liquid): void {
  liquid.registerTag(SPIN_TAG, SpinTag);
}
