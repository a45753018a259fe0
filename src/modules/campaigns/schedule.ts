// The campaign scheduler's time maths: send windows evaluated in an IANA zone.
// Pure: every instant is epoch milliseconds passed in, nothing reads a clock or a database.
//
// Model. An instant's local wall time is `t + offset(t)` (a "wall" number: epoch-ms arithmetic
// done as if the wall time were UTC). An instant is inside a window when its wall time falls on a
// listed weekday and between start (inclusive) and end (exclusive). Everything else follows from
// that one rule, including DST:
// - spring forward: a wall time in the gap never happens, so a window opening at 02:30 on that
//   night opens at the first instant after the gap (03:00 local); a window lying wholly inside
//   the gap is simply not open that day;
// - fall back: the wall time runs through the repeated hour twice, so an opening at 02:30 is met
//   first at its first occurrence; a window such as 01:00-02:00 contains both passes through
//   01:xx (membership is by wall time, so that night it is open for two real hours), and a
//   window opening at 02:30 on a night that falls back 03:00 -> 02:00 pauses from the fall back
//   until the second 02:30.
// Offsets are piecewise constant, so each function walks constant-offset segments: within one,
// wall time is the instant plus a constant and the answer is plain arithmetic; only when a DST
// transition falls before that answer does the walk restart from the transition.

export interface SendWindow {
  days: number[];
  start: string;
  end: string;
} // days 1=Mon..7=Sun, each once, ascending; "HH:MM"; end may be "24:00"; start < end

const MINUTE = 60_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Validation

const START_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_RE = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** The window check for input validation: empty when fine, else { pointer suffix, detail } per problem. */
export function windowProblems(w: unknown): { pointer: string; detail: string }[] {
  if (typeof w !== "object" || w === null || Array.isArray(w)) {
    return [{ pointer: "", detail: "must be an object with days, start and end" }];
  }
  const { days, start, end } = w as Record<string, unknown>;
  const problems: { pointer: string; detail: string }[] = [];
  if (!Array.isArray(days)) {
    problems.push({ pointer: "/days", detail: "must be an array of weekdays, 1 (Monday) to 7 (Sunday)" });
  } else if (days.length === 0) {
    problems.push({ pointer: "/days", detail: "must list at least one weekday" });
  } else {
    let previous = 0;
    const seen = new Set<number>();
    days.forEach((day, i) => {
      if (typeof day !== "number" || !Number.isInteger(day) || day < 1 || day > 7) {
        problems.push({ pointer: `/days/${i}`, detail: "must be a weekday from 1 (Monday) to 7 (Sunday)" });
        return;
      }
      if (seen.has(day)) problems.push({ pointer: `/days/${i}`, detail: `repeats weekday ${day}; list each day once` });
      else if (day < previous) problems.push({ pointer: `/days/${i}`, detail: `weekday ${day} comes after ${previous}; list days in ascending order` });
      seen.add(day);
      previous = Math.max(previous, day);
    });
  }
  const startOk = typeof start === "string" && START_RE.test(start);
  if (!startOk) {
    problems.push({
      pointer: "/start",
      detail: start === "24:00" ? "24:00 can only end a window; a window opens at 00:00 to 23:59" : "must be a time HH:MM from 00:00 to 23:59",
    });
  }
  const endOk = typeof end === "string" && END_RE.test(end);
  if (!endOk) problems.push({ pointer: "/end", detail: "must be a time HH:MM from 00:01 to 24:00 (24:00 closes at midnight)" });
  if (startOk && endOk && (start as string) >= (end as string)) {
    problems.push({ pointer: "/end", detail: `must be after the start (${start as string}); a window cannot cross midnight` });
  }
  return problems;
}

