// Tiny real images as bytes, for upload tests: a PNG built here (zlib, CRC-32),
// and well-known 1×1 GIF, JPEG and WebP files.
import { deflateSync } from "node:zlib";

const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A valid RGB PNG of `width`×`height` black pixels. */
export function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const raw = Buffer.alloc(height * (1 + width * 3)); // each row: filter byte 0, then pixels
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", new Uint8Array(0))]);
}

/** The classic 1×1 transparent GIF89a. */
export const GIF_1x1 = b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");

/** A 1×1 progressive JPEG (JFIF, SOF2). */
export const JPEG_1x1 = b64(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
);

/** 1×1 WebP files: lossy (VP8), lossless (VP8L), extended with alpha (VP8X). */
export const WEBP_1x1 = {
  vp8: b64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA"),
  vp8l: b64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="),
  vp8x: b64("UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA=="),
};

/**
 * JPEG_1x1 with its frame size set to `width`×`height` and `padding` bytes of
 * APP segments (EXIF-like metadata) before the frame header.
 */
export function jpeg(width: number, height: number, padding = 0): Uint8Array {
  const j = Buffer.from(JPEG_1x1);
  const sof = j.indexOf(Buffer.from([0xff, 0xc2]));
  j.writeUInt16BE(height, sof + 5);
  j.writeUInt16BE(width, sof + 7);
  const apps: Buffer[] = [];
  for (let left = padding; left > 0; ) {
    const n = Math.min(left, 65533);
    const seg = Buffer.alloc(4 + n, 0x41);
    seg.set([0xff, 0xe1], 0);
    seg.writeUInt16BE(n + 2, 2);
    apps.push(seg);
    left -= n;
  }
  return Buffer.concat([j.subarray(0, 2), ...apps, j.subarray(2)]);
}
