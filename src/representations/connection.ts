// A connection (cnx_) as API B answers it and `connection.health_changed`
// carries it: the fields of the event's shape (src/modules/sending/events.ts)
// plus its settings. Passwords never appear: `password_set` says whether one is
// stored (an archived connection's are erased).
import { Type as t } from "@sinclair/typebox";
import type { connections, senderIdentities } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp, openEnum } from "./common";
import { EXAMPLE_IDS, exampleId } from "./examples";

type Connection = typeof connections.$inferSelect;
type Identity = typeof senderIdentities.$inferSelect;

const CREATED = "2026-01-15T12:00:04.318Z";
const CHECKED = "2026-03-17T15:19:58.207Z";

export const IDENTITY_EXAMPLE = {
  id: exampleId("sid", CREATED, "2b1a0c9d84e6a7135c2"),
  email: "amara@mail.northwind-trading.com",
  name: "Amara from Northwind",
  reply_to: "sales@northwind-trading.com",
  tags: ["sdr", "fintech"],
  enabled: true,
  ramp: { start: 10, growth: 5, ceiling: 60, started_at: CREATED },
};

/** Northwind's relay account at its provider, verified, paced like a person writing. */
export const CONNECTION_EXAMPLE = {
  id: exampleId("cnx", CREATED, "1c3a5e7f9b2d4e6085a"),
  object: "connection",
  kind: "smtp",
  name: "Northwind relay",
  status: "active",
  health: { status: "healthy", detail: null, checked_at: CHECKED },
  quota_scope_id: EXAMPLE_IDS.qsc,
  identities: [IDENTITY_EXAMPLE],
  smtp: { host: "smtp.mailprovider.example", port: 587, tls: "starttls", username: "amara@mail.northwind-trading.com", password_set: true },
  imap: { host: "imap.mailprovider.example", port: 993, tls: "implicit", username: "amara@mail.northwind-trading.com", folders: ["INBOX"], password_set: true },
  pacing: { min_gap_seconds: 90, max_gap_seconds: 240, daily_cap: 150 },
  last_error: null,
  archived_at: null,
  created_at: CREATED,
  updated_at: CHECKED,
};

export const IdentitySchema = t.Object(
  {
    id: Id("sid"),
    email: t.String({ description: "The From address" }),
    name: Nullable(t.String({ description: "The From display name" })),
    reply_to: Nullable(t.String({ description: "Reply-To address, when replies go elsewhere" })),
    tags: t.Array(t.String(), { description: "Campaigns pick senders by tag" }),
    enabled: t.Boolean({ description: "A disabled identity sends nothing" }),
    ramp: Nullable(
      t.Object(
        {
          start: t.Integer({ description: "Campaign messages on the ramp's first UTC day" }),
          growth: t.Integer({ description: "Added each UTC day after the first" }),
          ceiling: t.Integer({ description: "Where the growth stops" }),
          started_at: Timestamp,
        },
        {
          description:
            "The warm-up: campaign messages on a UTC day at most min(ceiling, start + growth × whole UTC days since started_at), and never above the connection's daily_cap. started_at is when the ramp was given or last changed. null: no ramp",
        },
      ),
    ),
  },
  { title: "SenderIdentity", examples: [IDENTITY_EXAMPLE] },
);

const TlsMode = openEnum("implicit (TLS from the first byte), starttls (required), none");
const ServerSchema = {
  host: t.String(),
  port: t.Integer(),
  tls: TlsMode,
  username: t.String(),
  password_set: t.Boolean({ description: "A password is stored (sealed); never shown. False once archived" }),
};

export const ConnectionSchema = t.Object(
  {
    id: Id("cnx"),
    object: t.Literal("connection"),
    kind: openEnum("managed (the embedded MTA), smtp (an account at a provider)"),
    name: t.String(),
    status: openEnum("verifying, active, paused, failed, archived"),
    health: Nullable(
      t.Object(
        { status: openEnum("healthy, degraded, failing"), detail: Nullable(t.String()), checked_at: Timestamp },
        { description: "The last check's finding; null until the first one (a connection still verifying)" },
      ),
    ),
    quota_scope_id: Nullable(Id("qsc")),
    identities: t.Array(IdentitySchema),
    smtp: Nullable(t.Object(ServerSchema, { description: "The smtp kind's submission account; null for managed" })),
    imap: Nullable(t.Object({ ...ServerSchema, folders: t.Array(t.String()) }, { description: "Stored for reading replies (the inbox)" })),
    pacing: Nullable(
      t.Object(
        {
          min_gap_seconds: t.Integer({ description: "Shortest pause between two messages of this connection" }),
          max_gap_seconds: t.Integer({ description: "Longest pause; each gap is drawn between the two" }),
          daily_cap: Nullable(t.Integer({ description: "Messages per day at most; null = the quota scope alone limits" })),
        },
        { description: "null = no pause between messages" },
      ),
    ),
    last_error: Nullable(t.String({ description: "Why the last verification failed: the server's answer verbatim, or why no connection was made" })),
    archived_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Connection", examples: [CONNECTION_EXAMPLE] },
);

export function identityView(i: Identity) {
  // a ramp is always written with its start (src/modules/sending/identities.ts)
  const ramp = i.ramp && { start: i.ramp.start, growth: i.ramp.growth, ceiling: i.ramp.ceiling, started_at: iso(i.rampStartedAt) };
  return { id: i.id, email: i.email, name: i.name, reply_to: i.replyTo, tags: i.tags, enabled: i.enabled, ramp };
}

const serverView = (s: Connection["smtp"], password: string | null) =>
  s ? { host: s.host, port: s.port, tls: s.tls, username: s.username, password_set: password !== null } : null;

/** The connection with its identities (in their order). */
export function connectionView(c: Connection, identities: Identity[]) {
  return {
    id: c.id,
    object: "connection" as const,
    kind: c.kind,
    name: c.name,
    status: c.status,
    health: c.healthStatus && c.healthCheckedAt !== null ? { status: c.healthStatus, detail: c.healthDetail, checked_at: iso(c.healthCheckedAt) } : null,
    quota_scope_id: c.quotaScopeId,
    identities: identities.map(identityView),
    smtp: serverView(c.smtp, c.smtpPassword),
    imap: c.imap ? { ...serverView(c.imap, c.imapPassword)!, folders: c.imap.folders } : null,
    pacing: c.pacing ? { min_gap_seconds: c.pacing.minGapSeconds, max_gap_seconds: c.pacing.maxGapSeconds, daily_cap: c.pacing.dailyCap } : null,
    last_error: c.lastError,
    archived_at: iso(c.archivedAt),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}
