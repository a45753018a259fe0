// What every message carries (issue 12 item 8), short of DKIM (mta-dkim.test.ts):
// the MIME build parsed back with mailparser, header injection refused, the
// caller header allow-list, Message-ID and VERP addresses.
import { describe, expect, test } from "bun:test";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { DomainError } from "../../src/lib/errors";
import { createSecretBox } from "../../src/lib/secrets";
import { HeaderTextError } from "../../src/lib/text";
import { messageIdFor, needsSmtpUtf8, parseVerp, verpAddress, VERP_KEY_PURPOSE } from "../../src/mta/addresses";
import { assertCallerHeaders, CallerHeaderError, callerHeaderProblems } from "../../src/mta/headers";
import { buildMessage, textFromHtml, type MessageInput } from "../../src/mta/mime";

const MSG = "msg_0193c5e0a1b27c3d8e9f001122334455";
const DATE = new Date("2026-06-01T10:00:00Z");

function input(over: Partial<MessageInput> = {}): MessageInput {
  return {
    from: { address: "anna@sender.example", name: "Anna Łukasiewicz" },
    to: ["bob@receiver.example"],
    subject: "Hello",
    text: "Hi Bob.",
    messageId: `${MSG}@sender.example`,
    date: DATE,
    ...over,
  };
}

const str = (raw: Uint8Array) => Buffer.from(raw).toString("utf8");
const headerBlock = (raw: Uint8Array) => str(raw).slice(0, str(raw).indexOf("\r\n\r\n"));
const parse = (raw: Uint8Array): Promise<ParsedMail> => simpleParser(Buffer.from(raw));
const addresses = (a: AddressObject | AddressObject[] | undefined) => [a ?? []].flat().flatMap((o) => o.value.map((v) => ({ address: v.address, name: v.name })));

