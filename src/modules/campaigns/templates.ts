// Campaign variant templates: liquid (liquidjs) for merge tags, defaults and conditionals, spintax
// compiled into liquid blocks (spintax.ts), and the rendered HTML sanitised (html-sanitize.ts).
//
// Three engines share one configuration: the HTML engine escapes every output (person data cannot
// add markup; `| raw` is the template author's explicit way out, and the sanitiser still runs),
// the text engine writes values as they are, and the check engine lets unknown filters through
// the parse so that checkTemplates can name all of them instead of the first. None can read files:
// include, render and layout are removed and the template map is empty.
//
// Limits make a hostile template fail fast instead of hanging the sender: a range or string
// allocation over MEMORY_LIMIT units fails at once, a render still going after RENDER_LIMIT_MS
// (twice) fails between two nodes, and a rendered body over MAX_OUTPUT characters fails after the render.
import { Liquid, LiquidError, TokenKind, Tokenizer, Value, toValueSync, type LiquidOptions, type Template } from "liquidjs";
import { sanitizeEmailHtml } from "./html-sanitize";
import { SPINTAX_TAGS, SPIN_SEED, compileSpintax, registerSpintax, seedHash } from "./spintax";

export interface TemplateSet {
  subject: string;
  preheader: string | null;
  html: string;
  text: string;
}

/**
 * Names a template may use at the root besides custom field keys:
 * - first_name = given_name, last_name = family_name, full_name (given and family joined by a space),
 *   email, company, timezone: the person's fields, under the names outreach tools use;
 * - custom.<key>: the person's custom fields (also at the root as {{ <key> }}; a built-in name wins
 *   there, so a custom field called `company` is reached as {{ custom.company }});
 * - sender.name, sender.email: the sending identity;
 * - variables.<key>: the AI snippets written for this message.
 * Blank strings read as nil, so {% if company %} is false for an empty company and
 * {{ first_name | default: "there" }} falls back.
 */
export const MERGE_TAGS: readonly string[] = [
  "first_name", "given_name", "last_name", "family_name", "full_name", "email", "company", "timezone",
  "custom", "sender", "variables",
];
const SENDER_FIELDS = new Set(["name", "email"]);

export interface TemplateProblem {
  field: "subject" | "preheader" | "html" | "text";
  code: "syntax" | "unknown_tag";
  detail: string;
}

export interface MergeData {
  person: { email: string; givenName: string | null; familyName: string | null; company: string | null; timezone: string | null; custom: Record<string, unknown> };
  sender: { name: string | null; email: string };
  variables: Record<string, string>; // AI snippets
}

export type Rendered = { ok: true; subject: string; preheader: string | null; html: string; text: string } | { ok: false; field: string; detail: string };

type Field = TemplateProblem["field"];

const RENDER_LIMIT_MS = 30; // a looping template fails after two tries: 60-80 ms
const RENDER_LIMIT_MESSAGE = "template render limit exceeded";
const MEMORY_LIMIT = 1_000_000;
const PARSE_LIMIT = 1_000_000; // characters of one template
const MAX_OUTPUT = 2_000_000; // characters of one rendered field
const CACHE_SIZE = 400;

function engine(extra: LiquidOptions): Liquid {
  const liquid = new Liquid({
    strictFilters: true,
    strictVariables: false, // a missing custom value renders empty, as users expect
    ownPropertyOnly: true,
    templates: {},
    cache: false,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    timezoneOffset: 0,
    locale: "en-US",
    ...extra,
  });
  for (const tag of ["include", "render", "layout", "block"]) delete liquid.tags[tag];
  registerSpintax(liquid);
  return liquid;
}

// Module-level because they are pure: an engine holds configuration only, and the cache is a memo
// of parsed templates keyed by their source text, so nothing rendered depends on what came before.
const htmlEngine = engine({ outputEscape: "escape" });
// An output the author escaped already is not escaped a second time ({{ x | escape }} is the
// habit of anyone who wrote liquid without automatic escaping): these filters count as `raw`.
for (const name of ["escape", "escape_once", "xml_escape"]) {
  const handler = htmlEngine.filters[name];
  if (typeof handler === "function") htmlEngine.registerFilter(name, { handler, raw: true });
}
const textEngine = engine({});
const checkEngine = engine({ strictFilters: false });

type Compiled = { ok: true; templates: Template[]; where: (offset: number) => string } | { ok: false; detail: string };

