// The inbound ingest's shape (its named steps, in order) and the header
// reading the listener does at acceptance (src/smtp-in/headers.ts): unfolding,
// RFC 2047 encoded words, Message-ID extraction and the dedupe key that makes a
// retried or copied message one stored row.
import { describe, expect, test } from "bun:test";
import { decodeWords } from "../../src/smtp-in/bounces/mime";
import { bodyOffset, dedupeKey, messageIdOf, readHeaders } from "../../src/smtp-in/headers";
import { INGEST_STEPS } from "../../src/smtp-in/ingest";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"));
const lf = (lines: string[]) => Buffer.from(lines.join("\n"));

const MESSAGE = [
  "Received: from mx.example.org by mx.nearbound.test; Sat, 21 Nov 2026 12:00:05 +0000",
  "From: Grace Hopper <grace@example.org>",
  "To: ada@outreach.test",
  "Subject: Re: Quick",
  "  question about",
  "\tThursday",
  "Message-ID: <abc.123@example.org>",
  "",
  "Thursday works.",
  "",
  "Grace",
  "",
];

describe("INGEST_STEPS", () => {
  test("authenticate, classify, match: in that order (classify reads the report match needs)", () => {
    expect(INGEST_STEPS.map((s) => s.name)).toEqual(["authenticate", "classify", "match"]);
  });
});

describe("readHeaders", () => {
  test("unfolds continuation lines, lower-cases names, trims values", () => {
    const h = readHeaders(crlf(MESSAGE));
    expect(h.get("subject")).toEqual(["Re: Quick question about Thursday"]);
    expect(h.get("from")).toEqual(["Grace Hopper <grace@example.org>"]);
    expect(h.get("message-id")).toEqual(["<abc.123@example.org>"]);
  });

  test("reads the header block only: a colon line in the body is not a field", () => {
    const h = readHeaders(crlf(["Subject: one", "", "X-Not-A-Header: body text", ""]));
    expect([...h.keys()]).toEqual(["subject"]);
  });

  test("keeps each occurrence of a repeated field, in order", () => {
    const h = readHeaders(crlf(["Received: from a", "Received: from b", " by c", "Subject: x", "", "body"]));
    expect(h.get("received")).toEqual(["from a", "from b by c"]);
  });

  test("LF-only line ends read the same as CRLF", () => {
    expect(readHeaders(lf(MESSAGE))).toEqual(readHeaders(crlf(MESSAGE)));
  });

  test("a field of raw 8-bit bytes that are not UTF-8 (an old mailer's Latin-1) reads as Windows-1252; the UTF-8 fields beside it stay UTF-8", () => {
    const raw = Buffer.concat([Buffer.from("From: Zoë <zoe@example.org>\r\nSubject: caf"), Buffer.from([0xe9, 0x20, 0x80, 0x31, 0x30]), Buffer.from("\r\n\r\nbody")]);
    const h = readHeaders(raw);
    expect(h.get("subject")).toEqual(["café €10"]);
    expect(h.get("from")).toEqual(["Zoë <zoe@example.org>"]);
  });

  test("the body starts after the first empty line, CRLF or LF", () => {
    const c = crlf(["A: 1", "", "body"]);
    const l = lf(["A: 1", "", "body"]);
    expect(c.subarray(bodyOffset(c)).toString()).toBe("body");
    expect(l.subarray(bodyOffset(l)).toString()).toBe("body");
  });
});

describe("decodeWords (RFC 2047)", () => {
  test("B words in UTF-8", () => {
    expect(decodeWords(`=?UTF-8?B?${Buffer.from("Réponse : café ☕").toString("base64")}?=`)).toBe("Réponse : café ☕");
  });

  test("Q words in UTF-8, underscores as spaces", () => {
    expect(decodeWords("=?utf-8?Q?Caf=C3=A9_cr=C3=A8me?=")).toBe("Café crème");
  });

  test("Q and B words in ISO-8859-1", () => {
    expect(decodeWords("=?ISO-8859-1?Q?Andr=E9_M=FCller?=")).toBe("André Müller");
    expect(decodeWords(`=?iso-8859-1?B?${Buffer.from("Grüße", "latin1").toString("base64")}?=`)).toBe("Grüße");
  });

  test("white space between adjacent encoded words is dropped; around plain text it is kept", () => {
    expect(decodeWords("=?UTF-8?Q?Hello_?= =?UTF-8?Q?w=C3=B6rld?=")).toBe("Hello wörld");
    expect(decodeWords("Re: =?UTF-8?Q?caf=C3=A9?= tomorrow")).toBe("Re: café tomorrow");
  });

  test("an unknown charset is read best-effort (its bytes as text), never an error; plain text is untouched", () => {
    expect(decodeWords("=?x-no-such-charset?Q?abc?=")).toBe("abc");
    expect(decodeWords("Quick question")).toBe("Quick question");
  });
});

describe("messageIdOf", () => {
  test("the first <…> without brackets", () => {
    expect(messageIdOf("<abc.123@example.org>")).toBe("abc.123@example.org");
    expect(messageIdOf("  <a@b.test> (comment) <c@d.test>")).toBe("a@b.test");
  });

  test("a bare local@domain is taken; nothing else is", () => {
    expect(messageIdOf("abc@example.org")).toBe("abc@example.org");
    expect(messageIdOf(undefined)).toBeNull();
    expect(messageIdOf("")).toBeNull();
    expect(messageIdOf("not an id")).toBeNull();
    expect(messageIdOf("<>")).toBeNull();
  });
});

describe("dedupeKey", () => {
  const key = (raw: Buffer) => dedupeKey(raw, messageIdOf(readHeaders(raw).get("message-id")?.[0]));

  test("a CRLF copy and an LF copy of one message have one key", () => {
    expect(key(lf(MESSAGE))).toBe(key(crlf(MESSAGE)));
  });

  test("a copy with one more trace header (an IMAP copy, a second relay) has the same key", () => {
    const copy = crlf(["Received: from relay.example.net by mx.nearbound.test; Sat, 21 Nov 2026 12:00:09 +0000", "X-Original-To: ada@outreach.test", ...MESSAGE]);
    expect(key(copy)).toBe(key(crlf(MESSAGE)));
  });

  test("trailing white space at the end of the body does not count", () => {
    expect(key(crlf([...MESSAGE, "", ""]))).toBe(key(crlf(MESSAGE)));
  });

  test("a different body, or a different Message-ID, is another message", () => {
    const otherBody = MESSAGE.map((l) => (l === "Thursday works." ? "Friday works." : l));
    const otherId = MESSAGE.map((l) => (l.startsWith("Message-ID:") ? "Message-ID: <abc.124@example.org>" : l));
    expect(key(crlf(otherBody))).not.toBe(key(crlf(MESSAGE)));
    expect(key(crlf(otherId))).not.toBe(key(crlf(MESSAGE)));
  });

  test("without a Message-ID the whole message counts: another trace header makes another message", () => {
    const noId = MESSAGE.filter((l) => !l.startsWith("Message-ID:"));
    const k = key(crlf(noId));
    expect(k).toStartWith("sha:");
    expect(key(crlf(["Received: from relay.example.net", ...noId]))).not.toBe(k);
    expect(key(lf(noId))).toBe(k);
  });

  test("the key names the Message-ID it was made with", () => {
    expect(key(crlf(MESSAGE))).toStartWith("mid:abc.123@example.org:");
  });
});
