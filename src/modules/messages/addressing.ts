// The two addresses a message is given when it is queued, both stable across
// attempts: its Message-ID on the sending domain, and its envelope sender.
import type { Ctx } from "../../context";
import { messageIdFor, verpAddress } from "../../mta/addresses";
import { returnPathHost } from "../sending/domains/records";
import type { Sender } from "./sender";

/** The Message-ID (without <>), on the identity's domain. */
export function messageIdHeader(messageId: string, domain: string): string {
  return messageIdFor(messageId, domain);
}

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
