import { Type as t } from "@sinclair/typebox";
import { SUPPRESSION_REASONS, type suppressions } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type Suppression = typeof suppressions.$inferSelect;

export const SuppressionReasonSchema = t.Union(
  SUPPRESSION_REASONS.map((r) => t.Literal(r)),
  { description: "manual (created here; removable) or from evidence, read-only: unsubscribed, hard_bounce, complaint, invalid" },
);

export const SUPPRESSION_EXAMPLE = {
  id: EXAMPLE_IDS.sup,
  object: "suppression",
  email: "procurement@veltrixsystems.com",
  domain: null,
  reason: "manual",
  evidence: null,
  created_by: EXAMPLE_IDS.key,
  created_at: AT.suppression,
};

export const SuppressionSchema = t.Object(
  {
    id: Id("sup"),
    object: t.Literal("suppression"),
    email: Nullable(t.String({ description: "The suppressed address (domain part lower-cased); null for a domain-wide suppression" })),
    domain: Nullable(t.String({ description: "The suppressed domain (every address at it, not its subdomains); null for one address" })),
    reason: SuppressionReasonSchema,
    evidence: Nullable(t.Record(t.String(), t.Unknown(), { description: "What created it (bounce reply, complaint, unsubscribe…); null for manual ones" })),
    created_by: Nullable(t.String({ description: "Key id that created a manual suppression; null when the system recorded it" })),
    created_at: Timestamp,
  },
  { title: "Suppression", examples: [SUPPRESSION_EXAMPLE] },
);

export function suppressionView(s: Suppression) {
  return {
    id: s.id,
    object: "suppression" as const,
    email: s.email,
    domain: s.domain,
    reason: s.reason,
    evidence: s.evidence,
    created_by: s.createdBy,
    created_at: iso(s.createdAt),
  };
}

/** The data of `suppression.created`: the suppression without `object` and `created_by`. */
export const SuppressionEventSchema = t.Object(
  {
    id: Id("sup"),
    email: Nullable(t.String()),
    domain: Nullable(t.String()),
    reason: SuppressionReasonSchema,
    evidence: Nullable(t.Record(t.String(), t.Unknown(), { description: "What created it (bounce, complaint, unsubscribe…); null for manual ones" })),
    created_at: Timestamp,
  },
  {
    title: "SuppressionEvent",
    examples: [{ id: EXAMPLE_IDS.sup, email: SUPPRESSION_EXAMPLE.email, domain: null, reason: "manual", evidence: null, created_at: AT.suppression }],
  },
);

export const suppressionEventView = (s: Suppression) => ({ id: s.id, email: s.email, domain: s.domain, reason: s.reason, evidence: s.evidence, created_at: iso(s.createdAt) });