/** IANA zone names Intl accepts ("Europe/Berlin", "UTC"); not "", unknown names, or offsets like "+02:00". */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz === "" || tz[0] === "+" || tz[0] === "-") return false;
  if (zones.has(tz)) return true;
  try {
    // Recent engines accept offset zones ("+02:00"); those are not IANA names.
    return !/^[+-]/.test(new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Zone offsets
//
// formatToParts costs ~3.5 µs and a forecast asks ~300,000 times, so offsets are cached per zone
// per UTC day: the offset at the day's first and last second, and when they differ, the exact
// transition second found by bisection. Assumption: at most one offset change per UTC day (true
// of every zone in tzdb for any date a campaign can send on). The cache is module-level because it
// memoises a fixed function of (zone, instant) — it holds no state of ours.

interface DayOffsets {
  before: number; // offset (ms) from the day's start
  at: number; // instant of the change, Infinity when none that day
  after: number; // offset from `at` on
}
interface Zone {
  format: Intl.DateTimeFormat;
  days: Map<number, DayOffsets>;
}

const zones = new Map<string, Zone>();
const MAX_CACHED_DAYS = 50_000; // per zone: well over a century; cleared rather than grown without end

function zoneOf(tz: string): Zone {
  let zone = zones.get(tz);
  if (zone === undefined) {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone: tz, // throws RangeError for an unknown zone
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zone = { format, days: new Map() };
    zones.set(tz, zone);
  }
  return zone;
}

/** The offset at t, straight from Intl (whole seconds: tzdb offsets and transitions are whole seconds). */
function rawOffset(zone: Zone, t: number): number {
  let year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, bc = false;
  for (const part of zone.format.formatToParts(t)) {
    switch (part.type) {
      case "year": year = Number(part.value); break;
      case "month": month = Number(part.value); break;
      case "day": day = Number(part.value); break;
      case "hour": hour = Number(part.value) % 24; break; // some engines say 24 for midnight
      case "minute": minute = Number(part.value); break;
      case "second": second = Number(part.value); break;
      case "era": bc = part.value === "BC" || part.value === "B"; break;
    }
  }
  const d = new Date(0);
  d.setUTCFullYear(bc ? 1 - year : year, month - 1, day); // setUTCFullYear keeps years 0-99 literal
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime() - Math.floor(t / 1000) * 1000;
}

function dayOffsets(zone: Zone, dayIndex: number): DayOffsets {
  let entry = zone.days.get(dayIndex);
  if (entry !== undefined) return entry;
  const first = dayIndex * DAY;
  const last = first + DAY - 1000;
  const before = rawOffset(zone, first);
  const after = rawOffset(zone, last);
  let at = Infinity;
  if (before !== after) {
    // Bisect on whole seconds: lo has the old offset, hi the new one.
    let lo = first, hi = last;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (rawOffset(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    at = hi;
  }
  entry = { before, at, after };
  if (zone.days.size >= MAX_CACHED_DAYS) zone.days.clear();
  zone.days.set(dayIndex, entry);
  return entry;
}

function offsetAt(zone: Zone, t: number): number {
  const e = dayOffsets(zone, Math.floor(t / DAY));
  return t < e.at ? e.before : e.after;
}

/** The first offset change in (a, b], or null when the offset is constant there. */
function transitionIn(zone: Zone, a: number, b: number): number | null {
  for (let d = Math.floor(a / DAY), last = Math.floor(b / DAY); d <= last; d++) {
    const at = dayOffsets(zone, d).at;
    if (at > a && at <= b) return at;
  }
  return null;
}

/**
 * The first instant u >= t whose wall time is accepted, where `target(wall)` gives the first
 * accepted wall time >= wall as if no offset changed. Walks constant-offset segments.
 */
function walk(zone: Zone, t: number, target: (wall: number) => number): number {
  let x = t;
  for (let segment = 0; segment < 64; segment++) {
    const offset = offsetAt(zone, x);
    const candidate = target(x + offset) - offset;
    if (candidate === x) return x;
    const transition = transitionIn(zone, x, candidate);
    if (transition === null) return candidate;
    x = transition; // no instant in [x, transition) is accepted: their wall times lie before the target
  }
  throw new Error("schedule: no answer within 64 offset changes"); // unreachable for tzdb zones
}

// ---------------------------------------------------------------------------------------------
// Windows

/** Minutes after midnight of "HH:MM" (validated elsewhere), as milliseconds. */
function clockMs(hhmm: string): number {
  return ((hhmm.charCodeAt(0) - 48) * 600 + (hhmm.charCodeAt(1) - 48) * 60 + (hhmm.charCodeAt(3) - 48) * 10 + (hhmm.charCodeAt(4) - 48)) * MINUTE;
}

/** ISO weekday (1 = Monday) of a wall day number; day 0 (1970-01-01) was a Thursday. */
function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

interface Parsed {
  mask: number; // bit n set = ISO weekday n open
  start: number; // ms after local midnight
  end: number;
}

// a campaign's window object is read for every send a forecast simulates: parsed once
const parsed = new WeakMap<SendWindow, Parsed>();

function parse(w: SendWindow): Parsed {
  let p = parsed.get(w);
  if (p) return p;
  let mask = 0;
  for (const d of w.days) mask |= 1 << d;
  p = { mask, start: clockMs(w.start), end: clockMs(w.end) };
  parsed.set(w, p);
  return p;
}

/** The first wall time >= wall inside the window, in plain wall arithmetic (at most 7 days on). */
function nextWallOpen(p: Parsed, wall: number): number {
  const today = Math.floor(wall / DAY);
  const sinceMidnight = wall - today * DAY;
  for (let k = 0; k < 8; k++) {
    const day = today + k;
    if ((p.mask & (1 << isoWeekday(day))) === 0) continue;
    if (k > 0 || sinceMidnight < p.start) return day * DAY + p.start;
    if (sinceMidnight < p.end) return wall;
  }
  throw new Error("schedule: a send window lists no weekday"); // windowProblems rejects it first
}

/** The first instant >= t that is inside the window in zone tz (t itself when inside). window null = always open. */
export function nextOpening(t: number, window: SendWindow | null, tz: string): number {
  if (window === null) return t;
  const p = parse(window);
  return walk(zoneOf(tz), t, (wall) => nextWallOpen(p, wall));
}

/** Whether t is inside the window in tz. */
export function insideWindow(t: number, window: SendWindow | null, tz: string): boolean {
  if (window === null) return true;
  const p = parse(window);
  const wall = t + offsetAt(zoneOf(tz), t);
  const day = Math.floor(wall / DAY);
  const sinceMidnight = wall - day * DAY;
  return (p.mask & (1 << isoWeekday(day))) !== 0 && sinceMidnight >= p.start && sinceMidnight < p.end;
}

/**
 * When the window that contains t closes (exclusive end instant). Precondition: insideWindow(t).
 * Each local day's window is its own window: one ending at 24:00 closes at local midnight even
 * when the next day's opens at 00:00 (then nextOpening(close) === close). On a fall-back night
 * the close is the first instant whose wall time leaves the window, so a window ending inside the
 * repeated hour closes at the first pass (and reopens when the clock falls back into it).
 */
export function windowCloses(t: number, window: SendWindow, tz: string): number {
  const p = parse(window);
  const zone = zoneOf(tz);
  const day = Math.floor((t + offsetAt(zone, t)) / DAY);
  const opens = day * DAY + p.start;
  const closes = day * DAY + p.end;
  return walk(zone, t, (wall) => (wall >= opens && wall < closes ? closes : wall));
}

/** The first instant whose wall time is >= wall (its first occurrence; after a gap, the gap's end). */
function firstAtWall(zone: Zone, wall: number): number {
  // 36 h before: no offset exceeds ±18 h, so that instant's wall time is still before `wall`.
  return walk(zone, wall - 36 * 3_600_000, (w) => (w >= wall ? w : wall));
}

/** The start instant of the local calendar day containing t in tz (for per-day caps: "day" = local day of the window's zone). */
export function localDayStart(t: number, tz: string): number {
  const zone = zoneOf(tz);
  const wall = t + offsetAt(zone, t);
  return firstAtWall(zone, Math.floor(wall / DAY) * DAY);
}

/** The local date "YYYY-MM-DD" of t in tz. */
export function localDate(t: number, tz: string): string {
  const zone = zoneOf(tz);
  // Civil date of a day number (Howard Hinnant's days_from_civil, inverted).
  const z = Math.floor((t + offsetAt(zone, t)) / DAY) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** Due time of a step: base + delaySeconds, then moved to nextOpening. */
export function dueAfter(base: number, delaySeconds: number, window: SendWindow | null, tz: string): number {
  return nextOpening(base + delaySeconds * 1000, window, tz);
}
