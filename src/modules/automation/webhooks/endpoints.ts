// Webhook endpoints: where a workspace's events are POSTed. The signing secret
// is sealed at rest and shown only on create and rotate.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Changes } from "bun:sqlite";
import type { Ctx } from "../../../context";
import type { Tx } from "../../../db/client";
import { tableReads, type Page, type PageRequest } from "../../../db/queries";
import { webhookDeliveries, webhookEndpoints, type EndpointDisabledReason } from "../../../db/schema";
import { DomainError, notFound } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { assertText } from "../../../lib/text";
import { transact, type Outbox } from "../../events/outbox";
import { webhookEndpointView } from "../../../representations/webhook-endpoint";
import { SECRET_OVERLAP_MS } from "./schedule";
import { newWebhookSecret } from "./signature";
import { assertWebhookUrl } from "./url-policy";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface EndpointFields {
  url?: string;
  description?: string | null;
  /** Empty = every type. */
  eventTypes?: string[];
  enabled?: boolean;
}

const scoped = (workspaceId: string, id: string) => and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));

const reads = tableReads(webhookEndpoints);

export function listEndpoints(ctx: Ctx, a: { workspaceId: string; page: PageRequest }): Page<EndpointRow> {
  return reads.page(ctx.db, { workspaceId: a.workspaceId }, a.page);
}

export function getEndpoint(ctx: Ctx, a: { workspaceId: string; id: string }): EndpointRow {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("webhook endpoint");
  return row;
}

