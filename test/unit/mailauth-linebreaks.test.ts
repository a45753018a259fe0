// mailauth's DKIM reader rewrites bare LFs to CRLF before the body hash, and
// finds the empty line that ends the header section; our patch
// (patches/mailauth@7.1.0.patch) finds the LFs with indexOf for both instead of
// looking at every byte. Both must stay exactly what they were, whatever the
// line endings and however the message is split into chunks.
import { expect, test } from "bun:test";

// an internal module of mailauth, without type declarations
const { MessageParser } = require("mailauth/lib/dkim/message-parser") as {
  MessageParser: new () => { ensureLinebreaks(input: Buffer): Iterable<Buffer>; processChunk(chunk: Buffer): Promise<void>; emitHeaders(chunk?: Buffer): Promise<void>; nextChunk(chunk: Buffer): Promise<void>; state: string };
};

/** The rewrite as the unpatched reader made it: byte by byte, the previous byte carried across chunks. */
function reference(chunks: Buffer[]): string {
  let last = -1;
  let out = "";
  for (const chunk of chunks) {
    for (const c of chunk) {
      out += c === 0x0a && last !== 0x0d ? "\r\n" : String.fromCharCode(c);
      last = c;
    }
  }
  return out;
}

function patched(chunks: Buffer[]): string {
  const parser = new MessageParser();
  let out = "";
  for (const chunk of chunks) for (const part of parser.ensureLinebreaks(chunk)) out += part.toString("latin1");
  return out;
}

test("bare LFs become CRLF, CRLFs stay, across any split into chunks", () => {
  const texts = ["a\nb\r\nc\n\nd\r\n\r\ne", "\n", "x\r", "\ny\r\n\n", "z", "\r\n\n\r\r\n", "line one\r\nline two\nline three\n"];
  for (const text of texts) {
    const bytes = Buffer.from(text, "latin1");
    for (let cut = 0; cut <= bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)].filter((c) => c.length > 0);
      expect({ text, cut, out: patched(chunks) }).toEqual({ text, cut, out: reference(chunks) });
    }
  }
  // random bytes of CR, LF and letters, cut at random places
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  for (let i = 0; i < 300; i++) {
    const bytes = Buffer.from(Array.from({ length: 1 + next(60) }, () => [0x0a, 0x0d, 0x61][next(3)]!));
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; ) {
      const len = 1 + next(8);
      chunks.push(bytes.subarray(at, at + len));
      at += len;
    }
    expect(patched(chunks)).toBe(reference(chunks));
  }
});

/** Where the unpatched reader ended the header section: byte by byte, the last four bytes carried across chunks (-1: not ended). */
function referenceHeaderEnd(chunks: Buffer[]): number {
  let last: number[] = [];
  let seen = 0;
  for (const chunk of chunks) {
    for (const c of chunk) {
      last = [...last, c].slice(-4);
      seen++;
      const [b0, b1, b2] = [last[last.length - 1], last[last.length - 2], last[last.length - 3]];
      if (b0 === 0x0a && (b1 === 0x0a || (b1 === 0x0d && b2 === 0x0a) || seen === 1 || (seen === 2 && b1 === 0x0d))) return seen;
    }
  }
  return -1;
}

/** Where the patched reader ends it: the header bytes it hands over, -1 when it is still reading headers. */
async function patchedHeaderEnd(chunks: Buffer[]): Promise<number> {
  const parser = new MessageParser();
  let headerBytes = 0;
  parser.emitHeaders = async function (this: { state: string }, chunk?: Buffer) {
    this.state = "body";
    headerBytes += chunk?.length ?? 0;
  };
  parser.nextChunk = async () => {};
  for (const chunk of chunks) {
    if (parser.state !== "header") break;
    await parser.processChunk(chunk);
    // a chunk read whole as headers is counted here, the one that ends them by emitHeaders
    if (parser.state === "header") headerBytes += chunk.length;
  }
  return parser.state === "header" ? -1 : headerBytes;
}

test("the header section ends at the same empty line, across any split into chunks", async () => {
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const cases = ["A: b\r\n\r\nbody", "\r\nbody", "\nbody", "A: b\n\nbody", "A: b\r\n c\r\n\r\n", "A: b", "\r\r\n\n"].map((t) => Buffer.from(t, "latin1"));
  for (let i = 0; i < 2000; i++) cases.push(Buffer.from(Array.from({ length: next(14) }, () => [0x0a, 0x0d, 0x61, 0x3a][next(4)]!)));
  for (const bytes of cases) {
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; ) {
      const len = 1 + next(5);
      chunks.push(bytes.subarray(at, at + len));
      at += len;
    }
    const want = referenceHeaderEnd(chunks);
    const got = await patchedHeaderEnd(chunks);
    expect({ bytes: [...bytes], got }).toEqual({ bytes: [...bytes], got: want });
  }
});
