// The record step: what a run of the pipeline means for the message, its
// recipients, its attempts and its evidence, written in one transaction per
// batch and only where this worker still holds the message's lease.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Tx } from "../db/client";
import { messageAttempts, messages, type MessageRecipient } from "../db/schema";
import type { Outbox } from "../modules/events/outbox";
import { transact } from "../modules/events/outbox";
import { recordDeliveryEvent } from "../modules/messages/delivery-events";
import { setConnectionHealth } from "../modules/sending/connection-health";
import { refundQuota } from "../modules/sending/quota-ledger";
import { pauseForAnswer } from "../modules/sending/scope-pause";
import { classifyAnswer } from "./answers";
import { emitMessage } from "../modules/messages/messages";
import { mtaStatements } from "./statements";
import type { RecipientAnswer } from "./transport";
import type { Verdict } from "./verdict";
import type { DestinationOutcome, MessageRow, Work } from "./work";

export interface RunResult {
  message: MessageRow;
  /** Absent when the run failed before the pipeline could start (the message vanished). */
  work: Work | null;
  verdict: Verdict;
}

/** Retry pauses after 4xx answers: 1 min, 5 min, 15 min, 30 min, 1 h, then every 2 h until the retry window closes. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000];
export const backoff = (attempts: number) => BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;

export function recordRuns(ctx: Ctx, owner: string, results: RunResult[]): void {
  if (!results.length) return;
  transact(ctx, (tx, outbox) => {
    for (const r of results) recordRun(ctx, tx, outbox, owner, r);
  });
}

function recordRun(ctx: Ctx, tx: Tx, outbox: Outbox, owner: string, r: RunResult): void {
  const now = ctx.clock.now();
  const m = r.message;
  // built only for the rarer verdicts (drizzle builds a condition per call)
  const mine = () => and(eq(messages.id, m.id), eq(messages.leaseOwner, owner), eq(messages.status, "sending"));
  const release = { leaseOwner: null, leaseUntil: null, updatedAt: now };
  const v = r.verdict;
  if (v.kind === "hold") {
    tx.update(messages).set({ status: "queued", holds: [v.hold], statusDetail: v.detail, dueAt: v.until, ...release }).where(mine()).run();
    return;
  }
  if (v.kind === "retry") {
    tx.update(messages).set({ status: "queued", holds: [], statusDetail: v.detail, dueAt: v.at, ...release }).where(mine()).run();
    return;
  }
  if (v.kind === "cancel") {
    const row = tx.update(messages).set({ status: "cancelled", holds: [], statusDetail: v.detail, ...release }).where(mine()).returning().get();
    if (row) emitMessage(outbox, "message.cancelled", row);
    return;
  }
  if (v.kind === "fail") {
    const recipients = m.recipients.map((x) => (x.state === "pending" ? { ...x, state: "failed" as const, response: v.detail } : x));
    const row = tx.update(messages).set({ status: "failed", holds: [], statusDetail: v.detail, recipients, ...release }).where(mine()).returning().get();
    if (row) emitMessage(outbox, "message.failed", row);
    return;
  }
  const w = r.work!;
  // the lease is checked first: a message rescued meanwhile is not written twice
  const s = mtaStatements(ctx);
  if (!s.holds.get(m.id, owner)) return;
  const recipients = new Map(m.recipients.map((x) => [x.address, { ...x }]));
  const tried = w.outcomes.length > 0;
  for (const o of w.outcomes) recordOutcome(ctx, tx, outbox, w, o, recipients, now);
  for (const note of w.shapingNotes) {
    for (const address of note.recipients) evidence(tx, outbox, w, { type: "deferred", recipient: address, detail: note.detail, now });
  }
  for (const address of w.complaints) complaint(tx, outbox, w, address, now);
  // a run in which nothing can have left gives its quota charge back (it is charged again when it goes)
  if (tried && w.outcomes.every((o) => o.result.outcome === "not_sent" || o.result.outcome === "unroutable")) refundQuota(ctx, tx, m.id);
  submissionHealth(ctx, tx, outbox, w);

  const attempts = m.attempts + (tried ? 1 : 0);
  const firstAttemptAt = m.firstAttemptAt ?? (tried ? now : null);
  const list = [...recipients.values()];
  const last = w.outcomes.at(-1);
  const lastResponse = last?.result.response ?? null;
  let status: MessageRow["status"];
  let dueAt = m.dueAt;
  let detail: string | null = lastResponse;
  if (list.some((x) => x.state === "uncertain")) {
    status = "uncertain";
    detail = "the connection ended after DATA, before the server's answer: the message may have been delivered (resolve it)";
  } else if (list.some((x) => x.state === "pending")) {
    const deadline = (firstAttemptAt ?? now) + ctx.config.mta.retryHours * 3_600_000;
    if (now >= deadline) {
      status = "failed";
      detail = `not delivered within ${ctx.config.mta.retryHours} hours; last answer: ${lastResponse ?? "none"}`;
      for (const x of list) if (x.state === "pending") Object.assign(x, { state: "failed", response: x.response ?? detail });
    } else {
      status = "queued";
      const retry = tried ? now + backoff(attempts) : Infinity;
      dueAt = Math.min(retry, w.retryAt ?? Infinity);
      if (!Number.isFinite(dueAt)) dueAt = now + backoff(Math.max(1, attempts));
      detail ??= "waiting for the receiving provider's pace (traffic shaping)";
    }
  } else {
    status = list.some((x) => x.state === "sent") ? "sent" : "failed";
  }
  const row = s.finish(m, owner, { status, statusDetail: status === "sent" ? null : detail, recipients: list, attempts, firstAttemptAt, dueAt, sentAt: status === "sent" ? now : m.sentAt }, now);
  if (row && status !== "queued") emitMessage(outbox, `message.${status}` as "message.sent", row);
}

/**
 * An smtp connection's health follows what its server answers: a refused
 * login or greeting makes it failing, a clean delivery healthy again.
 */
