// The text part of simple HTML (src/mta/html-text.ts) is html-to-text's, to
// the character, with the MTA's options; anything else is left to html-to-text.
import { describe, expect, test } from "bun:test";
import { compile } from "html-to-text";
import { textFromSimpleHtml } from "../../src/mta/html-text";
import { HTML_TO_TEXT_OPTIONS, textFromHtml } from "../../src/mta/mime";

const reference = compile(HTML_TO_TEXT_OPTIONS);

// mulberry32: the same documents on every run
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Documents of text, entities, line breaks, images, links, inline and block elements; some unclosed at the end. */
function documents(seed: number, n: number): string[] {
  const rnd = random(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const words = ["Hi", "there,", "pricing", "a", "I", "x".repeat(80), `https://example.com/${"p".repeat(70)}`, "&amp;", "&nbsp;", "&#39;", "&#x2014;", "&rsquo;", "Grüße", "日本語", "end.", "(q)"];
  const spaces = [" ", " ", " ", "  ", "\n", "\r\n", "\t", "\u200b", "", " \n "];
  const text = (k: number) => Array.from({ length: k }, () => pick(spaces) + pick(words)).join("") + pick(spaces);
  const node = (depth: number, inP: boolean): string => {
    const r = rnd();
    if (depth > 4 || r < 0.3) return text(Math.floor(rnd() * 12));
    if (r < 0.38) return pick(["<br>", "<br/>", "<BR>", "<br />", '<img src="x.png" alt="pixel">', "<img src=x.png/>"]);
    const r2 = rnd();
    const inline = pick(["span", "b", "strong", "i", "em", "u", "font", "SPAN"]);
    const block = inP ? "span" : pick(["p", "div", "h1", "h2", "h4", "section", "P", "header"]);
    const kids = (inBlockP: boolean) => Array.from({ length: Math.floor(rnd() * 4) }, () => node(depth + 1, inP || inBlockP)).join("");
    if (r2 < 0.3) return `<${inline}${pick(["", ' style="color:red"', " class=x"])}>${kids(false)}</${inline}>`;
    if (r2 < 0.55) {
      const href = pick(["https://example.com/offer", "mailto:ada@example.com", "#top", "", "https://example.com/a&amp;b", "Hi"]);
      return `<a ${pick(["href", "HREF", 'title="a > b" href'])}="${href}">${kids(false)}</a>`;
    }
    return `<${block}>${kids(block.toLowerCase() === "p")}</${block}>`;
  };
  return Array.from({ length: n }, () => {
    const html = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => node(0, false)).join(pick(["", "\n", " "]));
    return rnd() < 0.3 ? html.replace(/(<\/[a-zA-Z0-9]+>\s*)+$/, "") : html;
  });
}

describe("text of simple HTML", () => {
  test("is html-to-text's for generated documents of the elements it takes", () => {
    for (const html of documents(1, 1500)) {
      const ours = textFromSimpleHtml(html);
      expect(ours).not.toBeNull();
      expect(ours!).toBe(reference(html));
    }
  });

  test("is html-to-text's for a note of a few paragraphs with a link and a signature", () => {
    const html =
      '<p>Hi Amara,</p><p>As promised at Money20/20, the <b>Q2 pilot pricing</b> is on <a href="https://northwind.example/pilot">our proposal page</a>. ' +
      "It covers onboarding, the integration work and the first quarter&rsquo;s support.</p><p>Best,<br>Ada Lovelace<br>Northwind</p>" +
      '<img src="https://t.example/o.gif" width="1" height="1">';
    expect(textFromSimpleHtml(html)).toBe(reference(html));
    expect(textFromSimpleHtml(html)).toContain("our proposal page\n[https://northwind.example/pilot].");
  });

  test.each([
    ["a link whose text is its href", '<p>See <a href="https://example.com/x">https://example.com/x</a> and <a href="mailto:ada@example.com">ada@example.com</a></p>'],
    ["a link to an anchor, an empty link, a link without text", '<p><a href="#top">top</a> <a href="">none</a> <a href="https://e.example/"><img src="x"></a></p>'],
    ["nested inline elements and runs of whitespace", "<div> <b>a </b>\t<i> b</i>c\u200bd\r\n<span></span> e </div><div></div><p></p>x"],
  ])("is html-to-text's for %s", (_, html) => {
    expect(textFromSimpleHtml(html)).toBe(reference(html));
  });

  test.each([
    ["a whole document", "<html><head><style>p{color:red}</style></head><body><p>Hi</p></body></html>"],
    ["a table", "<table><tr><td>a</td></tr></table>"],
    ["a list", "<ul><li>one</li></ul>"],
    ["a comment", "<p>a<!-- b --></p>"],
    ["an entity not on the list", "<p>&hearts;</p>"],
    ["an ampersand that is no entity", "<p>Q&A</p>"],
    ["a block opened inside p", "<p>a<div>b</div></p>"],
    ["a stray end tag", "<p>a</span></p>"],
    ["</br>", "<p>a</br>b</p>"],
    ["a lone <", "<p>a < b</p>"],
    ["a prefixed name", "<p:x>a</p:x>"],
  ])("leaves %s to html-to-text, and textFromHtml still writes its text", (_, html) => {
    expect(textFromSimpleHtml(html)).toBeNull();
    expect(textFromHtml(html)).toBe(reference(html));
  });
});
