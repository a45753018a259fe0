// Who sends a message: a sender identity of the workspace, enabled, on a
// connection that is not archived (sendingIdentity: 404, or 422 on
// /sender_identity_id). A connection still verifying, failed or paused takes
// messages: they wait queued with the hold connection_paused until it works
// (src/mta/steps/connection-paused.ts), visible, never dropped.
import type { Ctx } from "../../context";
import type { connections } from "../../db/schema";
import { sendingIdentity, type IdentityRow } from "../sending/identities";

export interface Sender {
  identity: IdentityRow;
  connection: typeof connections.$inferSelect;
  /** The From header: `Name <address>`, the name quoted where RFC 5322 needs it. */
  from: string;
}

export function senderFor(ctx: Ctx, a: { workspaceId: string; senderIdentityId: string }): Sender {
  const { identity, connection } = sendingIdentity(ctx, a);
  return { identity, connection, from: fromHeader(identity.name, identity.email) };
}

// atext and spaces (RFC 5322 §3.2.3); anything else in a display name is quoted
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ \u0080-\u{10FFFF}]*$/u;

export function fromHeader(name: string | null, address: string): string {
  if (!name) return address;
  const phrase = PLAIN_PHRASE.test(name) ? name : `"${name.replace(/[\\"]/g, "\\$&")}"`;
  return `${phrase} <${address}>`;
}
