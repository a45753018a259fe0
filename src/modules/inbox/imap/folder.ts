// Reading one folder of a mailbox, by UID, from where its cursor stands:
//   - the folder is opened read-only (EXAMINE, and BODY.PEEK): reading never
//     marks the owner's mail as seen;
//   - known UIDVALIDITY: the UIDs above the cursor;
//   - a new folder, or a UIDVALIDITY other than the stored one (the server
//     renumbered it): every message whose internal date is at most
//     HISTORY_MARGIN_MS older than the connection — mail from before the
//     mailbox was connected is history, not replies to us, and would otherwise
//     flood the inbox and pause every enrollment whose person ever wrote.
//     What was stored before is recognised (Message-ID + hash) and kept once;
//   - messages are handed to the ingest in batches, and the cursor moves to a
//     batch's highest UID only after InboundStore.submit resolved (durably
//     stored) for each message of it: a crash re-reads, never skips.
import type { ImapFlow, FetchMessageObject } from "imapflow";
import type { Ctx } from "../../../context";
import type { InboundStore } from "../../../smtp-in/accept";
import type { MailboxAccount, OwnAddresses } from "./accounts";
import { getCursor, setCursor } from "./cursors";
import { imapEnvelope } from "./envelope";
import { skipReason, UNREAD_SPECIAL_USES } from "./ours";

const DAY_MS = 86_400_000;
/** How far before the connection's creation mail still counts (IMAP SINCE is a whole day, in the server's time zone). */
export const HISTORY_MARGIN_MS = 2 * DAY_MS;
/** UIDs whose envelopes are fetched at once. */
const BATCH = 50;
/** Message bytes fetched at once (several messages, or one larger one). */
const FETCH_BYTES = 8 * 1024 * 1024;

export interface FolderReader {
  ctx: Ctx;
  client: ImapFlow;
  store: InboundStore;
  account: MailboxAccount;
  own: OwnAddresses;
  /** Called after each batch that stored a new message (wakes the ingest). */
  stored(): void;
}

export interface FolderResult {
  folder: string;
  /** read; not_read: a special-use folder we never read; missing: no such folder on the server; unreadable: the server refused to open it. */
  status: "read" | "not_read" | "missing" | "unreadable";
  /** The server's answer, when it refused the folder. */
  detail?: string;
  /** Messages handed to the ingest, of which new ones (not duplicates). */
  submitted: number;
  stored: number;
  skipped: number;
}

export async function readFolder(r: FolderReader, folder: string): Promise<FolderResult> {
  const { ctx, client, account } = r;
  const result: FolderResult = { folder, status: "read", submitted: 0, stored: 0, skipped: 0 };
  let box;
  try {
    box = await client.mailboxOpen(folder, { readOnly: true });
  } catch (err) {
    // a folder the server answers NO for is that folder's problem, not the mailbox's: the others are read
    const e = err as { mailboxMissing?: boolean; responseStatus?: string; responseText?: string };
    if (e.mailboxMissing) return { ...result, status: "missing" };
    if (e.responseStatus === "NO") return { ...result, status: "unreadable", detail: e.responseText };
    throw err;
  }
  if (box.specialUse && UNREAD_SPECIAL_USES.has(box.specialUse)) return { ...result, status: "not_read" };

  const uidValidity = box.uidValidity.toString();
  const cursor = getCursor(ctx, account.connectionId, folder);
  const where = { connectionId: account.connectionId, workspaceId: account.workspaceId, folder, uidValidity };
  let uids: number[];
  if (cursor && cursor.uidValidity === uidValidity) {
    if (box.uidNext && box.uidNext <= cursor.lastUid + 1) return result; // nothing new: no round trip
    uids = await searchUids(client, { uid: `${cursor.lastUid + 1}:*` });
    uids = uids.filter((u) => u > cursor.lastUid); // `n:*` names the last message when n is past it
  } else {
    if (cursor) ctx.log.info("imap: the folder's UIDVALIDITY changed; reading it again", { connection_id: account.connectionId, folder, was: cursor.uidValidity, now: uidValidity });
    uids = await searchUids(client, { since: new Date(account.createdAt - HISTORY_MARGIN_MS) });
    if (!uids.length) {
      // nothing recent: start after what is there now
      setCursor(ctx, { ...where, lastUid: Math.max(0, (box.uidNext ?? (await lastUid(client)) + 1) - 1) });
      return result;
    }
  }

  for (let i = 0; i < uids.length; i += BATCH) {
    const batch = uids.slice(i, i + BATCH);
    const counts = await readBatch(r, folder, batch);
    result.submitted += counts.submitted;
    result.stored += counts.stored;
    result.skipped += counts.skipped;
    setCursor(ctx, { ...where, lastUid: batch[batch.length - 1]! });
    if (counts.stored) r.stored();
  }
  return result;
}

async function searchUids(client: ImapFlow, query: Parameters<ImapFlow["search"]>[0]): Promise<number[]> {
  const found = await client.search(query, { uid: true });
  return (Array.isArray(found) ? found : []).slice().sort((a, b) => a - b);
}

async function lastUid(client: ImapFlow): Promise<number> {
  const last = await client.fetchOne("*", { uid: true });
  return last ? last.uid : 0;
}

/** One batch: envelopes first (what is ours is never downloaded), then the sources of the rest, stored before returning. */
async function readBatch(r: FolderReader, folder: string, uids: number[]): Promise<{ submitted: number; stored: number; skipped: number }> {
  const { ctx, client, account } = r;
  const maxSize = ctx.config.smtpIn.maxSize;
  const heads = await client.fetchAll(uids, { uid: true, size: true, envelope: true }, { uid: true });
  let skipped = 0;
  const wanted: FetchMessageObject[] = [];
  for (const m of heads) {
    const why = skipReason(ctx, account.workspaceId, r.own, m.envelope);
    if (why) {
      skipped++;
      continue;
    }
    if ((m.size ?? 0) > maxSize) {
      // the listener would have refused it (552): never fetched, never retried
      ctx.log.warn("imap: a message larger than NEARBOUND_SMTP_MAX_SIZE is not read", { connection_id: account.connectionId, folder, uid: m.uid, size: m.size });
      skipped++;
      continue;
    }
    wanted.push(m);
  }

  let submitted = 0;
  let stored = 0;
  const origin = { workspaceId: account.workspaceId, connectionId: account.connectionId, folder, username: account.imap.username, own: r.own, tls: client.secureConnection };
  for (const group of bySize(wanted, FETCH_BYTES)) {
    const full = await client.fetchAll(
      group.map((m) => m.uid),
      { uid: true, source: true },
      { uid: true },
    );
    const accepted = await Promise.all(full.filter((m) => m.source).map((m) => r.store.submit(imapEnvelope(m.source!, origin))));
    submitted += accepted.length;
    stored += accepted.filter((a) => a.stored.some((s) => !s.duplicate)).length;
  }
  return { submitted, stored, skipped };
}

/** Consecutive groups of at most `bytes` (a larger message goes alone). */
function bySize(list: FetchMessageObject[], bytes: number): FetchMessageObject[][] {
  const groups: FetchMessageObject[][] = [];
  let group: FetchMessageObject[] = [];
  let size = 0;
  for (const m of list) {
    const s = m.size ?? 0;
    if (group.length && size + s > bytes) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(m);
    size += s;
  }
  if (group.length) groups.push(group);
  return groups;
}
