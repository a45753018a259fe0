// The way out our own message offered: a cold email often ends "Not the right
// person, or rather not hear from me? Reply 'no thanks'" or "reply STOP to
// opt out". A reply that is that word and nothing else, under the quoted
// message that offered it, is the person taking that way out: a removal
// request, whatever the word would mean alone ("no thanks" is otherwise a
// refusal that stops one sequence and suppresses no one).
import { fold } from "./fold";

const REPLY_VERB = "reply|respond|answer|write back|antworte|antworten sie|r[eé]pondez|r[eé]ponds|responde|responda|respondan|rispondi|risponda|rispondete|antwoord|beantwoord|respondam";
const QUOTE = "[\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e]";
/** "Reply 'no thanks'", "reply with the word 'stop'", "antworten Sie mit „Nein danke“": the word offered, quoted. */
const OFFER_QUOTED = new RegExp(
  `(?:${REPLY_VERB}) (?:(?:with|mit|avec|con|com|met|the word|just|simply|only|einfach|simplement|simplemente|semplicemente|gewoon|apenas|simplesmente|back) ){0,3}${QUOTE} ?([^"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e]{1,24}?) ?${QUOTE}`,
  "gi",
);
/** "reply STOP", "reply with UNSUBSCRIBE": the word offered, in capitals. */
const OFFER_CAPS = /(?:[Rr]eply|[Rr]espond|[Aa]nswer|[Aa]ntworten Sie|[Rr][eé]pondez|[Rr]esponde|[Rr]ispondi|[Aa]ntwoord)(?: (?:with|mit|avec|con|com|met))?(?: (?:the word|just|only))? ([A-Z]{3,12})(?![A-Za-z])/g;
/** What the offer is for, within its sentence: not hearing from us, opting out, removal. */
const FOR_OPTING_OUT =
  /not hear from|opt(?:-| )?out|unsubscribe|remove|removed|no more (?:e-?mails|emails|messages)|stop (?:receiving|hearing|getting)|don'?t want|not interested|not the right person|nichts mehr|keine (?:weiteren )?(?:e-?mails|mails|nachrichten)|abmelden|austragen|ne plus (?:recevoir|etre contacte)|desinscri|desabonn|no (?:recibir|saber) mas|darse de baja|de baja|non ricevere|disiscriv|cancellar|niet meer|afmelden|uitschrijven|nao receber|descadastr|remover/;

/** The word our quoted message offered for opting out, when the writer's whole reply is that word. */
export function tookOfferedOptOut(body: string, visible: string): boolean {
  const said = bare(visible);
  if (said === "" || said.length > 30) return false;
  // the offer is ours, in the quoted message: after what the writer wrote
  const at = body.indexOf(visible.trim().slice(-20));
  // the quoted lines joined, their ">" marks gone: an offer wrapped over two lines still reads
  const quoted = body
    .slice(at >= 0 ? at + Math.min(20, visible.trim().length) : 0, 200_000)
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, "")
    .replace(/\s+/g, " ");
  for (const m of [...quoted.matchAll(OFFER_QUOTED), ...quoted.matchAll(OFFER_CAPS)]) {
    if (bare(m[1]!) !== said) continue;
    const around = fold(quoted.slice(Math.max(0, m.index! - 160), m.index! + m[0].length + 120));
    if (FOR_OPTING_OUT.test(around)) return true;
  }
  return false;
}

/** Words that ask for removal on their own, as a line: the ones an offer to opt out names. */
const STOP_WORDS = /^(?:stop|unsubscribe|remove|remove me|opt out|optout|stopp|abmelden|desabonner|baja|cancella|afmelden|parar)$/;
const LONGER_THAN_STOP_WORDS = /^(?:[^A-Za-z0-9]*[A-Za-z0-9]){12}/;

/**
 * A line that is only the stop word our quoted message offered, in a longer answer ("No." under one paragraph,
 * "Stop." under the offer, written inline): that way out taken too. The offer must be in the quoted lines.
 */
export function tookOfferedStopLine(visible: string, body: () => string): boolean {
  // a line with more than 11 letters or digits is longer than any stop word, folded or not
  const lines = new Set(
    visible
      .split("\n")
      .filter((l) => !LONGER_THAN_STOP_WORDS.test(l))
      .map(bare)
      .filter((l) => STOP_WORDS.test(l)),
  );
  if (lines.size === 0) return false;
  const quoted = body()
    .split("\n")
    .filter((l) => /^[ \t]*>/.test(l))
    .map((l) => l.replace(/^[ \t]*(?:>[ \t]?)+/, ""))
    .join(" ")
    .replace(/\s+/g, " ");
  for (const m of [...quoted.matchAll(OFFER_QUOTED), ...quoted.matchAll(OFFER_CAPS)]) {
    if (!lines.has(bare(m[1]!))) continue;
    if (FOR_OPTING_OUT.test(fold(quoted.slice(Math.max(0, m.index! - 160), m.index! + m[0].length + 120)))) return true;
  }
  return false;
}

/** Folded, without punctuation or spacing: "No thanks." and "no thanks" are one answer. */
const bare = (s: string) => fold(s).replace(/[^a-z0-9]+/g, " ").trim();
