// The inbox's built-in rules classifier: what an inbound message is, and for a
// reply what the writer wants. A pure function over the raw bytes (no
// database, no clock unless asked): bounded work whatever the input.
//
// Order, and why:
// 1. bounce / complaint — the report parser (src/smtp-in/bounces) knows the
//    formats; they also carry auto-reply headers, so they come first.
// 2. auto_reply — a machine's report that is no failure (a read receipt, a
//    success DSN), RFC 3834 and its relatives in the headers, or a subject
//    that says so (the report parser again); else unmistakable responder
//    wording in the visible text (auto-reply.ts: autoReplyWording).
// 3. unsubscribe_request — removal wording in the visible text (our own quoted
//    footer is not visible text), or a bare "unsubscribe" subject.
// 4. reply — a calendar answer (calendar.ts: an invitation accepted is a
//    meeting, read before the auto-reply rules: some calendars mark their
//    answers automatic), else scored for intent and sentiment (intent.ts).
// The visible text (visible.ts) is what every rule after 1 reads: the new
// text, without quoted history, forwarded parts or signature.
import { ANSWERED_SUBJECT, autoReplyWording, isClientNotice } from "../../../smtp-in/bounces/auto-reply";
import { parseReport, type Report } from "../../../smtp-in/bounces";
import { allAddresses, firstAddress } from "../../../smtp-in/bounces/fields";
import { header, headerText, parseMessage, walk, type Entity } from "../../../smtp-in/bounces/mime";
import { calendarAnswer, calendarNotice } from "./calendar";
import { tookOfferedOptOut, tookOfferedStopLine } from "./opt-out";
import { bodyText } from "./body";
import { returnDate, type Reference } from "./dates";
import { fold } from "./fold";
import { decide, score, type Intent, type Sentiment } from "./intent";
import { looksLikeWriter, mentions, namedAfterTo, ownOtherAddress, referredName, statedAsOwn, type Mention, type Writer } from "./proposal";
import { writerNames } from "./signature";
import { companyWide } from "./company-wide";
import { WRITING_FROM_NEW } from "./cues";
import { FOR_THE_WRITER_TOO, removalForAnother, type Span } from "./on-behalf";
import { asksRemoval } from "./unsubscribe";
import { BARE_REMOVAL_MORE, RELAYED_MORE } from "./more-languages";
import { RELAYED } from "./other-scripts";
import { hasMatch, WordStarts } from "../../../lib/word-starts";
import { withSpokenAddresses } from "./spoken";
import { visibleText } from "./visible";
import { greetsReader, readerNames } from "./greeting";
import { withoutPrefixes } from "../subject";

export type { Intent, Sentiment };
export type Classification = "bounce" | "complaint" | "auto_reply" | "unsubscribe_request" | "reply";

export interface Proposal {
  action: "suppress" | "move" | "refer";
  email: string;
  name: string | null;
}

export interface Verdict {
  classification: Classification;
  sentiment: Sentiment | null;
  intent: Intent | null;
  /** An auto-reply's stated return: ms UTC, 00:00 of the day stated. */
  returnAt: number | null;
  proposal: Proposal | null;
  /**
   * A removal asked for someone other than the writer whose address the text does not give: the name it calls
   * them by (folded, "herrn albrecht"), or null ("stop emailing him"). The ingest knows whom we wrote to.
   */
  onBehalfOf?: { name: string | null };
  /** An unsubscribe request for everyone at the writer's company: the ingest proposes their domain (never a free-mail one). */
  companyWide?: true;
  /** What was classified: the new text, quotes, signature and forwarded parts stripped. */
  visibleText: string;
  /** A machine's report (a read receipt, a success DSN): kept in its thread, no effect on the person. */
  machineReport?: true;
}

export interface ClassifyOptions {
  /** Reference time (ms) when the message has no usable Date header. */
  now?: number;
  /** The report parseReport already made for these bytes (the ingest has one). */
  report?: Report;
  /** These bytes already parsed (parseMessage), when the caller has them. */
  message?: Entity;
  /** Our own domains: never proposed (the message's To domains are taken as ours too). */
  ownDomains?: string[];
}

