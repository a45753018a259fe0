// The three steps of a webhook attempt, shared by the worker loop and
// deliverDue(): claim due deliveries under a lease (durably recording that an
// attempt started), send each signed request, and record the outcomes in one
// durable batch, then apply the endpoint rules (410, 5 days failing).
// Claim and record run thousands of times a second: raw prepared statements.
import { inArray } from "drizzle-orm";
import type { Ctx } from "../../../context";
import { durably } from "../../../db/client";
import { perLimit, preparedOnce } from "../../../db/prepared";
import { events, webhookEndpoints } from "../../../db/schema";
import { eventView } from "../../../representations/event";
import type { EventRow } from "../../events/events";
import type { EndpointRow } from "./endpoints";
import { disableEndpoint, liveSecrets } from "./endpoints";
import { sendWebhook } from "./http-sender";
import { ATTEMPT_TIMEOUT_MS, FAILING_DISABLE_AFTER_MS, isSuccess, nextAttemptAt } from "./schedule";
import { webhookHeaders } from "./signature";

/** Longer than an attempt may take: a lease that lapses means its process died. */
export const LEASE_MS = ATTEMPT_TIMEOUT_MS + 30_000;

export interface AttemptResult {
  deliveryId: string;
  endpointId: string;
  workspaceId: string;
  startedAt: number;
  /** null when nothing answered */
  status: number | null;
  excerpt: string | null;
  durationMs: number | null;
  /** Not sent: the endpoint was disabled meanwhile, or the event is gone. */
  skipped?: "disabled" | "event_missing";
}

/** A leased delivery: what an attempt needs. */
export interface Claimed {
  id: string;
  workspaceId: string;
  eventId: string;
  webhookEndpointId: string;
  startedAt: number;
}

export interface PreparedAttempt {
  delivery: Claimed;
  send: (() => Promise<AttemptResult>) | null;
  skipped?: AttemptResult;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "webhooks.attempts", () => ({
    // the worker asks after every committed event; most asks find nothing due, and a read says so without a durable commit
    anyDue: db.prepare<{ one: number }, [number]>("SELECT 1 AS one FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?1 LIMIT 1"),
    claim: perLimit((limit) =>
      db.prepare<Claimed, [string, number, number]>(
        `UPDATE webhook_deliveries
            SET lease_owner = ?1, next_attempt_at = ?2 + ?3, attempts = attempts + 1, run_attempts = run_attempts + 1,
                last_attempt_started_at = ?2, last_attempt_duration_ms = NULL, last_attempt_status = NULL,
                last_attempt_excerpt = NULL, updated_at = ?2
          WHERE id IN (SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?2 ORDER BY next_attempt_at LIMIT ${limit})
            AND state = 'pending'
        RETURNING id, workspace_id AS workspaceId, event_id AS eventId, webhook_endpoint_id AS webhookEndpointId, last_attempt_started_at AS startedAt`,
      ),
    ),
    current: db.prepare<{ state: string; runAttempts: number }, [string, string]>(
      "SELECT state, run_attempts AS runAttempts FROM webhook_deliveries WHERE id = ?1 AND lease_owner = ?2",
    ),
    // only the lease holder writes: a delivery re-leased after a lapse is not overwritten
    record: db.prepare<unknown, [string, string, string, number | null, number | null, number | null, number | null, string | null, number]>(
      `UPDATE webhook_deliveries
          SET state = ?3, next_attempt_at = ?4, delivered_at = coalesce(?5, delivered_at), lease_owner = NULL,
              last_attempt_duration_ms = ?6, last_attempt_status = ?7, last_attempt_excerpt = ?8, updated_at = ?9
        WHERE id = ?1 AND lease_owner = ?2`,
    ),
    healthy: db.prepare<unknown, [string]>("UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?1 AND failing_since IS NOT NULL"),
    failing: db.prepare<unknown, [string, number]>("UPDATE webhook_endpoints SET failing_since = ?2 WHERE id = ?1 AND failing_since IS NULL"),
    stale: db.prepare<{ workspaceId: string }, [string, number]>(
      "SELECT workspace_id AS workspaceId FROM webhook_endpoints WHERE id = ?1 AND enabled = 1 AND failing_since <= ?2",
    ),
  }));
}

/**
 * Leases up to `limit` due deliveries to `owner`: the attempt is counted and
 * its start recorded (fsync'd) before any byte leaves. The lease end becomes
 * next_attempt_at, so a lease that lapses makes the delivery due again.
 */
export function claimDue(ctx: Ctx, owner: string, limit: number, leaseMs = LEASE_MS): Claimed[] {
  const { claim, anyDue } = statements(ctx);
  const now = ctx.clock.now();
  if (!anyDue.get(now)) return [];
  return durably(ctx.db, () => claim(limit).all(owner, now, leaseMs));
}

