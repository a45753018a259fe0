// Quoted history cut from a reply's text, in the seven languages we write in.
// What marks the history:
// - lines starting with ">", or with the quoted writer's initials before it as The
//   Bat! and Supercite write them ("DW> "), removed wherever they are: replies
//   interleave;
// - an attribution line: "On … wrote:", "Am … schrieb …:", "Le … a écrit :",
//   "El … escribió:", "Il … ha scritto:", "Op … schreef …:", "Em … escreveu:",
//   Gmail's apps' "Jane <jane@…> schrieb am …:", Zoho's "---- On … wrote ----"
//   (also wrapped over up to three lines); when ">" lines follow it, only it
//   and them go; otherwise the unprefixed quote below it goes too;
// - in any language, a line ending in ":" that names the address the reply was
//   sent to ("Leo <leo@…> kirjoitti:", "W dniu … Leo <leo@…> napisał:"): the
//   attribution of our own message, whatever its words;
// - an Outlook header block: From/Von/De/Da/Van: followed within a few lines by
//   Sent/Gesendet/Envoyé/Enviado/Inviato/Verzonden/Date: (or To: and Subject:),
//   and the labels of the fifteen more languages (Od/Wysłano, Från/Skickat, Fra/Sendt, Lähettäjä/Lähetetty,
//   De la/Trimis, Feladó/Elküldve, Kimden/Gönderildi, От/Отправлено, Από/Στάλθηκε, De/Enviat el/Per a/Assumpte…),
//   or GMX's, whose Gesendet: comes first; in any language, a labelled line
//   naming the address the reply was sent to with two more labelled lines under
//   it, one dated ("Od: … Wysłano: … Do: …");
// - a help desk's comment header (Zendesk, Freshdesk): the display name of the
//   one the reply was sent to alone on a line, a dated line under it;
// - "-----Original Message-----", forwarded-message markers and Outlook's
//   underscore rule, in each language;
// - a message to the writer pasted with no marks at all: a greeting of the
//   writer by name ("Hi Hamid," in Hamid's reply) opens it. Below their text it
//   is history; above it (pasted first, their answer under it) it runs to the
//   sign-off of the one they answer and its name block.
// Everything from an Outlook block or a separator on is history.
import { GREETING_WORDS } from "./cues";
import { fold } from "./fold";

// (and in the fifteen more languages: "Dne … napsal(a):", "… napisał(a):", "… skrev:", "… kirjoitti:", "… написал(а):")
const ATTRIBUTION_WORD = /(?:wrote|writes|schrieb|a ecrit|ecrit|escribio|ha scritto|scrisse|schreef|heeft geschreven|escreveu|napsal(?:\(a\)|a)?|napisal(?:\(a\)|a)?|napisao|napisala|skrev|kirjoitti|a scris|irta|yazdi|написал(?:\(а\)|а)?|написав|написала|εγραψε)\s*:?\s*$/;
const ATTRIBUTION_START = /^(?:on|am|le|el|il|op|em|in data|no dia)\s/;

