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
  return ms == null ? null : new Date(ms).toISOString();
}
