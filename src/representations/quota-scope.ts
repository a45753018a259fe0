import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { quotaScopes } from "../db/schema";
import { Id, Nullable, Timestamp } from "./common";

type QuotaScope = typeof quotaScopes.$inferSelect;

export const QuotaScopeSchema = t.Object(
  {
    id: Id("qsc"),
    object: t.Literal("quota_scope"),
    provider: t.String({ description: "Provider of the account; new values may be added" }),
    scope_key: t.String({ description: "The account: project id, tenant id, account:region, relay host" }),
    messages_per_day: Nullable(t.Integer()),
    recipients_per_day: Nullable(t.Integer()),
    window_limit: Nullable(t.Integer()),
    window_seconds: Nullable(t.Integer()),
    window_unit: Nullable(t.String()),
    paused_until: Nullable(Timestamp),
    paused_detail: Nullable(t.String()),
    webhook: Nullable(t.Object({ id: Id("pwh"), key_set: t.Boolean(), url: t.String() })),
    version: t.Integer({ description: "updated_at in microseconds; also the ETag" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "QuotaScope" },
);

export function quotaScopeView(q: QuotaScope) {
  return {
    id: q.id,
    object: "quota_scope" as const,
    provider: q.provider,
    scope_key: q.scopeKey,
    messages_per_day: q.messagesPerDay,
    recipients_per_day: q.recipientsPerDay,
    window_limit: q.windowLimit,
    window_seconds: q.windowSeconds,
    window_unit: q.windowUnit,
    paused_until: iso(q.pausedUntil),
    paused_detail: q.pausedDetail,
    // provider webhooks arrive with the cloud-provider connections
    webhook: null,
    version: q.version,
    created_at: iso(q.createdAt),
    updated_at: iso(q.updatedAt),
  };
}
