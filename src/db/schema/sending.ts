import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const quotaScopes = sqliteTable(
  "quota_scopes",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    provider: text("provider").notNull(),
    scopeKey: text("scope_key").notNull(),
    messagesPerDay: integer("messages_per_day"),
    recipientsPerDay: integer("recipients_per_day"),
    windowLimit: integer("window_limit"),
    windowSeconds: integer("window_seconds"),
    windowUnit: text("window_unit"),
    pausedUntil: integer("paused_until"),
    pausedDetail: text("paused_detail"),
    version: integer("version").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("quota_scopes_key_uq").on(t.workspaceId, t.provider, t.scopeKey),
    index("quota_scopes_workspace_idx").on(t.workspaceId, t.id),
    index("quota_scopes_provider_idx").on(t.workspaceId, t.provider, t.id),
    index("quota_scopes_scope_key_idx").on(t.workspaceId, t.scopeKey, t.id),
  ],
);

export const CONNECTION_KINDS = ["managed", "smtp"] as const;
export const CONNECTION_STATUSES = ["verifying", "active", "paused", "failed", "archived"] as const;
export const HEALTH_STATUSES = ["healthy", "degraded", "failing"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
export const TLS_MODES = ["implicit", "starttls", "none"] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** A mail server account (smtp kind) or IMAP settings; the password is sealed apart. */
export interface ServerSettings {
  host: string;
  port: number;
  tls: TlsMode;
  username: string;
}
export interface Pacing {
  minGapSeconds: number;
  maxGapSeconds: number;
  dailyCap: number | null;
}

// A way to send: the embedded MTA (managed) or a provider's SMTP account.
// account_key identifies the account (kind:host:username) so connecting an
// archived account again restores the same connection (SPEC).
export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    quotaScopeId: text("quota_scope_id"),
    status: text("status").notNull(),
    accountKey: text("account_key"),
    smtp: text("smtp", { mode: "json" }).$type<ServerSettings>(),
    smtpPassword: text("smtp_password"), // sealed; null once archived
    imap: text("imap", { mode: "json" }).$type<ServerSettings & { folders: string[] }>(),
    imapPassword: text("imap_password"), // sealed
    pacing: text("pacing", { mode: "json" }).$type<Pacing>(),
    healthStatus: text("health_status"),
    healthDetail: text("health_detail"),
    healthCheckedAt: integer("health_checked_at"),
    lastError: text("last_error"),
    // pacing: the earliest time the next message of this connection may leave
    nextSendAt: integer("next_send_at"),
    archivedAt: integer("archived_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("connections_workspace_idx").on(t.workspaceId, t.id),
    index("connections_quota_scope_idx").on(t.quotaScopeId),
    index("connections_account_idx").on(t.workspaceId, t.accountKey),
  ],
);

// The addresses a connection sends as (sid_). Replaced as a list through PATCH.
export const senderIdentities = sqliteTable(
  "sender_identities",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    connectionId: text("connection_id").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    domain: text("domain").notNull(),
    name: text("name"),
    replyTo: text("reply_to"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    // a new mailbox's warm-up: campaign sends per day start at `start`, grow by `growth` a day up to `ceiling` (from ramp_started_at)
    ramp: text("ramp", { mode: "json" }).$type<{ start: number; growth: number; ceiling: number }>(),
    rampStartedAt: integer("ramp_started_at"),
    position: integer("position").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("sender_identities_connection_idx").on(t.workspaceId, t.connectionId, t.position),
    index("sender_identities_email_idx").on(t.workspaceId, t.emailKey),
    // the listener's recipient policy: which workspaces an address is an identity of (at every RCPT)
    index("sender_identities_address_idx").on(t.emailKey),
    index("sender_identities_domain_idx").on(t.workspaceId, t.domain),
  ],
);

export const DOMAIN_STATUSES = ["pending_verification", "verifying", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
export const RECORD_PURPOSES = ["dkim", "spf", "return_path", "dmarc", "tracking"] as const;

/** One DNS record to publish, and what the last check found. */
export interface DomainRecord {
  purpose: (typeof RECORD_PURPOSES)[number];
  type: "TXT" | "MX" | "CNAME";
  name: string;
  value: string;
  /** pending (never checked), verified, missing, mismatch */
  status: "pending" | "verified" | "missing" | "mismatch";
  /** What DNS answered instead, when it did not match. */
  found: string[] | null;
}

// A domain the managed MTA sends from (dom_): two DKIM keys (RSA-2048 and
// Ed25519, private halves sealed), the records to publish and their status.
export const sendingDomains = sqliteTable(
  "sending_domains",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    domain: text("domain").notNull(), // lower-case, A-labels (punycode)
    status: text("status").notNull(),
    tracking: integer("tracking", { mode: "boolean" }).notNull(),
    rsaSelector: text("rsa_selector").notNull(),
    rsaPrivateKey: text("rsa_private_key").notNull(), // sealed PKCS#8 PEM
    rsaPublicKey: text("rsa_public_key").notNull(), // base64 SubjectPublicKeyInfo (the p= of its record)
    ed25519Selector: text("ed25519_selector").notNull(),
    ed25519PrivateKey: text("ed25519_private_key").notNull(), // sealed PKCS#8 PEM
    ed25519PublicKey: text("ed25519_public_key").notNull(), // base64 raw 32 bytes (RFC 8463)
    records: text("records", { mode: "json" }).$type<DomainRecord[]>().notNull(),
    lastError: text("last_error"),
    checkedAt: integer("checked_at"),
    verifiedAt: integer("verified_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("sending_domains_workspace_idx").on(t.workspaceId, t.id), uniqueIndex("sending_domains_domain_uq").on(t.workspaceId, t.domain)],
);

// Every send charged to a quota scope: rolling 24 h and short-window sums read
// from here (charged_at is milliseconds; rows older than a day are purged).
export const quotaLedger = sqliteTable(
  "quota_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id").notNull(),
    quotaScopeId: text("quota_scope_id").notNull(),
    messageId: text("message_id").notNull(),
    messages: integer("messages").notNull(),
    recipients: integer("recipients").notNull(),
    units: integer("units").notNull(),
    chargedAt: integer("charged_at").notNull(),
  },
  (t) => [index("quota_ledger_scope_idx").on(t.quotaScopeId, t.chargedAt), uniqueIndex("quota_ledger_message_uq").on(t.messageId)],
);

// Traffic shaping that learns (appliance-wide: the MTA's addresses are shared
// by every workspace): per receiving provider (MX hosts rolled up), the limits
// in force, cut by throttling answers and restored after clean deliveries.
export const shapingRules = sqliteTable("shaping_rules", {
  provider: text("provider").primaryKey(),
  maxConnections: integer("max_connections").notNull(),
  messagesPerMinute: integer("messages_per_minute").notNull(),
  baseConnections: integer("base_connections").notNull(),
  baseMessagesPerMinute: integer("base_messages_per_minute").notNull(),
  coolOffUntil: integer("cool_off_until"),
  cleanDeliveries: integer("clean_deliveries").notNull(),
  lastThrottle: text("last_throttle"),
  updatedAt: integer("updated_at").notNull(),
});
