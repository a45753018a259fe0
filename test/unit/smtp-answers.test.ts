// SMTP answers: parsing (multi-line, enhanced codes) and what they mean (ok,
// throttle, temporary, permanent; hard or soft bounce and its reason), over
// RFC examples and the wording of common MTAs and providers.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { classifyAnswer, parseAnswer, statedRetryMs, type Classification } from "../../src/mta/answers";

const classify = (reply: string): Classification => {
  const a = parseAnswer(reply);
  return classifyAnswer(a.code, a.enhanced, a.text);
};

describe("parseAnswer", () => {
  test("a one-line reply with an enhanced code", () => {
    expect(parseAnswer("550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown")).toEqual({
      code: 550,
      enhanced: "5.1.1",
      text: "<ada@example.org>: Recipient address rejected: User unknown",
    });
  });

  test("a multi-line reply: code and enhanced code taken once, every line's text joined", () => {
    const reply = [
      "550-5.1.1 The email account that you tried to reach does not exist. Please try",
      "550-5.1.1 double-checking the recipient's email address for typos or",
      "550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser a1si2 - gsmtp",
    ].join("\r\n");
    expect(parseAnswer(reply)).toEqual({
      code: 550,
      enhanced: "5.1.1",
      text: "The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser a1si2 - gsmtp",
    });
  });

  test("LF line ends, and continuation lines without the enhanced code", () => {
    expect(parseAnswer("250-mx.example.org Hello\n250-PIPELINING\n250 8BITMIME\n")).toEqual({ code: 250, enhanced: null, text: "mx.example.org Hello PIPELINING 8BITMIME" });
    expect(parseAnswer("421-4.7.0 Try again later,\n421 closing connection.")).toEqual({ code: 421, enhanced: "4.7.0", text: "Try again later, closing connection." });
  });

  test("a bare code, and text that is not an SMTP reply", () => {
    expect(parseAnswer("250")).toEqual({ code: 250, enhanced: null, text: "" });
    expect(parseAnswer("Connection reset by peer")).toEqual({ code: null, enhanced: null, text: "Connection reset by peer" });
  });

  test("something that only looks like an enhanced code stays text", () => {
    expect(parseAnswer("550 5.1.1a nope").enhanced).toBeNull();
    expect(parseAnswer("550 3.1.1 nope").enhanced).toBeNull();
    expect(parseAnswer("250 2.0.0 OK").enhanced).toBe("2.0.0");
  });
});

const hard = (reason: string) => ({ kind: "permanent", bounce: { kind: "hard", reason } });
const soft = (reason: string) => ({ kind: "permanent", bounce: { kind: "soft", reason } });
const temporary = (reason: string) => ({ kind: "temporary", bounce: { kind: "soft", reason } });
const throttle = { kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } };

