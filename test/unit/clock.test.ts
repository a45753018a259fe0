// iso() must be exactly Date#toISOString: it formats every timestamp the API answers.
import { describe, expect, test } from "bun:test";
import { iso } from "../../src/lib/clock";

describe("iso", () => {
  test("matches toISOString at the edges and across a wide random sample", () => {
    const edges = [0, -1, 1, 999, 1000, 86_399_999, 86_400_000, -86_400_001, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(1900, 0, 1), 253402300799999, 253402300800000, -62167219200001, 8.64e15, -8.64e15];
    for (const ms of edges) expect(iso(ms)).toBe(new Date(ms).toISOString());
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.3) * 4e12;
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(next());
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
  });

  test("many values in a row stay exact, and repeat reads give the same string", () => {
    const start = Date.UTC(2026, 10, 22);
    for (let i = 0; i < 25_000; i++) expect(iso(start + i * 1001)).toBe(new Date(start + i * 1001).toISOString());
    expect(iso(start)).toBe(iso(start));
    expect(iso(start + 7)).toBe("2026-11-22T00:00:00.007Z");
  });

  test("null stays null; an invalid time throws as Date would", () => {
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError);
    expect(() => iso(Number.NaN)).toThrow(RangeError); // a failure is not remembered
  });
});
