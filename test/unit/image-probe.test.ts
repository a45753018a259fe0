import { describe, expect, test } from "bun:test";
import { bytesSource, probeImage, type ImageType } from "../../src/modules/content/image-probe";
import { GIF_1x1, JPEG_1x1, jpeg, png, WEBP_1x1 } from "../helpers/images";

const probe = (type: ImageType, b: Uint8Array) => probeImage(type, bytesSource(b));
const size = (width: number, height: number) => ({ ok: true as const, width, height });

describe("probeImage", () => {
  test("reads each format's size from its header", () => {
    expect(probe("image/png", png(3, 2))).toEqual(size(3, 2));
    expect(probe("image/gif", GIF_1x1)).toEqual(size(1, 1));
    expect(probe("image/jpeg", JPEG_1x1)).toEqual(size(1, 1));
    expect(probe("image/jpeg", jpeg(640, 480))).toEqual(size(640, 480));
    expect(probe("image/jpeg", jpeg(300, 200, 200_000))).toEqual(size(300, 200)); // metadata segments walked first
    for (const w of Object.values(WEBP_1x1)) expect(probe("image/webp", w)).toEqual(size(1, 1));
  });

  test("GIF and WebP sizes are not swapped", () => {
    const gif = Buffer.from(GIF_1x1);
    gif.writeUInt16LE(5, 6);
    gif.writeUInt16LE(7, 8);
    expect(probe("image/gif", gif)).toEqual(size(5, 7));
    const vp8x = Buffer.from(WEBP_1x1.vp8x);
    vp8x.writeUIntLE(1919, 24, 3);
    vp8x.writeUIntLE(1079, 27, 3);
    expect(probe("image/webp", vp8x)).toEqual(size(1920, 1080));
    const vp8 = Buffer.from(WEBP_1x1.vp8);
    vp8.writeUInt16LE(0xc000 | 800, 26); // the top two bits are the scale, not the size
    vp8.writeUInt16LE(600, 28);
    expect(probe("image/webp", vp8)).toEqual(size(800, 600));
  });

  test("bytes of another format, or none, are refused", () => {
    expect(probe("image/jpeg", png(1, 1))).toMatchObject({ ok: false, code: "format" });
    expect(probe("image/png", JPEG_1x1)).toMatchObject({ ok: false, code: "format" });
    expect(probe("image/webp", GIF_1x1)).toMatchObject({ ok: false, code: "format" });
    expect(probe("image/gif", new TextEncoder().encode("GIF90a......"))).toMatchObject({ ok: false, code: "format" });
    expect(probe("image/png", new Uint8Array(0))).toMatchObject({ ok: false, code: "required" });
    expect(probe("image/png", Uint8Array.of(0x89, 0x50))).toMatchObject({ ok: false, code: "format" });
  });

  test("every truncation of every format is a problem, never a throw", () => {
    const files: [ImageType, Uint8Array][] = [
      ["image/png", png(2, 2)],
      ["image/gif", GIF_1x1],
      ["image/jpeg", JPEG_1x1],
      ["image/webp", WEBP_1x1.vp8],
      ["image/webp", WEBP_1x1.vp8l],
      ["image/webp", WEBP_1x1.vp8x],
    ];
    for (const [type, bytes] of files) {
      const whole = probe(type, bytes);
      expect(whole.ok).toBe(true);
      // a prefix is either too short for the header (refused) or holds all of it (the same size)
      for (let n = 0; n < bytes.length; n++) {
        const r = probe(type, bytes.subarray(0, n));
        if (r.ok) expect(r).toEqual(whole as typeof r);
        else expect(["required", "format", "malformed"]).toContain(r.code);
      }
    }
    expect(probe("image/png", png(2, 2).subarray(0, 20))).toMatchObject({ ok: false, code: "malformed" });
    expect(probe("image/jpeg", jpeg(2, 2, 1000).subarray(0, 500))).toMatchObject({ ok: false, code: "malformed" });
  });

  test("malformed headers: zero sizes, a JPEG without a frame header, bad segment lengths, unknown WebP chunks", () => {
    expect(probe("image/png", png(0, 5))).toMatchObject({ ok: false, code: "malformed" });
    expect(probe("image/jpeg", jpeg(0, 5))).toMatchObject({ ok: false, code: "malformed" });
    const noSof = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xda, 0x00, 0x08]);
    expect(probe("image/jpeg", noSof)).toMatchObject({ ok: false, code: "malformed" });
    const zeroLength = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xe0, 0x00, 0x00]);
    expect(probe("image/jpeg", zeroLength)).toMatchObject({ ok: false, code: "malformed" });
    const notMarker = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x12, 0x34]);
    expect(probe("image/jpeg", notMarker)).toMatchObject({ ok: false, code: "malformed" });
    const onlyFill = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(10_000, 0xff)]);
    expect(probe("image/jpeg", onlyFill)).toMatchObject({ ok: false, code: "malformed" });
    const alph = Buffer.from(WEBP_1x1.vp8l);
    alph.write("ALPH", 12, "latin1");
    expect(probe("image/webp", alph)).toMatchObject({ ok: false, code: "malformed" });
    const noStart = Buffer.from(WEBP_1x1.vp8);
    noStart[23] = 0;
    expect(probe("image/webp", noStart)).toMatchObject({ ok: false, code: "malformed" });
  });

  test("the marker walk is bounded: a file of millions of tiny segments or fill bytes is refused (the walk stops after 65,536 steps)", () => {
    const j = jpeg(9, 4);
    const around = (middle: Buffer) => Buffer.concat([j.subarray(0, 2), middle, j.subarray(2)]);
    const comments = (n: number) => {
      const segs = Buffer.alloc(n * 4);
      for (let i = 0; i < n; i++) segs.set([0xff, 0xfe, 0x00, 0x02], i * 4);
      return segs;
    };
    expect(probe("image/jpeg", around(comments(1000)))).toEqual(size(9, 4)); // many, but within reason
    expect(probe("image/jpeg", around(comments(4 << 20)))).toMatchObject({ ok: false, code: "malformed" }); // 16 MiB of them
    expect(probe("image/jpeg", around(Buffer.alloc(16 << 20, 0xff)))).toMatchObject({ ok: false, code: "malformed" });
  });
});
