import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { quotaScopes } from "../db/schema";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type QuotaScope = typeof quotaScopes.$inferSelect;

/** An Amazon SES account in eu-west-1: 50,000 a day, 14 recipients a second. */
export const QUOTA_SCOPE_EXAMPLE = {
  id: EXAMPLE_IDS.qsc,
  object: "quota_scope",
  provider: "ses",
  scope_key: "482913650274:eu-west-1",
  messages_per_day: 50_000,
  recipients_per_day: 50_000,
  window_limit: 14,
  window_seconds: 1,
  window_unit: "recipients",
  paused_until: null,
  paused_detail: null,
  webhook: null,
  version: Date.parse(AT.quotaScopeUpdated) * 1000,
  created_at: AT.quotaScope,
  updated_at: AT.quotaScopeUpdated,
};

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
  { title: "QuotaScope", examples: [QUOTA_SCOPE_EXAMPLE] },
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