describe("classifyAnswer", () => {
  test("2xx and 3xx are ok, without a bounce", () => {
    expect(classify("250 2.0.0 OK 1732190400 a1si2 - gsmtp")).toEqual({ kind: "ok", bounce: null });
    expect(classify("354 Start mail input; end with <CRLF>.<CRLF>")).toEqual({ kind: "ok", bounce: null });
  });

  test.each([
    ["550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown in virtual mailbox table", "user_unknown"],
    ["550-5.1.1 The email account that you tried to reach does not exist.\r\n550 5.1.1 https://support.google.com/mail/?p=NoSuchUser", "user_unknown"],
    ["550 5.5.0 Requested action not taken: mailbox unavailable", "user_unknown"], // a generic code: the words decide
    ["550 Requested action not taken: mailbox unavailable", "user_unknown"], // RFC 5321's own text for 550
    ["550 sorry, no mailbox here by that name. (#5.1.1)", "user_unknown"],
    ["550 5.7.1 <ada@example.org>: Recipient address rejected: No such user", "user_unknown"], // X.7.1 is used for any refusal
    ["551 User not local; please try <ada@example.net>", "user_unknown"],
    ["554 delivery error: dd This user doesn't have a example.com account (ada@example.com) [0]", "user_unknown"],
    ["550 5.1.2 <ada@nowhere.example>: Recipient address rejected: Domain not found", "bad_domain"],
    ["556 5.1.10 Recipient address has null MX", "bad_domain"], // RFC 7505
    ["550 5.4.4 Host or domain name not found. Name service error for name=nowhere.example type=MX: Host not found", "bad_domain"],
    ["553 5.1.3 Bad recipient address syntax", "bad_address"],
    ["550 5.2.1 The email account that you tried to reach is disabled.", "mailbox_disabled"],
    ["550 5.0.0 This account has been disabled or discontinued", "mailbox_disabled"],
  ])("hard: %s", (reply, reason) => {
    expect(classify(reply)).toEqual(hard(reason) as Classification);
  });

  test.each([
    ["552 5.2.2 <ada@example.org>: Mailbox full", "mailbox_full"],
    ["552 Requested mail action aborted: exceeded storage allocation", "mailbox_full"],
    ["550 user is over quota", "mailbox_full"],
    ["552 5.3.4 Message size exceeds fixed limit", "message_too_large"],
    ["554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org", "blocked"],
    ["550 5.7.606 Access denied, banned sending IP [192.0.2.1]", "blocked"],
    // a consumer connection (Spamhaus PBL's sense): send through your provider's relay
    ["550 5.7.1 Mail from dynamic IP addresses is not accepted, please relay through your ISP", "blocked"],
    ["554 5.7.0 Please use the SMTP server of your provider", "blocked"],
    ["550-5.7.1 Our system has detected that this message is likely unsolicited mail.", "spam"],
    ["554 5.7.1 Message rejected as spam by Content Filtering.", "spam"],
    ["550 5.7.26 This mail is unauthenticated, which poses a security risk to the sender and Gmail users", "dmarc"],
    ["550 5.7.1 Unauthenticated email from example.com is not accepted due to domain's DMARC policy.", "dmarc"],
    ["550 5.7.23 SPF validation failed", "dmarc"],
    ["530 5.7.0 Authentication required", "auth_required"],
    ["535 5.7.8 Username and Password not accepted.", "auth_required"],
    ["530 5.7.0 Must issue a STARTTLS command first", "tls_required"],
    ["550 5.7.1 Relaying denied", "policy"],
    ["554 5.7.9 Message not accepted for policy reasons.", "policy"],
    ["550 5.7.27 Sender address has null MX", "policy"], // ours, not the recipient's
    ["553 5.1.8 <ada@outreach.example.com>: Sender address rejected: Domain not found", "policy"],
    ["554 Transaction failed", "policy"],
    ["550 5.6.0 Lone CR or LF in headers", "content"],
    ["554 5.7.0 Virus found in the message", "content"],
    ["500 5.5.1 Command unrecognized", "protocol"],
    ["550 5.4.4 Name service error for name=example.org type=MX: Malformed or unexpected name server reply", "network"],
    ["550 Mail rejected", "policy"],
    ["550 Not today", "other"],
  ])("soft: %s", (reply, reason) => {
    expect(classify(reply)).toEqual(soft(reason) as Classification);
  });

  test("a code that says hard yields to words that speak of the sender, or of a passing condition", () => {
    expect(classify("553 5.1.3 http://www.spamhaus.org/query/bl?ip=192.0.2.222")).toEqual(soft("blocked") as Classification);
    expect(classify("550 5.1.1 <ada@example.org>: Message rejected: DKIM signature missing")).toEqual(soft("dmarc") as Classification);
    expect(classify("550 5.1.1 <ada@example.org>: mailbox temporarily locked, try again later")).toEqual(soft("user_unknown") as Classification);
  });

  test.each([
    ["450 4.2.0 <ada@example.org>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.org.html", "greylisted"],
    ["451 4.7.1 Greylisting in action, please come back later", "greylisted"], // 4.7.x, yet not a throttle
    ["451 4.3.0 Temporary local problem - please try later", "system"],
    ["450 4.1.1 <ada@example.org>: Recipient address rejected: User unknown in virtual alias table", "user_unknown"], // the class decides: retried
    ["452-4.2.2 The email account that you tried to reach is over quota.", "mailbox_full"],
    ["452 4.5.3 Too many recipients", "protocol"], // a smaller transaction, not a slower pace
    ["450-4.2.1 The user you are trying to contact is receiving mail at a rate that\r\n450 4.2.1 prevents additional messages from being delivered.", "rate_limited"],
    ["454 4.7.0 Temporary authentication failure", "auth_required"],
    ["454 4.7.0 TLS not available due to local problem", "system"],
  ])("temporary: %s", (reply, reason) => {
    expect(classify(reply)).toEqual(temporary(reason) as Classification);
  });

  test.each([
    "421 4.7.0 Try again later, closing connection. (EHLO) a1si2 - gsmtp",
    "421-4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.",
    "421 Service not available, closing transmission channel", // RFC 5321
    "451 4.7.500 Server busy. Please try again later from [192.0.2.1]. (S77714)",
    "450 4.7.1 Error: too much mail from 192.0.2.1",
    "421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints",
    "452 4.3.2 Too many concurrent SMTP connections from this IP address; please try again later",
    "454 4.7.1 Throttled: try again in 5 minutes",
    "450 Requested action aborted: rate limited",
    "550 5.4.5 Daily user sending quota exceeded.",
    "554 5.7.0 Reject, too many connections from your IP",
    "550 5.1.1 <ada@example.org> - 192.0.2.222 has sent to too many recipients this hour",
  ])("throttle: %s", (reply) => {
    expect(classify(reply)).toEqual(throttle as Classification);
  });

  test("a 421 naming the receiving system (4.3.x) without rate words pauses, and a failure it leads to is the system's", () => {
    expect(classify("421 4.3.2 Service not available, closing transmission channel")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "system" } });
    // control: rate words win
    expect(classify("421 4.3.2 Too many concurrent connections from your IP, slow down")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } });
  });

  test("no reply code: read by the enhanced code's class, else temporary", () => {
    expect(classifyAnswer(null, null, "Connection reset by peer")).toEqual(temporary("network") as Classification);
    expect(classifyAnswer(null, "5.1.1", "User unknown")).toEqual(hard("user_unknown") as Classification);
  });
});