/** A least-recently-used map: a Map keeps insertion order, so a hit is re-inserted at the end. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.set(key, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}
const compiledCache = new Lru<Compiled>(CACHE_SIZE);

interface Parsed {
  templates: Template[];
  /** 1-based line and column in the template as written, from an offset in the compiled source. */
  where: (offset: number) => string;
  /** Offset in the compiled source of a 1-based row and column of it. */
  offsetOf: (row: number, col: number) => number;
}

/** Spintax compiled, then liquid parsed; a syntax error throws, its message the detail an author reads. */
function parse(liquid: Liquid, source: string): Parsed {
  const spun = compileSpintax(source);
  if (!spun.ok) throw new TemplateSyntax(`${spun.detail} (${lineCol(source, spun.offset)})`);
  const where = (offset: number) => lineCol(source, spun.toSource(offset));
  try {
    const templates = liquid.parse(spun.liquid);
    return {
      templates,
      where,
      offsetOf: (row, col) => {
        let at = 0;
        for (let r = 1; r < row; r++) at = spun.liquid.indexOf("\n", at) + 1;
        return at + col - 1;
      },
    };
  } catch (e) {
    throw new TemplateSyntax(liquidDetail(e, where));
  }
}

class TemplateSyntax extends Error {}

function lineCol(source: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/** A liquid error as a template author reads it: its message, at a position in what they wrote. */
function liquidDetail(e: unknown, where: (offset: number) => string): string {
  if (!(e instanceof Error)) return String(e);
  let message = e.message.replace(/, line:\d+, col:\d+$/, "");
  if (SPINTAX_TAGS.some((t) => message.includes(`"${t}"`) || message.includes(`{% ${t}`))) {
    message = "a liquid block ({% if %}, {% for %}, {% capture %}…) must open and close inside one spintax option";
  }
  const token = LiquidError.is(e) ? (e as unknown as { token?: { begin?: number } }).token : undefined;
  return typeof token?.begin === "number" ? `${message} (${where(token.begin)})` : message;
}

function compiled(liquid: Liquid, kind: string, source: string): Compiled {
  const key = `${kind}\u0000${source}`;
  let c = compiledCache.get(key);
  if (!c) {
    try {
      const p = parse(liquid, source);
      c = { ok: true, templates: p.templates, where: p.where };
    } catch (e) {
      c = { ok: false, detail: e instanceof Error ? e.message : String(e) };
    }
    compiledCache.set(key, c);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Check

/** Parse-time check of a variant: syntax errors (liquid or unbalanced spintax) and unknown merge tags (root names not in MERGE_TAGS and not in customKeys; also unknown filters). Empty array = fine. */
export function checkTemplates(t: TemplateSet, customKeys: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const roots = new Set([...MERGE_TAGS, ...customKeys]);
  const custom = new Set(customKeys);
  const fields: Array<[Field, string | null]> = [["subject", t.subject], ["preheader", t.preheader], ["html", t.html], ["text", t.text]];
  for (const [field, source] of fields) {
    if (source === null) continue;
    let parsed: Parsed;
    try {
      parsed = parse(checkEngine, source);
    } catch (e) {
      problems.push({ field, code: "syntax", detail: e instanceof Error ? e.message : String(e) });
      continue;
    }
    if ((field === "subject" || field === "preheader") && literalLineBreak(source)) {
      problems.push({ field, code: "syntax", detail: `the ${field} must be one line: it holds a line break or control character outside liquid tags` });
    }
    for (const f of unknownFilters(parsed.templates)) {
      problems.push({ field, code: "unknown_tag", detail: `unknown filter "${f.name}" (${parsed.where(f.begin)})` });
    }
    const seen = new Set<string>();
    const globals = checkEngine.analyzeSync(parsed.templates, { partials: false }).globals;
    for (const [root, uses] of Object.entries(globals)) {
      for (const v of uses) {
        const [first, second] = v.segments;
        let name: string | undefined;
        if (!roots.has(root)) name = root;
        else if (first === "sender" && typeof second === "string" && !SENDER_FIELDS.has(second)) name = `sender.${second}`;
        else if (first === "custom" && typeof second === "string" && !custom.has(second)) name = `custom.${second}`;
        if (name === undefined || seen.has(name)) continue;
        seen.add(name);
        const at = parsed.where(parsed.offsetOf(v.location.row, v.location.col));
        problems.push({ field, code: "unknown_tag", detail: `unknown merge tag "${name}" (${at})` });
      }
    }
  }
  return problems;
}

/** Filters the engines do not have, found by walking the parsed templates as liquid's own analysis does. */
function unknownFilters(templates: Template[]): Array<{ name: string; begin: number }> {
  const found: Array<{ name: string; begin: number }> = [];
  const known = checkEngine.filters;
  const visit = (t: Template) => {
    const values: unknown[] = [];
    if (t.arguments) values.push(...t.arguments());
    for (const v of values) {
      if (!(v instanceof Value)) continue;
      for (const f of v.filters) {
        if (!Object.hasOwn(known, f.name)) found.push({ name: f.name, begin: (f as unknown as { token: { begin: number } }).token.begin });
      }
    }
    if (t.children) for (const child of toValueSync(t.children(false, true)) as Template[]) visit(child);
  };
  for (const t of templates) visit(t);
  return found;
}

/** A line break or control character in the literal text of a one-line template (whitespace control applied, as liquid renders it). */
function literalLineBreak(source: string): boolean {
  let tokens;
  try {
    tokens = new Tokenizer(source).readTopLevelTokens(textEngine.options);
  } catch {
    return false; // the parse reported it already
  }
  return tokens.some((tok) => tok.kind === TokenKind.HTML && CONTROL.test((tok as unknown as { getContent(): string }).getContent()));
}

// ---------------------------------------------------------------------------------------------
// Render

// C0 and C1 controls and the Unicode line and paragraph separators: none belongs in a header.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const blank = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : v);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** The liquid scope: custom keys at the root first, so the built-in names win over them. */
function scopeOf(data: MergeData): Record<string | symbol, unknown> {
  const p = data.person;
  const scope: Record<string | symbol, unknown> = Object.create(null);
  const custom: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(p.custom)) {
    custom[k] = blankToNull(v);
    scope[k] = custom[k];
  }
  const variables: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(data.variables)) variables[k] = blankToNull(v);
  const given = blank(p.givenName);
  const family = blank(p.familyName);
  scope.first_name = scope.given_name = given;
  scope.last_name = scope.family_name = family;
  scope.full_name = [given, family].filter((x) => x !== null).join(" ") || null;
  scope.email = p.email;
  scope.company = blank(p.company);
  scope.timezone = blank(p.timezone);
  scope.custom = custom;
  scope.sender = { name: blank(data.sender.name), email: data.sender.email };
  scope.variables = variables;
  return scope;
}

class RenderFailure extends Error {
  constructor(
    readonly field: Field,
    detail: string,
  ) {
    super(detail);
  }
}

function renderField(liquid: Liquid, kind: string, field: Field, source: string, scope: Record<string | symbol, unknown>, seed: string): string {
  const c = compiled(liquid, kind, source);
  if (!c.ok) throw new RenderFailure(field, c.detail);
  scope[SPIN_SEED] = seedHash(seed, field);
  let out: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      out = liquid.renderSync(c.templates, scope);
      break;
    } catch (e) {
      // The time limit is wall-clock: a garbage collection or a descheduled process can stop an
      // ordinary 0.1 ms render past it. A second try tells that apart from a template that loops.
      if (attempt === 1 && e instanceof Error && e.message.startsWith(RENDER_LIMIT_MESSAGE)) continue;
      throw new RenderFailure(field, liquidDetail(e, c.where));
    }
  }
  const s = typeof out === "string" ? out : String(out ?? "");
  if (s.length > MAX_OUTPUT) throw new RenderFailure(field, `the rendered ${field} is longer than ${MAX_OUTPUT} characters`);
  return s;
}

