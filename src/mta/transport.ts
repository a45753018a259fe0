// The Transport edge (DESIGN.md §4): how a signed message leaves. One
// implementation speaks SMTP (to an MX, to the smart host of
// NEARBOUND_SMTP_RELAY, or by submission to an smtp connection's server); the
// fake of test mode records and answers without a socket. createContext builds
// the SMTP one (ctx.transport); tests may swap it.
import type { TlsMode } from "../db/schema";

/** Where a message goes and how to speak to it. */
export interface Route {
  /** mx: the recipient domain's MX hosts; relay: NEARBOUND_SMTP_RELAY; submission: an smtp connection's server. */
  kind: "mx" | "relay" | "submission";
  /** The recipient domain (mx) or the server's name (relay, submission): what shaping and pooling key on. */
  destination: string;
  /** Servers to try in order (MX preference order), each already allowed by the outbound address policy. */
  hosts: { host: string; port: number; addresses: string[] }[];
  /** opportunistic: STARTTLS when offered (MX delivery), plain otherwise. */
  tls: TlsMode | "opportunistic";
  auth?: { username: string; password: string };
}

/** One RCPT answer, verbatim, with its parsed codes. */
export interface RecipientAnswer {
  address: string;
  accepted: boolean;
  code: number;
  /** RFC 3463 enhanced status code (e.g. "5.1.1"), when the server gave one. */
  enhanced: string | null;
  response: string;
}

/**
 * How a try ended, by what the server can have received:
 * - `answered`: DATA went through and the server gave its final answer (2xx, 4xx or 5xx);
 * - `refused`: the server refused before DATA (MAIL or every RCPT): nothing was sent;
 * - `not_sent`: no DATA was sent (connection, TLS, AUTH, timeout before DATA): safe to retry;
 * - `uncertain`: DATA began and no final answer came: the content may have been delivered.
 */
export type SendResult =
  | { outcome: "answered"; host: string; tls: boolean; code: number; enhanced: string | null; response: string; recipients: RecipientAnswer[] }
  | { outcome: "refused"; host: string | null; tls: boolean; code: number; enhanced: string | null; response: string; recipients: RecipientAnswer[] }
  | { outcome: "not_sent"; host: string | null; tls: boolean; code: number | null; enhanced: string | null; response: string }
  | { outcome: "uncertain"; host: string; tls: boolean; response: string };

export interface SendRequest {
  route: Route;
  /** RFC 5321 envelope: the VERP sender and the recipients of this route. */
  envelope: { from: string; to: string[] };
  /** The whole signed message (CRLF line ends). */
  message: Uint8Array;
  /**
   * Called once the recipients are accepted and before DATA is sent: the
   * caller commits its attempt record durably here. If it throws, DATA is not
   * sent and the try ends `not_sent`.
   */
  beforeData: (accepted: RecipientAnswer[]) => Promise<void>;
  /** Ends the try early (shutdown): before DATA → not_sent; after → uncertain. */
  signal?: AbortSignal;
}

export interface Transport {
  send(req: SendRequest): Promise<SendResult>;
  /** Closes pooled connections (QUIT). */
  close(): Promise<void>;
}
