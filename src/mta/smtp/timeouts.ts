// How long each stage of a session may take. RFC 5321 §4.5.3.2 gives the
// minimums a client should wait (5 min for the greeting, MAIL and RCPT, 2 min
// for DATA's 354, 10 min after the final dot); ours are shorter before DATA,
// where giving up is safe (nothing was sent: retry later, as KumoMTA's 60 s
// banner and connect timeouts do), and keep the full 10 minutes after the
// dot, where giving up makes the message `uncertain`.
export interface SmtpTimeouts {
  connect: number;
  greeting: number;
  ehlo: number;
  /** STARTTLS's answer and the TLS handshake. */
  tls: number;
  auth: number;
  mail: number;
  rcpt: number;
  /** DATA's 354. */
  data: number;
  /** Writing the message and the final answer after the dot. */
  dot: number;
  rset: number;
  quit: number;
  /** A pooled connection unused this long is closed (QUIT). */
  idle: number;
}

export const DEFAULT_TIMEOUTS: SmtpTimeouts = {
  connect: 30_000,
  greeting: 60_000,
  ehlo: 60_000,
  tls: 60_000,
  auth: 60_000,
  mail: 120_000,
  rcpt: 120_000,
  data: 120_000,
  dot: 600_000,
  rset: 30_000,
  quit: 10_000,
  idle: 30_000,
};
