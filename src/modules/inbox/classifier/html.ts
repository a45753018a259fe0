// HTML to the text a person wrote: one linear pass over the tags (no DOM, no
// recursion, so deeply nested or unbalanced markup costs what its length
// costs). Quoted history is dropped where mail clients mark it:
// - <blockquote> (Apple Mail's type="cite", Gmail's, Thunderbird's), nested;
// - Gmail's div.gmail_quote (the "On … wrote:" line and the quote), its
//   div.gmail_signature, Yahoo's div.yahoo_quoted, Thunderbird's moz-cite-prefix
//   and moz-signature, Proton Mail's protonmail_quote and signature block,
//   Apple Mail's AppleOriginalContents, Zimbra's __QUOTED_TEXT__ and __SIG_PRE__
//   markers, Outlook's div#Signature, its mobile signature and the new
//   Outlook's reference-message container;
// - Outlook's #divRplyFwdMsg / #appendonsend: the quoted message follows them
//   as siblings, so everything from there on is history;
// - <head>, <style>, <script> and friends are never text.
// A mailto: link whose text is a name ("<a href="mailto:rob@…">Rob Ellis</a>")
// shows its address after the name, as a reader sees it on the link.
// Outlook desktop's "From: … Sent: …" block has no marker in the markup: it
// becomes text lines that quotes.ts recognises.

const SKIPPED_TAGS = new Set(["head", "style", "script", "title", "template", "noscript", "xml", "svg", "object"]);
const QUOTE_CLASSES =
  /\b(?:gmail_quote|gmail_signature|yahoo_quoted|moz-cite-prefix|moz-signature|OutlookMessageHeader|protonmail_quote|protonmail_signature_block|AppleOriginalContents)\b|\bid\s*=\s*["']?(?:x_)?(?:Signature|ms-outlook-mobile-signature|mail-editor-reference-message-container)\b|data-marker\s*=\s*["']?__(?:QUOTED_TEXT|SIG_PRE)__/i;
const HISTORY_IDS = /\bid\s*=\s*["']?(?:x_)?(?:divRplyFwdMsg|appendonsend|OLK_SRC_BODY_SECTION)\b/i;
const BLOCK = new Set(["p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr", "pre", "section", "article", "header", "footer", "ul", "ol", "dt", "dd", "blockquote", "address"]);

/** A tag as walkHtml sees it: its text between "<" and ">", its name in lower case, and its attributes' text. */
export interface Tag {
  tag: string;
  name: string;
  attrs: string;
  closing: boolean;
  selfClosing: boolean;
}

/**
 * One linear pass over the markup: `onText` with the text between tags, `onTag` with each tag (comments skipped, a
 * "<" that opens no tag ignored); `onTag` answers false to stop. No regex spans a tag's end: hostile markup costs its length.
 */
export function walkHtml(html: string, onText: (text: string) => void, onTag: (t: Tag) => boolean | void): void {
  let pos = 0;
  const n = html.length;
  while (pos < n) {
    const lt = html.indexOf("<", pos);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > pos) onText(html.slice(pos, textEnd));
    if (lt < 0) return;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      pos = end < 0 ? n : end + 3;
      continue;
    }
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) return;
    pos = gt + 1;
    const tag = html.slice(lt + 1, gt);
    const m = /^(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(tag);
    if (!m) continue;
    if (onTag({ tag, name: m[2]!.toLowerCase(), attrs: tag.slice(m[0].length), closing: m[1] === "/", selfClosing: tag.endsWith("/") }) === false) return;
  }
}

export function htmlToText(html: string): string {
  const out: string[] = [];
  // while skipping an element: its tag name and how deep inside it we are
  let skipTag = "";
  let skipDepth = 0;
  // an open mailto: link: its address and where its text begins
  let mailto: string | null = null;
  let linkText = 0;
  walkHtml(
    html,
    (text) => {
      if (skipDepth === 0) out.push(text.replace(/\s+/g, " "));
    },
    ({ tag, name, attrs, closing, selfClosing }) => {
      if (skipDepth > 0) {
        if (name === skipTag && !selfClosing) skipDepth += closing ? -1 : 1;
        return;
      }
      if (name === "a") {
        if (closing && mailto) {
          const text = out.slice(linkText).join("");
          if (text.trim() && !text.toLowerCase().includes(mailto.toLowerCase())) out.push(` <${mailto}>`);
        }
        mailto = closing ? null : mailtoOf(tag);
        linkText = out.length;
      }
      if (!closing) {
        if (HISTORY_IDS.test(attrs)) return false;
        if (!selfClosing && (SKIPPED_TAGS.has(name) || name === "blockquote" || QUOTE_CLASSES.test(attrs))) {
          skipTag = name;
          skipDepth = 1;
          out.push("\n");
          return;
        }
      }
      if (BLOCK.has(name)) out.push("\n");
      else if (name === "td" || name === "th") out.push(" ");
    },
  );
  // blanks collapsed first: a run of them then costs one match, never a rescan
  return decodeEntities(out.join(""))
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The address of an <a href="mailto:…"> tag, or null. */
function mailtoOf(tag: string): string | null {
  const href = /\bhref\s*=\s*["']?mailto:([^"'\s>?]+)/i.exec(tag)?.[1];
  if (!href) return null;
  let address: string;
  try {
    address = decodeURIComponent(decodeEntities(href));
  } catch {
    return null;
  }
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) ? address : null;
}

const NAMED: Record<string, string> = {
  nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", hellip: "…", ndash: "–", mdash: "—",
  lsquo: "‘", rsquo: "’", sbquo: "‚", ldquo: "“", rdquo: "”", bdquo: "„", laquo: "«", raquo: "»",
  copy: "©", reg: "®", euro: "€", szlig: "ß", ordm: "º", ordf: "ª", iexcl: "¡", iquest: "¿", middot: "·", bull: "•",
};
const MARK: Record<string, string> = { acute: "\u0301", grave: "\u0300", circ: "\u0302", uml: "\u0308", tilde: "\u0303", cedil: "\u0327", ring: "\u030a" };

function entity(name: string): string | undefined {
  const known = NAMED[name];
  if (known !== undefined) return known;
  // &eacute; &Uuml; &ccedil; &atilde;…: a letter and a combining mark
  const m = /^([a-zA-Z])(acute|grave|circ|uml|tilde|cedil|ring)$/.exec(name);
  if (m) return (m[1]! + MARK[m[2]!]!).normalize("NFC");
  if (name === "aelig") return "æ";
  if (name === "oslash") return "ø";
  return undefined;
}

export function decodeEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code === 160 ? 32 : code) : "";
    }
    return entity(e) ?? all;
  });
}
