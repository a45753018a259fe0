// Answers written into the quoted history in a colour of their own ("my
// answers below in blue"), as Outlook users answer a list of questions: the
// text part shows them as plain lines among the quote, with nothing to tell
// them from it; the HTML part keeps their colour. Read only when the writer
// announces them in that colour, and only inside the history (a signature's
// colours above it are no answers).
import { decodeEntities, walkHtml } from "./html";

/** The writer announces answers in a colour: "answers below in blue", "meine Antworten in Rot", "réponses en bleu". */
const ANNOUNCED =
  /\b(?:answers?|answered|repl(?:y|ies)|comments?|responses?|notes|antworten|anmerkungen|kommentare|r[ée]ponses?|commentaires|respuestas?|comentarios|risposte|commenti|antwoorden|opmerkingen|respostas?|coment[áa]rios)\b[^.\n]{0,60}?\b(blue|red|green|orange|purple|blau|rot|gr(?:ü|ue|u)n|bleu|rouge|vert|azul|rojo|rosso|blu|verde|blauw|rood|groen|vermelho|roxo)\b/i;

type Hue = [from: number, to: number];
const HUES: Record<string, Hue> = { blue: [190, 260], red: [345, 15], green: [75, 165], orange: [15, 45], purple: [260, 345] };
const WORDS: Record<string, string> = {
  blau: "blue", bleu: "blue", azul: "blue", blu: "blue", blauw: "blue",
  rot: "red", rouge: "red", rojo: "red", rosso: "red", rood: "red", vermelho: "red",
  grün: "green", gruen: "green", grun: "green", vert: "green", verde: "green", groen: "green",
  roxo: "purple",
};
const NAMED: Record<string, [number, number, number]> = {
  blue: [0, 0, 255], navy: [0, 0, 128], darkblue: [0, 0, 139], mediumblue: [0, 0, 205], royalblue: [65, 105, 225], dodgerblue: [30, 144, 255],
  red: [255, 0, 0], darkred: [139, 0, 0], crimson: [220, 20, 60], firebrick: [178, 34, 34], maroon: [128, 0, 0],
  green: [0, 128, 0], darkgreen: [0, 100, 0], lime: [0, 255, 0], forestgreen: [34, 139, 34], seagreen: [46, 139, 87],
  orange: [255, 165, 0], darkorange: [255, 140, 0], purple: [128, 0, 128], magenta: [255, 0, 255], fuchsia: [255, 0, 255], indigo: [75, 0, 130],
};

/** Marks of where the quoted history begins in a reply's HTML (in a tag, lower case): Outlook's reply header (its ids, its top border), a client's quote class. */
const HISTORY_MARKS = ["divrplyfwdmsg", "appendonsend", "border-top:solid", "border-top: solid", "gmail_quote", "yahoo_quoted", "moz-cite-prefix", "protonmail_quote"];

/** The colour the writer announces their inline answers in, or null. */
export function announcedColour(text: string): Hue | null {
  const m = ANNOUNCED.exec(text.slice(0, 2000));
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return HUES[WORDS[word] ?? word] ?? null;
}

/** The runs of text set in `hue` inside the history of `html`, each trimmed (at most 40). */
export function colouredAnswers(html: string, hue: Hue): string[] {
  const out: string[] = [];
  let history = false;
  // the run of text in the colour, and the tag that opened it (how deep inside it we are)
  let run: string[] | null = null;
  let runTag = "";
  let depth = 0;
  const end = (parts: string[]) => {
    const text = decodeEntities(parts.join("")).replace(/\s+/g, " ").trim();
    if (text && out.length < 40) out.push(text);
    run = null;
  };
  walkHtml(
    html,
    (text) => run?.push(text),
    ({ tag, name, closing, selfClosing }) => {
      if (!history) {
        const lower = tag.toLowerCase();
        history = !closing && (name === "blockquote" || HISTORY_MARKS.some((k) => lower.includes(k)));
        if (!history) return;
      }
      if (run) {
        if (name === runTag && !selfClosing) depth += closing ? -1 : 1;
        if (depth === 0) end(run);
        else if (name === "br" || name === "p" || name === "div") run.push(" ");
        return;
      }
      if (!closing && name !== "a" && inHue(colourOf(tag), hue)) {
        run = [];
        runTag = name;
        depth = 1;
      }
    },
  );
  if (run) end(run);
  return out;
}

/** The colour a tag sets (style's color:, <font color>), as RGB, or null. */
function colourOf(tag: string): [number, number, number] | null {
  const v = /(?:[\s;"']color\s*:\s*|\bcolor\s*=\s*["']?)(#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|[a-z]+)/i.exec(tag)?.[1]?.toLowerCase();
  if (!v) return null;
  if (v.startsWith("#")) {
    const h = v.length === 4 ? [...v.slice(1)].map((c) => c + c).join("") : v.slice(1);
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  if (v.startsWith("rgb")) return v.match(/\d{1,3}/g)!.slice(0, 3).map(Number) as [number, number, number];
  return NAMED[v] ?? null;
}

/** Whether an RGB colour is a clear one (not black, grey or white) of this hue. */
function inHue(rgb: [number, number, number] | null, [from, to]: Hue): boolean {
  if (!rgb) return false;
  const [r, g, b] = rgb.map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const chroma = max - min;
  if (chroma < 0.25 || light < 0.12 || light > 0.88) return false;
  let h = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  h = (h * 60 + 360) % 360;
  return from <= to ? h >= from && h < to : h >= from || h < to;
}
