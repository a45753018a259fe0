// The text part of simple HTML, written the way html-to-text writes it with
// mime.ts's options (word wrap at 76, images skipped, links as "text [href]"
// unless the text is the href, headings as they are), without building a DOM
// or matching selectors: html-to-text spent ~0.2 ms on a 5 KB note of a few
// paragraphs, more than the rest of the message's rendering.
//
// "Simple": text, entities from a short list, and the elements p, br, a, img,
// div and its kin (section, article, header, footer, main, nav, aside), h1–h6
// and inline formatting (span, b, strong, i, em, u, s, small, font…),
// properly nested. Anything else — another element, a comment, a doctype, an
// entity not on the list, nesting htmlparser2 would repair (a block opened
// inside p, a stray end tag) — answers null, and mime.ts asks html-to-text.
// The port follows html-to-text's BlockTextBuilder and InlineTextBuilder step
// for step; a test compares the two over many generated documents.

const MAX_LINE = 76;

const INLINE = new Set(["span", "b", "strong", "i", "em", "u", "s", "strike", "small", "big", "font", "sub", "sup", "mark", "abbr", "cite", "code", "kbd", "q", "time", "var"]);
/** Block elements: [leading, trailing] line breaks (html-to-text's defaults; headings with uppercase off). */
const BLOCKS = new Map<string, [number, number]>([
  ["p", [2, 2]],
  ["div", [1, 1]],
  ["section", [1, 1]],
  ["article", [1, 1]],
  ["header", [1, 1]],
  ["footer", [1, 1]],
  ["main", [1, 1]],
  ["nav", [1, 1]],
  ["aside", [1, 1]],
  ["h1", [3, 2]],
  ["h2", [3, 2]],
  ["h3", [3, 2]],
  ["h4", [2, 2]],
  ["h5", [2, 2]],
  ["h6", [2, 2]],
]);
/** Opening one of these while a p is the open element closes the p (htmlparser2's openImpliesClose). */
const CLOSES_P = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "div", "section", "article", "header", "footer", "main", "nav", "aside"]);

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  hellip: "\u2026",
  mdash: "\u2014",
  ndash: "\u2013",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  euro: "\u20ac",
  middot: "\u00b7",
  bull: "\u2022",
};

class Unsupported extends Error {}

/**
 * html-to-text's InlineTextBuilder (no long-word splitting: its options have
 * none), keeping each line as a string rather than an array of words.
 */
class Lines {
  lines: string[] = [];
  /** The line being filled, its word count, and where its last word starts. */
  line = "";
  count = 0;
  lastStart = 0;
  avail = MAX_LINE;
  stashedSpace = false;

  push(word: string): void {
    // its splitLongWord looks for lastIndexOf(undefined), the string "undefined", in a word longer than a line
    if (word.length > MAX_LINE && word.slice(0, MAX_LINE).includes("undefined")) throw new Unsupported();
    if (this.avail <= 0) this.newLine();
    if (this.count > 0 && word.length + 1 > this.avail) this.newLine();
    if (this.count === 0) {
      this.line = word;
      this.lastStart = 0;
      this.avail -= word.length;
    } else {
      this.lastStart = this.line.length + 1;
      this.line += " " + word;
      this.avail -= word.length + 1;
    }
    this.count++;
  }

  /** concatWord: the word joins the line's last word (popWord, then pushWord). */
  concat(word: string): void {
    if (this.count === 0) return this.push(word);
    const last = this.line.slice(this.lastStart);
    this.count--;
    this.line = this.count === 0 ? "" : this.line.slice(0, this.lastStart - 1);
    this.avail += last.length + (this.count === 0 ? 0 : 1);
    if (this.count > 0) this.lastStart = this.line.lastIndexOf(" ") + 1;
    this.push(last + word);
  }

  newLine(n = 1): void {
    this.lines.push(this.line);
    for (let i = 1; i < n; i++) this.lines.push("");
    this.line = "";
    this.count = 0;
    this.avail = MAX_LINE;
  }

  /** Its clear(): the words go, a stashed space stays. */
  clear(): void {
    this.lines = [];
    this.line = "";
    this.count = 0;
    this.avail = MAX_LINE;
  }

