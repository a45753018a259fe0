// One mail transaction on an open session: MAIL, one RCPT per recipient (in
// one write with DATA when the server offers PIPELINING, RFC 2920), the
// caller's beforeData once at least one recipient is accepted, then the
// dot-stuffed message and the final answer. The outcome says what the server
// can have received (src/mta/transport.ts): a failure before the message's
// bytes were written is `not_sent`; after them, without a final answer, it is
// `uncertain`.
import { domainToASCII } from "node:url";
import type { RecipientAnswer, SendResult } from "../transport";
import type { SmtpSession } from "./client";
import { SmtpError } from "./connection";
import { dataBlock } from "./data";
import type { Reply } from "./reply";

export interface TransactionInput {
  envelope: { from: string; to: string[] };
  message: Uint8Array;
  beforeData: (accepted: RecipientAnswer[]) => Promise<void>;
  signal?: AbortSignal;
}

/** A pooled session that turned out dead at its first command: nothing happened, open another. */
export class StaleSession extends Error {}

const ok = (r: Reply) => r.code >= 200 && r.code < 300;
const NON_ASCII = /[^\x00-\x7f]/;

/** An envelope address as it goes in MAIL/RCPT, or why it cannot. */
function wireAddress(address: string): { wire: string; utf8: boolean } | { problem: string } {
  // these go inside a command line: a CR, LF or angle bracket would end or rewrite it
  if (/[\x00-\x20\x7f<>]/.test(address)) return { problem: `${JSON.stringify(address)} contains a space, control character or angle bracket` };
  if (address === "") return { wire: "", utf8: false }; // the null reverse path <>
  const at = address.lastIndexOf("@");
  if (at < 1 || at === address.length - 1) return { problem: `${JSON.stringify(address)} is not local@domain` };
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  // an IDN domain goes as its A-label; only a UTF-8 local part needs SMTPUTF8 (RFC 6531)
  const ascii = NON_ASCII.test(domain) ? domainToASCII(domain) : domain;
  if (!ascii) return { problem: `${JSON.stringify(address)} has a domain that cannot be written in ASCII` };
  return { wire: `${local}@${ascii}`, utf8: NON_ASCII.test(local) };
}

export async function runTransaction(s: SmtpSession, input: TransactionInput): Promise<SendResult> {
  const result = await transact(s, input);
  // RFC 5321 §3.8: a server that answers 421 closes the channel; never reuse it
  const closing = ("code" in result && result.code === 421) || ("recipients" in result && result.recipients.some((r) => r.code === 421));
  if (closing) s.conn.destroy("the server is closing the connection (421)");
  return result;
}

