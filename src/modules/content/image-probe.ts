// What an uploaded image is, from its own bytes: the signature must match the
// declared type, and the width and height come from the format's header. Every
// read is bounds-checked against the file's size, and the JPEG marker walk
// always moves forward within a bounded number of steps, so a truncated or
// hostile file ends in a problem, never a crash, a loop or a stall. Pure over
// a ByteSource (no file system here).

import { IMAGE_TYPES } from "../../db/schema";

export { IMAGE_TYPES };
export type ImageType = (typeof IMAGE_TYPES)[number];

export const isImageType = (t: string): t is ImageType => (IMAGE_TYPES as readonly string[]).includes(t);

/** Random access to the bytes of one file; `read` may return fewer bytes at the end. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
}

export const bytesSource = (b: Uint8Array): ByteSource => ({ size: b.length, read: (o, n) => b.subarray(o, o + n) });

export type Probe = { ok: true; width: number; height: number } | { ok: false; code: "required" | "format" | "malformed"; detail: string };

const NAMES: Record<ImageType, string> = { "image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF", "image/webp": "WebP" };

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** `pattern` at `at`; null entries match any byte (RIFF's size). */
function matches(b: Uint8Array, at: number, pattern: ArrayLike<number | null>): boolean {
  if (b.length < at + pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== null && b[at + i] !== pattern[i]) return false;
  return true;
}

function signatureMatches(type: ImageType, head: Uint8Array): boolean {
  switch (type) {
    case "image/png":
      return matches(head, 0, PNG_SIGNATURE);
    case "image/jpeg":
      return matches(head, 0, [0xff, 0xd8, 0xff]);
    case "image/gif":
      return matches(head, 0, ascii("GIF87a")) || matches(head, 0, ascii("GIF89a"));
    case "image/webp":
      return matches(head, 0, ascii("RIFF")) && matches(head, 8, ascii("WEBP"));
  }
}

class Malformed extends Error {}

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u16le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);

/** Exactly `n` bytes at `o`, or Malformed (the file ends first). */
function need(src: ByteSource, o: number, n: number, what: string): Uint8Array {
  const b = o + n <= src.size ? src.read(o, n) : new Uint8Array(0);
  if (b.length < n) throw new Malformed(`the file ends inside its ${what}`);
  return b;
}

function png(src: ByteSource): [number, number] {
  // signature, then the first chunk must be IHDR: length 13, width, height (big-endian)
  const b = need(src, 0, 24, "IHDR header");
  if (u32be(b, 8) !== 13 || !matches(b, 12, ascii("IHDR"))) throw new Malformed("the first chunk is not a valid IHDR");
  return [u32be(b, 16), u32be(b, 20)];
}

function gif(src: ByteSource): [number, number] {
  const b = need(src, 0, 10, "logical screen descriptor");
  return [u16le(b, 6), u16le(b, 8)];
}

// SOF0-SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
// markers without a length: TEM, RST0-7 (SOI is only legal at the start)
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

// Real files put a handful of segments (APPn, DQT, DHT, COM) before the frame
// header; the bound keeps a file of millions of tiny segments or fill bytes
// from holding the event loop.
const JPEG_MAX_STEPS = 65_536;

function jpeg(src: ByteSource): [number, number] {
  let at = 2; // after SOI
  let steps = 0;
  const step = () => {
    if (++steps > JPEG_MAX_STEPS) throw new Malformed(`more than ${JPEG_MAX_STEPS} markers or fill bytes before the frame header (SOF)`);
  };
  for (;;) {
    step();
    if (need(src, at, 1, "markers")[0] !== 0xff) throw new Malformed(`no marker at byte ${at}`);
    while (need(src, at, 1, "markers")[0] === 0xff) {
      step();
      at++; // fill bytes
    }
    const marker = src.read(at, 1)[0]!;
    at++;
    if (standalone(marker)) continue;
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8 || marker === 0x00) throw new Malformed("no frame header (SOF) before the image data");
    const length = u16be(need(src, at, 2, "segment length"), 0);
    if (length < 2) throw new Malformed(`a segment at byte ${at} has length ${length}`);
    if (isSof(marker)) {
      if (length < 8) throw new Malformed("the frame header (SOF) is too short");
      const f = need(src, at, 7, "frame header (SOF)");
      return [u16be(f, 5), u16be(f, 3)]; // precision, height, width
    }
    at += length; // length counts its own two bytes: always forward
  }
}

function webp(src: ByteSource): [number, number] {
  const chunk = need(src, 12, 8, "first chunk");
  const fourcc = String.fromCharCode(...chunk.subarray(0, 4));
  switch (fourcc) {
    case "VP8 ": {
      // frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height
      const b = need(src, 20, 10, "VP8 frame header");
      if (!matches(b, 3, [0x9d, 0x01, 0x2a])) throw new Malformed("the VP8 frame has no start code");
      return [u16le(b, 6) & 0x3fff, u16le(b, 8) & 0x3fff];
    }
    case "VP8L": {
      // signature 0x2F, then width-1 and height-1 in 14 bits each (little-endian bit order)
      const b = need(src, 20, 5, "VP8L header");
      if (b[0] !== 0x2f) throw new Malformed("the VP8L chunk has no signature");
      const bits = (b[1]! | (b[2]! << 8) | (b[3]! << 16) | (b[4]! << 24)) >>> 0;
      return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
    }
    case "VP8X": {
      // flags (4 bytes), then canvas width-1 and height-1 in 24 bits each
      const b = need(src, 20, 10, "VP8X header");
      return [u24le(b, 4) + 1, u24le(b, 7) + 1];
    }
    default:
      throw new Malformed("the first chunk is not VP8, VP8L or VP8X");
  }
}

const DIMENSIONS: Record<ImageType, (src: ByteSource) => [number, number]> = { "image/png": png, "image/jpeg": jpeg, "image/gif": gif, "image/webp": webp };

/** Checks the bytes against the declared type and reads the image's size. */
export function probeImage(type: ImageType, src: ByteSource): Probe {
  const name = NAMES[type];
  if (src.size === 0) return { ok: false, code: "required", detail: `The body is empty; send the ${name} file.` };
  if (!signatureMatches(type, src.read(0, Math.min(src.size, 12)))) {
    return { ok: false, code: "format", detail: `The body does not start with the ${name} signature: the file's bytes must match its Content-Type.` };
  }
  try {
    const [width, height] = DIMENSIONS[type](src);
    if (width < 1 || height < 1) return { ok: false, code: "malformed", detail: `The ${name} header gives a size of ${width}×${height}.` };
    return { ok: true, width, height };
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, code: "malformed", detail: `The ${name} header is malformed: ${err.message}.` };
    throw err;
  }
}