  empty(): boolean {
    return this.lines.length === 0 && this.count === 0;
  }

  text(): string {
    return this.lines.length ? this.lines.join("\n") + "\n" + this.line : this.line;
  }
}

/** html-to-text's BlockStackItem. */
class Block {
  inline = new Lines();
  raw = "";
  stashedBreaks = 0;
  constructor(public leading: number) {}

  text(): string {
    return this.inline.empty() ? this.raw : this.raw + this.inline.text();
  }

  /** addText: a closed child block's text, after at least `leading` line breaks. */
  addBlock(text: string, leading: number, trailing: number): void {
    const own = this.text();
    const breaks = Math.max(this.stashedBreaks, leading);
    this.inline.clear();
    if (own) this.raw = own + "\n".repeat(breaks) + text;
    else {
      this.raw = text;
      this.leading = breaks;
    }
    this.stashedBreaks = trailing;
  }

  /** addInline: whitespace shrunk, words wrapped; `capture` collects the words (a link's text). */
  addInline(str: string, capture: string[] | null): void {
    if (str.length === 0) return;
    const n = str.length;
    let i = 0;
    while (i < n && isWs(str.charCodeAt(i))) i++;
    if (this.stashedBreaks && i === n) return;
    const lines = this.inline;
    if (this.stashedBreaks) lines.newLine(this.stashedBreaks);
    const stashed = lines.stashedSpace;
    let first = true;
    while (i < n) {
      const start = i;
      while (i < n && !isWs(str.charCodeAt(i))) i++;
      const word = str.slice(start, i);
      if (capture) capture.push(word);
      if (first && !stashed && start === 0) lines.concat(word);
      else lines.push(word);
      first = false;
      while (i < n && isWs(str.charCodeAt(i))) i++;
    }
    lines.stashedSpace = (stashed && first) || isWs(str.charCodeAt(n - 1));
    this.stashedBreaks = 0;
  }
}

/** html-to-text's whitespaceCharacters: space, tab, CR, LF, form feed, zero-width space. */
const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c || c === 0x200b;

interface Open {
  name: string;
  /** The block it opened, if it is one. */
  block: Block | null;
  trailing: number;
  /** A link's href and the words of its text. */
  href: string | null;
  words: string[] | null;
}

