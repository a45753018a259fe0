// What a reply says that is new: the body's text (body.ts) with quoted
// history (quotes.ts) and the signature (signature.ts) cut, capped so that
// every later scan is bounded whatever the message.
import type { Entity } from "../../../smtp-in/bounces/mime";
import { bodyText, htmlPart } from "./body";
import { announcedColour, colouredAnswers } from "./coloured";
import { splitQuotes } from "./quotes";
import { cutSignature } from "./signature";

/** Text looked at before cutting (the new text is on top; history can be huge). */
export const MAX_SCAN = 128 * 1024;
/** Visible text kept and classified. */
export const MAX_VISIBLE = 64 * 1024;

/**
 * `names`: the writer's, as they may sign (signature.ts writerNames); `answered`: the addresses the reply was sent
 * to, and `answeredNames` their display names, folded (quotes.ts).
 */
export function visibleText(msg: Entity, names: readonly string[] = [], answered: readonly string[] = [], answeredNames: readonly string[] = []): string {
  const visible = visibleOf(bodyText(msg), names, answered, answeredNames);
  // "my answers inline below in blue": the runs of that colour in the HTML's quoted history (coloured.ts)
  const hue = announcedColour(visible);
  const html = hue ? htmlPart(msg) : null;
  if (!hue || !html) return visible;
  const answers = colouredAnswers(html.length > MAX_SCAN ? html.slice(0, MAX_SCAN) : html, hue).filter((a) => !visible.includes(a));
  return answers.length ? `${visible}\n\n${answers.join("\n\n")}`.slice(0, MAX_VISIBLE) : visible;
}

export function visibleOf(body: string, names: readonly string[] = [], answered: readonly string[] = [], answeredNames: readonly string[] = []): string {
  const text = withoutTicketDescription((body.length > MAX_SCAN ? body.slice(0, MAX_SCAN) : body).replace(/\r\n?/g, "\n"));
  // the signature is cut from each part: a sign-off above an inline answer does not end the answer below
  const { top, inline } = splitQuotes(text, answered, answeredNames, names);
  const signed = cutSignature(top, names);
  const cut = (inline ? `${signed}\n\n${cutSignature(inline, names, true)}` : signed)
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cut.length > MAX_VISIBLE ? cut.slice(0, MAX_VISIBLE) : cut;
}

/** A help desk's notification ("Reply above this line"): its ticket card follows the news. */
const DESK_NOTIFICATION = /(?:reply|respond|type your reply|write your reply) above this line|antworten sie (?:bitte )?(?:oberhalb|über) dieser zeile|répondez au-dessus de cette ligne|responda (?:por )?encima de esta línea|rispondi sopra questa riga|antwoord boven deze regel|responda acima desta linha/i;
/** The card's "Description" heading: the ticket's first message, which was ours (Jira Service Management, Zendesk, Freshdesk). */
const TICKET_DESCRIPTION = /^[ \t]*(?:description|beschreibung|descripción|descrizione|beschrijving|descrição|original request|ursprüngliche anfrage|demande initiale|solicitud original)[ \t]*:?[ \t]*$/im;

/** The desk's notification without the ticket's description, our own message quoted back in it. */
function withoutTicketDescription(text: string): string {
  if (!DESK_NOTIFICATION.test(text)) return text;
  const m = TICKET_DESCRIPTION.exec(text);
  return m ? text.slice(0, m.index) : text;
}
