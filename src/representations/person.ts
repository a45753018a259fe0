import { Type as t } from "@sinclair/typebox";
import { PERSON_SOURCES, PERSON_STATUSES, type people } from "../db/schema";

export { PERSON_SOURCES, PERSON_STATUSES };
import { iso } from "../lib/clock";
import { Id, literals, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

export const PERSON_EXAMPLE = {
  id: EXAMPLE_IDS.per,
  object: "person",
  email: "amara.okafor@lumenpay.io",
  email_domain: "lumenpay.io",
  email_sendable: true,
  given_name: "Amara",
  family_name: "Okafor",
  company: "LumenPay",
  telephone: "+442079460321",
  telephones: ["+442079460321", "+447700900418"],
  timezone: "Europe/London",
  custom_fields: { industry: "Fintech" },
  private_notes: "Met at Money20/20 Europe; asked for the Q2 pilot pricing.",
  score: 64,
  source: "csv_import",
  status: "active",
  import_id: EXAMPLE_IDS.imp,
  group_ids: [EXAMPLE_IDS.grp],
  archived_at: null,
  last_activity_at: AT.lastActivity,
  created_at: AT.person,
  updated_at: AT.personUpdated,
};

/** A person with their groups, as services read them for the representation. */
export type PersonRecord = typeof people.$inferSelect & { groupIds: string[] };

export const PersonSchema = t.Object(
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
  { title: "Person", examples: [PERSON_EXAMPLE] },
);

export function personView(p: PersonRecord) {
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
    group_ids: p.groupIds,
    archived_at: iso(p.archivedAt),
    last_activity_at: iso(p.lastActivityAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}