const FROM_LINE = /^\*?(?:from|von|de|da|van|envoye par|od|fra|fran|lahettaja|de la|felado|kimden|от|від|απο)\s?\*?\s?:\s?\S/u;
const SENT_LINE = /^\*?(?:sent|date|gesendet|datum|envoye|date d'envoi|enviado|enviada|fecha|data|inviato|verzonden|verstuurd|enviat|wyslano|wyslane|odeslano|odoslane|poslano|skickat|sendt|lahetetty|trimis|elkuldve|gonderildi|отправлено|надіслано|σταλθηκε)(?: el| em| le| op| am| il)?\s?\*?\s?:/u;
const TO_LINE = /^\*?(?:to|an|a|para|aan|per|per a|destinatario|cc|do|komu|till|til|vastaanottaja|catre|cimzett|kime|prima|кому|προς)\s?\*?\s?:/u;
const SUBJECT_LINE = /^\*?(?:subject|betreff|objet|asunto|oggetto|onderwerp|assunto|assumpte|temat|predmet|amne|emne|aihe|subiect|targy|konu|тема|θεμα)\s?\*?\s?:/u;

const SEPARATOR =
  /^(?:-{2,}|_{2,}|={2,}|\*{2,})?\s?(?:original message|ursprungliche nachricht|urspruengliche nachricht|originalnachricht|message d'origine|message original|mensaje original|messaggio originale|messaggio originario|oorspronkelijk bericht|origineel bericht|mensagem original|forwarded message|weitergeleitete nachricht|message transfere|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada|mensagem reencaminhada)\s?(?:-{2,}|_{2,}|={2,}|\*{2,})?\s?$/;
const FORWARD_INTRO = /^(?:begin forwarded message|anfang der weitergeleiteten nachricht|debut du message reexpedie|debut du message transfere|inicio del mensaje reenviado|inizio messaggio inoltrato|begin doorgestuurd bericht|inicio da mensagem reencaminhada|inicio da mensagem encaminhada)\s?:/;
const RULE = /^_{10,}$/;
/** The Bat!'s and Supercite's quote prefix: the quoted writer's initials before ">" ("DW> Hi Hugo,"). */
const INITIALS_QUOTE = /^[ \t]{0,2}[A-Z]{1,3}>+(?: |$)/;
const FRAME = /^-{2,} ?| ?-{2,}$/g;

/**
 * The text with the history cut, in two parts: what was written above the quote, and what was written between
 * its ">" lines (answers given inline: "see my answers below"), each signed apart. `answered`: the addresses
 * the reply was sent to (lower case).
 */
export function splitQuotes(text: string, answered: readonly string[] = [], answeredNames: readonly string[] = [], writer: readonly string[] = []): { top: string; inline: string } {
  const lines = text.split("\n");
  const toWriter = writerGreeting(writer.length > 1 ? writer[1]! : (writer[0] ?? null), answeredNames);
  // folded in one pass (one per line cost more than the rest of the classifier); fold() keeps every line break
  let folded = fold(text).split("\n");
  if (folded.length !== lines.length) folded = lines.map(fold);
  folded = folded.map((l, i) => (INITIALS_QUOTE.test(lines[i]!) ? ">" : l.trim()));
  const kept: string[] = [];
  let topEnd = -1;
  // where unprefixed history begins: the writer may have answered inside it
  let history = -1;
  for (let i = 0; i < lines.length; i++) {
    const f = folded[i]!;
    if (f.startsWith(">")) {
      if (topEnd < 0) topEnd = kept.length;
      continue;
    }
    if (headerAt(folded, i, answered, answeredNames)) {
      history = i;
      break;
    }
    if (toWriter?.test(f)) {
      if (kept.some((l) => l.trim() !== "")) {
        history = i;
        break;
      }
      const end = pastedEnd(folded, i, answeredNames);
      if (end > i) {
        i = end - 1;
        continue;
      }
    }
    const span = attribution(folded, i) || (namesAnswered(folded[i]!, answered) ? 1 : 0);
    if (span > 0) {
      // a quote in ">" lines: drop it and go on (the reply may continue below it)
      let j = i + span;
      while (j < lines.length && folded[j] === "") j++;
      if (j < lines.length && folded[j]!.startsWith(">")) {
        if (topEnd < 0) topEnd = kept.length;
        i = j - 1;
        continue;
      }
      history = i;
      break;
    }
    kept.push(lines[i]!);
  }
  const top = topEnd < 0 ? kept : kept.slice(0, topEnd);
  const between = topEnd < 0 ? "" : kept.slice(topEnd).join("\n").trim();
  const above = top.join("\n");
  const answers = history < 0 ? [] : markedAnswers(lines, folded, above, history, writer, answered, answeredNames);
  return { top: above, inline: [between, ...answers].filter((a) => a !== "").join("\n\n") };
}

/** Line i begins an older message: a separator, an Outlook header block (ours or one we cannot read), a help desk's comment header. */
function headerAt(folded: string[], i: number, answered: readonly string[], answeredNames: readonly string[]): boolean {
  const f = folded[i]!;
  return SEPARATOR.test(f) || FORWARD_INTRO.test(f) || RULE.test(f) || outlookBlock(folded, i) || labelledBlock(folded, i, answered) || commentHeader(folded, i, answeredNames);
}

/** A short line greeting someone by name ("hi hamid,", "hallo frank!", "hamid,"): the name. Compiled once (per writer it cost ~20 µs a message). */
const GREETING_LINE = new RegExp(`^(?:(?:${GREETING_WORDS}),? ([a-z'-]+)(?: [a-z'-]+)?[,:!.]?|([a-z'-]+)[,:])$`);

/**
 * A greeting of the writer by their given name: nobody greets themselves. Not when one they answer has the same given
 * name.
 */
function writerGreeting(given: string | null, answeredNames: readonly string[]): { test: (line: string) => boolean } | null {
  if (!given || given.length < 3 || !/^[a-z'-]+$/.test(given) || answeredNames.some((n) => n.split(" ")[0] === given)) return null;
  return {
    test: (line) => {
      if (line.length > 60 || !line.includes(given)) return false;
      const m = GREETING_LINE.exec(line);
      return m !== null && (m[1] ?? m[2]) === given;
    },
  };
}

/** Where a message pasted at the top ends: after the sign-off of one the reply answers ("Dana Whitfield", "Dana") and the name block under it; -1 when none is found. */
function pastedEnd(folded: string[], from: number, answeredNames: readonly string[]): number {
  const signs = new Set(answeredNames.flatMap((n) => [n, n.split(" ")[0]!]));
  for (let j = from + 1; j < Math.min(folded.length, from + 80); j++) {
    if (!signs.has(folded[j]!.replace(/^[-–— ]+/, ""))) continue;
    let k = j + 1;
    while (k < folded.length && k <= j + 8 && folded[k] !== "") k++;
    return k;
  }
  return -1;
}

/** How many lines (1–3) an attribution at line i takes, or 0. */
function attribution(folded: string[], i: number): number {
  // Zoho frames it: "---- On Mon, 5 Jan 2027 … Jane <jane@x> wrote ----"
  const line = folded[i]!.replace(FRAME, "");
  if (line.length > 400 || line === "") return 0;
  if (ATTRIBUTION_WORD.test(line) && (ATTRIBUTION_START.test(line) || line.endsWith(":") || line.length < 200)) return 1;
  if (inner(line)) return 1;
  if (!ATTRIBUTION_START.test(line)) return 0;
  // wrapped: "On Mon, 5 Jan 2027 at 10:00, Jane Doe <jane@x.example>\nwrote:"
  let joined = line;
  for (let k = 1; k <= 2 && i + k < folded.length; k++) {
    const next = folded[i + k]!;
    if (next === "") break;
    joined += " " + next;
    if (joined.length > 500) break;
    if (ATTRIBUTION_WORD.test(joined) || inner(joined)) return k + 1;
  }
  return 0;
}

/** The address, then the verb before the date, as Gmail's apps write it: "Jane <jane@x> schrieb am Mo., 5. Jan. 2027, 10:00:", "… escribió el lun, …:". */
const VERB_THEN_DATE = /@.* (?:schrieb|schreef|wrote|escribio|ha scritto|escreveu|a ecrit) (?:am|op|on|el|il giorno|il|em|no dia|le) .*[0-9].*:$/;
/** Gmail's older form: "2027-01-05 10:00 GMT+01:00 Jane <jane@x.example>:". */
const ISO_ATTRIBUTION = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{1,2}:[0-9]{2}(?: gmt[+-][0-9]{1,2}(?::[0-9]{2})?)? [^ ].*@.*:$/;

/** "Am 5. Jan. 2027 um 10:00 schrieb Jane <jane@x>:" — the word is not last. */
function inner(line: string): boolean {
  if (!line.endsWith(":")) return false;
  if ((line.startsWith("am ") || line.startsWith("op ")) && (line.includes(" schrieb ") || line.includes(" schreef "))) return true;
  return VERB_THEN_DATE.test(line) || ISO_ATTRIBUTION.test(line);
}

/** An attribution in a language we do not read: it ends in ":" and names an answered address, in brackets or beside a date. */
function namesAnswered(framed: string, answered: readonly string[]): boolean {
  const line = framed.replace(FRAME, "");
  if ((!line.endsWith(":") && !framed.endsWith("-")) || line.length > 400) return false;
  return answered.some((a) => line.includes(`<${a}>`) || line.includes(`mailto:${a}`) || (line.includes(a) && /[0-9]/.test(line)));
}

const LABEL = /^\*?\p{L}[\p{L} '-]{0,24}\*?\s?:/u;

/** Outlook's header block in a language we do not read ("Od: Leo <leo@…>", "Wysłano: …", "Do: …", "Temat: …"): a labelled line naming an answered address, two more labelled lines under it, one of them dated. */
function labelledBlock(folded: string[], i: number, answered: readonly string[]): boolean {
  const line = folded[i]!;
  if (!answered.length || line.length > 400 || !LABEL.test(line) || !answered.some((a) => line.includes(a))) return false;
  let labels = 0;
  let dated = false;
  for (let k = i + 1; k < Math.min(folded.length, i + 7); k++) {
    if (!LABEL.test(folded[k]!)) continue;
    labels++;
    dated ||= SENT_AT.test(folded[k]!);
  }
  return labels >= 2 && dated;
}
/** A help desk's comment header: "Dana Whitfield" (one the reply was sent to) alone on a line, "Jan 12, 2027, 7:14 AM PST" under it. */
function commentHeader(folded: string[], i: number, names: readonly string[]): boolean {
  if (!names.includes(folded[i]!)) return false;
  let k = i + 1;
  while (k < folded.length && k <= i + 2 && folded[k] === "") k++;
  const next = folded[k] ?? "";
  return next.length > 0 && next.length < 80 && SENT_AT.test(next);
}

/** The sent line's year or time. */
const SENT_AT = /(?<![0-9])(?:(?:19|20)[0-9]{2}|[0-9]{1,2}[:.][0-9]{2})(?![0-9])/;

function outlookBlock(folded: string[], i: number): boolean {
  // GMX and Web.de put the date first: "Gesendet: …", then "Von: …"
  if (SENT_LINE.test(folded[i]!) && [1, 2].some((k) => FROM_LINE.test(folded[i + k] ?? "") && outlookBlock(folded, i + k))) return true;
  if (!FROM_LINE.test(folded[i]!)) return false;
  let to = false;
  for (let k = i + 1; k < Math.min(folded.length, i + 7); k++) {
    const l = folded[k]!;
    if (SENT_LINE.test(l)) return true;
    if (TO_LINE.test(l)) to = true;
    else if (to && SUBJECT_LINE.test(l)) return true;
  }
  return false;
}

// Answers given inside the history. Outlook users answer in the message they got, unprefixed, and mark each answer
// so it stands out: "[Paula] not this week", "[PD] yes", "PD: no", "Paula: no", a mark their text above announces
// ("answers marked [P]", "siehe Antworten im Text (AW:)"), "<< no thanks >>", "==> Q3", or capitals when the text
// above says so ("ANSWERS IN CAPS BELOW"). Unmarked, the history is ours and is not read.

/** Lines of the history read for answers. */
const ANSWER_SCAN = 300;
/** Words of the text above that announce answers below: "answers below marked [Paula]", "Antworten im Text (AW:)", "réponses ci-dessous". */
const ANNOUNCES = /answer|repl(?:y|ies)|comment|below|inline|in line|marked|antwort|unten|markiert|reponse|dessous|respuesta|comentario|abajo|debajo|marcad|risposta|sotto|segnat|antwoord|hieronder|opmerking|gemarkeerd|resposta|abaixo/;
/** "in caps", "in Großbuchstaben", "en majuscules", "en mayúsculas", "in maiuscolo", "in hoofdletters", "em maiúsculas"; read unfolded (folding the text above costs more than the scan). */
const CAPS_ANNOUNCED = /\b(?:caps|capitals|capital letters|upper ?case|block letters|gro(?:ss|ß)buchstaben|majuscules?|may[uú]sculas?|maiuscol[oe]|mai[uú]sculas?|hoofdletters?|caixa alta)\b/i;
/** A mark announced in brackets ("[Paula]", "[MR]") or parentheses ("(AW:)", "(==>)"); not an address, a number, a link, "(see below)", "(s)". */
const ANNOUNCED = /\[([^[\]\n@/\d]{1,20})\]|\((?![a-z]+\))([^()\s@.,/\d]{1,8})\)/g;
// Marks read with fixed patterns, the name in them then looked up: a pattern made per writer costs more to compile
// than the rest of the scan.
/** At a folded line's start: "[paula]", "(paula)", "paula:" (not alone on its line: that greets), "<<", "==>", "-->". */
const MARK = /^(?:[[(]([a-z][a-z' -]{0,40})[\])] ?[:-]?|([a-z][a-z' -]{0,40}?) ?:(?= ?\S)|<<|=+>|-{2,}>) ?/;
/** Initials in capitals at a line's start: "[JK]", "(J.K.)", "JK:". */
const INITIALS_MARK = /^\s*(?:[[(]((?:\p{Lu}\.?){2,3})[\])] ?[:-]?|((?:\p{Lu}\.?){2,3}) ?:(?=\s*\S))\s*/u;
/** Initials that read as something else at a line's start ("RE:", "FW:", "CC:", "PS:", German "AW:"): only when announced. */
const NOT_INITIALS = new Set(["re", "fw", "fwd", "cc", "bcc", "to", "ps", "aw", "wg", "sv", "tr", "rv", "vs", "nb", "am", "pm", "ok"]);
const ARROW = /^(?:=+>|-{2,}>)/;

/** A line in capitals of two words or more ("NOT BEFORE MARCH"). */
const capitals = (raw: string) => !/\p{Ll}/u.test(raw) && (raw.match(/\p{Lu}+/gu)?.length ?? 0) >= 2;

type Marks = { named: Set<string>; initials: Set<string>; literals: string[]; caps: boolean; starts: string };

/** The marked answers in the history that begins at line `history`, read up to the older message under it. */
function markedAnswers(lines: string[], folded: string[], top: string, history: number, writer: readonly string[], answered: readonly string[], answeredNames: readonly string[]): string[] {
  const marks = answerMarks(top, writer);
  // our own name or firm in capitals (a name block) is no answer
  const ours = marks.caps ? [...answeredNames, ...answered.map((a) => a.split("@")[1]?.split(".")[0] ?? "")].filter((w) => w.length >= 3) : [];
  /** The answer on line j, its mark removed, or null. */
  const answerAt = (j: number): string | null => {
    const f = folded[j]!;
    if (f === "" || f.startsWith(">")) return null;
    if (marks.starts.includes(f[0]!)) {
      const raw = lines[j]!;
      const own = INITIALS_MARK.exec(raw);
      if (own && marks.initials.has(fold(own[1] ?? own[2]!).replace(/\./g, ""))) return raw.slice(own[0].length).trim();
      const mark = markOf(f, marks, j > 0 ? folded[j - 1]! : "", folded[j + 1] ?? "");
      if (mark > 0) {
        const line = raw.trim();
        // the original's words when the mark folds to its own length (it does but for letters like "ß")
        const rest = fold(line.slice(0, mark)) === f.slice(0, mark) ? line.slice(mark) : f.slice(mark);
        return rest.replace(/\s*>>$/, "").trim();
      }
    }
    return marks.caps && capitals(lines[j]!) && !ours.some((w) => f.includes(w)) ? lines[j]!.trim() : null;
  };
  const start = pastHeader(folded, history, answered, answeredNames);
  const end = Math.min(lines.length, start + ANSWER_SCAN);
  const found: number[] = [];
  for (let j = start; j < end; j++) if (answerAt(j) !== null) found.push(j);
  if (found.length === 0) return [];
  // up to the older message, if one begins before the last mark
  const older = (j: number) => folded[j] !== "" && (headerAt(folded, j, answered, answeredNames) || attribution(folded, j) > 0 || namesAnswered(folded[j]!, answered));
  let stop = end;
  for (let j = start; j <= found[found.length - 1]!; j++) {
    if (!older(j)) continue;
    stop = j;
    break;
  }
  // our sign-off under an answer ("Dana Whitfield", "Dana") is no more of it
  const signs = new Set(answeredNames.flatMap((n) => [n, n.split(" ")[0]!]));
  const answers: string[] = [];
  for (const j of found) {
    if (j >= stop) break;
    const first = answerAt(j)!;
    const part = [first];
    // wrapped over lines: "<< …" runs to its ">>"; another answer while its line runs long without ending a sentence
    const angled = folded[j]!.startsWith("<<");
    for (let k = j; k + 1 < stop && part.length < 10; k++) {
      const line = lines[k]!.trim();
      const wraps = angled ? !line.endsWith(">>") : (k === j && first === "") || (line.length >= 50 && !/[.!?]$/.test(line));
      if (!wraps || folded[k + 1] === "" || signs.has(folded[k + 1]!) || answerAt(k + 1) !== null || older(k + 1)) break;
      part.push(lines[k + 1]!.trim().replace(/\s*>>$/, ""));
    }
    const answer = part.join("\n").trim();
    if (answer !== "") answers.push(answer);
  }
  return answers;
}

/** How long the writer's mark is at the start of folded line `f`, or 0. */
function markOf(f: string, marks: Marks, before: string, after: string): number {
  const literal = marks.literals.find((l) => f.startsWith(l));
  if (literal) return literal.length;
  const m = MARK.exec(f);
  if (!m) return 0;
  const name = m[1] ?? m[2];
  if (name !== undefined) return marks.named.has(name.trim()) ? m[0].length : 0;
  // a run of arrows is a list of ours, not answers
  return ARROW.test(m[0]) && (ARROW.test(before) || ARROW.test(after)) ? 0 : m[0].length;
}

/** The marks the writer's answers may carry: their name and initials, what the text above (`top`) announces, the generic ones. */
function answerMarks(top: string, writer: readonly string[]): Marks {
  // the full name and the given name ("[Paula]", "Paula:"), folded
  const named = new Set(writer.slice(0, 2).filter((n) => n.length >= 2));
  const literals: string[] = [];
  // announced near its start
  const text = top.length > 4096 ? top.slice(0, 4096) : top;
  if (text.includes("[") || text.includes("(")) {
    for (const line of text.split("\n")) {
      if ((!line.includes("[") && !line.includes("(")) || !ANNOUNCES.test(fold(line))) continue;
      for (const m of line.matchAll(ANNOUNCED)) {
        const mark = fold(m[1] ?? m[2]!).trim();
        // a word or initials take the forms of a name ("[MR]" → "[MR] …", "MR: …"); anything else starts the line as written ("AW:")
        if (/^[a-z][a-z' -]*$/.test(mark)) {
          if (mark.split(" ").length <= 3) named.add(mark);
        } else if (mark !== "") literals.push(mark);
      }
    }
  }
  // initials of the name's words in either order ("Rossi, Matteo" marks "[MR]")
  const words = (writer[0] ?? "").split(" ").filter((w) => /^[a-z]/.test(w));
  const initials = new Set<string>();
  if (words.length > 1) {
    const [first, last] = [words[0]![0]!, words[words.length - 1]![0]!];
    if (words.length <= 3) initials.add(words.map((w) => w[0]).join(""));
    initials.add(first + last).add(last + first);
  }
  for (const x of NOT_INITIALS) initials.delete(x);
  // what a marked line may begin with (folded): most lines of the history are passed on this alone
  const starts = "[(<=-" + [...named, ...initials, ...literals].map((m) => m[0]).join("");
  return { named, initials, literals, caps: CAPS_ANNOUNCED.test(text), starts };
}

/** The first line of a quoted message's text: past the separator, the header block and the attribution at `i`. */
function pastHeader(folded: string[], i: number, answered: readonly string[], answeredNames: readonly string[]): number {
  for (let n = 0; n < 3; n++) {
    while (i < folded.length && folded[i] === "") i++;
    if (i >= folded.length) break;
    const span = attribution(folded, i) || (namesAnswered(folded[i]!, answered) ? 1 : 0);
    if (span > 0) {
      i += span;
      continue;
    }
    if (!headerAt(folded, i, answered, answeredNames)) break;
    // a block runs to a blank line (a long "To:" wraps)
    const cap = i + 15;
    while (i < folded.length && i < cap && folded[i] !== "") i++;
  }
  return i;
}
