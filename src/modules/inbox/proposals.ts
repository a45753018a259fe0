// What a message proposes, and what confirming it does (POST
// /v1/inbound_messages/{id}/review):
//   suppress  an unsubscribe request written in a reply: the address is
//             suppressed as `unsubscribed` with the message as evidence, the
//             person marked, every live enrollment stopped (the same path as a
//             one-click unsubscribe when it answers a message of ours)
//   suppress_domain  one for everyone at the writer's company: the writer as
//             above, and their domain suppressed, everyone at it marked and
//             stopped
//   move      "I've left, write to …": the new address becomes the person's;
//             the old one is kept in person_emails with the message
//   refer     "talk to Maria, maria@…": the referred person is created (or
//             found) in the workspace
// Dismissing changes nothing but the proposal's state. A decision is final: the
// same decision again answers the message as it is; the other one is 409.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { pointSelect } from "../../db/prepared";
import { inboundMessages, messages, people, personEmails, type InboundProposal } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { emailKey, parseEmail } from "../audience/email";
import { createPerson } from "../audience/people";
import { PERSON_LIMITS } from "../audience/person-input";
import { domainUnsubscribed, personBecameUnreachable } from "../audience/unreachable";
import { isFreeMail } from "../campaigns/free-mail";
import { recordUnsubscribe } from "../audience/unsubscribe";
import { transact, type Outbox } from "../events/outbox";
import type { Verdict } from "./classifier";
import { fold } from "./classifier/fold";
import { inboundDetail, type InboundMessageDetail, type InboundMessageRow } from "./inbound-messages";

type MessageRow = typeof messages.$inferSelect;

/** The person our answered message was for, as the ingest matched it. */
export interface AnsweredPerson {
  email: string;
  emailKey: string;
  givenName: string | null;
  familyName: string | null;
}

/**
 * The proposal a verdict makes for a message from `fromKey` (never the writer's own address as a move or referral).
 * An unsubscribe request suppresses the writer, or the one it was asked for: the address given for them, else the
 * person we wrote to when the writer answers for them (an assistant, a colleague after a forward: "he'd like you to
 * stop emailing him", "streichen Sie Herrn Albrecht", when they are Albrecht); nobody when it names someone else.
 */
export function proposalOf(v: Verdict, fromKey: string | null, answered: AnsweredPerson | null): InboundProposal | null {
  const base = { name: null, state: "pending" as const, reviewedAt: null, resultId: null };
  const p = v.proposal;
  if (v.classification === "unsubscribe_request") {
    // everyone at the writer's company: their domain, never a free-mail provider's (the writer's own address then)
    const domain = v.companyWide && fromKey ? fromKey.slice(fromKey.lastIndexOf("@") + 1) : null;
    if (domain && !isFreeMail(domain)) return { ...base, action: "suppress_domain", email: fromKey!, domain };
    const email = v.onBehalfOf ? askedFor(v.onBehalfOf.name, v.visibleText, fromKey, answered) : p ? checked(p.email) : fromKey;
    return email ? { ...base, action: "suppress", email: emailKey(email) === fromKey ? fromKey! : email } : null;
  }
  // a reply's proposal: a move, a referral, or a colleague's removal it relays (never the writer's own address, but
  // for a move to the new address they write from: "hence the new address", when we wrote to another)
  if (!p) return null;
  const email = checked(p.email);
  const toWritersNew = p.action === "move" && answered !== null && answered.emailKey !== fromKey;
  if (!email || (emailKey(email) === fromKey && !toWritersNew)) return null;
  return { ...base, action: p.action, email, name: p.action === "suppress" ? null : (p.name?.slice(0, 200) ?? null) };
}

const checked = (email: string) => {
  const parsed = parseEmail(email);
  return parsed.ok ? parsed.email : null;
};

/**
 * The person we wrote to, when the removal is asked for them: named ("streichen Sie Herrn Albrecht"), or "him" /
 * "my manager" written by someone else (an assistant, a colleague after a forward), or from their own address by
 * someone who names them ("this is Mike's wife, our family account: please stop sending him these"). "Ben asked me to
 * tell you to stop emailing him" from the person we wrote to names no one we know.
 */