describe("classifyAnswer: answers about our setup, and Exchange Online's 5.4.1", () => {
  test("a 4.7.x refusal about reverse DNS or authentication is retried without pausing the scope (not a throttle)", () => {
    expect(classify("450 4.7.1 Client host rejected: cannot find your reverse hostname, [198.51.100.7]")).toEqual({ kind: "temporary", bounce: { kind: "soft", reason: "dmarc" } });
    expect(classify("451 4.7.1 Client host rejected: cannot find your hostname, [198.51.100.7]")).toMatchObject({ kind: "temporary" });
    expect(classify("451 4.7.24 SPF validation error, try again later")).toMatchObject({ kind: "temporary" });
    // controls: a 4.7.x pace answer still throttles, and so does any 421
    expect(classify("451 4.7.500 Server busy. Please try again later from [198.51.100.7]").kind).toBe("throttle");
    expect(classify("421 4.7.0 [198.51.100.7] cannot find your reverse hostname, closing connection").kind).toBe("throttle");
  });

  test("a 4.7.x refusal that blocks our host at one receiver is retried without pausing the scope (mail to other domains goes on); a 421 still pauses, named for its cause", () => {
    expect(classify("450 4.7.1 <mx1.sender.example[203.0.113.9]>: Client host rejected: may not be mail exchanger")).toEqual({ kind: "temporary", bounce: { kind: "soft", reason: "blocked" } });
    expect(classify("451 4.7.1 Service unavailable; client host [203.0.113.9] blocked using zen.spamhaus.org")).toMatchObject({ kind: "temporary", bounce: { reason: "blocked" } });
    expect(classify("421 4.7.0 Your IP is blocklisted, see spamhaus")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "blocked" } });
    // controls: rate words win, whatever else the answer says
    expect(classify("451 4.7.650 The mail server [203.0.113.9] has been temporarily rate limited due to IP reputation.")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } });
  });

  test("Exchange Online's Directory-Based Edge Blocking (550 5.4.1 … Access denied) is a missing recipient, hard", () => {
    expect(classify("550 5.4.1 Recipient address rejected: Access denied. For more information see https://aka.ms/EXOSmtpErrors [AM0PR01MB1234.eurprd01.prod.outlook.com] AS(201806281)")).toEqual({
      kind: "permanent",
      bounce: { kind: "hard", reason: "user_unknown" },
    });
    // control: another 5.4.1 stays a routing failure
    expect(classify("550 5.4.1 No answer from host").bounce).toMatchObject({ kind: "soft", reason: "network" });
  });
});

