// The reasons a failed delivery is given, one documented list for the MTA's
// own SMTP answers and for the reports that come back (src/smtp-in/bounces):
// a module of its own, so the answer reader and the report reader's phrase
// table can both name them without importing each other.

export type BounceReason =
  | "user_unknown"
  | "bad_domain"
  | "bad_address"
  | "mailbox_disabled"
  | "mailbox_full"
  | "message_too_large"
  | "content"
  | "spam"
  | "blocked"
  | "policy"
  | "auth_required"
  | "dmarc"
  | "tls_required"
  | "rate_limited"
  | "greylisted"
  | "network"
  | "protocol"
  | "system"
  | "expired"
  | "other";

export const HARD_REASONS: ReadonlySet<BounceReason> = new Set(["user_unknown", "bad_domain", "bad_address", "mailbox_disabled"]);
