// "A 250 means we keep it" (RFC 5321 §6.1): a received message is written,
// raw bytes and envelope, and its commit is on disk (the WAL synced, as
// synchronous=FULL would: db/wal-sync.ts) before the listener answers 250; the
// ingest reads it from there (after a crash too). One row per workspace its
// recipients belong to; the same message twice (a retry after a lost 250) is
// stored once per workspace.
import type { Ctx } from "../context";
import type { Tx } from "../db/client";
import { GroupCommit } from "../db/group-commit";
import { walSyncOf } from "../db/wal-sync";
import { preparedOnce } from "../db/prepared";
import { newId } from "../lib/ids";
import { decodeWords } from "./bounces/mime";
import { addressKeyOf, dedupeKey, messageIdOf, readHeaders } from "./headers";
import type { Route } from "./recipients";

export interface Received {
  raw: Uint8Array;
  /** MAIL FROM: "" for the null sender (bounces). */
  mailFrom: string;
  /** Each accepted recipient with its routes (recipients.ts). */
  recipients: { address: string; routes: Route[] }[];
  remoteAddress: string;
  helo: string | null;
  tls: boolean;
  /** Read from a connection's IMAP folder rather than received by the listener. */
  imap?: { connectionId: string; folder: string };
}

export interface Accepted {
  /** One per workspace: the stored row's id, or the earlier copy's when this one was a duplicate. */
  stored: { workspaceId: string; id: string; duplicate: boolean }[];
}

interface Row {
  id: string;
  workspaceId: string;
  rcptTo: string[];
  fields: Omit<Received, "raw" | "recipients">;
  headers: { from: string | null; fromKey: string | null; to: string | null; subject: string | null; messageId: string | null; inReplyTo: string | null };
  dedupeKey: string;
  raw: Uint8Array;
  receivedAt: number;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.accept", () => ({
    insert: db.prepare(
      `INSERT INTO inbound_messages (id, workspace_id, state, mail_from, rcpt_to, remote_address, helo, tls, from_header, to_header, subject,
              message_id_header, in_reply_to, dedupe_key, size, attempts, received_at, created_at, updated_at, from_key, from_domain, source, connection_id, folder)
       VALUES (?1, ?2, 'received', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 0, ?15, ?15, ?15, ?16, ?17, ?18, ?19, ?20)
       ON CONFLICT (workspace_id, dedupe_key) DO NOTHING`,
    ),
    insertRaw: db.prepare("INSERT INTO inbound_message_raws (id, workspace_id, raw) VALUES (?1, ?2, ?3)"),
    existing: db.prepare<{ id: string }, [string, string]>("SELECT id FROM inbound_messages WHERE workspace_id = ?1 AND dedupe_key = ?2"),
  }));
}

function writeRows(ctx: Ctx, _tx: Tx, rows: Row[]): { id: string; duplicate: boolean }[] {
  const s = statements(ctx);
  return rows.map((r) => {
    const f = r.fields;
    const h = r.headers;
    const inserted = s.insert.run(
      r.id, r.workspaceId, f.mailFrom, JSON.stringify(r.rcptTo), f.remoteAddress, f.helo, f.tls ? 1 : 0, h.from, h.to, h.subject,
      h.messageId, h.inReplyTo, r.dedupeKey, r.raw.length, r.receivedAt, h.fromKey, h.fromKey ? h.fromKey.slice(h.fromKey.lastIndexOf("@") + 1) : null,
      f.imap ? "imap" : "smtp", f.imap?.connectionId ?? null, f.imap?.folder ?? null,
    ).changes;
    if (inserted) {
      s.insertRaw.run(r.id, r.workspaceId, r.raw);
      return { id: r.id, duplicate: false };
    }
    return { id: s.existing.get(r.workspaceId, r.dedupeKey)?.id ?? r.id, duplicate: true };
  });
}

const header = (fields: Map<string, string[]>, name: string, max = 998) => {
  const v = fields.get(name)?.[0];
  return v === undefined ? null : decodeWords(v).slice(0, max);
};

/** The rows of one received message, one per workspace, from its bytes and envelope. */
function rowsOf(ctx: Ctx, r: Received): Row[] {
  const fields = readHeaders(r.raw);
  const messageId = messageIdOf(fields.get("message-id")?.[0]);
  const from = header(fields, "from");
  const headers = {
    from,
    fromKey: addressKeyOf(from),
    to: header(fields, "to"),
    subject: header(fields, "subject"),
    messageId,
    inReplyTo: messageIdOf(fields.get("in-reply-to")?.[0]),
  };
  const key = dedupeKey(r.raw, messageId);
  const byWorkspace = new Map<string, string[]>();
  for (const rcpt of r.recipients) {
    for (const route of rcpt.routes) {
      const list = byWorkspace.get(route.workspaceId) ?? [];
      if (!list.includes(rcpt.address)) list.push(rcpt.address);
      byWorkspace.set(route.workspaceId, list);
    }
  }
  const now = ctx.clock.now();
  const { raw: _raw, recipients: _rcpts, ...envelope } = r;
  return [...byWorkspace].map(([workspaceId, rcptTo]) => ({
    id: newId("inm"),
    workspaceId,
    rcptTo,
    fields: envelope,
    headers,
    dedupeKey: key,
    raw: r.raw,
    receivedAt: now,
  }));
}

/** The listener's durable store: submit() resolves once the message is committed and on disk. */
export class InboundStore {
  private readonly commits: GroupCommit<Row[], { id: string; duplicate: boolean }[]>;

  constructor(private readonly ctx: Ctx) {
    this.commits = new GroupCommit(ctx.db, (tx, batches) => batches.map((rows) => writeRows(ctx, tx, rows)), walSyncOf(ctx.db));
  }

  async submit(r: Received): Promise<Accepted> {
    const rows = rowsOf(this.ctx, r);
    const written = await this.commits.submit(rows);
    return { stored: rows.map((row, i) => ({ workspaceId: row.workspaceId, ...written[i]! })) };
  }
}