describe("classifyAnswer: providers' wording for blocks, authentication and policy", () => {
  test.each([
    ["550-5.7.1 [198.51.100.7] The IP you're using to send mail is not authorized to send email directly to our servers. Please use the SMTP relay at your service provider instead.", "blocked"],
    ["550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.", "blocked"],
    ["550-5.7.27 This mail has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM.", "dmarc"],
    ["554 5.7.1 [CS01] Message rejected due to local policy. Please visit https://support.apple.com/en-us/HT204137", "policy"],
    // controls
    ["550 5.7.27 Sender address has null MX", "policy"],
    ["554 5.7.1 Message rejected due to content restrictions", "spam"],
  ])("%p → %p", (reply, reason) => {
    expect(classify(reply)).toMatchObject({ kind: "permanent", bounce: { kind: "soft", reason } });
  });
});

describe("classifyAnswer: Exchange's codes, Exim's routing failure, link block lists, old TLS", () => {
  test("Exchange's 5.1.10 RecipientNotFound is a missing mailbox; 5.1.10 otherwise stays RFC 7505's null MX", () => {
    expect(classify("550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup")).toMatchObject(hard("user_unknown"));
    expect(classify("556 5.1.10 Recipient address has null MX")).toMatchObject(hard("bad_domain"));
  });
  test("Exim's 'Unrouteable address' is the domain's failure, hard", () => {
    expect(classify("550 Unrouteable address")).toMatchObject(hard("bad_domain"));
  });
  test("Exchange's QuotaExceededException is a full mailbox", () => {
    expect(classify("554 5.2.0 STOREDRV.Deliver.Exception:QuotaExceededException; Failed to process message due to a permanent exception")).toMatchObject(soft("mailbox_full"));
  });
  test("a link in the message on a URI block list judges the content (spam), not our host", () => {
    expect(classify("554 Message refused: SURBL listed URL found in message")).toMatchObject(soft("spam"));
    expect(classify("550 5.7.1 URL in message body is blacklisted (dbl.spamhaus.org)")).toMatchObject(soft("spam"));
    // control: our host on a block list is a block
    expect(classify("554 5.7.1 Service unavailable; Client host [198.51.100.7] blocked using zen.spamhaus.org")).toMatchObject(soft("blocked"));
    expect(classify("550 5.7.1 Sender domain is listed on a block list")).toMatchObject(soft("blocked"));
  });
  test("a 421 about old TLS versions pauses as any 421 does, and names TLS as the cause", () => {
    expect(classify("421 4.7.66 TLS 1.0 and 1.1 are not supported. Please upgrade/update your client to support TLS 1.2")).toMatchObject({ kind: "throttle", bounce: { kind: "soft", reason: "tls_required" } });
    expect(classify("421 4.7.0 Try again later, closing connection.")).toMatchObject(throttle);
  });
});

