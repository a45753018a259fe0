// The Person of API A (camelCase), field by field from the people row.
import { t } from "elysia";
import { PERSON_SOURCES, PERSON_STATUSES } from "../../../db/schema";
import { iso } from "../../../lib/clock";
import type { Group } from "../../../modules/audience/groups";
import type { Person } from "../../../modules/audience/people";
import { AT, EXAMPLE_IDS } from "../../../representations/examples";
import { PERSON_EXAMPLE } from "../../../representations/person";
import { GROUP_EXAMPLE } from "../../../representations/group";
import { literals, Nullable, Timestamp } from "../../shared/schemas";

const GROUP_A_EXAMPLE = { id: EXAMPLE_IDS.grp, object: "group", name: GROUP_EXAMPLE.name, description: GROUP_EXAMPLE.description, createdAt: AT.group, updatedAt: AT.group };

/** API B's person example as API A answers it after a verification (expand[]=groups). */
const PERSON_A_EXAMPLE = {
  id: PERSON_EXAMPLE.id,
  object: "person",
  email: PERSON_EXAMPLE.email,
  emailDomain: PERSON_EXAMPLE.email_domain,
  emailSendable: true,
  emailSendableReason: "mailbox_exists",
  verifiedAt: AT.personUpdated,
  givenName: PERSON_EXAMPLE.given_name,
  familyName: PERSON_EXAMPLE.family_name,
  telephone: PERSON_EXAMPLE.telephone,
  telephones: PERSON_EXAMPLE.telephones,
  timezone: PERSON_EXAMPLE.timezone,
  customFields: PERSON_EXAMPLE.custom_fields,
  privateNotes: PERSON_EXAMPLE.private_notes,
  score: PERSON_EXAMPLE.score,
  source: PERSON_EXAMPLE.source,
  status: PERSON_EXAMPLE.status,
  importId: PERSON_EXAMPLE.import_id,
  archivedAt: null,
  createdAt: PERSON_EXAMPLE.created_at,
  updatedAt: PERSON_EXAMPLE.updated_at,
  lastActivityAt: PERSON_EXAMPLE.last_activity_at,
  groups: [GROUP_A_EXAMPLE],
};

export const GroupA = t.Object(
  {
    id: t.String(),
    object: t.Literal("group"),
    name: t.String(),
    description: Nullable(t.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: "GroupA", examples: [GROUP_A_EXAMPLE] },
);

export const PersonA = t.Object(
  {
    id: t.String({ description: "Person id (per_…)" }),
    object: t.Literal("person"),
    email: Nullable(t.String({ format: "email" })),
    emailDomain: Nullable(t.String({ description: "Domain part of the address" })),
    emailSendable: Nullable(t.Boolean({ description: "System-owned verdict: false = must not be enrolled or emailed; null = not verified yet, or the last check could not tell" })),
    emailSendableReason: Nullable(
      t.String({
        description:
          "Why: mailbox_exists, catch_all (the server accepts any address: deliverable but unconfirmed), mailbox_rejected, invalid_syntax, null_mx, no_route, dns_unavailable, smtp_unavailable, private_target (the mail host is a loopback or private address the appliance may not connect to), syntax_only (test mode)",
      }),
    ),
    verifiedAt: Nullable(Timestamp),
    givenName: Nullable(t.String()),
    familyName: Nullable(t.String()),
    telephone: Nullable(t.String({ description: "Primary number, E.164; equals telephones[0]" })),
    telephones: Nullable(t.Array(t.String(), { description: "Every known number, primary first; null when none" })),
    timezone: Nullable(t.String({ description: "IANA time zone" })),
    customFields: Nullable(t.Record(t.String(), t.Unknown(), { description: "Values keyed by each field's code" })),
    privateNotes: Nullable(t.String()),
    score: Nullable(t.Integer({ minimum: 0, maximum: 100 })),
    source: literals(PERSON_SOURCES),
    status: literals(PERSON_STATUSES),
    importId: Nullable(t.String()),
    archivedAt: Nullable(Timestamp),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    lastActivityAt: Nullable(Timestamp),
    groups: t.Optional(t.Array(GroupA, { description: "With expand[]=groups: the person's groups" })),
  },
  { title: "PersonA", examples: [PERSON_A_EXAMPLE] },
);

export function toGroupA(g: Group) {
  return { id: g.id, object: "group" as const, name: g.name, description: g.description, createdAt: iso(g.createdAt), updatedAt: iso(g.updatedAt) };
}

export function toPersonA(p: Person, groups?: Group[]) {
  const telephones = p.telephones && p.telephones.length > 0 ? p.telephones : null;
  return {
    id: p.id,
    object: "person" as const,
    email: p.email,
    emailDomain: p.emailDomain,
    emailSendable: p.emailSendable,
    emailSendableReason: p.sendableReason,
    verifiedAt: iso(p.verifiedAt),
    givenName: p.givenName,
    familyName: p.familyName,
    telephone: telephones?.[0] ?? null,
    telephones,
    timezone: p.timezone,
    customFields: p.customFields,
    privateNotes: p.privateNotes,
    score: p.score,
    source: p.source,
    status: p.status,
    importId: p.importId,
    archivedAt: iso(p.archivedAt),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    lastActivityAt: iso(p.lastActivityAt),
    ...(groups ? { groups: groups.map(toGroupA) } : {}),
  };
}
