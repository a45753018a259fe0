import { newId } from "../../lib/ids";
import { resolveRoute, submissionRoute } from "../routing";
import type { Route } from "../transport";
import type { Verdict } from "../verdict";
import type { DestinationOutcome, Work } from "../work";
import { pendingRecipients } from "./holds";

/**
 * Hands the signed message to each destination of its pending recipients: the
 * smtp connection's server (submission), else the smart host or each recipient
 * domain's MX. The attempt row is written durably (state `data`) in
 * beforeData, before DATA; outcomes are recorded by the record step.
 */
export async function send(w: Work): Promise<Verdict> {
  for (const [destination, recipients] of destinations(w)) {
    const routed = w.connection.kind === "smtp" ? await submissionRoute(w.ctx, w.connection.smtp!, w.ctx.secrets.open(w.connection.smtpPassword!)) : await resolveRoute(w.ctx, destination);
    const attemptId = newId("att");
    if (!routed.ok) {
      w.outcomes.push({ attemptId, transport: "mx", destination, recipients, dataBegan: false, result: { outcome: "unroutable", permanent: routed.permanent, response: routed.detail } });
      continue;
    }
    const outcome = await sendTo(w, routed.route, attemptId, recipients);
    if (outcome) w.outcomes.push(outcome);
  }
  return { kind: "done" };
}

/** Recipients by destination: one for a smart host or a mailbox, one per recipient domain for MX delivery. */
function destinations(w: Work): Map<string, string[]> {
  const byDomain = new Map<string, string[]>();
  const viaOne = w.connection.kind === "smtp" || w.ctx.config.smtpRelay !== null;
  for (const r of pendingRecipients(w)) {
    const key = viaOne ? "*" : r.address.slice(r.address.lastIndexOf("@") + 1).toLowerCase();
    byDomain.set(key, [...(byDomain.get(key) ?? []), r.address]);
  }
  return byDomain;
}

async function sendTo(w: Work, route: Route, attemptId: string, recipients: string[]): Promise<DestinationOutcome | null> {
  const provider = route.kind === "mx" ? w.mta.shaper.providerOf(route.hosts[0]!.host) : null;
  const slot = provider ? w.mta.shaper.acquire(provider, w.now) : null;
  if (slot && !slot.ok) {
    // the provider's pace: these recipients wait, no attempt counted
    w.retryAt = Math.min(w.retryAt ?? Infinity, slot.retryAt);
    return null;
  }
  const outcome: DestinationOutcome = { attemptId, transport: route.kind, destination: route.destination, recipients, dataBegan: false, result: null! };
  try {
    outcome.result = await w.mta.transport.send({
      route,
      envelope: { from: w.message.envelopeFrom, to: recipients },
      message: w.raw!,
      beforeData: async (accepted) => {
        await w.mta.journal.begin({
          id: attemptId,
          workspaceId: w.message.workspaceId,
          messageId: w.message.id,
          number: w.message.attempts + 1,
          state: "data",
          transport: route.kind,
          destination: route.destination,
          recipients: accepted.map((a) => a.address),
          startedAt: w.now,
        }, w.message.leaseOwner!);
        outcome.dataBegan = true;
      },
      signal: w.ctx.shutdown.signal,
    });
  } finally {
    if (slot?.ok) slot.release();
  }
  if (provider) {
    const r = outcome.result;
    const change = r.outcome === "answered" || r.outcome === "refused" || (r.outcome === "not_sent" && r.code !== null) ? w.mta.shaper.observe(provider, { code: r.code ?? 0, enhanced: r.enhanced, text: r.response }, w.now) : null;
    if (change?.changed) w.shapingNotes.push({ recipients, detail: `${provider} throttled: ${change.text}; limits cut to ${change.after.maxConnections} connections, ${change.after.messagesPerMinute} messages/minute until ${new Date(change.after.coolOffUntil ?? w.now).toISOString()}` });
  }
  return outcome;
}
