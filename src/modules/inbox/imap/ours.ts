// Mail we sent ourselves is never taken for a reply. A mailbox holds copies of
// it (the Sent folder, Gmail's All Mail, a copy a provider files in INBOX), so:
//   - folders whose special use is \Sent, \Drafts or \Trash are not read at all,
//     even when configured. \Junk is read: replies to cold mail land there often
//     enough, and the ingest classifies whatever it finds;
//   - a message whose Message-ID is one of our messages' (msg_<32 hex>@…, as
//     stored for the workspace) is skipped;
//   - a message From one of the connection's own addresses is skipped.
// Skipped messages still move the folder's cursor.
import type { Ctx } from "../../../context";
import { preparedOnce } from "../../../db/prepared";
import { messageIdOf } from "../../../smtp-in/headers";
import type { OwnAddresses } from "./accounts";

export const UNREAD_SPECIAL_USES = new Set(["\\Sent", "\\Drafts", "\\Trash"]);

function statements(ctx: Ctx) {
  return preparedOnce(ctx.db, "inbox.imap.ours", () => ({
    message: ctx.db.$client.prepare<{ header: string }, [string, string]>("SELECT message_id_header AS header FROM messages WHERE workspace_id = ?1 AND id = ?2"),
  }));
}

/** Whether `messageId` (with or without <>) is the Message-ID of one of the workspace's messages. */
export function isOurMessageId(ctx: Ctx, workspaceId: string, messageId: string | null | undefined): boolean {
  const mid = messageIdOf(messageId ?? undefined);
  const id = mid && /^(msg_[0-9a-f]{32})@/i.exec(mid)?.[1];
  if (!id) return false;
  const row = statements(ctx).message.get(workspaceId, id.toLowerCase());
  return !!row && row.header.toLowerCase() === mid!.toLowerCase();
}

export type SkipReason = "our_message" | "own_address";

/** Why a message (as the server's ENVELOPE describes it) is not handed to the ingest, or null. */
export function skipReason(ctx: Ctx, workspaceId: string, own: OwnAddresses, envelope: { messageId?: string; from?: { address?: string }[] } | undefined): SkipReason | null {
  if (!envelope) return null;
  if (isOurMessageId(ctx, workspaceId, envelope.messageId)) return "our_message";
  const from = envelope.from?.[0]?.address?.toLowerCase();
  if (from && own.keys.has(from)) return "own_address";
  return null;
}
