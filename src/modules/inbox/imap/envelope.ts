// The envelope of a message read from a mailbox: no SMTP session of ours saw
// it arrive, so it is reconstructed from what the mailbox's server recorded.
//   mailFrom       the Return-Path header's address ("" for <> or none)
//   remoteAddress  the client address of the topmost Received header whose
//                  from-clause names a public IP in brackets: the hop where the
//                  provider's MX took the message from the outside (internal
//                  hops on private addresses are passed over); else 0.0.0.0
//   recipient      the connection's identity the message was addressed to,
//                  else its first identity, else the IMAP username
import type { Received } from "../../../smtp-in/accept";
import { readHeaders } from "../../../smtp-in/headers";
import { isPublicAddress, normaliseIp } from "../../../lib/net/address-policy";
import type { OwnAddresses } from "./accounts";

/** What SPF is checked against when no hop names a public client address. */
export const UNKNOWN_CLIENT = "0.0.0.0";

export interface ImapOrigin {
  workspaceId: string;
  connectionId: string;
  folder: string;
  username: string;
  own: OwnAddresses;
  /** Whether the IMAP session ran under TLS. */
  tls: boolean;
}

export function imapEnvelope(raw: Uint8Array, o: ImapOrigin): Received {
  const fields = readHeaders(raw);
  return {
    raw,
    mailFrom: returnPath(fields.get("return-path")?.[0]),
    recipients: [{ address: recipientOf(fields, o), routes: [{ workspaceId: o.workspaceId, via: "identity", messageId: null }] }],
    remoteAddress: clientAddress(fields.get("received") ?? []),
    helo: null,
    tls: o.tls,
    imap: { connectionId: o.connectionId, folder: o.folder },
  };
}

/** `<a@b>` → a@b; `<>` and a missing header → "". */
export function returnPath(value: string | undefined): string {
  if (!value) return "";
  const angled = /<([^<>]*)>/.exec(value);
  const address = (angled ? angled[1]! : value).trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : "";
}

/** The client IP of the topmost Received header (newest hop first) whose from-clause names a public one in brackets. */
export function clientAddress(received: string[]): string {
  for (const value of received) {
    const fromClause = /^\s*from\s([\s\S]*?)(?:\sby\s|;|$)/i.exec(value)?.[1];
    if (!fromClause) continue;
    for (const m of fromClause.matchAll(/\[(?:IPv6:)?([0-9A-Fa-f:.]{2,45})\]/g)) {
      const ip = normaliseIp(m[1]!);
      if (ip && isPublicAddress(ip)) return ip;
    }
  }
  return UNKNOWN_CLIENT;
}

/**
 * The address-like words of a header value: a run between separators with an "@" inside it (what a scan with
 * /[^\s<>(),;:"]+@[^\s<>(),;:"]+/g finds, without retrying every character of a long run that has none).
 */
export function addressWords(value: string): string[] {
  return value.split(/[\s<>(),;:"]+/).filter((w) => w.slice(1, -1).includes("@"));
}

function recipientOf(fields: Map<string, string[]>, o: ImapOrigin): string {
  const named = ["delivered-to", "x-original-to", "to", "cc"].flatMap((h) => fields.get(h) ?? []).flatMap(addressWords);
  const identities = new Map(o.own.identities.map((a) => [a.toLowerCase(), a]));
  for (const address of named) {
    const own = identities.get(address.toLowerCase());
    if (own) return own;
  }
  return o.own.identities[0] ?? o.username;
}
