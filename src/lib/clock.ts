// Time is injected so tests drive retries, leases and expiry without sleeping.
export interface Clock {
  now(): number; // milliseconds since the Unix epoch
}

export const systemClock: Clock = { now: () => Date.now() };

export class FakeClock implements Clock {
  constructor(private ms = Date.parse("2026-01-01T00:00:00Z")) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function iso(ms: number): string;
export function iso(ms: number | null | undefined): string | null;
/** Date#toISOString of an epoch-ms time; null stays null. */
export function iso(ms: number | null | undefined): string | null {
  if (ms == null) return null;
  let text = recent.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString(); // RangeError for NaN or out of range, as Date
    if (recent.size >= RECENT_MAX) recent.clear();
    recent.set(ms, text);
  }
  return text;
}

// API objects carry the same few timestamps over and over (every read of a
// row, every page of a list: three per row of a 100-item page), and a fresh
// string costs more to format and then to copy into the JSON body than a map
// lookup. Recent values are kept, bounded; a value not seen yet costs one
// toISOString and a map insert.
const RECENT_MAX = 10_000;
const recent = new Map<number, string>();