export function classifyMessage(raw: Uint8Array | string, opts: ClassifyOptions = {}): Verdict {
  const report = opts.report ?? parseReport(raw, opts.message);
  let msg: Entity;
  let writer: Writer;
  let visible: string;
  try {
    msg = opts.message ?? parseMessage(raw);
    writer = writerOf(msg);
    const answered = quotedSenders(msg, writer);
    // an address said in words ("jim at acme dot example") is read as the address it names (spoken.ts)
    visible = withSpokenAddresses(visibleText(msg, writerNames(writer.name, writer.addresses[0]), answered, answeredNames(msg, answered)));
  } catch {
    msg = { headers: [], type: "text/plain", params: {}, text: "", parts: [] };
    writer = { addresses: [], name: null };
    visible = "";
  }
  const verdict = (classification: Classification, rest: Partial<Verdict> = {}): Verdict => ({ classification, sentiment: null, intent: null, returnAt: null, proposal: null, visibleText: visible, ...rest });

  if (report.kind === "bounce") return verdict("bounce");
  if (report.kind === "complaint") return verdict("complaint");
  // a machine's report that names no failure (a read receipt, a success DSN, a TLS or DMARC report): nobody wrote it
  if (isMachineReport(msg)) return verdict("auto_reply", { machineReport: true });
  const subject = headerText(msg, "subject") ?? "";
  // nothing written above the quote: the answer is in the subject ("Re: Payroll at Brandt Roofing - not interested", a new
  // message's "call me tues after 2pm"); a responder's subject ("Automatic reply: …") is read below as such
  if (visible.trim() === "" && report.kind !== "auto_reply" && autoReplyWording(subject) === null) visible = subjectAnswer(subject);

  // a calendar's notice of an answer ("Priya Raman has declined this invitation."): only the note is the writer's
  // a help desk's record of the ticket ("Short description: Worth a 15-minute call?", "Caller: …", "State: …") echoes our
  // mail, not the writer's words
  if (TICKET_ID.test(visible)) visible = visible.replace(DESK_FIELD, "");
  const foldedVisible = fold(visible);
  const notice = calendarNotice(visible, foldedVisible);
  if (notice) visible = notice.note;

  const ours = ownDomains(msg, writer, opts.ownDomains);
  const excluded = (a: string) => writer.addresses.includes(a) || ours.has(a.slice(a.lastIndexOf("@") + 1));
  const plain = unwrapped(visible);
  const folded = !notice && plain === visible ? foldedVisible : fold(plain);
  // a mail client's read receipt or recall notice in plain text: nobody wrote it, and it pauses nothing
  if (isClientNotice(subject, visible)) return verdict("auto_reply", { machineReport: true });

  // an unsubscribe request proposes suppressing the address it names ("remove my work address priya@acme.example",
  // written from a private one), else the writer's (From:, else their first)
  const removal = (rest: Partial<Verdict> = {}) => {
    const found = mentions(visible, excluded);
    const named = found.find((m) => NAMED_FOR_REMOVAL.test(fold(visible.slice(Math.max(0, m.index - 90), m.index)))) ?? found.find((m) => ownReferredBack(visible, m));
    const email = named?.email ?? firstAddress(header(msg, "from") ?? "") ?? writer.addresses[0];
    return verdict("unsubscribe_request", { proposal: email ? { action: "suppress", email, name: null } : null, ...rest });
  };
  // a List-Unsubscribe mailto (RFC 2369) is written by the person's mail client when they click its
  // button ("This message was automatically generated by Gmail"): a removal request, not an auto-reply
  const subjectFolded = fold(subject).trim();
  if ((visible.length < 300 && REMOVAL_SUBJECT.test(subjectFolded)) || (folded.trim() === "" && REMOVAL_SUBJECT_TAIL.test(subjectFolded))) return removal();
  // the word our quoted message offered for opting out ("…rather not hear from me? Reply 'no thanks'"), and nothing else
  if ((visible.length <= 40 && tookOfferedOptOut(bodyText(msg), visible)) || tookOfferedStopLine(visible, () => bodyText(msg))) return removal();

  // an invitation accepted, a new time proposed or the writer's own invitation is a meeting whatever the note says,
  // even from a calendar that marks its answers automatic; a refusal is read as written
  const answer = calendarAnswer(msg, writer.addresses) ?? notice?.answer;
  if (answer === "accepted" || answer === "counter" || answer === "invited") return verdict("reply", { intent: "meeting_request", sentiment: "positive" });
  if (answer === "tentative") return verdict("reply", { intent: "meeting_request", sentiment: "neutral" });
  // declined for an absence ("Declined because I am out of office", a calendar's automatic answer): away, not gone;
  // unless the note also asks or refuses something ("on holiday that week, let's find another slot")
  if (answer === "declined" && autoReplyWording(visible)?.kind === "out_of_office") {
    const note = score(visible, folded);
    if (!note.requested && note.refusal < 3) return verdict("auto_reply", { returnAt: returnDate(folded, reference(msg, opts.now)) });
  }

  // the subject's words only when it is the responder's own, not a person's "Re: Automatic reply: …"
  const wording = autoReplyWording(visible) ?? (ANSWERED_SUBJECT.test(subject) ? null : autoReplyWording(subject));
  // a help desk's notification carrying a person's comment ("Maya Stone commented:") is theirs, whatever its headers say
  const read = (report.kind === "auto_reply" && !AGENT_COMMENT.test(visible)) || wording?.unmistakable ? score(visible, folded) : null;
  // a person who is away and answers anyway ("de viaje hasta el jueves, pero: no nos encaja, ya trabajamos con otra
  // herramienta"): a refusal or a request outweighs the absence they describe, unless headers or the text say a machine wrote it
  // So is a notice without automation headers that greets the reader by name ("Hola Dana, estoy de baja hasta marzo;
  // escríbeme en abril", "Hi Dana, I left Harbour Lane in November, reach me at …"): no autoresponder knows it (greeting.ts)
  const byPerson = read !== null && report.kind !== "auto_reply" && wording !== null && !wording.automatic;
  const answeredWhileAway =
    byPerson &&
    // …or asks to be removed ("jestem na urlopie do 15.02, ale proszę usunąć mój adres z Państwa listy")
    ((wording.kind === "out_of_office" && (read.refusal >= 3 || read.requested || asksRemoval(folded))) ||
      // "Nous accusons réception … le cabinet ne donne pas suite aux sollicitations commerciales": a secretariat's answer, a no
      (wording.kind === "acknowledgement" && read.refusal >= 3) ||
      ((wording.kind === "out_of_office" || wording.kind === "left_company") && greetsReader(visible, readerNames(mailboxes(msg), (a) => ours.has(a.slice(a.lastIndexOf("@") + 1))))));
  if (read !== null && !answeredWhileAway) {
    const found = mentions(visible, excluded);
    // "our addresses have changed, reach me at … from now on" (a rebrand): an address of their own for good, not an
    // absence's "until 3 March you can reach me at …"
    const movedFor = USE_FROM_NOW.test(folded) && found.some((m) => statedAsOwn(visible, m.index, { others: !atWritersDomain(m.email, writer) }));
    // a shared mailbox closed ("partnerships@: this mailbox is no longer monitored, use the form"): no person moved
    const roleBox = ROLE_MAILBOX.test(writer.addresses[0] ?? "");
    const left = (wording?.kind === "left_company" && !roleBox) || read.moved || movedFor;
    if (left) return verdict("auto_reply", { intent: "moved", proposal: movedProposal(visible, found, writer) });
    // a desk's acknowledgement states no absence, unless it says when it is back: its office hours ("lunes a viernes") are no return
    // a newsletter or a list's post (List-Id, List-Unsubscribe) that states no absence names no return either
    const bulk = wording?.kind !== "out_of_office" && (header(msg, "list-id") !== null || header(msg, "list-unsubscribe") !== null);
    const noReturn = (wording?.kind === "acknowledgement" && !BACK_SAID.test(folded)) || bulk;
    // the return stated only in the subject ("Out of office until 18/01", "Abwesend bis 22.01.", "In ferie - rientro 25/01")
    const ref = reference(msg, opts.now);
    // (never our own subject it answers: "Automatic reply: Re: Kickoff on Feb 5")
    const own = subject.replace(AUTO_PREFIX, "");
    const ownSubject = !/(?:^|[\s:])(?:re|aw|sv|vs|antw|fw|fwd|wg|tr|rv|r)\s*:/i.test(own) && autoReplyWording(own)?.kind === "out_of_office";
    return verdict("auto_reply", { returnAt: noReturn ? null : (returnDate(folded, ref) ?? (ownSubject ? returnDate(fold(subject), ref) : null)) });
  }

  // one index of the text's word starts for both readers (score blanks what it masks: it reads last)
  const starts = new WordStarts(folded);
  // asked for someone else ("Antoine (antoine@…) asks me to tell you he no longer wants your messages", "stop emailing
  // him", "streichen Sie Herrn Albrecht aus Ihrer Liste"): never the writer's address, unless they ask it for themselves too
  const another = removalForAnother(folded, visible, starts);
  // a removal that names the writer's own other address ("eliminad mi dirección del trabajo, p.navarro@…" from a
  // private address; "excluir o endereço mariana.souza@…" from Mariana's): theirs, of that address
  const found = mentions(visible, excluded);
  if (found.some((m) => ownNamedForRemoval(visible, m, writer) || ownReferredBack(visible, m))) return removal();
  const forSelf = another !== null ? FOR_THE_WRITER_TOO.test(folded) || writer.addresses.some((a) => addressAt(folded, a, another)) : asksRemoval(folded, starts);
  // for everyone at their company ("remove everyone at our company", "ni yo ni nadie de mi equipo"): read on, as below
  const wide = companyWide(folded, starts, forSelf);
  // a colleague's wish relayed in a language more-languages.ts reads ("mój kolega prosił, żebym przekazał, że nie chce
  // dostawać maili", "мій колега просив передати … йому це нецікаво"): theirs, without an address; the writer's own
  // wish is read without that sentence
  const colleagues = another === null && wide === null ? relayedSentence(folded) : null;
  if (forSelf && colleagues) {
    const own = score(visible, folded.slice(0, colleagues.at) + " ".repeat(colleagues.end - colleagues.at) + folded.slice(colleagues.end));
    const d = decide(own, false);
    if (WRITERS_OWN.has(d.intent)) return verdict("reply", { intent: d.intent, sentiment: d.sentiment });
    return verdict("unsubscribe_request", { onBehalfOf: { name: null } });
  }
  // "take me off the automated follow-ups … if you want to talk just call me, Tuesday mornings": the sequence, not the
  // person; the writer asks to talk (the reply stops the sequence)
  if (forSelf && wide === null && AUTOMATED_ONLY.test(folded)) {
    const d = decide(score(visible, folded), false);
    if (d.intent === "meeting_request") return verdict("reply", { intent: d.intent, sentiment: d.sentiment });
  }
  // "don't write to this address any more, it closes on 1 February; my new address is …": moved, not gone
  if (forSelf && wide === null && THIS_ADDRESS.test(folded)) {
    // stated as the writer's new one ("my new address is …"), or the one to use from now on ("… and use mei.chen@… from
    // now on", "verwenden Sie künftig michael.berger@…")
    const isNew = (index: number, length: number) =>
      statedAsOwn(visible, index, { others: false }) || NEW_ADDRESS_BEFORE.test(fold(visible.slice(Math.max(0, index - 40), index))) || USE_FROM_NOW.test(fold(visible.slice(Math.max(0, index - 30), index + length + 40)));
    // …another address than the writer's, else the one written from ("stop emailing my old Ferris address … use mwebb@… going forward")
    const from = firstAddress(header(msg, "from") ?? "");
    const at = from ? visible.toLowerCase().indexOf(from.toLowerCase()) : -1;
    const own = found.find((m) => isNew(m.index, m.email.length))?.email ?? (from && at >= 0 && isNew(at, from.length) ? from : null);
    if (own) return verdict("reply", { intent: "moved", sentiment: "neutral", proposal: { action: "move", email: own, name: null } });
  }
  if (forSelf && wide === null) return removal();
  const fromNew = hasMatch(WRITING_FROM_NEW, folded, starts);

  // the request for someone else, for the company, or a colleague's wish relayed is read without its own words ("wil er
  // graag vanaf" is no interest)
  let scored = folded;
  for (const span of [...(another?.spans ?? []), ...(wide ? [wide] : []), ...(colleagues ? [colleagues] : [])]) {
    scored = scored.slice(0, span.at) + " ".repeat(span.end - span.at) + scored.slice(span.end);
    starts.blanked(scored, span.at, span.end);
  }
  const s = score(visible, scored, starts);
  // an address the writer calls their own new one, or someone's at another company: they moved ("reach him at"
  // an address of the writer's own company is a colleague: a referral)
  // ("email her at …" of a free-mail address is a private one of someone else's: a referral, nobody moved)
  if (found.some((m) => statedAsOwn(visible, m.index, { others: !atWritersDomain(m.email, writer) && !FREEMAIL.test(m.email) }))) s.moved = true;
  // their own name at another company's domain ("please use priya.nair@initech.example going forward"): their new mailbox
  // (a free-mail address is a private one, not a move)
  if (found.some((m) => !atWritersDomain(m.email, writer) && !FREEMAIL.test(m.email) && looksLikeWriter(m.email, writer))) s.moved = true;
  // "my personal email is …, use that from now on": the writer's own other address, to write to instead
  const other = ownOtherAddress(visible);
  const useOther = other !== null && USE_FROM_NOW.test(folded);
  if (useOther) s.moved = true;
  // writing from the new address they name ("I joined NewCo, hence the new address"): the move is proposed below, and
  // the intent is what they ask ("can we talk Tuesday?"), or their move when they ask nothing
  if (fromNew) s.moved = false;
  const named = referredName(visible);
  // "book time with my assistant Jen (jen@…)", "let's set up a demo, I'll loop in Raj": the writer asks to meet, the
  // assistant books it or a colleague joins, and the thread stays with the writer
  // "… send an invite to this address and I'll forward it to our controller": the writer meets, and passes the invite on
  const scheduler = ((s.assistant || s.adds) && s.meeting >= 2) || (s.meetingDay && s.meeting >= 2 && FORWARDS_THE_INVITE.test(folded));
  // "send me a brochure, I'll pass it on to my boss": material asked for to show someone unnamed, the writer stays the contact
  // the writer's own other mailbox at the same company ("send the invite to jamie.cole@… rather than this shared inbox") is no one else
  // nor is the colleague whose removal the writer relays ("you've been emailing Greg (greg@…), he'd like that to stop")
  const relayed = wide === null ? another : null;
  // the address beside any of the requests ("she asked not to be contacted … Please remove sarah@… from your lists")
  const theirs = relayed ? [relayed, ...relayed.spans].reduce<Mention | undefined>((a, span) => a ?? addressFor(span, found), undefined) : undefined;
  // "please send invoices to ap@…", "facturen graag naar facturen@…": where the writer's bills go, no one to sell to
  const others = found.filter((m) => m !== theirs && !(atWritersDomain(m.email, writer) && looksLikeWriter(m.email, writer)) && !FOR_INVOICES.test(fold(visible.slice(Math.max(0, m.index - 60), m.index))));
  // "…showed your email to Curtis. Could you send over a one-pager? I'll make sure it gets to him": the writer stays the contact
  const passesOn = PASSES_IT_ON.test(folded);
  const champion = s.requested && others.length === 0 && (passesOn || ((named === null || named.name === null) && namedAfterTo(visible) === null));
  // "I'll let you two take it from here": handed on, whatever meeting the two of them are to set up
  // someone whose removal the writer relays is no one to refer to ("I forwarded this to Greg, he's a no and asked not to be contacted")
  // "I'm not the right contact – talk to our CTO instead, I've put her in Cc": handed on, whatever call our mail offered
  // "I forwarded this up the chain; the answer from our CFO: no", "ho girato la sua mail al nostro IT … avremmo due domande":
  // passed on, and the answer came back through the writer, who stays the contact
  const answeredUpstream = s.forwarded && named === null && others.length === 0 && (s.refusal >= 6 || s.question >= 4);
  const referral = !s.moved && !champion && !s.selfContact && !relayed && (s.handoff || (s.wrongPerson && named !== null) || (!scheduler && (named !== null || others.length > 0 || (s.forwarded && !answeredUpstream))));
  const decided = decide(s, referral);
  const intent = fromNew && decided.intent === null ? "moved" : decided.intent;
  const sentiment = decided.sentiment;
  let proposal: Proposal | null = null;
  const from = firstAddress(header(msg, "from") ?? "");
  // where a moved writer is to be written to: their own other address ("my personal email is …, use that from now on";
  // "I've accepted a position elsewhere … my personal email is dan@gmail… to stay in touch"), the address they write from
  // when they call it their new one ("my new email is <From>; the new person here is Johan (johan@…)"), else the text's
  const movedTo = (): Proposal | null => {
    if (other !== null && (useOther || s.moved)) return { action: "move", email: other, name: null };
    if (from && statesOwnAddress(visible, from)) return { action: "move", email: from, name: null };
    return movedProposal(visible, found, writer);
  };
  if (intent === "moved") proposal = movedTo();
  else if (intent === "referral") proposal = referralProposal(others, named) ?? copiedProposal(msg, excluded, named?.name ?? null, visible);
  if (proposal?.action === "refer") proposal = { ...proposal, name: nameOf(msg, visible, proposal.email, proposal.name) };
  // "I joined NewCo in March, hence the new address": their own intent, and their person moved to the address they write
  // from (the ingest proposes it only when that is not the address we wrote to)
  if (proposal === null && from && fromNew) proposal = { action: "move", email: from, name: null };
  // "my new address is bram@kwartel.nl", the address they write from: moved there (the ingest proposes it only when we
  // wrote to another)
  if (proposal === null && from && intent === "moved" && statesOwnAddress(visible, from)) proposal = { action: "move", email: from, name: null };
  // the removal asked for someone else, unless the writer asks to meet, for material or about the product themselves, or says
  // the person left ("nehmen Sie ihn aus dem Verteiler … für das Thema bin jetzt ich zuständig, was kostet das?"): the
  // sequence stops either way
  const writersOwn = (asked: Span[]) => WRITERS_OWN.has(intent) && (intent !== "question" || askedBesides(folded, asked));
  // "stop emailing my team, I'm the one who handles this: send me the deck" asks nothing for the writer's company
  if (wide !== null && !(wide.team && writersOwn([wide]))) return removal({ companyWide: true });
  if (relayed) {
    if (!writersOwn(relayed.spans)) return theirs ? verdict("unsubscribe_request", { proposal: suppressing(theirs) }) : verdict("unsubscribe_request", { onBehalfOf: { name: relayed.name } });
    // the writer's own meeting or request is the reply; the colleague's address it relays is proposed for suppression
    if (theirs) proposal = suppressing(theirs);
  }
  return verdict("reply", { intent, sentiment, proposal });

  /** The address given for them beside the request ("Antoine (antoine@…) … no longer wants"). */
  function addressFor(asked: Span, found: Mention[]): Mention | undefined {
    return found.find((m) => {
      const i = folded.indexOf(m.email.toLowerCase());
      // "…take him off your mailing list? His address is martin@…", "… Het gaat om j.dewit@…": given just after
      return (i >= asked.at - 150 && i <= asked.end + 4) || (i > asked.end && i - asked.end <= 150 && THEIR_ADDRESS.test(folded.slice(Math.max(asked.end, i - 40), i)));
    });
  }
}

