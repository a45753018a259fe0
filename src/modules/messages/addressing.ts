// The envelope sender a message is given when it is queued, stable across
// attempts (its Message-ID is messageIdFor in src/mta/addresses.ts).
import type { Ctx } from "../../context";
import { verpAddress } from "../../mta/addresses";
import { returnPathHost } from "../sending/domains/records";
import type { Sender } from "./sender";

/**
 * MAIL FROM. The embedded MTA (managed) uses VERP on the domain's return-path
 * host, where its bounces come back naming the message. An smtp connection's
 * provider accepts only its account's own addresses and handles bounces
 * itself, so its envelope sender is the identity's address.
 */
export function envelopeSender(ctx: Ctx, messageId: string, sender: Sender): string {
  if (sender.connection.kind !== "managed") return sender.identity.email;
  return verpAddress(ctx.secrets, messageId, returnPathHost(sender.identity.domain));
}
