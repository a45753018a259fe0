// The rendered HTML body of a campaign message, stripped of anything that runs: sanitize-html
// (htmlparser2 underneath) with an allowlist built for email HTML rather than for web comments —
// tables and their old presentational attributes, inline styles, <style> blocks, font, center,
// images (http, https, cid and data URLs) and links (http, https, mailto, tel).
// Gone: script, iframe, object, embed, form and its controls, base, svg, link, meta refresh,
// every on* attribute, and URLs of any other scheme (javascript:, vbscript:, data: in a link)
// in href, src, background and the like. Person data reaches an href unescaped by design (a
// merge tag in a link is ordinary), which is why this runs on the rendered result, not on the
// template. Comments are dropped (sanitize-html keeps none), so Outlook's <!--[if mso]> blocks go;
// a leading <!DOCTYPE> is kept, as it sets the rendering mode of several clients.
import sanitizeHtml from "sanitize-html";

const TAGS = [
  "html", "head", "body", "title", "meta", "style",
  "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col",
  "div", "span", "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "center", "font",
  "a", "img", "picture", "source", "map", "area",
  "b", "strong", "i", "em", "u", "s", "strike", "small", "big", "sub", "sup", "tt", "mark",
  "abbr", "cite", "q", "del", "ins", "code", "pre", "kbd", "samp", "var", "wbr", "bdi", "bdo", "time",
  "blockquote", "address", "ul", "ol", "li", "dl", "dt", "dd",
  "section", "article", "header", "footer", "main", "nav", "aside", "figure", "figcaption",
  "details", "summary", "o:p",
];

// Presentational and structural attributes email clients still honour; no on*, no srcdoc/formaction.
const COMMON = [
  "style", "class", "id", "title", "lang", "dir", "role", "aria-*", "data-*",
  "align", "valign", "width", "height", "bgcolor", "background", "border", "color", "face", "size",
  "cellpadding", "cellspacing", "colspan", "rowspan", "nowrap", "scope", "headers", "abbr", "span",
  "frame", "rules", "summary", "char", "charoff", "hspace", "vspace", "clear", "xmlns", "xmlns:*", "xml:lang",
];

const META_EQUIV_KEPT = new Set(["content-type", "x-ua-compatible", "content-language"]);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowVulnerableTags: true, // <style>: its content is raw text to the parser, so it cannot open a tag
  allowedAttributes: {
    "*": COMMON,
    a: ["href", "name", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "loading", "usemap", "ismap"],
    source: ["src", "srcset", "sizes", "media", "type"],
    area: ["href", "alt", "shape", "coords", "target"],
    map: ["name"],
    meta: ["charset", "name", "content", "http-equiv"],
    style: ["type", "media"],
    ol: ["start", "type", "reversed"],
    ul: ["type"],
    li: ["value", "type"],
    col: ["span"],
    colgroup: ["span"],
    q: ["cite"],
    blockquote: ["cite"],
    del: ["cite", "datetime"],
    ins: ["cite", "datetime"],
    time: ["datetime"],
    details: ["open"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "cid", "data"], source: ["http", "https", "cid", "data"] },
  allowProtocolRelative: true,
  // Inline styles are kept as written: parsing each one with postcss costs more than the rest of
  // the render, and no mail client runs script from CSS.
  parseStyleAttributes: false,
  // A meta that is not a charset or one of the harmless http-equiv kinds (refresh, set-cookie…) goes.
  exclusiveFilter: (frame) =>
    frame.tag === "meta" && "http-equiv" in frame.attribs && !META_EQUIV_KEPT.has(String(frame.attribs["http-equiv"]).trim().toLowerCase()),
};

const DOCTYPE = /^\s*(<!doctype\s+html[^<>]*>)/i;

/** Email HTML with nothing executable left in it. */
export function sanitizeEmailHtml(html: string): string {
  const doctype = DOCTYPE.exec(html)?.[1];
  const clean = sanitizeHtml(html, OPTIONS);
  return doctype ? `${doctype}\n${clean.replace(/^\s+/, "")}` : clean;
}