export async function createEndpoint(ctx: Ctx, a: { workspaceId: string } & EndpointFields & { url: string }): Promise<{ endpoint: EndpointRow; secret: string }> {
  if (a.description != null) assertText("single-line", a.description, "/description");
  const url = await assertWebhookUrl(ctx, a.url);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const enabled = a.enabled ?? true;
  const endpoint = ctx.db
    .insert(webhookEndpoints)
    .values({
      id: newId("whe"),
      workspaceId: a.workspaceId,
      url,
      description: a.description ?? null,
      eventTypes: dedupe(a.eventTypes ?? []),
      enabled,
      disabledReason: enabled ? null : "manual",
      disabledAt: enabled ? null : now,
      secretSealed: ctx.secrets.seal(secret),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return { endpoint, secret };
}

/**
 * Changes URL, description, event types or enabled. Disabling turns its
 * pending deliveries `disabled` and emits `webhook_endpoint.disabled`;
 * enabling clears the failure record (disabled deliveries wait for a replay).
 */
export async function updateEndpoint(ctx: Ctx, a: { workspaceId: string; id: string; patch: EndpointFields }): Promise<EndpointRow> {
  if (a.patch.description != null) assertText("single-line", a.patch.description, "/description");
  const url = a.patch.url !== undefined ? await assertWebhookUrl(ctx, a.patch.url) : undefined;
  return transact(ctx, (tx, outbox) => {
    const current = tx.select().from(webhookEndpoints).where(scoped(a.workspaceId, a.id)).get();
    if (!current) throw notFound("webhook endpoint");
    const now = ctx.clock.now();
    const set: Partial<EndpointRow> = { updatedAt: now };
    if (url !== undefined) set.url = url;
    if (a.patch.description !== undefined) set.description = a.patch.description;
    if (a.patch.eventTypes !== undefined) set.eventTypes = dedupe(a.patch.eventTypes);
    if (a.patch.enabled === true && !current.enabled) Object.assign(set, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    const updated = tx.update(webhookEndpoints).set(set).where(scoped(a.workspaceId, a.id)).returning().get()!;
    if (a.patch.enabled === false) return disableInTx(ctx, tx, outbox, { workspaceId: a.workspaceId, id: a.id, reason: "manual" }) ?? updated;
    return updated;
  });
}

/** Deletes the endpoint and every delivery of it. */
export function deleteEndpoint(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const gone = tx.delete(webhookEndpoints).where(scoped(a.workspaceId, a.id)).returning({ id: webhookEndpoints.id }).get();
    if (!gone) throw notFound("webhook endpoint");
    tx.delete(webhookDeliveries).where(and(eq(webhookDeliveries.workspaceId, a.workspaceId), eq(webhookDeliveries.webhookEndpointId, a.id))).run();
  });
}

/** A new secret; the replaced one keeps signing (beside it) for 24 hours. */
export function rotateSecret(ctx: Ctx, a: { workspaceId: string; id: string }): { endpoint: EndpointRow; secret: string } {
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const endpoint = ctx.db
    .update(webhookEndpoints)
    .set({
      secretSealed: ctx.secrets.seal(secret),
      previousSecretSealed: sql`${webhookEndpoints.secretSealed}`,
      previousSecretExpiresAt: now + SECRET_OVERLAP_MS,
      updatedAt: now,
    })
    .where(scoped(a.workspaceId, a.id))
    .returning()
    .get();
  if (!endpoint) throw notFound("webhook endpoint");
  return { endpoint, secret };
}

/** The secrets that sign an attempt now: the current one, and the replaced one while it overlaps. */
export function liveSecrets(ctx: Ctx, e: Pick<EndpointRow, "secretSealed" | "previousSecretSealed" | "previousSecretExpiresAt">, now: number): string[] {
  const secrets = [ctx.secrets.open(e.secretSealed)];
  if (e.previousSecretSealed && e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt > now) secrets.push(ctx.secrets.open(e.previousSecretSealed));
  return secrets;
}

/**
 * Every delivery of the endpoint's events created at or after `since` becomes
 * pending with its next attempt now (an attempt in flight is left to finish);
 * a finished one restarts the retry schedule. Refused on a disabled endpoint.
 */
export function replayEndpoint(ctx: Ctx, a: { workspaceId: string; id: string; since: number }): { endpoint: EndpointRow; count: number } {
  const now = ctx.clock.now();
  const result = ctx.db.transaction((tx) => {
    const endpoint = tx.select().from(webhookEndpoints).where(scoped(a.workspaceId, a.id)).get();
    if (!endpoint) throw notFound("webhook endpoint");
    if (!endpoint.enabled) throw new DomainError("invalid_state", "The webhook endpoint is disabled; enable it (PATCH enabled: true) before replaying.");
    const d = webhookDeliveries;
    const changed = tx
      .update(d)
      .set({
        state: "pending",
        runAttempts: sql`CASE WHEN ${d.state} = 'pending' THEN ${d.runAttempts} ELSE 0 END`,
        nextAttemptAt: sql`CASE WHEN ${d.leaseOwner} IS NOT NULL AND ${d.nextAttemptAt} > ${now} THEN ${d.nextAttemptAt} ELSE ${now} END`,
        updatedAt: now,
      })
      .where(and(eq(d.webhookEndpointId, a.id), eq(d.workspaceId, a.workspaceId), gte(d.eventCreatedAt, a.since)))
      .run();
    // drizzle types run() as void; bun:sqlite returns its Changes
    return { endpoint, count: (changed as unknown as Changes).changes };
  });
  return result;
}

/**
 * Disables an enabled endpoint (guarded: a second caller changes nothing and
 * gets null): its pending deliveries become `disabled`, and the change is an event.
 */
export function disableEndpoint(ctx: Ctx, a: { workspaceId: string; id: string; reason: EndpointDisabledReason }): EndpointRow | null {
  return transact(ctx, (tx, outbox) => disableInTx(ctx, tx, outbox, a));
}

function disableInTx(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; id: string; reason: EndpointDisabledReason }): EndpointRow | null {
  const now = ctx.clock.now();
  const disabled = tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: a.reason, disabledAt: now, updatedAt: now })
    .where(and(scoped(a.workspaceId, a.id), eq(webhookEndpoints.enabled, true)))
    .returning()
    .get();
  if (!disabled) return null;
  // the lease of an attempt in flight stays: its result is still recorded
  tx.update(webhookDeliveries)
    .set({ state: "disabled", updatedAt: now })
    .where(and(eq(webhookDeliveries.webhookEndpointId, a.id), eq(webhookDeliveries.state, "pending")))
    .run();
  outbox.emit({ workspaceId: a.workspaceId, type: "webhook_endpoint.disabled", data: webhookEndpointView(disabled, now) });
  return disabled;
}

function dedupe(types: string[]): string[] {
  return [...new Set(types)];
}
