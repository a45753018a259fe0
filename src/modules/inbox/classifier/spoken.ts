// Addresses said rather than typed, as dictation writes them: "jim at
// kestrelworks dot example", "eli dot brandt at corvane dot example",
// "t punkt albers ät brennerwerke punkt example", "claire point morel arobase
// derval point example", "S H A W N at ridgeline dot example". Written back as
// addresses so that the rules that read an address (a referral's, a move's, a
// removal's) read these too. The English "at" is also a preposition: there the
// name before it must not be a common word ("I work at acme dot com").
// English says "at" and "dot" (its "point" is no dot: "at some point last year"); the other languages have words of their own
// for "@" ("ät", "arobase", "arroba", "chiocciola", "apenstaartje") and say their own "dot"
const DOT_EN = "dot";
const DOT_OTHER = "(?:dot|punkt|point|punto|ponto|punt)";
const AT_OTHER = "(?:ät|arobase|arroba|chiocciola|apenstaartje)";
// (every part bounded: a long run of single letters or labels costs a constant at each place, never a rescan)
const LABEL = "[\\p{L}\\p{N}][\\p{L}\\p{N}_-]{0,63}";
/** A local part spelled letter by letter ("S H A W N"), or words joined by "dot". */
const local = (dot: string) => `(?:\\p{L}(?: \\p{L}){2,30}|${LABEL}(?: ${dot} ${LABEL}){0,4})`;
const spoken = (at: string, dot: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}@.'’])(${local(dot)}) (${at}) (${LABEL}(?: ${dot} ${LABEL}){0,4}) ${dot} (\\p{L}{2,24})(?![\\p{L}\\p{N}@])`, "giu");
const SPOKEN = [spoken("at", DOT_EN), spoken(AT_OTHER, DOT_OTHER)];
const DOTS = new RegExp(` ${DOT_OTHER} `, "giu");

/** Words that stand before the preposition "at" and are no one's name. */
const NOT_A_NAME = new Set(
  "i you he she we they it me us him her them this that is are was were be been am work works working worked based live lives living stay staying meet meeting look looking see seen find found visit reach contact email mail write here there now still also only just even already currently today tomorrow back office home team company job desk available".split(" "),
);

/** The text with each address said in words written as an address. */
export function withSpokenAddresses(text: string): string {
  if (!/ (?:at|ät|arobase|arroba|chiocciola|apenstaartje) /i.test(text)) return text;
  let out = text;
  for (const re of SPOKEN) {
    out = out.replace(re, (all, local: string, at: string, domain: string, tld: string) => {
      const name = /^\p{L}(?: \p{L})+$/u.test(local) ? local.replace(/ /g, "") : local.replace(DOTS, ".");
      if (at.toLowerCase() === "at" && !name.includes(".") && NOT_A_NAME.has(name.toLowerCase())) return all;
      return `${name}@${domain.replace(DOTS, ".")}.${tld}`.toLowerCase();
    });
  }
  return out;
}