async function transact(s: SmtpSession, input: TransactionInput): Promise<SendResult> {
  const base = { host: s.host, tls: s.secure };
  const notSent = (response: string, reply: Reply | null = null): SendResult => ({ outcome: "not_sent", ...base, code: reply?.code ?? null, enhanced: reply?.enhanced ?? null, response });
  const refused = (r: Reply, recipients: RecipientAnswer[]): SendResult => ({ outcome: "refused", ...base, code: r.code, enhanced: r.enhanced, response: r.raw, recipients });

  const addresses = [input.envelope.from, ...input.envelope.to].map(wireAddress);
  const bad = addresses.find((a) => "problem" in a);
  if (bad && "problem" in bad) return notSent(`not sent: envelope address ${bad.problem}`);
  if (!input.envelope.to.length) return notSent("not sent: no recipients");
  const [from, ...to] = addresses as { wire: string; utf8: boolean }[];
  const utf8 = addresses.some((a) => "utf8" in a && a.utf8);
  if (utf8 && !s.has("SMTPUTF8")) {
    // the answer Postfix gives in this case: this server cannot take the address, another might
    return { outcome: "refused", ...base, code: 553, enhanced: "5.6.7", response: `553 5.6.7 ${s.host} does not offer SMTPUTF8, which a non-ASCII mailbox name needs (nothing sent)`, recipients: [] };
  }
  if (input.signal?.aborted) return notSent("not sent: aborted (shutting down)");

  const t = s.timeouts;
  const conn = s.conn;
  const params = [s.has("SIZE") ? `SIZE=${input.message.length}` : "", s.has("8BITMIME") ? "BODY=8BITMIME" : "", utf8 ? "SMTPUTF8" : ""].filter(Boolean);
  const mailLine = `MAIL FROM:<${from!.wire}>${params.length ? ` ${params.join(" ")}` : ""}`;
  const rcptLines = to.map((a) => `RCPT TO:<${a.wire}>`);
  // a session that ran a transaction before starts with RSET (its state may be half a transaction)
  const reset = s.transactions > 0;
  s.transactions++;

  let dataSent = false;
  const abort = () => conn.destroy(dataSent ? "aborted after the message was sent (shutting down)" : "aborted (shutting down)");
  input.signal?.addEventListener("abort", abort);
  try {
    let mail: Reply;
    const answers: Reply[] = [];
    // with PIPELINING, DATA ends the group (RFC 2920 §3.1, as Postfix's client does): its 354 comes with
    // the RCPT answers, one round trip fewer; the message's bytes still wait for the attempt record
    let go: Reply | null = null;
    if (s.has("PIPELINING")) {
      writeOrStale(s, [...(reset ? ["RSET"] : []), mailLine, ...rcptLines, "DATA"].map((l) => `${l}\r\n`).join(""), reset);
      if (reset) await resetAnswer(s);
      mail = await conn.read("mail", t.mail);
      // every pipelined command is answered, in order, even after a refused MAIL
      for (const _ of rcptLines) answers.push(ok(mail) ? await conn.read("rcpt", t.rcpt) : await conn.read("rcpt", t.rcpt).catch(() => mail));
      const dataAnswer: Reply = await conn.read("data", t.data).catch((err) => (ok(mail) && answers.some(ok) ? Promise.reject(err) : mail));
      go = dataAnswer;
      // a server that opens DATA with no recipient would take a message for nobody: end the session instead
      if (dataAnswer.code === 354 && !(ok(mail) && answers.some(ok))) conn.destroy("DATA was opened with no recipient accepted");
    } else {
      if (reset) {
        writeOrStale(s, "RSET\r\n", true);
        await resetAnswer(s);
      }
      mail = await conn.command(mailLine, "mail", t.mail);
      if (ok(mail)) for (const line of rcptLines) answers.push(await conn.command(line, "rcpt", t.rcpt));
    }
    if (!ok(mail)) return refused(mail, []);

    const recipients: RecipientAnswer[] = answers.map((r, i) => ({ address: input.envelope.to[i]!, accepted: ok(r), code: r.code, enhanced: r.enhanced, response: r.raw }));
    const accepted = recipients.filter((a) => a.accepted);
    if (!accepted.length) return refused(answers.find((r) => !ok(r))!, recipients);
    // refused at DATA: the message never went, the answer is the server's
    if (go && go.code !== 354) return refused(go, recipients);

    try {
      await input.beforeData(accepted);
    } catch (err) {
      // the attempt could not be recorded durably: the message must not go (inside DATA already, only closing ends it unsent)
      if (go) conn.destroy("the attempt could not be recorded before the message");
      else await conn.command("RSET", "rset", t.rset).catch(() => conn.destroy());
      return notSent(`not sent: the attempt could not be recorded before DATA (${err instanceof Error ? err.message : String(err)})`);
    }
    if (input.signal?.aborted) {
      conn.destroy("aborted");
      return notSent("not sent: aborted before DATA (shutting down)");
    }

    go ??= await conn.command("DATA", "data", t.data);
    if (go.code !== 354) return refused(go, recipients);
    const block = dataBlock(input.message);
    dataSent = true;
    conn.write(block);
    const final = await conn.read("dot", t.dot);
    return { outcome: "answered", ...base, code: final.code, enhanced: final.enhanced, response: final.raw, recipients };
  } catch (err) {
    if (err instanceof StaleSession) throw err;
    const e = err instanceof SmtpError ? err : new SmtpError("connect", String(err));
    conn.destroy();
    if (dataSent) return { outcome: "uncertain", ...base, response: `no final answer after the message was sent: ${e.message}` };
    return notSent(`not sent: ${e.message}`, e.reply);
  } finally {
    input.signal?.removeEventListener("abort", abort);
  }
}

/** A write on a pooled session that is already gone is stale, not a failure of this message. */
function writeOrStale(s: SmtpSession, data: string, reused: boolean): void {
  try {
    s.conn.write(data);
  } catch (err) {
    if (reused) throw new StaleSession(err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** RSET's answer on a reused session: anything but 250 means the session is no good. */
async function resetAnswer(s: SmtpSession): Promise<void> {
  let r: Reply;
  try {
    r = await s.conn.read("rset", s.timeouts.rset);
  } catch (err) {
    throw new StaleSession(err instanceof Error ? err.message : String(err));
  }
  if (r.code !== 250) {
    s.conn.destroy();
    throw new StaleSession(`RSET answered ${r.raw}`);
  }
}
