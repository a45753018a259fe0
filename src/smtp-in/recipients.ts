// The listener's recipient policy (never an open relay): an envelope
// recipient is accepted only when it is one of this appliance's own addresses,
// and each names the workspace(s) the message belongs to:
//   verp         b+<message>.<tag>@<return-path host>: a bounce or complaint about
//                one of our messages (the tag is an HMAC, so a guessed address is refused)
//   unsubscribe  unsubscribe+<token>@<return-path host>: the List-Unsubscribe
//                mailto of a campaign message (RFC 2369)
//   identity     the address of an enabled sender identity whose connection is
//                not archived: replies (one route per workspace that has it)
// Everything else is refused with 550 5.7.1 at RCPT.
import type { Ctx } from "../context";
import { preparedOnce } from "../db/prepared";
import { parseVerp } from "../mta/addresses";
import { emailKey } from "../modules/audience/email";

export type RouteVia = "verp" | "unsubscribe" | "identity";

export interface Route {
  workspaceId: string;
  via: RouteVia;
  /** The message a VERP or unsubscribe address names. */
  messageId: string | null;
}

const UNSUBSCRIBE_LOCAL = /^unsubscribe\+([A-Za-z0-9_-]{16,64})$/;

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.recipients", () => ({
    message: db.prepare<{ workspaceId: string; envelopeFrom: string }, [string]>("SELECT workspace_id AS workspaceId, envelope_from AS envelopeFrom FROM messages WHERE id = ?1"),
    unsubscribe: db.prepare<{ id: string; workspaceId: string; envelopeFrom: string }, [string]>(
      "SELECT id, workspace_id AS workspaceId, envelope_from AS envelopeFrom FROM messages WHERE unsubscribe_token = ?1 LIMIT 1",
    ),
    // two one-table reads, not a join: Bun's SQLite prepares a statement that joins again on every run (~10 µs, far more under load)
    identities: db.prepare<{ workspaceId: string; connectionId: string }, [string]>(
      "SELECT workspace_id AS workspaceId, connection_id AS connectionId FROM sender_identities WHERE email_key = ?1 AND enabled = 1",
    ),
    liveConnection: db.prepare<{ one: number }, [string, string]>("SELECT 1 AS one FROM connections WHERE id = ?1 AND workspace_id = ?2 AND archived_at IS NULL"),
  }));
}

/** The token of an unsubscribe mailto address (`unsubscribe+<token>@…`), or null. */
export function unsubscribeToken(address: string): string | null {
  const at = address.lastIndexOf("@");
  return UNSUBSCRIBE_LOCAL.exec(at > 0 ? address.slice(0, at) : address)?.[1] ?? null;
}

const hostOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** Where a message to `address` goes; empty when the address is not ours (refused). */
export function routeRecipient(ctx: Ctx, address: string): Route[] {
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return [];
  const host = hostOf(address);
  const s = statements(ctx);

  const verpMessage = parseVerp(address, ctx.secrets);
  if (verpMessage) {
    const m = s.message.get(verpMessage);
    // the host must be the one the message was sent with: the return-path host of its domain
    return m && hostOf(m.envelopeFrom) === host ? [{ workspaceId: m.workspaceId, via: "verp", messageId: verpMessage }] : [];
  }
  const token = unsubscribeToken(address);
  if (token) {
    const m = s.unsubscribe.get(token);
    return m && hostOf(m.envelopeFrom) === host ? [{ workspaceId: m.workspaceId, via: "unsubscribe", messageId: m.id }] : [];
  }
  const routes: Route[] = [];
  for (const i of s.identities.all(emailKey(address))) {
    if (routes.some((r) => r.workspaceId === i.workspaceId) || !s.liveConnection.get(i.connectionId, i.workspaceId)) continue;
    routes.push({ workspaceId: i.workspaceId, via: "identity", messageId: null });
  }
  return routes;
}
