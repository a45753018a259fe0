// An enrollment as API B answers it and as enrollment.* events carry it.
import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { enrollments } from "../db/schema";
import { EXAMPLE_IDS, exampleId } from "./examples";
import { Id, Nullable, openEnum, Timestamp } from "./common";

type EnrollmentRow = typeof enrollments.$inferSelect;

/** What an enrollment shows of its person (PersonRef). */
export interface PersonRefSource {
  id: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

export const SKIP_REASONS = ["not_found", "suppressed", "already_enrolled", "not_sendable", "status_blocks_mail"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface Skipped {
  reason: SkipReason;
  email: string | null;
  personId: string | null;
}

const ENROLLED_AT = "2026-03-10T08:00:00.114Z";
const CAMPAIGN_ID = exampleId("cmp", "2026-03-09T15:30:00.000Z", "1c0a6b8d2f4a0a7b913");

/** Amara Okafor, enrolled into a campaign, her first step due at the window's opening. */
export const ENROLLMENT_EXAMPLE = {
  id: exampleId("enr", ENROLLED_AT, "2a6b0c1b7d93f5e8a14"),
  object: "enrollment",
  campaign_id: CAMPAIGN_ID,
  person: { email: "amara.okafor@example.com", id: EXAMPLE_IDS.per, name: "Amara Okafor" },
  position: 1,
  status: "active",
  status_detail: null,
  message_id: null,
  next_run_at: "2026-03-10T09:00:00.000Z",
  paused_until: null,
  sender_identity_id: null,
  waiting_for: null,
  created_at: ENROLLED_AT,
  updated_at: ENROLLED_AT,
};

export const EnrollmentSchema = t.Object(
  {
    id: Id("enr"),
    object: t.Literal("enrollment"),
    campaign_id: Id("cmp"),
    person: t.Object(
      { email: t.String(), id: Id("per"), name: Nullable(t.String({ description: "Given and family names when the person has either" })) },
      { title: "PersonRef" },
    ),
    position: t.Integer({ description: "The step the enrollment is at, 1 for the first" }),
    status: openEnum("active, paused, completed, replied, stopped, failed"),
    status_detail: Nullable(t.String({ description: "Why it ended early, or why a due active enrollment waits (no_sender, cap, invalid, reply_pending)" })),
    message_id: Nullable(Id("msg", "The message of its current step, once made")),
    next_run_at: Nullable({ ...Timestamp, description: "When the scheduler makes its next message; null while its message waits to be sent, or once ended" }),
    paused_until: Nullable({ ...Timestamp, description: "Paused by the person's out-of-office until then (the stated return date plus a day); active again afterwards" }),
    sender_identity_id: Nullable(Id("sid", "The sender the conversation keeps")),
    waiting_for: Nullable(Id("sid", "The sender the conversation waits for")),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Enrollment", examples: [ENROLLMENT_EXAMPLE] },
);

export const SkippedSchema = t.Object(
  {
    reason: openEnum(
      "not_found (no such person in the workspace), suppressed (the address or its domain is on the suppression list), already_enrolled, not_sendable (the address was found not sendable), status_blocks_mail (the person is bounced, undeliverable, spam, unsubscribed or archived)",
    ),
    email: Nullable(t.String({ description: "Set when the request named the person by address" })),
    person_id: Nullable(Id("per")),
  },
  { title: "Skipped", examples: [{ reason: "already_enrolled", email: null, person_id: EXAMPLE_IDS.per }] },
);

export const EnrollmentsCreatedSchema = t.Object(
  {
    data: t.Array(EnrollmentSchema, { maxItems: 100 }),
    skipped: t.Array(SkippedSchema, { maxItems: 100 }),
  },
  { title: "EnrollmentsCreated" },
);

export const personName = (p: Pick<PersonRefSource, "givenName" | "familyName">): string | null => {
  const name = [p.givenName, p.familyName].filter((s) => s).join(" ");
  return name || null;
};

export function enrollmentView(e: EnrollmentRow, person: PersonRefSource) {
  return {
    id: e.id,
    object: "enrollment" as const,
    campaign_id: e.campaignId,
    // a person always has an address (API B creates none without one); "" only guards old rows
    person: { email: person.email ?? "", id: person.id, name: personName(person) },
    position: e.position,
    status: e.status,
    status_detail: e.statusDetail ?? (e.status === "active" ? e.hold : null),
    message_id: e.messageId,
    next_run_at: iso(e.nextRunAt),
    paused_until: iso(e.pausedUntil),
    sender_identity_id: e.senderIdentityId,
    waiting_for: e.waitingFor,
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
  };
}

export const skippedView = (s: Skipped) => ({ reason: s.reason, email: s.email, person_id: s.personId });