function askedFor(name: string | null, text: string, fromKey: string | null, answered: AnsweredPerson | null): string | null {
  if (!answered) return null;
  // their names, else the words of their address ("k.brandt" for Ms. Brandt, when the workspace knows no names)
  const names = [answered.givenName, answered.familyName].filter((n): n is string => !!n);
  const theirs = (names.length ? names.map(fold) : [answered.email.slice(0, answered.email.indexOf("@")).toLowerCase()]).flatMap((n) => n.split(/[\s._-]+/)).filter((w) => w.length >= 2);
  if (name !== null) return name.split(/[\s.-]+/).some((w) => theirs.includes(w)) ? answered.email : null;
  if (answered.emailKey !== fromKey) return answered.email;
  // their name in the text before its last line (a sign-off there is the writer's own)
  const words = new Set(fold(text.trim().replace(/\n[^\n]*$/, "")).split(/[^\p{L}'-]+/u));
  return theirs.some((w) => w.length >= 3 && (words.has(w) || words.has(`${w}'s`))) ? answered.email : null;
}

/** What confirming a suppression proposal does (at review, or at once when the workspace applies unsubscribe requests); the id of the person, or of the domain's suppression, it touched. */
export function applySuppression(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  m: { workspaceId: string; fromKey: string | null; inboundMessageId: string; messageId: string | null },
  p: Pick<InboundProposal, "action" | "email" | "domain">,
): string | null {
  applyUnsubscribeRequest(ctx, tx, outbox, { ...m, address: p.email });
  if (p.action === "suppress_domain" && p.domain) {
    return domainUnsubscribed(ctx, tx, outbox, { workspaceId: m.workspaceId, domain: p.domain, evidence: { inbound_message_id: m.inboundMessageId, message_id: m.messageId, detail: "unsubscribe request for the whole company in a reply" } });
  }
  return tx.select({ id: people.id }).from(people).where(and(eq(people.workspaceId, m.workspaceId), eq(people.emailKey, emailKey(p.email)))).get()?.id ?? null;
}

/** Suppresses the address of an unsubscribe request (answers the suppression's evidence event, when it answers our message to that address). */
export function applyUnsubscribeRequest(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  a: { workspaceId: string; address: string; fromKey: string | null; inboundMessageId: string; messageId: string | null },
): void {
  const detail = "unsubscribe request in a reply";
  const message = a.messageId ? pointSelect<MessageRow>(ctx.db, messages)(a.workspaceId, a.messageId) : undefined;
  // the writer's request, or one for the person we wrote to, answers our message; a colleague's address asked for
  // in the reply is no unsubscribe from our message to someone else
  const key = emailKey(a.address);
  const answers = key === a.fromKey || message?.recipients.some((r) => emailKey(r.address) === key);
  if (message && answers && recordUnsubscribe(ctx, tx, outbox, { message, address: a.address, detail, inboundMessageId: a.inboundMessageId })) return;
  personBecameUnreachable(ctx, tx, outbox, { workspaceId: a.workspaceId, address: a.address, cause: "unsubscribed", evidence: { inbound_message_id: a.inboundMessageId, message_id: a.messageId, detail } });
}

export type Decision = "confirm" | "dismiss";

export function reviewInboundMessage(ctx: Ctx, a: { workspaceId: string; id: string; decision: Decision }): InboundMessageDetail {
  const row = transact(ctx, (tx, outbox) => {
    const m = pointSelect<InboundMessageRow>(ctx.db, inboundMessages)(a.workspaceId, a.id);
    if (!m) throw notFound("inbound message");
    const p = m.proposal;
    if (!p) throw new DomainError("conflict", "This message proposes nothing to review.");
    const state = a.decision === "confirm" ? "confirmed" : "dismissed";
    if (p.state === state) return m;
    if (p.state !== "pending") throw new DomainError("conflict", `The proposal was already ${p.state}.`);
    const resultId = a.decision === "confirm" ? apply(ctx, tx, outbox, m, p) : null;
    const now = ctx.clock.now();
    const proposal: InboundProposal = { ...p, state, reviewedAt: now, resultId };
    const updated = tx.update(inboundMessages).set({ proposal, updatedAt: now }).where(and(eq(inboundMessages.workspaceId, a.workspaceId), eq(inboundMessages.id, a.id))).returning().get()!;
    return updated;
  });
  return inboundDetail(ctx, row);
}

function apply(ctx: Ctx, tx: Tx, outbox: Outbox, m: InboundMessageRow, p: InboundProposal): string | null {
  switch (p.action) {
    case "suppress":
    case "suppress_domain":
      return applySuppression(ctx, tx, outbox, { workspaceId: m.workspaceId, fromKey: m.fromKey, inboundMessageId: m.id, messageId: m.messageId }, p);
    case "move":
      return movePerson(ctx, tx, m, p.email);
    case "refer":
      return referredPerson(ctx, tx, m, p);
  }
}

function personOf(tx: Tx, m: InboundMessageRow) {
  const byKey = m.fromKey ? tx.select().from(people).where(and(eq(people.workspaceId, m.workspaceId), eq(people.emailKey, m.fromKey))).get() : undefined;
  return byKey ?? (m.personId ? tx.select().from(people).where(and(eq(people.workspaceId, m.workspaceId), eq(people.id, m.personId))).get() : undefined);
}

function checkedAddress(email: string) {
  const parsed = parseEmail(email);
  if (!parsed.ok) throw invalidField("/proposal/email", "invalid_email", `The proposed address is not valid: ${parsed.message}.`);
  return parsed;
}

function movePerson(ctx: Ctx, tx: Tx, m: InboundMessageRow, email: string): string {
  const person = personOf(tx, m);
  if (!person) throw new DomainError("conflict", "The person who wrote this message is not in the workspace (any more): there is nobody to move.");
  const next = checkedAddress(email);
  const key = emailKey(next.email);
  if (person.emailKey === key) return person.id;
  const other = tx.select({ id: people.id }).from(people).where(and(eq(people.workspaceId, m.workspaceId), eq(people.emailKey, key))).get();
  if (other) throw new DomainError("conflict", `Another person (${other.id}) already has ${next.email}: merge them by hand, or dismiss the proposal.`);
  const now = ctx.clock.now();
  if (person.email) {
    tx.insert(personEmails).values({ id: newId("pem"), workspaceId: m.workspaceId, personId: person.id, email: person.email, emailKey: person.emailKey!, replacedAt: now, inboundMessageId: m.id }).run();
  }
  tx.update(people)
    .set({ email: next.email, emailKey: key, emailDomain: next.domain, emailSendable: null, sendableReason: null, verifiedAt: null, updatedAt: now })
    .where(eq(people.id, person.id))
    .run();
  return person.id;
}

function referredPerson(ctx: Ctx, tx: Tx, m: InboundMessageRow, p: InboundProposal): string {
  const address = checkedAddress(p.email);
  const key = emailKey(address.email);
  const existing = tx.select({ id: people.id }).from(people).where(and(eq(people.workspaceId, m.workspaceId), eq(people.emailKey, key))).get();
  if (existing) return existing.id;
  const referrer = personOf(tx, m);
  const [given, ...rest] = (p.name ?? "").trim().split(/\s+/).filter(Boolean);
  const name = (s: string | undefined) => (s ? s.slice(0, PERSON_LIMITS.name) : undefined);
  // createPerson's own transaction nests (a savepoint) in this one
  return createPerson(ctx, {
    workspaceId: m.workspaceId,
    source: "inbound",
    input: {
      email: address.email,
      givenName: name(given),
      familyName: name(rest.join(" ")),
      // a colleague at the same domain works at the same company
      company: referrer && referrer.emailDomain === address.domain ? (referrer.company ?? undefined) : undefined,
      privateNotes: `Referred by ${referrer?.email ?? m.fromKey ?? "a reply"} (inbound message ${m.id}).`,
    },
  }).id;
}
