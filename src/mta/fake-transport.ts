// Test mode's transport: a test-mode workspace's mail never leaves the
// process. Every recipient is accepted, except the documented magic local
// parts (the part before any "+"), so clients can exercise their handling:
//   hard_bounce@…  550 5.1.1 (a hard bounce: suppressed, person bounced)
//   soft_bounce@…  552 5.2.2 (a soft bounce: the message fails, nothing suppressed)
//   deferred@…     451 4.7.1 on the first try, accepted on the next
//   complaint@…    accepted, then a spam complaint (suppressed, person spam)
import type { RecipientAnswer, SendResult } from "./transport";

export const MAGIC_LOCAL_PARTS = ["hard_bounce", "soft_bounce", "deferred", "complaint"] as const;

const magicOf = (address: string) => address.split("@")[0]!.split("+")[0]!.toLowerCase();

function answer(address: string, attempt: number): RecipientAnswer {
  const ok = (response: string): RecipientAnswer => ({ address, accepted: true, code: 250, enhanced: "2.1.5", response });
  switch (magicOf(address)) {
    case "hard_bounce":
      return { address, accepted: false, code: 550, enhanced: "5.1.1", response: `550 5.1.1 <${address}>: Recipient address rejected: User unknown (test mode)` };
    case "soft_bounce":
      return { address, accepted: false, code: 552, enhanced: "5.2.2", response: `552 5.2.2 <${address}>: Mailbox full (test mode)` };
    case "deferred":
      return attempt <= 1 ? { address, accepted: false, code: 451, enhanced: "4.7.1", response: `451 4.7.1 <${address}>: Try again later (test mode)` } : ok("250 2.1.5 Ok (test mode)");
    default:
      return ok("250 2.1.5 Ok (test mode)");
  }
}

/** The answers a real server would have given; `complaints` are the recipients that will complain. */
export function fakeSend(recipients: string[], attempt: number): { result: SendResult; complaints: string[] } {
  const answers = recipients.map((r) => answer(r, attempt));
  const accepted = answers.filter((a) => a.accepted);
  const complaints = accepted.filter((a) => magicOf(a.address) === "complaint").map((a) => a.address);
  const first = answers.find((a) => !a.accepted) ?? answers[0]!;
  const result: SendResult = accepted.length
    ? { outcome: "answered", host: "test-mode", tls: true, code: 250, enhanced: "2.0.0", response: "250 2.0.0 Ok: recorded in test mode, not sent", recipients: answers }
    : { outcome: "refused", host: "test-mode", tls: true, code: first.code, enhanced: first.enhanced, response: first.response, recipients: answers };
  return { result, complaints };
}