describe("classifyAnswer: RFC 7504's 521, content refused by its words", () => {
  test("521 (the host takes no mail) is the domain's failure, hard, whatever its enhanced code; a 521 that says it blocks us stays a block", () => {
    expect(classify("521 5.3.2 Server does not accept mail")).toMatchObject(hard("bad_domain"));
    expect(classify("521 Host does not accept mail")).toMatchObject(hard("bad_domain"));
    expect(classify("521 5.2.1 Your IP 203.0.113.9 is blocklisted")).toMatchObject(soft("blocked"));
  });
  test("a message refused as not RFC 5322 compliant is refused for its content (our own format), not by policy", () => {
    expect(classify("550-5.7.1 [203.0.113.9] Our system has detected that this message is not RFC 5322 compliant: 'From' header is missing.")).toMatchObject(soft("content"));
    expect(classify("550 5.7.1 Messages with multiple addresses in From: header are not accepted.")).toMatchObject(soft("content"));
    expect(classify("554 5.6.0 Message rejected: duplicate Message-ID header")).toMatchObject(soft("content"));
    // control: a sender refusal stays the sender's
    expect(classify("550 5.7.1 Sender address rejected: not owned by user")).toMatchObject(soft("policy"));
  });
  test("'Service refused' turns our host away (blocked); 'rejected because of the content' is the content", () => {
    expect(classify("550 5.7.0 Service refused, please try later. OFR004_104 [104]")).toMatchObject(soft("blocked"));
    expect(classify("550 5.7.1 Message rejected: This message has been rejected because of the content")).toMatchObject(soft("content"));
    // control: a policy refusal says nothing of content
    expect(classify("550 5.7.1 Message rejected due to local policy")).toMatchObject(soft("policy"));
  });
  test("an answer without a code about the address, in another language, is read by its words: '550 Benutzer unbekannt' is a missing mailbox", () => {
    for (const text of ["550 Benutzer unbekannt", "550 Destinataire inconnu", "550 Usuario desconocido", "550 Utente inesistente", "550 Gebruiker onbekend", "550 Usuário desconhecido"]) {
      expect(classify(text)).toMatchObject(hard("user_unknown"));
    }
    // a temporary answer stays soft whatever it says
    expect(classify("450 Benutzer unbekannt")).toMatchObject({ kind: "temporary", bounce: { kind: "soft" } });
  });
  test("'message content violates our acceptable use policy' is the content's fault", () => {
    expect(classify("554 5.7.1 Rejected: message content violates our acceptable use policy")).toMatchObject(soft("content"));
    expect(classify("550 5.7.1 Message rejected due to local policy")).toMatchObject(soft("policy"));
  });
});

