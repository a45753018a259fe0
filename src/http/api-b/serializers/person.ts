import { t } from "elysia";
import { PERSON_SOURCES, PERSON_STATUSES } from "../../../db/schema";
import { iso } from "../../../lib/clock";
import type { Person } from "../../../modules/audience/people";
import { Id, literals, Nullable, Timestamp } from "../../shared/schemas";

export const PersonB = t.Object(
  {
    id: Id("per"),
    object: t.Literal("person"),
    email: Nullable(t.String({ description: "The address: local part as given, domain lower-cased and IDNA-encoded" })),
    email_domain: Nullable(t.String({ description: "Domain part of the address (system-owned)" })),
    email_sendable: Nullable(t.Boolean({ description: "System-owned verdict: false = must not be enrolled or emailed; null = not verified yet" })),
    given_name: Nullable(t.String()),
    family_name: Nullable(t.String()),
    company: Nullable(t.String()),
    telephone: Nullable(t.String({ description: "Primary number, E.164; always telephones[0]" })),
    telephones: Nullable(t.Array(t.String(), { description: "Every known number, E.164, primary first; null when none" })),
    timezone: Nullable(t.String({ description: "IANA time zone" })),
    custom_fields: Nullable(t.Record(t.String(), t.Unknown(), { description: "Values keyed by each field's key (the merge tag); null when none" })),
    private_notes: Nullable(t.String()),
    score: Nullable(t.Integer({ minimum: 0, maximum: 100, description: "Engagement score (system-computed)" })),
    source: literals(PERSON_SOURCES),
    status: literals(PERSON_STATUSES),
    import_id: Nullable(t.String({ description: "Import that created the person (imp_…)" })),
    group_ids: t.Array(Id("grp"), { description: "Groups the person belongs to" }),
    archived_at: Nullable(Timestamp),
    last_activity_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Person" },
);

export function toPersonB(p: Person, groupIds: string[]) {
  return {
    id: p.id,
    object: "person" as const,
    email: p.email,
    email_domain: p.emailDomain,
    email_sendable: p.emailSendable,
    given_name: p.givenName,
    family_name: p.familyName,
    company: p.company,
    telephone: p.telephones?.[0] ?? null,
    telephones: p.telephones?.length ? p.telephones : null,
    timezone: p.timezone,
    custom_fields: p.customFields && Object.keys(p.customFields).length ? p.customFields : null,
    private_notes: p.privateNotes,
    score: p.score,
    source: p.source,
    status: p.status,
    import_id: p.importId,
    group_ids: groupIds,
    archived_at: iso(p.archivedAt),
    last_activity_at: iso(p.lastActivityAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The filters of GET /v1/people, shared with people exports. */
export const peopleFilterFields = (segmentDescription: string) => ({
  email: t.Optional(t.String({ maxLength: 320, description: "The person with this address (any letter case)" })),
  status: t.Optional(literals(PERSON_STATUSES)),
  group_id: t.Optional(Id("grp", "Members of this group")),
  segment_id: t.Optional(Id("seg", segmentDescription)),
  source: t.Optional(literals(PERSON_SOURCES)),
  import_id: t.Optional(Id("imp", "People created by this import")),
  updated_after: t.Optional(t.String({ format: "date-time", description: "RFC 3339; people changed after this moment" })),
});