describe("buildMessage", () => {
  test("html and text: multipart/alternative with both parts, UTF-8 everywhere, and the fixed headers", async () => {
    const raw = buildMessage(
      input({
        from: { address: "anna@sender.example", name: "Anna Łukasiewicz" },
        to: [{ address: "bob@receiver.example", name: "Bob Müller" }, "carla@receiver.example"],
        cc: [{ address: "dan@receiver.example", name: "Dan, Jr." }],
        replyTo: { address: "replies@sender.example", name: "Anna's replies" },
        subject: "Grüße aus Köln — 日本語も",
        html: "<p>Hallo <b>Bob</b>, schöne Grüße!</p>",
        text: "Hallo Bob,\nschöne Grüße!",
      }),
    );
    const m = await parse(raw);
    expect(m.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(m.subject).toBe("Grüße aus Köln — 日本語も");
    expect(addresses(m.from)).toEqual([{ address: "anna@sender.example", name: "Anna Łukasiewicz" }]);
    expect(addresses(m.to)).toEqual([
      { address: "bob@receiver.example", name: "Bob Müller" },
      { address: "carla@receiver.example", name: "" },
    ]);
    expect(addresses(m.cc)).toEqual([{ address: "dan@receiver.example", name: "Dan, Jr." }]);
    expect(addresses(m.replyTo)).toEqual([{ address: "replies@sender.example", name: "Anna's replies" }]);
    expect(m.text).toBe("Hallo Bob,\nschöne Grüße!");
    expect(m.html).toBe("<p>Hallo <b>Bob</b>, schöne Grüße!</p>");
    expect(m.messageId).toBe(`<${MSG}@sender.example>`);
    expect(m.date?.toISOString()).toBe(DATE.toISOString());
    expect(m.headers.get("mime-version")).toBe("1.0");
    // the header section is 7-bit: names and subject are encoded words
    expect(/[^\x00-\x7f]/.test(headerBlock(raw))).toBe(false);
    expect(headerBlock(raw)).toContain("Date: Mon, 01 Jun 2026 10:00:00 +0000");
    expect(headerBlock(raw)).toContain(`Message-ID: <${MSG}@sender.example>`);
  });

  test("the text part is generated from the HTML when absent", async () => {
    const html =
      '<html><head><style>p{color:red}</style></head><body><h1>Spring offer</h1><p>Dear Bob, read <a href="https://sender.example/offer">our offer</a>.</p>' +
      '<img src="https://sender.example/pixel.gif" alt="pixel"><ul><li>one</li><li>two</li></ul></body></html>';
    const m = await parse(buildMessage(input({ text: null, html })));
    expect(m.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(m.text).toBe("Spring offer\n\nDear Bob, read our offer [https://sender.example/offer].\n\n * one\n * two");
    expect(m.text).not.toContain("pixel");
    expect(m.text).not.toContain("color");
    expect(m.html).toBe(html);
    expect(textFromHtml(html)).toBe(m.text!);
  });

  test("text only: a single text/plain part", async () => {
    const raw = buildMessage(input({ text: "Line one\nLine two\n", html: null }));
    const m = await parse(raw);
    expect(m.headers.get("content-type")).toMatchObject({ value: "text/plain", params: { charset: "utf-8" } });
    expect(m.html).toBe(false);
    expect(m.text).toBe("Line one\nLine two\n");
    expect(headerBlock(raw)).toContain("Content-Transfer-Encoding: 7bit\r\n");
    expect(str(raw).endsWith("\r\n\r\nLine one\r\nLine two\r\n")).toBe(true);
  });

  test("transfer encodings: 7bit for short ASCII lines, quoted-printable for mostly Latin text, base64 otherwise", async () => {
    const cte = (text: string) => /Content-Transfer-Encoding: (\S+)/.exec(str(buildMessage(input({ text }))))![1];
    expect(cte("plain ASCII")).toBe("7bit");
    expect(cte("x".repeat(200))).toBe("quoted-printable"); // long line
    expect(cte("Schöne Grüße aus Köln")).toBe("quoted-printable");
    expect(cte("日本語のテキストです。よろしくお願いします。")).toBe("base64");
    for (const text of ["x".repeat(200), "Schöne Grüße ".repeat(30), "日本語のテキストです。".repeat(30)]) {
      const raw = buildMessage(input({ text }));
      for (const line of str(raw).split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
      // a single part's body ends with the message's final CRLF
      expect((await parse(raw)).text!.replace(/\n$/, "")).toBe(text);
    }
  });

  test("a subject with a word too long to fold goes as encoded words and decodes to the same value", async () => {
    const subject = `Report ${"x".repeat(1200)} end`;
    const raw = buildMessage(input({ subject }));
    for (const line of headerBlock(raw).split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
    expect((await parse(raw)).subject).toBe(subject);
    // long but under the limit: as nodemailer writes it (folded after the name), not encoded
    const plain = buildMessage(input({ subject: "x".repeat(120) }));
    expect(headerBlock(plain)).toContain(`Subject:\r\n ${"x".repeat(120)}\r\n`);
    expect((await parse(plain)).subject).toBe("x".repeat(120));
    expect(() => buildMessage(input({ from: { address: "anna@sender.example", name: "n".repeat(1000) } }))).toThrow(/longer than 998 octets/);
  });

  test("CRLF line ends only, whatever the content's line ends", () => {
    const raw = buildMessage(input({ text: "a\nb\r\nc\rd", html: "<p>a</p>\n<p>b</p>" }));
    const s = Buffer.from(raw).toString("latin1");
    expect(/\r(?!\n)|(?<!\r)\n/.test(s)).toBe(false);
    expect(s.endsWith("\r\n")).toBe(true);
  });

  test("IDN domains are written as A-labels; a non-ASCII local part stays UTF-8 (RFC 6532) and needs SMTPUTF8", async () => {
    const raw = buildMessage(input({ to: ["bob@bücher.example", "jürgen@receiver.example"] }));
    const to = /^To: (.*)$/m.exec(str(raw))![1]!;
    expect(to).toBe("bob@xn--bcher-kva.example, jürgen@receiver.example");
    // mailparser shows the A-label in Unicode again
    expect(addresses((await parse(raw)).to).map((a) => a.address)).toEqual(["bob@bücher.example", "jürgen@receiver.example"]);
    expect(needsSmtpUtf8("jürgen@receiver.example")).toBe(true);
    expect(needsSmtpUtf8("bob@bücher.example")).toBe(false);
  });

  test("List-Unsubscribe (https and mailto) with List-Unsubscribe-Post for one-click", async () => {
    const raw = buildMessage(input({ listUnsubscribe: { url: "https://app.example.com/u/tok_abc", mailto: "unsubscribe+tok_abc@bounce.sender.example" } }));
    const m = await parse(raw);
    expect(headerBlock(raw)).toContain("List-Unsubscribe: <https://app.example.com/u/tok_abc>,\r\n <mailto:unsubscribe+tok_abc@bounce.sender.example>\r\n");
    expect(headerBlock(raw)).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(m.headers.get("list")).toEqual({
      unsubscribe: { url: "https://app.example.com/u/tok_abc", mail: "unsubscribe+tok_abc@bounce.sender.example" },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    // "mailto:" given already is not doubled; without the option neither header is there
    expect(str(buildMessage(input({ listUnsubscribe: { url: "https://a.example/u/t", mailto: "mailto:u@b.example" } })))).toContain("<mailto:u@b.example>");
    expect(headerBlock(buildMessage(input()))).not.toContain("List-Unsubscribe");
  });

  test("caller headers from the allow-list are carried; Bcc never appears", async () => {
    const raw = buildMessage(input({ headers: { "X-Campaign-Ref": "spring 2026 — März", "In-Reply-To": "<a@receiver.example>", References: "<z@r.example> <a@receiver.example>" } }));
    const m = await parse(raw);
    expect(headerBlock(raw)).toContain("\r\nX-Campaign-Ref: =?UTF-8?Q?spring_2026_=E2=80=94_M=C3=A4rz?=\r\n");
    expect(m.inReplyTo).toBe("<a@receiver.example>");
    expect(m.references).toEqual(["<z@r.example>", "<a@receiver.example>"]);
    expect(/^bcc:/im.test(headerBlock(raw))).toBe(false);
    expect(() => buildMessage(input({ headers: { Bcc: "hidden@receiver.example" } }))).toThrow(CallerHeaderError);
    expect(() => buildMessage(input({ headers: { "Content-Type": "text/html" } }))).toThrow(CallerHeaderError);
  });

  test.each([
    ["quoted-printable, trailing space", "Hallo Bob,\r\nschöne Grüße!\r\n" + "word ".repeat(40), "<p>Hallo <b>Bob</b></p>\r\n<p>" + "Grüße ".repeat(30) + "</p>"],
    ["base64 and 7bit", "日本語のテキストです。\t \r\n".repeat(12), "<p>short</p>"],
    ["text only", "x ".repeat(100) + "\t", null],
  ])("the bytes are MailComposer's for the same message (%s)", async (_, text, html) => {
    const fields = { to: ["bob@bücher.example"], cc: ["c@r.example"], replyTo: "r@sender.example", subject: "Grüße, long enough to be folded over more than one header line", text, html };
    const ours = str(buildMessage(input(fields)));
    const base = /boundary="--_NmP-([0-9a-f]+)-Part_1"/.exec(ours)?.[1];
    const theirs = await new MailComposer({
      ...fields,
      html: html ?? undefined,
      from: { address: "anna@sender.example", name: "Anna Łukasiewicz" },
      messageId: `<${MSG}@sender.example>`,
      date: DATE,
      baseBoundary: base,
    })
      .compile()
      .build();
    expect(ours).toBe(theirs.toString("utf8"));
  });

  test("the bytes are MailComposer's for bodies made of words, spaces, tabs, '=', line breaks, long lines and non-ASCII text", async () => {
    const pieces = ["word", "Grüße", "日本語", " ", " ", "  ", "\t", "=", "=3D", "\n", "\r\n", "\r", "\n\n", "\t\n", " \n", "x".repeat(90), ".", "a,b!c?", "<p>", "</p>"];
    let seed = 11;
    // mulberry32: the same cases on every run
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
    // CRLF line ends, as buildMessage makes them before encoding (MailComposer keeps what it is given)
    const ascii = pieces.filter((p) => /^[\x00-\x7f]*$/.test(p));
    const body = (from = pieces) => Array.from({ length: next() % 60 }, () => from[next() % from.length]).join("").replace(/\r\n|\r|\n/g, "\r\n");
    for (let i = 0; i < 200; i++) {
      // never empty: MailComposer leaves an empty part out (buildMessage keeps it, see below)
      const from = i % 2 ? ascii : pieces;
      const html = i % 3 === 0 ? null : body(from) || "<p>x</p>";
      const text = body(from) || "x";
      const fields = { to: ["bob@receiver.example"], subject: `Case ${i}`, text, html };
      const ours = str(buildMessage(input(fields)));
      const base = /boundary="--_NmP-([0-9a-f]+)-Part_1"/.exec(ours)?.[1];
      const theirs = await new MailComposer({
        ...fields,
        html: html ?? undefined,
        from: { address: "anna@sender.example", name: "Anna Łukasiewicz" },
        messageId: `<${MSG}@sender.example>`,
        date: DATE,
        baseBoundary: base,
      })
        .compile()
        .build();
      expect(ours).toBe(theirs.toString("utf8"));
    }
  });

  test("an empty text beside HTML is an empty text/plain part, without a transfer encoding", () => {
    const ours = str(buildMessage(input({ text: "", html: "<p>x</p>" })));
    const b = /boundary="([^"]+)"/.exec(ours)![1];
    expect(ours).toContain(`\r\n\r\n--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n--${b}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n<p>x</p>\r\n--${b}--\r\n`);
  });
});

describe("header injection is refused with HeaderTextError, never repaired", () => {
  const cases: [string, Partial<MessageInput>, string][] = [
    ["subject with CRLF", { subject: "Hi\r\nBcc: victim@evil.example" }, "Subject"],
    ["subject with LF", { subject: "Hi\nthere" }, "Subject"],
    ["subject with NUL", { subject: "Hi\u0000" }, "Subject"],
    ["sender name with CR", { from: { address: "anna@sender.example", name: "Anna\rBcc: x@evil.example" } }, "From"],
    ["recipient address with LF", { to: ["bob@receiver.example\nBcc: x@evil.example"] }, "To"],
    ["cc name with U+2028", { cc: [{ address: "c@r.example", name: "C\u2028D" }] }, "Cc"],
    ["reply-to with a bidi control", { replyTo: "re\u202eplies@sender.example" }, "Reply-To"],
    ["caller header value with CRLF", { headers: { "X-Ref": "a\r\nBcc: x@evil.example" } }, "X-Ref"],
    ["caller header name with CRLF", { headers: { "X-Ref\r\nBcc": "x@evil.example" } }, "Header name"],
    ["Message-ID with LF", { messageId: `${MSG}@sender.example\nBcc: x@evil.example` }, "Message-ID"],
    ["unsubscribe URL with CRLF", { listUnsubscribe: { url: "https://a.example/u/t\r\nBcc: x@evil.example", mailto: "u@b.example" } }, "List-Unsubscribe"],
  ];
  test.each(cases)("%s", (_, over, header) => {
    let err: unknown;
    try {
      buildMessage(input(over));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HeaderTextError);
    expect((err as HeaderTextError).header).toBe(header);
  });
});

describe("caller headers (the allow-list)", () => {
  test("X- headers and the listed ones pass", () => {
    expect(
      callerHeaderProblems({
        "X-Campaign": "spring",
        "x-lower-case": "fine",
        "In-Reply-To": "<a@b.example>",
        References: "<a@b.example>  <c@d.example>",
        Comments: "Grüße",
        Keywords: "offer, spring",
        "List-Id": "News <news.example.com>",
        "Feedback-ID": "c1:spring:nearbound",
        Precedence: "bulk",
      }),
    ).toEqual([]);
  });

  test("each refusal names the header, its pointer and why", () => {
    const problems = callerHeaderProblems({
      From: "ceo@evil.example",
      bcc: "x@evil.example",
      "Content-Type": "text/html",
      "DKIM-Signature": "v=1",
      "List-Unsubscribe": "<https://evil.example>",
      "Return-Path": "<x@evil.example>",
      "X-Nearbound-Test": "1",
      "Disposition-Notification-To": "x@evil.example",
      Foo: "bar",
      "X Space": "1",
      "a/b~c": "1",
      "X-Dup": "1",
      "x-dup": "2",
      "X-Line": "a\r\nb",
      "X-Empty": "  ",
      "X-Long": "y".repeat(901),
      "In-Reply-To": "not an id",
      "X-Number": 5,
    });
    expect(problems.map((p) => [p.pointer, p.code])).toEqual([
      ["/headers/From", "not_allowed"],
      ["/headers/bcc", "not_allowed"],
      ["/headers/Content-Type", "not_allowed"],
      ["/headers/DKIM-Signature", "not_allowed"],
      ["/headers/List-Unsubscribe", "not_allowed"],
      ["/headers/Return-Path", "not_allowed"],
      ["/headers/X-Nearbound-Test", "not_allowed"],
      ["/headers/Disposition-Notification-To", "not_allowed"],
      ["/headers/Foo", "not_allowed"],
      ["/headers/X Space", "format"],
      ["/headers/a~1b~0c", "not_allowed"],
      ["/headers/x-dup", "duplicate"],
      ["/headers/X-Line", "format"],
      ["/headers/X-Empty", "format"],
      ["/headers/X-Long", "too_long"],
      ["/headers/In-Reply-To", "format"],
      ["/headers/X-Number", "format"],
    ]);
    const detail = (name: string) => problems.find((p) => p.header === name)!.detail;
    expect(detail("From")).toBe("From is set by the MTA and cannot be supplied.");
    expect(detail("Foo")).toStartWith("Foo is not on the allow-list (X- headers, In-Reply-To, References,");
    expect(detail("X-Line")).toBe("X-Line value contains a line break (U+000D carriage return) at position 2.");
  });

  test("at most 32 headers", () => {
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`X-H${i}`, "v"]));
    expect(callerHeaderProblems(many).map((p) => [p.header, p.code])).toEqual([["X-H32", "too_many"]]);
  });

  test("assertCallerHeaders throws a 422 with every problem", () => {
    let err: unknown;
    try {
      assertCallerHeaders({ From: "x@evil.example", "X-A": "a\nb" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(422);
    expect((err as DomainError).errors!.map((e) => e.pointer)).toEqual(["/headers/From", "/headers/X-A"]);
    expect(() => assertCallerHeaders({ "X-Fine": "yes" })).not.toThrow();
  });
});

describe("Message-ID and VERP", () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  test("messageIdFor: the message id on the sending domain, A-label, no brackets", () => {
    expect(messageIdFor(MSG, "Sender.Example")).toBe(`${MSG}@sender.example`);
    expect(messageIdFor(MSG, "bücher.example")).toBe(`${MSG}@xn--bcher-kva.example`);
    expect(() => messageIdFor("msg_nothex", "sender.example")).toThrow(/not a message id/);
    expect(() => messageIdFor(MSG, "bad domain")).toThrow(/not a domain/);
  });

  test("verpAddress: unique to the message, on the return-path host, tagged", () => {
    const a = verpAddress(box, MSG, "bounce.sender.example");
    expect(a).toMatch(/^b\+0193c5e0a1b27c3d8e9f001122334455\.[a-z2-7]{8}@bounce\.sender\.example$/);
    expect(verpAddress(box.derive(VERP_KEY_PURPOSE), MSG, "bounce.sender.example")).toBe(a); // key or box
    expect(verpAddress(box, "msg_0193c5e0a1b27c3d8e9f001122334456", "bounce.sender.example")).not.toBe(a);
  });

  test("parseVerp: the message id back, in any case and with brackets; null for a forged or foreign address", () => {
    const a = verpAddress(box, MSG, "bounce.sender.example");
    expect(parseVerp(a, box)).toBe(MSG);
    expect(parseVerp(`<${a.toUpperCase()}>`, box)).toBe(MSG);
    const local = a.split("@")[0]!;
    const forgedTag = local.slice(0, -1) + (local.endsWith("a") ? "b" : "a");
    expect(parseVerp(`${forgedTag}@bounce.sender.example`, box)).toBeNull();
    // a guessed id with a valid-looking tag from another message
    const other = verpAddress(box, "msg_0193c5e0a1b27c3d8e9f001122334456", "bounce.sender.example");
    expect(parseVerp(`b+0193c5e0a1b27c3d8e9f001122334455.${other.split(".")[1]!.split("@")[0]}@bounce.sender.example`, box)).toBeNull();
    expect(parseVerp(a, createSecretBox(Buffer.alloc(32, 8)))).toBeNull(); // another appliance's key
    expect(parseVerp("postmaster@bounce.sender.example", box)).toBeNull();
    expect(parseVerp("", box)).toBeNull();
  });
});