function submissionHealth(ctx: Ctx, tx: Tx, outbox: Outbox, w: Work): void {
  if (w.connection.kind !== "smtp") return;
  for (const o of w.outcomes) {
    if (o.transport !== "submission") continue;
    const r = o.result;
    const change =
      r.outcome === "not_sent" && r.code !== null && r.code >= 500
        ? { status: "failing" as const, detail: r.response }
        : r.outcome === "answered" && r.code < 300 && w.connection.healthStatus !== "healthy"
          ? { status: "healthy" as const, detail: null }
          : null;
    if (change) setConnectionHealth(ctx, tx, outbox, { workspaceId: w.message.workspaceId, connectionId: w.connection.id, ...change });
  }
}

/** One destination's try: its attempt row, each recipient's state and the evidence its answers are. */
function recordOutcome(ctx: Ctx, tx: Tx, outbox: Outbox, w: Work, o: DestinationOutcome, recipients: Map<string, MessageRecipient>, now: number): void {
  const res = o.result;
  const answers = "recipients" in res ? new Map(res.recipients.map((a) => [a.address, a])) : new Map<string, RecipientAnswer>();
  const attemptState =
    res.outcome === "uncertain" ? "uncertain" : res.outcome === "answered" && res.code < 300 ? "sent" : res.outcome === "answered" || res.outcome === "refused" ? (res.code >= 500 ? "failed" : "deferred") : res.outcome === "unroutable" && res.permanent ? "failed" : "deferred"; // not_sent: deferred
  const attempt = {
    state: attemptState,
    host: "host" in res ? res.host : null,
    tls: "tls" in res ? res.tls : null,
    response: res.response,
    rcptResponses: [...answers.values()].map((a) => ({ address: a.address, response: a.response })),
    endedAt: now,
  };
  if (o.dataBegan) {
    const a = attempt;
    mtaStatements(ctx).endAttempt.run(o.attemptId, a.state, a.host, a.tls === null ? null : Number(a.tls), a.response, JSON.stringify(a.rcptResponses), a.endedAt);
  } else {
    tx.insert(messageAttempts)
      .values({ id: o.attemptId, workspaceId: w.message.workspaceId, messageId: w.message.id, number: w.message.attempts + 1, transport: o.transport, destination: o.destination, recipients: o.recipients, startedAt: w.now, ...attempt })
      .run();
  }

  for (const address of o.recipients) {
    const x = recipients.get(address)!;
    const a = answers.get(address);
    if (res.outcome === "uncertain") {
      Object.assign(x, { state: "uncertain", response: res.response });
      continue;
    }
    if (res.outcome === "unroutable") {
      if (res.permanent) {
        Object.assign(x, { state: "failed", response: res.response });
        evidence(tx, outbox, w, { type: "bounced", recipient: address, detail: res.response, now, attemptId: o.attemptId, bounce: { kind: "hard", reason: "no_route", diagnosticCode: null } });
      } else {
        evidence(tx, outbox, w, { type: "deferred", recipient: address, detail: res.response, now, attemptId: o.attemptId });
      }
      continue;
    }
    if (res.outcome === "not_sent") {
      // nothing was sent (no server, TLS, AUTH, a refused greeting): always tried again, within the retry window
      x.response = res.response;
      evidence(tx, outbox, w, { type: "deferred", recipient: address, detail: res.response, now, attemptId: o.attemptId });
      continue;
    }
    // the recipient's own RCPT refusal first, then the answer to the whole transaction
    const refused = a && !a.accepted ? a : null;
    const code = refused ? refused.code : res.code;
    const enhanced = refused ? refused.enhanced : res.enhanced;
    const text = refused ? refused.response : res.response;
    x.response = text;
    if (code < 300 && !refused) {
      x.state = "sent";
      if (o.transport === "mx" || o.transport === "test") evidence(tx, outbox, w, { type: "delivered", recipient: address, detail: text, now, attemptId: o.attemptId });
      continue;
    }
    const verdict = classifyAnswer(code, enhanced, text);
    if (code >= 500) {
      x.state = "failed";
      const bounce = verdict.bounce ?? { kind: "hard" as const, reason: "other" };
      evidence(tx, outbox, w, { type: "bounced", recipient: address, detail: text, now, attemptId: o.attemptId, bounce: { ...bounce, diagnosticCode: `smtp; ${text}` } });
      continue;
    }
    evidence(tx, outbox, w, { type: "deferred", recipient: address, detail: text, now, attemptId: o.attemptId });
    // a provider's "slow down" pauses the account's quota scope (its own pace, not the recipient's)
    if (verdict.kind === "throttle" && o.transport === "submission" && w.connection.quotaScopeId) {
      pauseForAnswer(ctx, tx, outbox, { workspaceId: w.message.workspaceId, quotaScopeId: w.connection.quotaScopeId, answer: { code, enhanced, text }, now });
    }
  }
}

