// Human pacing, as pure planning over a ledger (PaceBook) that the scheduler
// backs with the database and the forecast with memory — the same code
// decides both, so a forecast is what the scheduler then does.
//
// A send slot for a sender is the first instant that is
//   - not before the enrollment is due (nor before now),
//   - not before its connection's next free slot (the previous send + a gap
//     drawn between min_gap_seconds and max_gap_seconds),
//   - inside the send window in the recipient's zone,
//   - on a UTC day where the identity is under its daily cap (the
//     connection's daily_cap, lowered by the identity's warm-up ramp) and the
//     connection's quota scope under its messages_per_day.
// The gap is "random" but drawn from a hash of the connection and the slot,
// so the forecast draws the same one.
import { nextOpening, type SendWindow } from "./schedule";

export const DAY_MS = 86_400_000;
/** How far ahead a campaign looks for room before it calls the pool full. */
export const MAX_LOOKAHEAD_DAYS = 60;

export interface Ramp {
  start: number;
  growth: number;
  ceiling: number;
}

/** One sender of a campaign's pool, as planning sees it. */
export interface PoolMember {
  identityId: string;
  connectionId: string;
  quotaScopeId: string | null;
  email: string;
  name: string | null;
  domain: string;
  replyTo: string | null;
  minGapSeconds: number;
  maxGapSeconds: number;
  /** Campaign messages a day for each identity of the connection (null: no cap). */
  dailyCap: number | null;
  /** The quota scope's messages_per_day (null: none). */
  quotaPerDay: number | null;
  ramp: Ramp | null;
  rampStartedAt: number | null;
  /** Sends now: enabled, its connection active, its quota scope not paused. */
  usable: boolean;
  /** Why it does not send now (shown on the campaign and the enrollment). */
  why: string | null;
}

/** What planning reads and reserves: each connection's next free slot and per-day counts by key (sid_, qsc_); days are UTC day numbers. */
export interface PaceBook {
  nextSlot(connectionId: string): number;
  setNextSlot(connectionId: string, at: number): void;
  planned(key: string, day: number): number;
  add(key: string, day: number, n?: number): void;
}

/** The UTC day number of an instant (days since the epoch). */
export const dayOf = (t: number) => Math.floor(t / DAY_MS);
/** "YYYY-MM-DD" of a UTC day number. */
export const dayName = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayStart = (t: number) => dayOf(t) * DAY_MS;

/** The identity's campaign sends allowed on the UTC day starting at `day` (Infinity: no cap). */
export function identityCap(m: PoolMember, day: number): number {
  let cap = m.dailyCap ?? Infinity;
  if (m.ramp) {
    const since = m.rampStartedAt === null ? 0 : Math.max(0, Math.floor((day - dayStart(m.rampStartedAt)) / DAY_MS));
    cap = Math.min(cap, Math.min(m.ramp.ceiling, m.ramp.start + m.ramp.growth * since));
  }
  return cap;
}

function hasRoom(m: PoolMember, t: number, book: PaceBook): boolean {
  const day = dayOf(t);
  if (book.planned(m.identityId, day) >= identityCap(m, day * DAY_MS)) return false;
  return !(m.quotaScopeId && m.quotaPerDay !== null && book.planned(m.quotaScopeId, day) >= m.quotaPerDay);
}

/** `capped`: a daily cap pushed the slot to a later day (a conversation then shows it waits for its sender). */
export type Slot = { at: number; capped: boolean } | { full: true; retryAt: number };

/** The member's first slot at or after `from` (see the file's comment); `full` when no day within the lookahead has room. */
export function slotFor(m: PoolMember, from: number, book: PaceBook, window: SendWindow | null, tz: string, openingOfFrom?: number): Slot {
  const start = Math.max(from, book.nextSlot(m.connectionId));
  // most members are free by `from`: their opening is the caller's, computed once
  let t = start === from && openingOfFrom !== undefined ? openingOfFrom : nextOpening(start, window, tz);
  for (let i = 0; i < MAX_LOOKAHEAD_DAYS; i++) {
    if (hasRoom(m, t, book)) return { at: t, capped: i > 0 };
    t = nextOpening(dayStart(t) + DAY_MS, window, tz);
  }
  return { full: true, retryAt: t };
}

/** Takes the slot: counted for its day, and the connection's next slot moved one gap on. */
export function reserve(m: PoolMember, at: number, book: PaceBook): void {
  const day = dayOf(at);
  book.add(m.identityId, day);
  if (m.quotaScopeId && m.quotaPerDay !== null) book.add(m.quotaScopeId, day);
  book.setNextSlot(m.connectionId, at + gapMs(m, at));
}

/** Gives back a reserved slot's day counts (its message was not made); the connection's gap stays spent. */
export function release(m: PoolMember, at: number, book: PaceBook): void {
  const day = dayOf(at);
  book.add(m.identityId, day, -1);
  if (m.quotaScopeId && m.quotaPerDay !== null) book.add(m.quotaScopeId, day, -1);
}

export function gapMs(m: PoolMember, at: number): number {
  const span = Math.max(0, m.maxGapSeconds - m.minGapSeconds);
  return (m.minGapSeconds + (span ? mix(connectionHash(m), at) % (span + 1) : 0)) * 1000;
}

/**
 * The sender for a new conversation: the usable member with the earliest
 * slot; among equals the one with the fewest sends planned that day, then the
 * pool's order — so an unpaced pool takes turns.
 */
export function pickSender(members: readonly PoolMember[], from: number, book: PaceBook, window: SendWindow | null, tz: string): { member: PoolMember; at: number } | { full: true; retryAt: number } | null {
  let best: { member: PoolMember; at: number; load: number; index: number } | null = null;
  let retryAt = Infinity;
  const opening = nextOpening(from, window, tz);
  // a member's slot is never before its connection is free: the earliest-free are looked at first,
  // and a member free only after the best slot found so far is not looked at (most of a paced pool)
  const free = members.map((m) => (m.usable ? Math.max(from, book.nextSlot(m.connectionId)) : Infinity));
  let earliest = Infinity;
  for (const f of free) if (f < earliest) earliest = f;
  for (const pass of [0, 1]) {
    for (let index = 0; index < members.length; index++) {
      const f = free[index]!;
      if (f === Infinity || (pass === 0) !== (f === earliest)) continue;
      if (best && f > best.at) continue;
      const m = members[index]!;
      const s = slotFor(m, from, book, window, tz, opening);
      if ("full" in s) {
        retryAt = Math.min(retryAt, s.retryAt);
        continue;
      }
      if (best && s.at > best.at) continue;
      const load = book.planned(m.identityId, dayOf(s.at));
      if (!best || s.at < best.at || load < best.load || (load === best.load && index < best.index)) best = { member: m, at: s.at, load, index };
    }
  }
  if (best) return { member: best.member, at: best.at };
  return Number.isFinite(retryAt) ? { full: true, retryAt } : null;
}

const connectionHashes = new WeakMap<PoolMember, number>();
const connectionHash = (m: PoolMember) => {
  let h = connectionHashes.get(m);
  if (h === undefined) connectionHashes.set(m, (h = hash32(m.connectionId)));
  return h;
};

/** A 32-bit draw from a hash and an instant (murmur3's finalizer over both halves of the milliseconds). */
function mix(h: number, at: number): number {
  let x = (h ^ (at >>> 0) ^ Math.imul(Math.floor(at / 0x100000000), 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** FNV-1a: a cheap, stable 32-bit hash for deterministic draws. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