describe("classifyAnswer: the cause the answer names, before the advice it gives", () => {
  test("a virus is the content's fault, even where the answer also says the content was rejected", () => {
    expect(classify("554 5.6.0 Message contains a virus (Win.Trojan.Agent-123); content rejected")).toMatchObject(soft("content"));
    expect(classify("550 Malware detected in attachment, message refused")).toMatchObject(soft("content"));
    // controls: content rejected as spam is spam; a copy of the headers (X-Virus-Scanned, MIME-Version) names no virus and no content
    expect(classify("550 5.7.1 Message content rejected as spam")).toMatchObject(soft("spam"));
    expect(classify("550 5.1.1 <ann@example.org>: Recipient address rejected: User unknown. Included is a copy of the message header: X-Virus-Scanned: ClamAV MIME-Version: 1.0")).toMatchObject(hard("user_unknown"));
  });

  test("a message blocked because of what it carries (its content, its attachments) is the content, not spam", () => {
    expect(classify("552 5.7.0 This message was blocked because its content may be harmful. Review our attachment guidelines.")).toMatchObject(soft("content"));
    // control: blocked because it looks like spam
    expect(classify("550 5.7.1 Message blocked because it looks like spam")).toMatchObject(soft("spam"));
  });

  test("Sendmail's reverse lookup checks ('IP name lookup failed', 'IP name possibly forged') are our reverse DNS, and do not pause the scope", () => {
    expect(classify("450 4.7.1 Access denied. IP name lookup failed [203.0.113.5]")).toMatchObject(temporary("dmarc"));
    expect(classify("550 5.7.1 Access denied. IP name possibly forged [203.0.113.5]")).toMatchObject(soft("dmarc"));
    expect(classify("550 5.7.1 Client host name mismatches client IP 203.0.113.5")).toMatchObject(soft("dmarc"));
  });

  test("a duplicated header is the message's format, even when the header is DKIM's", () => {
    expect(classify("550 5.7.1 Rejected: duplicate DKIM-Signature header")).toMatchObject(soft("content"));
    expect(classify("554 Transaction failed: header 'Subject' appears more than once")).toMatchObject(soft("content"));
    // control: a signature that fails is authentication
    expect(classify("550 5.7.1 DKIM signature verification failed")).toMatchObject(soft("dmarc"));
  });

  test("rejected as spam, with advice about SPF and DKIM after it, is spam; a refusal for missing authentication is dmarc", () => {
    expect(classify("550 5.7.1 Your message was rejected due to suspected spam. Make sure your domain publishes SPF and DKIM records.")).toMatchObject(soft("spam"));
    expect(classify("550 5.7.1 This message does not have authentication information or fails to pass authentication checks.")).toMatchObject(soft("dmarc"));
    // control: a DMARC refusal names DMARC
    expect(classify("550 5.7.26 Unauthenticated email from outreach.test is not accepted due to domain's DMARC policy")).toMatchObject(soft("dmarc"));
  });

  test("a low sending reputation is a block, even where the answer calls the message suspicious", () => {
    expect(classify("550 5.7.1 This message looks suspicious due to the low reputation of the sending IP address")).toMatchObject(soft("blocked"));
    // control: suspicious on its own is spam
    expect(classify("550 5.7.1 Message looks suspicious and was rejected")).toMatchObject(soft("spam"));
  });

  test("a refusal of this message is not a host that takes no mail, even as a 521; every message from our IP refused is a block", () => {
    expect(classify("521 5.2.1 : This server will not accept delivery of this message.")).toMatchObject(soft("policy"));
    expect(classify("554 5.7.1 All messages from 203.0.113.4 will be permanently deferred; retrying will not succeed.")).toMatchObject(soft("blocked"));
    // controls: a 521 that says nothing else still means the host takes no mail; a message rejected due to spam is spam
    expect(classify("521 5.3.2 mx.example.org does not accept mail")).toMatchObject(hard("bad_domain"));
    expect(classify("554 5.7.1 Message rejected due to spam content")).toMatchObject(soft("spam"));
  });

  test("words of a dead address yield to later words that blame our host or the message: a wrong hard bounce loses a contact for good", () => {
    expect(classify("550 5.2.1 Mailbox unavailable. Your IP address 203.0.113.4 is blacklisted")).toMatchObject(soft("blocked"));
    expect(classify("550 Requested action not taken: mailbox unavailable (message rejected as spam)")).toMatchObject(soft("spam"));
    expect(classify("550 5.1.1 Recipient unavailable: blocked using zen.spamhaus.org")).toMatchObject(soft("blocked"));
    // controls: a dead address without such words stays hard, also where its own words hold one of theirs
    expect(classify("550 5.2.1 Mailbox unavailable")).toMatchObject(hard("user_unknown"));
    expect(classify("550 5.1.1 User bob (bob@notes.example) not listed in Domino Directory")).toMatchObject(hard("user_unknown"));
    expect(classify("550 Requested action not taken: mailbox unavailable (not listed in public Name & Address Book)")).toMatchObject(hard("user_unknown"));
    expect(classify("550 5.1.1 <ann@example.org>: Recipient address rejected: User unknown in local recipient table")).toMatchObject(hard("user_unknown"));
  });

  test("X.4.1 (no answer from host) whose words refuse relaying is policy; a DNS error that says NXDOMAIN is a domain that does not exist; a link on a block list is spam", () => {
    expect(classify("550 5.4.1 Relay Access Denied ATTR36 [DM6NAM1.prod.outlook.com]")).toMatchObject(soft("policy"));
    expect(classify("550 5.4.4 DNS Error: 21498 DNS type 'mx' lookup of nowhere.example responded with code NXDOMAIN")).toMatchObject(hard("bad_domain"));
    expect(classify("554 5.7.0 A policy violation was detected: the message contains a link that is on a block list")).toMatchObject(soft("spam"));
    // controls: a DNS error without NXDOMAIN is the network; X.4.1 alone stays the network
    expect(classify("451 4.4.3 DNS Error: DNS server returned answer with no data")).toMatchObject(temporary("network"));
    expect(classify("550 5.4.1 No answer from host")).toMatchObject(soft("network"));
  });

  test("'frequency limited' (QQ/Tencent) is a rate: the scope slows down", () => {
    expect(classify("550 Connection frequency limited. Try again later")).toMatchObject({ kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } });
    // control: a plain IP block stays a block
    expect(classify("550 Mail from IP 203.0.113.5 is blocked")).toMatchObject(soft("blocked"));
  });

  test("a client host or IP blocked for spamming is a block of our host, not our message called spam", () => {
    expect(classify("550 Client host blocked for spamming issues. Ref 102")).toMatchObject(soft("blocked"));
    expect(classify("554 5.7.1 Your IP 203.0.113.5 has been blacklisted for sending spam")).toMatchObject(soft("blocked"));
    // controls: the message itself refused as spam stays spam
    expect(classify("550 5.7.1 Message rejected as spam by Content Filtering")).toMatchObject(soft("spam"));
    expect(classify("554 Your message looks like spam")).toMatchObject(soft("spam"));
  });

  test("RFC 5321's own texts with words between them: 'Service currently unavailable' is the system, 'Command parameter not implemented' the protocol, 'Message Filtered' a policy", () => {
    expect(classify("554 Service currently unavailable")).toMatchObject(soft("system"));
    expect(classify("504 Command parameter not implemented")).toMatchObject(soft("protocol"));
    expect(classify("550 5.2.0 Message Filtered")).toMatchObject(soft("policy"));
    // control: a message filtered as spam is spam
    expect(classify("550 Message filtered by the spam filter")).toMatchObject(soft("spam"));
  });
});