/** Loads the events and endpoints of claimed deliveries and builds each signed request. */
export function prepareAttempts(ctx: Ctx, claimed: Claimed[]): PreparedAttempt[] {
  if (claimed.length === 0) return [];
  const eventIds = [...new Set(claimed.map((c) => c.eventId))];
  const endpointIds = [...new Set(claimed.map((c) => c.webhookEndpointId))];
  const eventsById = new Map<string, EventRow>(ctx.db.select().from(events).where(inArray(events.id, eventIds)).all().map((e) => [e.id, e]));
  const endpointsById = new Map<string, EndpointRow>(ctx.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)).all().map((e) => [e.id, e]));
  const now = ctx.clock.now();
  const bodies = new Map<string, string>();
  const secrets = new Map<string, string[]>();
  return claimed.map((delivery) => {
    const base = { deliveryId: delivery.id, endpointId: delivery.webhookEndpointId, workspaceId: delivery.workspaceId, startedAt: delivery.startedAt };
    const event = eventsById.get(delivery.eventId);
    const endpoint = endpointsById.get(delivery.webhookEndpointId);
    if (!endpoint?.enabled) {
      return { delivery, send: null, skipped: { ...base, status: null, excerpt: "not sent: the webhook endpoint is disabled", durationMs: null, skipped: "disabled" } };
    }
    if (!event) {
      return { delivery, send: null, skipped: { ...base, status: null, excerpt: "not sent: the event no longer exists", durationMs: null, skipped: "event_missing" } };
    }
    let body = bodies.get(event.id);
    if (body === undefined) bodies.set(event.id, (body = JSON.stringify(eventView(event))));
    let keys = secrets.get(endpoint.id);
    if (!keys) secrets.set(endpoint.id, (keys = liveSecrets(ctx, endpoint, now)));
    const payload = body;
    const signWith = keys;
    const send = async (): Promise<AttemptResult> => {
      // Receivers compare webhook-timestamp with their own wall clock, so it is
      // real time even when the appliance runs on an injected clock.
      const headers = webhookHeaders({ msgId: event.id, timestamp: Math.floor(Date.now() / 1000), body: payload, secrets: signWith });
      const r = await sendWebhook({
        url: endpoint.url,
        headers: { ...headers },
        body: payload,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        allowPrivate: ctx.outbound.allowPrivate,
        resolve: ctx.outbound.resolve,
      });
      return { ...base, status: r.status, excerpt: r.excerpt, durationMs: r.durationMs };
    };
    return { delivery, send };
  });
}

/** Sends one prepared attempt (never throws: a failure is an outcome). */
export async function runAttempt(p: PreparedAttempt): Promise<AttemptResult> {
  if (!p.send) return p.skipped!;
  try {
    return await p.send();
  } catch (err) {
    return { deliveryId: p.delivery.id, endpointId: p.delivery.webhookEndpointId, workspaceId: p.delivery.workspaceId, startedAt: p.delivery.startedAt, status: null, excerpt: `request failed: ${err instanceof Error ? err.message : String(err)}`, durationMs: null };
  }
}

/**
 * Records outcomes in one fsync'd transaction. Then endpoints that answered
 * 410, or have had no success for 5 days, are disabled.
 */
export function recordResults(ctx: Ctx, owner: string, results: AttemptResult[]): void {
  if (results.length === 0) return;
  const now = ctx.clock.now();
  const s = statements(ctx);
  // per endpoint, in order: a success clears the failure record; the first failure after it starts one
  const health = new Map<string, { workspaceId: string; succeeded: boolean; failingFrom: number | null }>();
  const gone = new Set<string>();
  durably(ctx.db, () => {
    for (const r of results) {
      const row = s.current.get(r.deliveryId, owner);
      if (!row) continue;
      const record = (state: string, next: number | null, deliveredAt: number | null) =>
        s.record.run(r.deliveryId, owner, state, next, deliveredAt, r.durationMs, r.status, r.excerpt, now);
      if (r.skipped) {
        record(r.skipped === "disabled" ? "disabled" : "failed", null, null);
        continue;
      }
      const h = health.get(r.endpointId) ?? { workspaceId: r.workspaceId, succeeded: false, failingFrom: null };
      health.set(r.endpointId, h);
      if (isSuccess(r.status)) {
        // delivered is the truth even if the endpoint was disabled mid-flight
        record("delivered", null, now);
        h.succeeded = true;
        h.failingFrom = null;
        continue;
      }
      const next = row.state === "pending" ? nextAttemptAt(now, row.runAttempts) : null;
      record(row.state !== "pending" ? row.state : next === null ? "failed" : "pending", next, null);
      h.failingFrom ??= r.startedAt;
      if (r.status === 410) gone.add(r.endpointId);
    }
    for (const [id, h] of health) {
      if (h.succeeded) s.healthy.run(id);
      if (h.failingFrom !== null) s.failing.run(id, h.failingFrom);
    }
  });
  const cutoff = now - FAILING_DISABLE_AFTER_MS;
  for (const [id, h] of health) {
    if (gone.has(id)) disableEndpoint(ctx, { workspaceId: h.workspaceId, id, reason: "gone" });
    else if (h.failingFrom !== null && s.stale.get(id, cutoff)) disableEndpoint(ctx, { workspaceId: h.workspaceId, id, reason: "failing" });
  }
}