interface EvidenceArgs {
  type: "delivered" | "deferred" | "bounced" | "complained";
  recipient: string;
  detail: string;
  now: number;
  attemptId?: string;
  bounce?: { kind: "hard" | "soft"; reason: string; diagnosticCode: string | null };
}

/** A delivery event; the message's person is linked only for the person's own address. */
function evidence(tx: Tx, outbox: Outbox, w: Work, e: EvidenceArgs) {
  return recordDeliveryEvent(w.ctx, tx, outbox, {
    workspaceId: w.message.workspaceId,
    messageId: w.message.id,
    origin: w.message,
    personId: personOf(w, e.recipient),
    attemptId: e.attemptId ?? null,
    type: e.type,
    recipient: e.recipient,
    bounce: e.bounce ?? null,
    detail: e.detail,
    occurredAt: e.now,
  });
}

const personOf = (w: Work, address: string) => (w.person && w.person.emailKey === address.toLowerCase() ? w.person.id : null);

/** Test mode's complaint: the evidence; recording it suppresses the address and marks its people spam (delivery-events.ts). */
function complaint(tx: Tx, outbox: Outbox, w: Work, address: string, now: number): void {
  evidence(tx, outbox, w, { type: "complained", recipient: address, detail: "spam complaint (test mode)", now });
}
