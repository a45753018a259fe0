// The inbox's built-in rules classifier: what an inbound message is, and for a
// reply what the writer wants. A pure function over the raw bytes (no
// database, no clock unless asked): bounded work whatever the input.
//
// Order, and why:
// 1. bounce / complaint — the report parser (src/smtp-in/bounces) knows the
//    formats; they also carry auto-reply headers, so they come first.
// 2. auto_reply — RFC 3834 and its relatives in the headers, or a subject
//    that says so (the report parser again); else unmistakable responder
//    wording in the visible text (auto-reply.ts: autoReplyWording).
// 3. unsubscribe_request — removal wording in the visible text (our own quoted
//    footer is not visible text), or a bare "unsubscribe" subject.
// 4. reply — scored for intent and sentiment (intent.ts).
// The visible text (visible.ts) is what every rule after 1 reads: the new
// text, without quoted history, forwarded parts or signature.
import { autoReplyWording } from "../../../smtp-in/bounces/auto-reply";
import { parseReport, type Report } from "../../../smtp-in/bounces";
import { allAddresses, firstAddress } from "../../../smtp-in/bounces/fields";
import { header, headerText, parseMessage, type Entity } from "../../../smtp-in/bounces/mime";
import { returnDate, type Reference } from "./dates";
import { fold } from "./fold";
import { decide, score, type Intent, type Sentiment } from "./intent";
import { looksLikeWriter, mentions, referredName, statedAsOwn, type Mention, type Writer } from "./proposal";
import { asksRemoval } from "./unsubscribe";
import { visibleText } from "./visible";

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
  /** What was classified: the new text, quotes, signature and forwarded parts stripped. */
  visibleText: string;
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
  let visible: string;
  try {
    msg = opts.message ?? parseMessage(raw);
    visible = visibleText(msg);
  } catch {
    msg = { headers: [], type: "text/plain", params: {}, text: "", parts: [] };
    visible = "";
  }
  const verdict = (classification: Classification, rest: Partial<Verdict> = {}): Verdict => ({ classification, sentiment: null, intent: null, returnAt: null, proposal: null, visibleText: visible, ...rest });

  if (report.kind === "bounce") return verdict("bounce");
  if (report.kind === "complaint") return verdict("complaint");

  const writer = writerOf(msg);
  const ours = ownDomains(msg, writer, opts.ownDomains);
  const excluded = (a: string) => writer.addresses.includes(a) || ours.has(a.slice(a.lastIndexOf("@") + 1));
  const folded = fold(visible);
  const subject = headerText(msg, "subject") ?? "";

  const wording = autoReplyWording(visible) ?? autoReplyWording(subject);
  if (report.kind === "auto_reply" || wording?.unmistakable) {
    const s = score(visible);
    const left = wording?.kind === "left_company" || s.moved;
    if (left) return verdict("auto_reply", { intent: "moved", proposal: movedProposal(visible, mentions(visible, excluded), writer) });
    return verdict("auto_reply", { returnAt: returnDate(folded, reference(msg, opts.now)) });
  }

  if (asksRemoval(folded) || (visible.length < 300 && REMOVAL_SUBJECT.test(fold(subject)))) {
    const email = writer.addresses[0];
    return verdict("unsubscribe_request", { proposal: email ? { action: "suppress", email: firstAddress(header(msg, "from") ?? "") ?? email, name: null } : null });
  }

  const s = score(visible);
  const found = mentions(visible, excluded);
  // an address the writer calls their own new one, or someone's at another company: they moved ("reach him at"
  // an address of the writer's own company is a colleague: a referral)
  if (found.some((m) => statedAsOwn(visible, m.index, { others: !atWritersDomain(m.email, writer) }))) s.moved = true;
  const named = referredName(visible);
  const referral = !s.moved && (named !== null || found.length > 0 || s.forwarded);
  const { intent, sentiment } = decide(s, referral);
  let proposal: Proposal | null = null;
  if (intent === "moved") proposal = movedProposal(visible, found, writer);
  else if (intent === "referral") proposal = referralProposal(found, named);
  return verdict("reply", { intent, sentiment, proposal });
}

const REMOVAL_SUBJECT = /^(?:(?:re|aw|fw|fwd|wg|tr|rv|r|sv|antw)\s?:\s?)*(?:unsubscribe|remove me|opt[ -]?out|abmelden|austragen|abbestellen|desinscription|desinscrire|desabonnement|baja|darme de baja|cancellami|cancellazione|disiscrizione|afmelden|uitschrijven|descadastrar|descadastro)(?![a-z])/;

function movedProposal(visible: string, found: Mention[], writer: Writer): Proposal | null {
  const own = found.find((m) => statedAsOwn(visible, m.index) || looksLikeWriter(m.email, writer));
  if (own) return { action: "move", email: own.email, name: null };
  const other = found[0];
  if (!other) return null;
  // someone else's address at the old company: the person to write to instead
  if (other.name || atWritersDomain(other.email, writer)) return { action: "refer", email: other.email, name: other.name };
  return { action: "move", email: other.email, name: null };
}

function atWritersDomain(email: string, writer: Writer): boolean {
  const domain = email.toLowerCase().slice(email.lastIndexOf("@") + 1);
  return writer.addresses.some((a) => a.slice(a.lastIndexOf("@") + 1) === domain);
}

function referralProposal(found: Mention[], named: { name: string; index: number } | null): Proposal | null {
  if (found.length === 0) return null;
  // the address stated right after the name the writer points to, else the first one
  const after = named ? found.find((m) => m.index >= named.index && m.index - named.index < 200) : undefined;
  const m = after ?? found[0]!;
  const name = m.name ?? (named && m === after ? named.name : null);
  return { action: "refer", email: m.email, name };
}

function writerOf(msg: Entity): Writer {
  const addresses: string[] = [];
  for (const h of ["from", "reply-to", "sender"]) for (const a of allAddresses(header(msg, h) ?? "")) addresses.push(a.toLowerCase());
  const from = headerText(msg, "from") ?? "";
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim() || null;
  return { addresses, name };
}

/** Our domains: the caller's, and those the message was sent to, unless the writer shares it (a colleague in To:). */
function ownDomains(msg: Entity, writer: Writer, given: string[] | undefined): Set<string> {
  const out = new Set((given ?? []).map((d) => d.toLowerCase()));
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