/** A header's text: one line (a line break from data would let it write headers of its own), spaces collapsed. */
function oneLine(field: Field, s: string): string {
  if (CONTROL.test(s)) throw new RenderFailure(field, `the rendered ${field} holds a line break or control character`);
  return s.replace(/\s+/g, " ").trim();
}

/** Renders the four templates for one message. `seed` (e.g. the message id) picks spintax options deterministically: same seed -> same choices, different seeds spread evenly. Never throws: a failure answers ok:false. */
export function renderTemplates(t: TemplateSet, data: MergeData, seed: string): Rendered {
  try {
    const scope = scopeOf(data);
    const subject = oneLine("subject", renderField(textEngine, "t", "subject", t.subject, scope, seed));
    if (subject === "") return { ok: false, field: "subject", detail: "the rendered subject is empty" };
    const preheader = t.preheader === null ? null : oneLine("preheader", renderField(textEngine, "t", "preheader", t.preheader, scope, seed)) || null;
    const html = sanitizeEmailHtml(renderField(htmlEngine, "h", "html", t.html, scope, seed));
    const text = renderField(textEngine, "t", "text", t.text, scope, seed);
    return { ok: true, subject, preheader, html, text };
  } catch (e) {
    if (e instanceof RenderFailure) return { ok: false, field: e.field, detail: e.message };
    return { ok: false, field: "template", detail: e instanceof Error ? e.message : String(e) };
  }
}