test("a 421 whose enhanced code names a connection problem ('421 4.4.2 … timeout exceeded') is still retried as a throttle, its reason network; with rate words, rate_limited", () => {
  expect(classifyAnswer(421, "4.4.2", "421 4.4.2 mx.example Error: timeout exceeded")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "network" } });
  expect(classifyAnswer(421, "4.4.2", "421 4.4.2 too many connections from your IP, slow down")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } });
  expect(classifyAnswer(421, "4.7.0", "421 4.7.0 Try again later")).toEqual({ kind: "throttle", bounce: { kind: "soft", reason: "rate_limited" } });
});

describe("statedRetryMs", () => {
  test("a stated time, in any unit, clamped to [1 s, 24 h]", () => {
    expect(statedRetryMs("Throttled: try again in 5 minutes")).toBe(300_000);
    expect(statedRetryMs("Too many connections; please retry after 90 seconds")).toBe(90_000);
    expect(statedRetryMs("Please wait for 2 hours before sending")).toBe(7_200_000);
    expect(statedRetryMs("try again in 30s")).toBe(30_000);
    expect(statedRetryMs("Try again in 0 seconds")).toBe(1_000);
    expect(statedRetryMs("try again in 72 hours")).toBe(86_400_000);
  });

  test("none stated", () => {
    expect(statedRetryMs("Try again later, closing connection.")).toBeNull();
    expect(statedRetryMs("Limit of 100 messages per 1 hour exceeded")).toBeNull();
  });
});

// Real bounces (sisimai's set): the Diagnostic-Code each DSN quotes is the
// synchronous answer the reporting MTA got; compare our hard/soft verdict with
// sisimai's. A measurement, reported; it fails only if the classifier breaks.
const CORPUS = resolve(import.meta.dir, "../../../shared/corpora/bounces-sisimai");

describe.skipIf(!existsSync(`${CORPUS}/expected.json`))("agreement with sisimai on real bounces", () => {
  test("hard/soft verdict of the quoted SMTP answers", () => {
    const rows = JSON.parse(readFileSync(`${CORPUS}/expected.json`, "utf8")) as { file: string; recipientIndex: number; reason: string; hardBounce: boolean }[];
    const field = (raw: string, name: string) =>
      [...raw.matchAll(new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t]+.*)*)`, "gim"))].map((m) => m[1]!.replace(/\n[ \t]+/g, " ").trim());
    let measured = 0;
    let agreed = 0;
    for (const row of rows) {
      if (["feedback", "vacation", "delivered"].includes(row.reason) || !existsSync(`${CORPUS}/${row.file}`)) continue;
      const raw = readFileSync(`${CORPUS}/${row.file}`, "utf8");
      const diagnostic = field(raw, "Diagnostic-Code")[row.recipientIndex - 1];
      if (!diagnostic) continue;
      const a = parseAnswer(diagnostic.replace(/^[a-z-]+;\s*/i, ""));
      const status = field(raw, "Status")[row.recipientIndex - 1];
      const enhanced = a.enhanced ?? (status && /^[245]\.\d{1,3}\.\d{1,3}$/.test(status) ? status : null);
      const code = a.code ?? (enhanced ? Number(enhanced[0]) * 100 + 50 : 550);
      const verdict = classifyAnswer(code, enhanced, a.text);
      measured++;
      if ((verdict.bounce?.kind === "hard") === row.hardBounce) agreed++;
    }
    const share = agreed / measured;
    console.log(`smtp answers: hard/soft agreement with sisimai ${agreed}/${measured} = ${(share * 100).toFixed(1)} %`);
    expect(measured).toBeGreaterThan(200);
    expect(share).toBeGreaterThan(0.75);
  });
});