/** The text html-to-text would write for `html`, or null when it is not simple HTML (see the top). */
export function textFromSimpleHtml(html: string): string | null {
  try {
    return convert(html);
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

function convert(html: string): string {
  const root = new Block(1);
  const blocks: Block[] = [root];
  const open: Open[] = [];
  const captures: string[][] = [];
  const capture = () => (captures.length === 0 ? null : captures.length === 1 ? captures[0]! : merged(captures));
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    const end = lt === -1 ? html.length : lt;
    if (end > i) blocks.at(-1)!.addInline(decode(html.slice(i, end)), capture());
    if (lt === -1) break;
    i = tag(html, lt, (name, closing, attrs) => {
      if (closing) {
        const top = open.at(-1);
        if (!top || top.name !== name) throw new Unsupported();
        close(open.pop()!);
        return;
      }
      if (name === "br") {
        blocks.at(-1)!.inline.newLine();
        return;
      }
      if (name === "img") return; // skipped, alt and all
      if (CLOSES_P.has(name) && open.at(-1)?.name === "p") throw new Unsupported();
      const spacing = BLOCKS.get(name);
      if (spacing) {
        const block = new Block(spacing[0]);
        blocks.push(block);
        open.push({ name, block, trailing: spacing[1], href: null, words: null });
      } else if (name === "a") {
        let href = attrs.get("href") ?? "";
        href = href.replace(/^mailto:/, "");
        if (href[0] === "#") href = "";
        const words = href ? [] : null;
        if (words) captures.push(words);
        open.push({ name, block: null, trailing: 0, href: href || null, words });
      } else if (INLINE.has(name)) {
        open.push({ name, block: null, trailing: 0, href: null, words: null });
      } else {
        throw new Unsupported();
      }
    });
  }
  // what is left open ends with the document, innermost first (as htmlparser2 closes it)
  while (open.length) close(open.pop()!);
  return root.text();

  function close(o: Open): void {
    if (o.block) {
      blocks.pop();
      blocks.at(-1)!.addBlock(o.block.text(), o.block.leading, Math.max(o.block.stashedBreaks, o.trailing));
    } else if (o.words) {
      captures.pop();
      const text = o.words.join("");
      // hideLinkHrefIfSameAsText
      if (o.href !== text) blocks.at(-1)!.addInline(text ? ` [${o.href}]` : o.href!, null);
    }
  }
}

/** A word seen by nested links is captured by each of them. */
function merged(captures: string[][]): string[] {
  return { push: (w: string) => captures.forEach((c) => c.push(w)) } as unknown as string[];
}

const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[A-Za-z0-9-]/;

/**
 * The tag at `lt`: calls `on` with its lower-case name, whether it ends an
 * element, and its attributes (first of each name, entities decoded).
 * Answers the index after it. Anything but a plain start or end tag is Unsupported.
 */
function tag(html: string, lt: number, on: (name: string, closing: boolean, attrs: Map<string, string>) => void): number {
  let i = lt + 1;
  const closing = html[i] === "/";
  if (closing) i++;
  if (!NAME_START.test(html[i] ?? "")) throw new Unsupported(); // a comment, doctype, "<" as text…
  const start = i;
  while (i < html.length && NAME_CHAR.test(html[i]!)) i++;
  const name = html.slice(start, i).toLowerCase();
  // htmlparser2's name runs to whitespace, "/" or ">": "<p:x>" is no p
  if (i < html.length && !WS_IN_TAG.test(html[i]!) && html[i] !== "/" && html[i] !== ">") throw new Unsupported();
  const attrs = new Map<string, string>();
  for (;;) {
    while (i < html.length && WS_IN_TAG.test(html[i]!)) i++;
    const c = html[i];
    if (c === undefined) throw new Unsupported();
    if (c === ">") break;
    if (c === "/") {
      // "<br/>" and "<img/>"; anywhere else htmlparser2 ignores the slash, which is not worth following
      if (html[i + 1] === ">" && !closing && (name === "br" || name === "img")) {
        i++;
        break;
      }
      throw new Unsupported();
    }
    if (closing) throw new Unsupported();
    const a = i;
    while (i < html.length && ATTR_NAME.test(html[i]!)) i++;
    if (i === a) throw new Unsupported();
    const attr = html.slice(a, i).toLowerCase();
    let value = "";
    if (html[i] === "=") {
      i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        if (close === -1) throw new Unsupported();
        value = decode(html.slice(i + 1, close));
        i = close + 1;
      } else {
        const v = i;
        while (i < html.length && UNQUOTED.test(html[i]!)) i++;
        if (i === v) throw new Unsupported();
        value = decode(html.slice(v, i));
      }
    }
    if (!attrs.has(attr)) attrs.set(attr, value);
  }
  if (closing && (name === "br" || name === "img")) throw new Unsupported(); // htmlparser2 makes </br> a <br>
  on(name, closing, attrs);
  return i + 1;
}

const WS_IN_TAG = /[ \t\n\r\f]/;
const ATTR_NAME = /[A-Za-z0-9_:.-]/;
const UNQUOTED = /[^ \t\n\r\f>"'<=`]/;

/** Entities of the short list, with their semicolon; any other "&" is Unsupported. */
function decode(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&[^;]{0,10};?/g, (m) => {
    if (!m.endsWith(";")) throw new Unsupported();
    const body = m.slice(1, -1);
    if (body[0] === "#") {
      const cp = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      const digits = body[1] === "x" || body[1] === "X" ? /^#[xX][0-9a-fA-F]+$/ : /^#[0-9]+$/;
      // htmlparser2 replaces 0, C1 controls, surrogates and code points past Unicode: not followed here
      if (!digits.test(body) || cp === 0 || (cp >= 0x80 && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) throw new Unsupported();
      return String.fromCodePoint(cp);
    }
    const named = NAMED[body];
    if (named === undefined) throw new Unsupported();
    return named;
  });
}