/**
 * The words a writer put in the subject: a new message's whole subject, or what follows the last dash or bar of a
 * reply's ("Re: Payroll at Brandt Roofing - not interested"); a reply's subject without one is the one we wrote.
 */
function subjectAnswer(subject: string): string {
  const own = withoutPrefixes(subject).trim();
  if (own.length === subject.trim().length) return own;
  const dash = /.*\s[-\u2013\u2014|]\s+/s.exec(own);
  return dash ? own.slice(dash[0].length) : "";
}

/** The removal asked of the automated mail only: "take me off the automated follow-ups", "stop the auto sequence". */
const AUTOMATED_ONLY = /(?<![a-z])(?:(?:automated|automatic|auto|canned|templated|mass|bulk)(?:[- ]generated)? (?:follow-?ups?|sequences?|cadences?|drips?|e-?mails|emails|messages|mails?)|(?:the|this|your) (?:drip(?: campaign)?|sequence|cadence|automation))(?![a-z])/;

/** The writer will pass the invitation on ("… and I'll forward it to our controller", dictated "ill"). */
const FORWARDS_THE_INVITE = /(?<![a-z])(?:i'?ll|ill|i will|i can) (?:forward|pass|send) (?:it|the invite|the invitation|that|the link)(?: on| along)? to(?![a-z])/;
/** The writer passes what they asked for on: "I'll make sure it gets to him", "I'll forward it to her", "ich leite es an ihn weiter". */
const PASSES_IT_ON = /(?<![a-z])(?:i'?ll|i will|i can|happy to) (?:make sure (?:it|they|this) gets? to|pass (?:it|them|this) (?:on |along )?to|forward (?:it|them|this) to|share (?:it|them|this) with|show (?:it|them|this) to) (?:him|her|them)(?![a-z])|(?:leite|gebe) (?:es|sie|das) (?:gerne )?an (?:ihn|sie) weiter|(?:je le lui|je les lui) (?:transmettrai|ferai suivre)|(?:se lo|se la|se los) (?:paso|pasare|hare llegar)/;
/** A responder's prefix to the subject it answers: "Automatic reply:", "Autosvar:", "Réponse automatique :"… */
const AUTO_PREFIX = /^\s*(?:(?:automatic|auto|automated) ?-?(?:reply|response|answer)|autosvar|automatisch antwoord|r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica|resposta autom[áa]tica|abwesenheitsnotiz|automatische antwort|odpowied[źz] automatyczna|automatick[áa] odpov[ěe]d)\s*:\s*/i;

/** A role's mailbox, no person's: info@, sales@, salg@, partnerships@, support@… */
const ROLE_MAILBOX = /^(?:info|sales|salg|salj|vertrieb|ventes|ventas|vendite|verkoop|vendas|partnerships?|partners|contact|kontakt|contacto|contatto|hello|hallo|support|office|kontor|buro|bureau|admin|team|marketing|press|media|hr|jobs|careers|billing|accounts?|enquiries|inquiries|post|postmaster|mail|procurement|purchasing|einkauf|achats|compras|acquisti|inkoop|reception|service|kundenservice)@/i;

/** A ticket's or incident's number: "INC0091234", "ticket #90114", "[#3310452]", "SR-20417", "REQ0012345". */
const TICKET_ID = /(?<![A-Za-z0-9])(?:INC|REQ|RITM|CS|SR|CASE)-?[0-9]{5,}|(?:ticket|case|incident|request|vorgang|caso|incidente|dossier|pratica)\s*(?:#|no\.?|n[°º]\.?|number|nummer|numero|número)\s*:?\s*\[?#?[0-9]{3,}|\[#[0-9]{3,}\]/i;
/** A desk's field line: "Short description: …", "Descripción breve: …", "Caller: …", "State: In Progress". */
const DESK_FIELD =
  /^[ \t]*(?:short description|description|subject|caller|requester|state|status|priority|assignment group|assigned to|number|category|descripci[oó]n breve|asunto|solicitante|estado|prioridad|grupo de asignaci[oó]n|n[uú]mero|kurzbeschreibung|betreff|anrufer|zustand|priorit[aä]t|zuweisungsgruppe|description courte|objet|demandeur|[ée]tat|priorit[ée]|descrizione breve|oggetto|chiamante|stato|priorit[aà]|korte omschrijving|onderwerp|melder|prioriteit|descri[cç][aã]o curta|assunto|prioridade)[ \t]*:.*$/gim;

/** "His address is …", "her email:": the address introduced as theirs. */
const THEIR_ADDRESS = /(?:his|her|their|sein[ea]?|ihre?|son|sa|su|il suo|la sua|zijn|haar|o seu|a sua) (?:e-?mail |email )?(?:address|e-?mail|email|adresse|e-?mail-adresse|direccion|correo|indirizzo|adres|e-?mailadres|endereco)(?: is| ist| est| es| e| lautet|:)? ?:? ?[<(]?$|(?:^|[.!?] |\n)(?:het gaat om|es (?:geht|handelt sich) um|il s'agit de|se trata de|si tratta di|trata-se de|the address (?:is|in question is))(?: het adres| die adresse| l'adresse| la direccion| l'indirizzo| o endereco)? ?:? ?[<(]?$/;

const suppressing = (m: Mention): Proposal => ({ action: "suppress", email: m.email, name: m.name });

/**
 * A removal verb right before an address, or before "my … address" and it ("bitte löschen Sie meine Firmenadresse
 * p.nair@…", "remove this address: …"): the address to remove. Not across a comma or a sentence ("remove me, and
 * contact jane@… instead").
 */
const NAMED_FOR_REMOVAL =
  /(?<![a-z])(?:remove|delete|erase|unsubscribe|take off|loschen|loeschen|entfernen|austragen|streichen|nehmen|supprimer|supprimez|retirer|retirez|effacer|effacez|eliminar|eliminen|eliminad|elimina|borrar|borren|borrad|borra|quitar|quiten|quitad|quita|rimuovere|rimuovete|cancellare|cancellate|togliere|togliete|eliminare|eliminate|verwijderen|verwijder|uitschrijven|remover|removam|excluir|excluam|apagar|apaguem|retirem|retire|retirar|tirem|fjern|slet|slett|ta bort|radera|usun|usuncie|odstrante|vymazte|smazte|poista|stergeti|torolje|toroljek|silin|esborreu|elimineu|traieu|uklonite|izbrisite)(?: (?:sie|bitte|please|svp|por favor|per favore|aub|favor))*(?:(?: [a-z'-]{1,20}){0,6} (?:l')?(?:address|adresse|[a-z]{2,12}adresse|e-?mail|email|direccion|correo|indirizzo|adres|e-?mailadres|endereco|account)(?: [a-z'-]{1,20}){0,3})?(?: is|,)? ?:? [<(]?$/;
/** "my", in the seven languages. */
const MY = /(?<![a-z])(?:my|mein|meine|meiner|mon|ma|mes|mi|mis|mio|mia|mijn|meu|minha)(?![a-z])/;

/** A removal names `m` as the writer's own: after "my … address", or it bears their name. */
function ownNamedForRemoval(visible: string, m: Mention, writer: Writer): boolean {
  const before = fold(visible.slice(Math.max(0, m.index - 90), m.index));
  return NAMED_FOR_REMOVAL.test(before) && (MY.test(before) || looksLikeWriter(m.email, writer));
}

/** "my work address (…)", "mi correo del trabajo, …": the writer introduces an address of theirs. */
const MY_ADDRESS = new RegExp(
  `${MY.source} (?:[a-z-]{1,15} ){0,3}(?:address|inbox|mailbox|adresse|[a-z]{2,12}adresse|e-?mail|email|direccion|correo|indirizzo|adres|[a-z]{2,12}adres|endereco)(?: [a-z-]{1,15}){0,3} ?[,:(<]? ?$`,
);
/** A removal that points back at the address just named: "please remove that address", "diese Adresse bitte löschen". */
const REMOVE_THAT = new RegExp(
  [
    "(?:remove|delete|take|unsubscribe|drop|erase) (?:that|this|the said|said) (?:(?:work|business|office|old|other|personal) )?(?:address|one|e-?mail(?: address)?)",
    "(?:diese|die|jene) (?:adresse|e-?mail-?adresse) (?:bitte )?(?:loschen|loeschen|entfernen|austragen|streichen)|(?:loschen|loeschen|entfernen|streichen) sie (?:bitte )?(?:diese|die) adresse",
    "(?:supprimer|supprimez|retirer|retirez|effacer|effacez|desinscrire|desinscrivez) (?:cette|ladite) adresse",
    "(?:eliminar|eliminen|eliminad|borrar|borren|borrad|quitar|quiten|quitad|dar de baja) (?:esa|esta|dicha) (?:direccion|cuenta|direccion de correo)",
    "(?:rimuovere|rimuovete|cancellare|cancellate|togliere|togliete) (?:quell'|quello |questo |quest'|tale )?indirizzo",
    "(?:dat|dit) (?:adres|e-?mailadres) (?:[a-z]+ ){0,3}(?:verwijderen|uitschrijven)|verwijder (?:dat|dit) (?:adres|e-?mailadres)|(?:uit|van) (?:je|jullie|uw|de|het) (?:bestand|bestanden|lijst|lijsten|database|mailinglijst|verzendlijst|systeem) (?:te )?(?:halen|verwijderen|schrappen)",
    "(?:remover|removam|excluir|excluam|apagar|apaguem|descadastrar|descadastrem|retirem|retire|retirar|tirem) (?:esse|este|tal|o referido) (?:endereco|e-?mail)",
  ].map((p) => `(?<![a-z])(?:${p})(?![a-z])`).join("|"),
);
/** "our old bookings@… address", "my work anna@… inbox": the noun after the address. */
const OURS_BEFORE = /(?<![a-z])(?:my|our)(?: [a-z-]{1,15}){0,3} (?:\(|: ?)?$/;
const NOUN_AFTER = /^ (?:address|inbox|mailbox|account|e-?mail|alias)(?![a-z])/;
/** "our shared HR inbox (hr@…)": the noun before the address. */
const NOUN_BEFORE = /(?<![a-z])(?:address|inbox|mailbox|account|e-?mail|alias) (?:\(|: ?)?$/;
/** A removal that points back with "it": "please remove it from your list", "take it off". */
const REMOVE_IT = /(?<![a-z])(?:remove|delete|take|drop|erase) it (?:from|off)(?![a-z])/;

/** A removal that points back to the address just named: a lawyer's "cease and desist from contacting Dr. Rao at that address". */
const AT_THAT_ADDRESS = /(?<![a-z])(?:contacting|e-?mailing|emailing|writing to|mailing|messaging) (?:[a-z.']+ ){0,3}(?:at|to|on) (?:that|this|the said|said|the above) (?:e-?mail )?address(?![a-z])/;

/**
 * An address the writer names (theirs, their company's shared inbox, a client's), then asks removed ("it reached my work
 * address (anna@…) and got forwarded here; please remove that address", "our shared HR inbox (hr@…) … remove that address").
 */
function ownReferredBack(visible: string, m: Mention): boolean {
  const before = fold(visible.slice(Math.max(0, m.index - 60), m.index));
  const after = fold(visible.slice(m.index + m.email.length, m.index + m.email.length + 300));
  const back = AT_THAT_ADDRESS.exec(after);
  if (back && !after.slice(0, back.index).includes("@")) return true;
  // "you're mailing our old bookings@… address, which rings every phone. Please remove it from your list."
  if (OURS_BEFORE.test(before) && (NOUN_BEFORE.test(before) || NOUN_AFTER.test(fold(visible.slice(m.index + m.email.length, m.index + m.email.length + 12))))) {
    return REMOVE_IT.test(after) || REMOVE_THAT.test(after);
  }
  if (!MY_ADDRESS.test(before)) return false;
  // "you've been emailing my work address, s.baxter@…. Please remove it from your list"
  return REMOVE_THAT.test(after) || REMOVE_IT.test(after);
}

/**
 * A help desk's header over a person's comment: "Gareth Lloyd commented:" (Jira), "2027-01-12 09:37:15 GMT - Harriet
 * Cole (Additional comments)" (ServiceNow), "Maya Stone replied:"; in the seven languages.
 */
const AGENT_COMMENT =
  /^(?:[^\n]{2,60} (?:commented|replied|responded|added a comment|left a comment|hat kommentiert|hat geantwortet|a commente|a repondu|ha comentado|ha respondido|ha commentato|ha risposto|heeft gereageerd|heeft een opmerking geplaatst|comentou|respondeu)|[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5,8}(?: [A-Z]{2,5})? - [^\n]{2,60} \((?:Additional comments|Comments|Customer comments)\)):?[ \t]*$/m;

const RELAYED_LATIN = new RegExp(`(?<![a-z])(?:${RELAYED_MORE})(?![a-z])`);
/** The relayed request's span: from the relaying words to the end of their sentence. */
function relayedSentence(folded: string): Span | null {
  const m = RELAYED_LATIN.exec(folded) ?? (RELAYED.lastIndex = 0, RELAYED.exec(folded));
  if (!m) return null;
  const rest = folded.slice(m.index).search(/[.!?\n]/);
  return { at: m.index, end: rest < 0 ? folded.length : m.index + rest };
}

/** What the writer asks for themselves, or a leaver's notice, that says more than a removal asked for someone else. */
const WRITERS_OWN = new Set<Intent | null>(["interested", "meeting_request", "question", "moved"]);

/** A question asked besides the removal ("… aus Ihrem Verteiler. Was kostet das bei 12 Nutzern?"), not the removal asked as one ("Kunnen jullie haar verwijderen?"). */
function askedBesides(folded: string, asked: Span[]): boolean {
  for (let q = folded.indexOf("?"); q >= 0; q = folded.indexOf("?", q + 1)) {
    const start = Math.max(folded.lastIndexOf(".", q - 1), folded.lastIndexOf("!", q - 1), folded.lastIndexOf("?", q - 1), folded.lastIndexOf("\n", q - 1)) + 1;
    if (!asked.some((s) => s.end > start && s.at < q)) return true;
  }
  return false;
}

/** The address stands where the request ends ("remove priya@…": a few characters on at most), or inside it ("take talent@… off"). */
const addressAt = (folded: string, address: string, span: Span) => {
  const i = folded.indexOf(address, span.at);
  return i >= 0 && i - span.end <= 4;
};

/**
 * Lines a client wrapped at a fixed width joined again for reading ("Please send the\ninvite to me"): a line of 40
 * characters or more that ends in no punctuation, then one that begins with a small letter.
 */
const LINE_THEN_SMALL = /\n(?=\p{Ll})/gu;
const unwrapped = (text: string) =>
  text.replace(LINE_THEN_SMALL, (nl: string, at: number) => (at - (text.lastIndexOf("\n", at - 1) + 1) >= 40 && !".!?:;".includes(text[at - 1]!) ? " " : nl));

const REPORT_PARTS = new Set(["message/delivery-status", "message/global-delivery-status", "message/disposition-notification", "message/global-disposition-notification"]);

/** A DMARC aggregate report's subject (RFC 7489 §7.2.1.1), some receivers add a tag before it ("[Preview]"). */
const DMARC_AGGREGATE = /^\s*(?:\[[^\]]{1,40}\]\s*)?report[ -]domain:\s*\S+\s+submitter:\s*\S+/i;

/** RFC 6522's multipart/report (DSN, MDN, TLS-RPT…), a report part on its own, or a DMARC aggregate report. */
const isMachineReport = (msg: Entity) =>
  msg.type === "multipart/report" || walk(msg).some((e) => REPORT_PARTS.has(e.type)) || DMARC_AGGREGATE.test(headerText(msg, "subject") ?? "");

const REMOVAL_WORD = `${BARE_REMOVAL_MORE}|unsubscribe|remove me|remove|opt[ -]?out|abmelden|austragen|abbestellen|desinscription|desinscrire|desabonnement|baja|darme de baja|cancellami|cancellazione|disiscrizione|afmelden|uitschrijven|descadastrar|descadastro`;
/**
 * The removal word is the whole subject (a List-Unsubscribe mailto's, perhaps with its token: "unsubscribe 8f3a2c",
 * or with a courtesy): not a subject about unsubscribing ("Unsubscribe link broken?").
 */
const REMOVAL_SUBJECT = new RegExp(`^(?:(?:re|aw|fw|fwd|wg|tr|rv|r|sv|antw)\\s?:\\s?)*(?:(?:please|pls|bitte|svp|por favor|per favore|graag|aub)\\s+)?(?:${REMOVAL_WORD})(?:\\s+(?:request|requested|anfrage|demande|solicitud|richiesta|verzoek|pedido))?(?:\\s*[:#=-]?\\s*[a-z._+=@-]*[0-9][a-z0-9._+=@-]*|(?:\\s+(?:me|please|pls|bitte|svp|por favor|per favore|graag|aub|merci|thanks|danke|gracias|grazie|obrigad[oa]))*)\\s*[.!]*$`);
/** A reply with nothing written whose subject was edited to end in a removal word: "Re: Idea - unsubscribe", "Re: Idea [STOP]". */
const REMOVAL_SUBJECT_TAIL = new RegExp(`(?:\\s[-–:|]?\\s*|[(\\[]\\s*)(?:${REMOVAL_WORD}|remove)\\s*[)\\]]?\\s*[.!]*$|(?:\\s[-–:|]\\s*|[(\\[]\\s*)stop\\s*[)\\]]?\\s*[.!]*$`);

function movedProposal(visible: string, found: Mention[], writer: Writer): Proposal | null {
  const own = found.find((m) => statedAsOwn(visible, m.index) || looksLikeWriter(m.email, writer));
  if (own) return { action: "move", email: own.email, name: null };
  const other = found[0];
  if (!other) return null;
  // someone else's address at the old company: the person to write to instead
  if (other.name || atWritersDomain(other.email, writer)) return { action: "refer", email: other.email, name: other.name };
  return { action: "move", email: other.email, name: null };
}

/** A return said, in the seven languages ("will be back Tuesday", "wieder da", "de retour", "de vuelta", "rientro", "terug", "de volta"). */
const BACK_SAID = /(?<![a-z])(?:back(?![a-z])|return|reopen|zuruck|zurueck|wieder (?:da|im|erreichbar|fur)|retour|de vuelta|regres|volvemos|rientr|riapr|terug|weer open|de volta|retorn)/;

/** The address the mail came to, named as such ("this address", "diese Adresse", "этот адрес"): a removal of it may come with a new one. */
const THIS_ADDRESS =
  /(?<!\p{L})(?:this|that|my old|the old|diese|meine alte|cette|mon ancienne|esta|mi antigua|questo|il mio vecchio|dit|mijn oude|este|meu antigo|этот|мои старыи|мой старый|эту|цю|цеи|цей|αυτη τη|αυτην τη)(?: [\p{L}&-]{2,20})? (?:e-?mail |email )?(?:address|adresse|adres|direccion|indirizzo|endereco|адрес|почту|адресу|διευθυνση)(?!\p{L})|(?<!\p{L})(?:(?:the|my) old one|(?:die |meine )?alte (?:e-?mail-?)?adresse|l'ancienne|(?:de |mijn )?oude (?:e-?mail)?adres|o (?:endereco )?antigo|la (?:direccion )?antigua|quello vecchio)(?!\p{L})/u;
/** "My new address:" in the scripts the Latin lists (OWN_NEW_ADDRESS) do not read: "мой новый адрес:", "мiй новий адрес", "η νέα μου διεύθυνση". */
const NEW_ADDRESS_BEFORE = /(?:мои новыи|мой новый|моя новая|мии новии|міи новии|мій новий|моя нова|η νεα μου) (?:адрес|почта|адреса|e-?mail|διευθυνση)(?: [^\s]{1,12})?:? ?$/u;

/** "From now on", "instead", in the seven languages: the address stated is to be used in place of this one. */
const USE_FROM_NOW = /(?<![a-z])(?:from now on|going forward|in (?:the )?future|instead|from here on|ab sofort|kunftig|kuenftig|in zukunft|stattdessen|desormais|dorenavant|plutot|a partir de ahora|de ahora en adelante|en su lugar|d'ora in poi|da ora in poi|d'ora in avanti|invece|voortaan|vanaf nu|in plaats daarvan|a partir de agora|daqui (?:pra|para) frente|em vez disso)(?![a-z])/;

const FREEMAIL = /@(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|aol|gmx|web|t-online|freenet|orange|free|laposte|wanadoo|sfr|libero|virgilio|tiscali|ziggo|kpnmail|telenet|proton|protonmail|pm|zoho|mail|yandex|uol|bol|terra|ig)\.[a-z.]{2,10}$/i;

/** Where invoices go, just before an address: "send invoices to", "submit invoices to", "Rechnungen bitte an", "facturen naar". */
const FOR_INVOICES = /(?<![a-z])(?:invoices?|bills?|billing|remittances?|statements?|rechnungen|factures?|facturas?|fatture|facturen|faturas?)(?: [a-z]+){0,5} (?:to|an|a|naar|para|per) ?:?$|(?:invoices?|billing|facturen|rechnungen|factures|facturas|fatture|faturas) (?:e-?mail|inbox|mailbox|address|adres|adresse|direccion|indirizzo|endereco):? ?$/;

/** The writer's own address, stated as their new one ("Mijn nieuwe adres is …", "reach me at … from now on"). */
function statesOwnAddress(visible: string, address: string): boolean {
  const lower = visible.toLowerCase();
  const at = lower.indexOf(address.toLowerCase());
  if (at < 0) return false;
  // "… joined Newhaven, use sam@newhaven… (from now on)", written from that address by one who moved
  const used = /(?<![a-z])use $/.test(lower.slice(Math.max(0, at - 8), at));
  return used || statedAsOwn(visible, at, { others: false });
}

function atWritersDomain(email: string, writer: Writer): boolean {
  const domain = email.toLowerCase().slice(email.lastIndexOf("@") + 1);
  return writer.addresses.some((a) => a.slice(a.lastIndexOf("@") + 1) === domain);
}

function referralProposal(found: Mention[], named: { name: string | null; index: number } | null): Proposal | null {
  if (found.length === 0) return null;
  // the address stated right after the name the writer points to, else the first one
  const after = named ? found.find((m) => m.index >= named.index && m.index - named.index < 200) : undefined;
  const m = after ?? found[0]!;
  const name = m.name ?? (named && m === after ? named.name : null);
  return { action: "refer", email: m.email, name };
}

/**
 * The referred person's name: as To: or Cc: show it ("Range, Tobias" → Tobias Range), else the name the text
 * gives when it is theirs, else their address's words as the text writes them ("camila.restrepo" → "Camila
 * Restrepo", when the text says so): never a word next to the address that is not their name ("Operations").
 */
function nameOf(msg: Entity, visible: string, email: string, given: string | null): string | null {
  const listed = mailboxes(msg).find((c) => c.email.toLowerCase() === email.toLowerCase())?.name;
  // the fuller of the two when they agree ("Omar" in To:, "Omar Haddad" in the text)
  if (listed) return given && given.length > listed.length && fold(given).includes(fold(listed)) ? given : listed;
  const words = email.slice(0, email.indexOf("@")).toLowerCase().split(/[._-]+/).filter((w) => /^\p{L}{2,}$/u.test(w));
  // "Jen" for jennifer.smith@…: a name the address begins with is theirs
  if (given && fold(given).split(/\s+/).some((g) => g.length >= 2 && words.some((w) => w.startsWith(g) || g.startsWith(w)))) return given;
  if (words.length < 2) return given;
  const m = new RegExp(`(?<!\\p{L})${words.join("\\s+")}(?!\\p{L})`, "iu").exec(visible);
  // an address that spells a first and a last name the given word is not part of: that word is not theirs
  return m ? m[0].replace(/\s+/g, " ") : null;
}

/** The display names of the addresses the reply was sent to, folded, as a quote's header may show them alone ("Dana Whitfield"). */
function answeredNames(msg: Entity, answered: string[]): string[] {
  return mailboxes(msg).flatMap((m) => (m.name && m.name.includes(" ") && answered.includes(m.email.toLowerCase()) ? [fold(m.name).trim()] : []));
}

/** To: and Cc: mailboxes, with display names ("Khan, Ahmed" read as Ahmed Khan). */
function mailboxes(msg: Entity): { email: string; name: string | null }[] {
  const out: { email: string; name: string | null }[] = [];
  for (const h of ["cc", "to"]) {
    for (const m of (headerText(msg, h) ?? "").matchAll(MAILBOX)) {
      const email = (m[3] ?? m[4] ?? "").trim();
      if (!email.includes("@")) continue;
      // "Khan, Ahmed": directories list the family name first
      const name = (m[1] ?? m[2] ?? "").trim().replace(/^([^,]+),\s*([^,]+)$/, "$2 $1");
      out.push({ email, name: name || null });
    }
  }
  return out;
}

/** A mailbox of an address header: its display name, when given, and its address. */
const MAILBOX = /(?:"([^"]{1,100})"|([^,<>"]{1,100}?))?\s*<([^<>\s]{3,254})>|([^\s,<>"]{1,64}@[^\s,<>"]{1,254})/g;

/**
 * "I've cc'd Ahmed, who handles this": the colleague's address is in Cc (or To), not in the text. The one
 * the writer names, else the only one there that is neither theirs nor ours.
 */
function copiedProposal(msg: Entity, excluded: (address: string) => boolean, named: string | null, visible?: string): Proposal | null {
  const copied: { email: string; name: string | null }[] = [];
  for (const c of mailboxes(msg)) if (!excluded(c.email.toLowerCase()) && !copied.some((d) => d.email.toLowerCase() === c.email.toLowerCase())) copied.push(c);
  const first = named?.split(" ")[0]?.toLowerCase();
  const pick = (first && copied.find((c) => c.name?.toLowerCase().includes(first) || c.email.toLowerCase().startsWith(first))) || (copied.length === 1 ? copied[0] : null) || (visible === undefined ? null : handedTo(copied, fold(visible)));
  return pick ? { action: "refer", email: pick.email, name: pick.name ?? named } : null;
}

/**
 * Of several copied, the one the text hands on to ("adding my colleague Mr. Rajesh in CC, he will take it forward; also
 * keeping my EA Priyanka in loop"): the only one whose first name the text gives, an assistant's aside.
 */
function handedTo(copied: { email: string; name: string | null }[], folded: string): { email: string; name: string | null } | null {
  const named = copied.filter((c) => {
    const first = fold(c.name ?? c.email.split(/[@._]/)[0]!).split(/\s+/)[0]!;
    if (first.length < 3) return false;
    const at = folded.search(new RegExp(`(?<![a-z])${first.replace(/[^a-z]/g, "")}(?![a-z])`));
    return at >= 0 && !ASSISTANT_BEFORE.test(folded.slice(Math.max(0, at - 30), at));
  });
  return named.length === 1 ? named[0]! : null;
}
const ASSISTANT_BEFORE = /(?<![a-z])(?:ea|pa|assistant|secretary|executive assistant|assistente|assistentin|secretaria|secretaire|secretaresse)\s*(?:ms\.?|mr\.?|mrs\.?)?\s*$/;

function writerOf(msg: Entity): Writer {
  const addresses: string[] = [];
  for (const h of ["from", "reply-to", "sender"]) for (const a of allAddresses(header(msg, h) ?? "")) addresses.push(a.toLowerCase());
  const from = headerText(msg, "from") ?? "";
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim() || null;
  return { addresses, name };
}

/** Whom the reply answers (its To: and Cc:, the writer apart): an attribution line of their quoted message names one of them. */
function quotedSenders(msg: Entity, writer: Writer): string[] {
  const out: string[] = [];
  for (const h of ["to", "cc"]) for (const a of allAddresses(header(msg, h) ?? "")) if (!writer.addresses.includes(a.toLowerCase())) out.push(a.toLowerCase());
  return out.slice(0, 20);
}

/**
 * Our domains: the caller's (the envelope's recipients: they are known for certain), else those the message was
 * sent to, unless the writer shares it (a colleague in To:).
 */
function ownDomains(msg: Entity, writer: Writer, given: string[] | undefined): Set<string> {
  const out = new Set((given ?? []).map((d) => d.toLowerCase()));
  if (out.size > 0) return out;
  const writerDomains = new Set(writer.addresses.map((a) => a.slice(a.lastIndexOf("@") + 1)));
  for (const h of ["to", "delivered-to", "x-original-to"]) {
    for (const a of allAddresses(header(msg, h) ?? "")) {
      const d = a.toLowerCase().slice(a.lastIndexOf("@") + 1);
      if (!writerDomains.has(d)) out.add(d);
    }
  }
  return out;
}

/** The message's time and the writer's UTC offset (Date header), else opts.now, else the clock. */
function reference(msg: Entity, now: number | undefined): Reference {
  const date = header(msg, "date");
  const ms = date ? Date.parse(date.replace(/\s*\([^)]*\)\s*$/, "")) : NaN;
  if (Number.isFinite(ms)) {
    const m = /([+-])(\d{2})(\d{2})\s*$/.exec(date!.replace(/\s*\([^)]*\)\s*$/, ""));
    const offsetMinutes = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    return { ms, offsetMinutes };
  }
  return { ms: now ?? Date.now(), offsetMinutes: 0 };
}
