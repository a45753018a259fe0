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
export function splitQuotes(text: string, answered: readonly string[] = [], answeredNames: readonly string[] = [], writerGiven: string | null = null): { top: string; inline: string } {
  const lines = text.split("\n");
  const toWriter = writerGreeting(writerGiven, answeredNames);
  // folded in one pass (one per line cost more than the rest of the classifier); fold() keeps every line break
  let folded = fold(text).split("\n");
  if (folded.length !== lines.length) folded = lines.map(fold);
  folded = folded.map((l, i) => (INITIALS_QUOTE.test(lines[i]!) ? ">" : l.trim()));
  const kept: string[] = [];
  let topEnd = -1;
  for (let i = 0; i < lines.length; i++) {
    const f = folded[i]!;
    if (f.startsWith(">")) {
      if (topEnd < 0) topEnd = kept.length;
      continue;
    }
    if (SEPARATOR.test(f) || FORWARD_INTRO.test(f) || RULE.test(f) || outlookBlock(folded, i) || labelledBlock(folded, i, answered) || commentHeader(folded, i, answeredNames)) break;
    if (toWriter?.test(f)) {
      if (kept.some((l) => l.trim() !== "")) break;
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
      break;
    }
    kept.push(lines[i]!);
  }
  if (topEnd < 0) return { top: kept.join("\n"), inline: "" };
  return { top: kept.slice(0, topEnd).join("\n"), inline: kept.slice(topEnd).join("\n").trim() };
}

/**
 * A greeting of the writer by their given name ("hi hamid,", "hallo frank!", "hamid,"): nobody greets themselves. Not when
 * one they answer has the same given name.
 */
function writerGreeting(given: string | null, answeredNames: readonly string[]): RegExp | null {
  if (!given || given.length < 3 || !/^[a-z'-]+$/.test(given) || answeredNames.some((n) => n.split(" ")[0] === given)) return null;
  return new RegExp(`^(?:(?:(?:${GREETING_WORDS}),? ${given}(?: [a-z'-]+)?[,:!.]?)|${given}[,:])$`);
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
