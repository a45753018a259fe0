import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed", "disabled"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Why an endpoint is disabled: by its owner, a 410 answer, or 5 days without success. */
export const ENDPOINT_DISABLED_REASONS = ["manual", "gone", "failing"] as const;
export type EndpointDisabledReason = (typeof ENDPOINT_DISABLED_REASONS)[number];

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    // empty = every event type
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    disabledReason: text("disabled_reason", { enum: ENDPOINT_DISABLED_REASONS }),
    disabledAt: integer("disabled_at"),
    // secrets are sealed with ctx.secrets (AES-256-GCM), never stored in clear
    secretSealed: text("secret_sealed").notNull(),
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: integer("previous_secret_expires_at"),
    // first failed attempt since the last success; 5 days of it disables the endpoint
    failingSince: integer("failing_since"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.id)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    // copied from the event: replay selects on it, retention purges by it
    eventCreatedAt: integer("event_created_at").notNull(),
    webhookEndpointId: text("webhook_endpoint_id").notNull(),
    state: text("state", { enum: WEBHOOK_DELIVERY_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    // attempts since the schedule last (re)started: retry/replay of a finished delivery restart it
    runAttempts: integer("run_attempts").notNull().default(0),
    // while leased: the lease's end (a lapsed lease makes the delivery due again)
    nextAttemptAt: integer("next_attempt_at"),
    leaseOwner: text("lease_owner"),
    deliveredAt: integer("delivered_at"),
    lastAttemptStartedAt: integer("last_attempt_started_at"),
    lastAttemptDurationMs: integer("last_attempt_duration_ms"),
    lastAttemptStatus: integer("last_attempt_status"),
    lastAttemptExcerpt: text("last_attempt_excerpt"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_uq").on(t.eventId, t.webhookEndpointId),
    // lists are ordered by event, then delivery
    index("webhook_deliveries_event_idx").on(t.workspaceId, t.eventId, t.id),
    index("webhook_deliveries_endpoint_idx").on(t.workspaceId, t.webhookEndpointId, t.eventId, t.id),
    index("webhook_deliveries_state_idx").on(t.workspaceId, t.state, t.eventId, t.id),
    // replay: an endpoint's deliveries of events created since a moment
    index("webhook_deliveries_replay_idx").on(t.webhookEndpointId, t.eventCreatedAt),
    // the worker's claim: only pending rows are indexed
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index("webhook_deliveries_purge_idx").on(t.eventCreatedAt),
  ],
);
