// Which mailboxes the IMAP reader reads: smtp connections with IMAP settings
// and a password, not archived, in live workspaces. Paused connections are
// read (pausing is about sending; their replies still matter). A test-mode
// workspace never connects anywhere (its verification makes no connection
// either), so its connections are not read.
import type { Ctx } from "../../../context";
import { preparedOnce } from "../../../db/prepared";
import type { ServerSettings } from "../../../db/schema";

export interface ImapSettings extends ServerSettings {
  folders: string[];
}

export interface MailboxAccount {
  connectionId: string;
  workspaceId: string;
  imap: ImapSettings;
  /** Sealed (ctx.secrets); opened only when connecting. */
  sealedPassword: string;
  /** Mail older than this (less a margin) is history, not a reply to us: see folder.ts. */
  createdAt: number;
}

/** The connection's addresses: every identity's (enabled or not, all are ours), in their order. */
export interface OwnAddresses {
  /** Enabled identities first. */
  identities: string[];
  /** Lower-cased identity addresses and the IMAP username when it is an address. */
  keys: Set<string>;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.imap.accounts", () => ({
    accounts: db.prepare<{ connectionId: string; workspaceId: string; imap: string; sealedPassword: string; createdAt: number }, []>(
      `SELECT c.id AS connectionId, c.workspace_id AS workspaceId, c.imap, c.imap_password AS sealedPassword, c.created_at AS createdAt
         FROM connections c JOIN workspaces w ON w.id = c.workspace_id
        WHERE c.kind = 'smtp' AND c.imap IS NOT NULL AND c.imap_password IS NOT NULL
          AND c.archived_at IS NULL AND c.status <> 'archived' AND w.mode = 'live'
        ORDER BY c.id`,
    ),
    identities: db.prepare<{ email: string; emailKey: string; enabled: number }, [string, string]>(
      "SELECT email, email_key AS emailKey, enabled FROM sender_identities WHERE workspace_id = ?1 AND connection_id = ?2 ORDER BY position",
    ),
  }));
}

export function readableAccounts(ctx: Ctx): MailboxAccount[] {
  return statements(ctx)
    .accounts.all()
    .map((r) => ({ connectionId: r.connectionId, workspaceId: r.workspaceId, imap: JSON.parse(r.imap) as ImapSettings, sealedPassword: r.sealedPassword, createdAt: r.createdAt }));
}

/** Read at every pass: identities change through PATCH without the IMAP settings changing. */
export function ownAddresses(ctx: Ctx, a: Pick<MailboxAccount, "workspaceId" | "connectionId" | "imap">): OwnAddresses {
  const rows = statements(ctx).identities.all(a.workspaceId, a.connectionId);
  const identities = [...rows.filter((r) => r.enabled), ...rows.filter((r) => !r.enabled)].map((r) => r.email);
  const keys = new Set(rows.map((r) => r.emailKey.toLowerCase()));
  if (a.imap.username.includes("@")) keys.add(a.imap.username.toLowerCase());
  return { identities, keys };
}

/** What, when it changes, makes the reader connect again: the server, account, folders, password. */
export const fingerprint = (a: MailboxAccount) => JSON.stringify([a.imap.host, a.imap.port, a.imap.tls, a.imap.username, a.imap.folders, a.sealedPassword]);
