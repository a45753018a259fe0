// Send-window time maths. Expected instants are worked out by hand from the 2026 rules:
// Berlin CET (+01) -> CEST (+02) at 2026-03-29 01:00Z, back at 2026-10-25 01:00Z;
// New York EST (-05) -> EDT (-04) at 2026-03-08 07:00Z, back at 2026-11-01 06:00Z.
// All four change days are Sundays (weekday 7).
import { describe, expect, test } from "bun:test";
import {
  dueAfter,
  insideWindow,
  isValidTimeZone,
  localDate,
  localDayStart,
  nextOpening,
  windowCloses,
  windowProblems,
  type SendWindow,
} from "../../src/modules/campaigns/schedule";

const at = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const win = (start: string, end: string, days = EVERY_DAY): SendWindow => ({ days, start, end });
const OFFICE = win("09:00", "17:00", [1, 2, 3, 4, 5]);
const HOUR = 3600;
const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";

describe("Europe/Berlin, spring forward (2026-03-29, 02:00 CET -> 03:00 CEST)", () => {
  test("a 02:30 opening does not exist that night: the window opens at 03:00 CEST", () => {
    const w = win("02:30", "05:00");
    expect(iso(nextOpening(at("2026-03-28T23:00:00Z"), w, BERLIN))).toBe("2026-03-29T01:00:00.000Z");
    expect(insideWindow(at("2026-03-29T00:59:59.999Z"), w, BERLIN)).toBe(false); // 01:59:59 CET
    expect(insideWindow(at("2026-03-29T01:00:00Z"), w, BERLIN)).toBe(true); // 03:00 CEST
    expect(iso(windowCloses(at("2026-03-29T01:00:00Z"), w, BERLIN))).toBe("2026-03-29T03:00:00.000Z"); // 05:00 CEST
    // The days either side open at 02:30 in their own offsets.
    expect(iso(nextOpening(at("2026-03-27T23:00:00Z"), w, BERLIN))).toBe("2026-03-28T01:30:00.000Z");
    expect(iso(nextOpening(at("2026-03-29T03:00:00Z"), w, BERLIN))).toBe("2026-03-30T00:30:00.000Z");
  });

  test("a 09:00 opening that day is 09:00 CEST", () => {
    expect(iso(nextOpening(at("2026-03-28T17:00:00Z"), win("09:00", "17:00", [7]), BERLIN))).toBe("2026-03-29T07:00:00.000Z");
    expect(iso(nextOpening(at("2026-03-28T17:00:00Z"), win("09:00", "17:00"), BERLIN))).toBe("2026-03-29T07:00:00.000Z");
  });

  test("due times across the night", () => {
    const w = win("09:00", "17:00");
    // Sat 09:00 CET + 24 h = Sun 10:00 CEST: inside, unchanged.
    expect(iso(dueAfter(at("2026-03-28T08:00:00Z"), 24 * HOUR, w, BERLIN))).toBe("2026-03-29T08:00:00.000Z");
    // Sat 18:00 CET + 1 h = 19:00 CET: moved to Sun 09:00 CEST.
    expect(iso(dueAfter(at("2026-03-28T17:00:00Z"), HOUR, w, BERLIN))).toBe("2026-03-29T07:00:00.000Z");
    // Sat 23:30 CET + 2 h lands after the gap at 02:30 CEST (00:30Z); 02:30 window opens at once.
    expect(iso(dueAfter(at("2026-03-28T22:30:00Z"), 2 * HOUR, win("02:30", "05:00"), BERLIN))).toBe("2026-03-29T01:00:00.000Z");
  });

  test("a window wholly inside the gap is shut that day; one ending in the gap closes at the jump", () => {
    expect(iso(nextOpening(at("2026-03-28T23:00:00Z"), win("02:15", "02:45"), BERLIN))).toBe("2026-03-30T00:15:00.000Z");
    const w = win("01:00", "02:30", [7]);
    expect(insideWindow(at("2026-03-29T00:30:00Z"), w, BERLIN)).toBe(true); // 01:30 CET
    expect(iso(windowCloses(at("2026-03-29T00:30:00Z"), w, BERLIN))).toBe("2026-03-29T01:00:00.000Z");
  });
});

describe("Europe/Berlin, fall back (2026-10-25, 03:00 CEST -> 02:00 CET)", () => {
  test("a 02:30 opening means its first occurrence (02:30 CEST)", () => {
    const w = win("02:30", "05:00");
    expect(iso(nextOpening(at("2026-10-24T22:00:00Z"), w, BERLIN))).toBe("2026-10-25T00:30:00.000Z");
    // Membership is by wall time: when the clock falls back to 02:00 CET it is before 02:30 again,
    // so the window pauses for half an hour and reopens at the second 02:30.
    expect(iso(windowCloses(at("2026-10-25T00:30:00Z"), w, BERLIN))).toBe("2026-10-25T01:00:00.000Z");
    expect(insideWindow(at("2026-10-25T01:00:00Z"), w, BERLIN)).toBe(false); // 02:00 CET
    expect(iso(nextOpening(at("2026-10-25T01:00:00Z"), w, BERLIN))).toBe("2026-10-25T01:30:00.000Z"); // 02:30 CET
    expect(iso(windowCloses(at("2026-10-25T01:30:00Z"), w, BERLIN))).toBe("2026-10-25T04:00:00.000Z"); // 05:00 CET
  });

  test("a 09:00 opening that day is 09:00 CET", () => {
    expect(iso(nextOpening(at("2026-10-24T18:00:00Z"), win("09:00", "17:00", [7]), BERLIN))).toBe("2026-10-25T08:00:00.000Z");
  });

  test("a window ending in the repeated hour closes at its first pass and reopens on the second", () => {
    const w = win("01:00", "02:30", [7]);
    expect(iso(nextOpening(at("2026-10-24T22:00:00Z"), w, BERLIN))).toBe("2026-10-24T23:00:00.000Z"); // 01:00 CEST
    expect(iso(windowCloses(at("2026-10-24T23:30:00Z"), w, BERLIN))).toBe("2026-10-25T00:30:00.000Z"); // 02:30 CEST
    expect(iso(nextOpening(at("2026-10-25T00:30:00Z"), w, BERLIN))).toBe("2026-10-25T01:00:00.000Z"); // 02:00 CET
    expect(iso(windowCloses(at("2026-10-25T01:00:00Z"), w, BERLIN))).toBe("2026-10-25T01:30:00.000Z"); // 02:30 CET
  });

  test("due times across the night", () => {
    // Sat 09:00 CEST + 24 h = Sun 08:00 CET: moved to 09:00 CET.
    expect(iso(dueAfter(at("2026-10-24T07:00:00Z"), 24 * HOUR, win("09:00", "17:00"), BERLIN))).toBe("2026-10-25T08:00:00.000Z");
    // Sun 00:00 CEST + 2 h = 02:00 CEST, before a 02:30 opening: 02:30 CEST.
    expect(iso(dueAfter(at("2026-10-24T22:00:00Z"), 2 * HOUR, win("02:30", "05:00"), BERLIN))).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("America/New_York, spring forward (2026-03-08, 02:00 EST -> 03:00 EDT)", () => {
  test("02:30 does not exist: opens at 03:00 EDT; 09:00 is 09:00 EDT", () => {
    const w = win("02:30", "05:00");
    expect(iso(nextOpening(at("2026-03-08T05:00:00Z"), w, NEW_YORK))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(windowCloses(at("2026-03-08T07:00:00Z"), w, NEW_YORK))).toBe("2026-03-08T09:00:00.000Z");
    expect(iso(nextOpening(at("2026-03-07T23:00:00Z"), win("09:00", "17:00", [7]), NEW_YORK))).toBe("2026-03-08T13:00:00.000Z");
  });

  test("due times across the night", () => {
    // Sat 09:00 EST + 24 h = Sun 10:00 EDT: inside.
    expect(iso(dueAfter(at("2026-03-07T14:00:00Z"), 24 * HOUR, win("09:00", "17:00"), NEW_YORK))).toBe("2026-03-08T14:00:00.000Z");
    // Sat 17:00 EST + 1 h: Sun 09:00 EDT.
    expect(iso(dueAfter(at("2026-03-07T22:00:00Z"), HOUR, win("09:00", "17:00"), NEW_YORK))).toBe("2026-03-08T13:00:00.000Z");
  });
});

describe("America/New_York, fall back (2026-11-01, 02:00 EDT -> 01:00 EST)", () => {
  test("02:30 occurs once (EST); 01:30 means its first occurrence (EDT); 09:00 is 09:00 EST", () => {
    expect(iso(nextOpening(at("2026-11-01T04:00:00Z"), win("02:30", "05:00"), NEW_YORK))).toBe("2026-11-01T07:30:00.000Z");
    expect(iso(nextOpening(at("2026-11-01T04:00:00Z"), win("01:30", "05:00"), NEW_YORK))).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(nextOpening(at("2026-10-31T22:00:00Z"), win("09:00", "17:00", [7]), NEW_YORK))).toBe("2026-11-01T14:00:00.000Z");
  });

  test("a 01:00-02:00 window holds both passes through 01:xx (two real hours)", () => {
    const w = win("01:00", "02:00", [7]);
    expect(iso(nextOpening(at("2026-11-01T04:00:00Z"), w, NEW_YORK))).toBe("2026-11-01T05:00:00.000Z");
    expect(insideWindow(at("2026-11-01T06:30:00Z"), w, NEW_YORK)).toBe(true); // 01:30 EST
    expect(iso(windowCloses(at("2026-11-01T05:00:00Z"), w, NEW_YORK))).toBe("2026-11-01T07:00:00.000Z"); // 02:00 EST
  });

  test("due times across the night", () => {
    // Sat 09:00 EDT + 24 h = Sun 08:00 EST: moved to 09:00 EST.
    expect(iso(dueAfter(at("2026-10-31T13:00:00Z"), 24 * HOUR, win("09:00", "17:00"), NEW_YORK))).toBe("2026-11-01T14:00:00.000Z");
  });
});

describe("window shapes", () => {
  test("24:00 closes at the next local midnight", () => {
    const friday = win("18:00", "24:00", [5]);
    expect(iso(windowCloses(at("2026-01-09T19:00:00Z"), friday, BERLIN))).toBe("2026-01-09T23:00:00.000Z");
    expect(insideWindow(at("2026-01-09T22:59:59.999Z"), friday, BERLIN)).toBe(true);
    expect(insideWindow(at("2026-01-09T23:00:00Z"), friday, BERLIN)).toBe(false);
    // Across a year end in New York: Thu 2026-12-31 20:00-24:00 EST.
    const nye = win("20:00", "24:00", [4]);
    expect(iso(nextOpening(at("2026-12-31T12:00:00Z"), nye, NEW_YORK))).toBe("2027-01-01T01:00:00.000Z");
    expect(iso(windowCloses(at("2027-01-01T02:00:00Z"), nye, NEW_YORK))).toBe("2027-01-01T05:00:00.000Z");
  });

  test("each day's window is its own: an all-day window closes at midnight and reopens at once", () => {
    const always = win("00:00", "24:00");
    const close = windowCloses(at("2026-03-28T12:00:00Z"), always, BERLIN);
    expect(iso(close)).toBe("2026-03-28T23:00:00.000Z");
    expect(nextOpening(close, always, BERLIN)).toBe(close);
    // The short day: Sunday 2026-03-29 lasts 23 hours.
    expect(iso(windowCloses(close, always, BERLIN))).toBe("2026-03-29T22:00:00.000Z");
  });

  test("a Friday-evening due time moves to Monday 09:00", () => {
    expect(iso(dueAfter(at("2026-01-09T16:00:00Z"), HOUR, OFFICE, BERLIN))).toBe("2026-01-12T08:00:00.000Z");
    expect(iso(dueAfter(at("2026-01-09T21:00:00Z"), HOUR, OFFICE, NEW_YORK))).toBe("2026-01-12T14:00:00.000Z");
  });

  test("null window: always open", () => {
    const t = at("2026-01-10T03:17:00Z");
    expect(nextOpening(t, null, BERLIN)).toBe(t);
    expect(insideWindow(t, null, BERLIN)).toBe(true);
    expect(dueAfter(t, 90, null, BERLIN)).toBe(t + 90_000);
  });

  test("weekdays are numbered 1 = Monday to 7 = Sunday", () => {
    // 2026-01-04 is a Sunday, 2026-01-05 a Monday.
    expect(iso(nextOpening(at("2026-01-04T12:00:00Z"), win("09:00", "10:00", [1]), "UTC"))).toBe("2026-01-05T09:00:00.000Z");
    expect(iso(nextOpening(at("2026-01-05T12:00:00Z"), win("09:00", "10:00", [7]), "UTC"))).toBe("2026-01-11T09:00:00.000Z");
    expect(insideWindow(at("2026-01-05T09:30:00Z"), win("09:00", "10:00", [1]), "UTC")).toBe(true);
    expect(insideWindow(at("2026-01-05T09:30:00Z"), win("09:00", "10:00", [7]), "UTC")).toBe(false);
    // The same instant is Saturday in Kiritimati (+14) and Friday in Pago Pago (-11).
    const t = at("2026-01-09T12:00:00Z");
    expect(insideWindow(t, win("00:00", "24:00", [6]), "Pacific/Kiritimati")).toBe(true);
    expect(insideWindow(t, win("00:00", "24:00", [5]), "Pacific/Pago_Pago")).toBe(true);
  });
});

describe("zones off the hour, east and west", () => {
  test("Asia/Kathmandu (+05:45): Friday 17:45 moves to Monday 09:00", () => {
    expect(iso(nextOpening(at("2026-01-09T12:00:00Z"), OFFICE, "Asia/Kathmandu"))).toBe("2026-01-12T03:15:00.000Z");
    expect(iso(windowCloses(at("2026-01-12T03:15:00Z"), OFFICE, "Asia/Kathmandu"))).toBe("2026-01-12T11:15:00.000Z");
    expect(iso(localDayStart(at("2026-01-09T12:00:00Z"), "Asia/Kathmandu"))).toBe("2026-01-08T18:15:00.000Z");
  });

  test("Asia/Kolkata (+05:30), America/St_Johns (-03:30), Pacific/Chatham (+13:45)", () => {
    const monday = at("2026-01-12T00:00:00Z");
    expect(iso(nextOpening(monday, OFFICE, "Asia/Kolkata"))).toBe("2026-01-12T03:30:00.000Z");
    expect(iso(nextOpening(monday, OFFICE, "America/St_Johns"))).toBe("2026-01-12T12:30:00.000Z");
    // Already Monday 13:45 in Chatham: inside.
    expect(iso(nextOpening(monday, OFFICE, "Pacific/Chatham"))).toBe("2026-01-12T00:00:00.000Z");
  });

  test("the recipient's zone and the campaign's give different instants", () => {
    const base = at("2026-01-12T06:00:00Z"); // Monday
    expect(iso(dueAfter(base, 0, OFFICE, BERLIN))).toBe("2026-01-12T08:00:00.000Z");
    expect(iso(dueAfter(base, 0, OFFICE, NEW_YORK))).toBe("2026-01-12T14:00:00.000Z");
  });
});

describe("local days", () => {
  test("localDayStart and localDate across DST days and a year end", () => {
    expect(iso(localDayStart(at("2026-03-29T12:00:00Z"), BERLIN))).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(localDayStart(at("2026-10-25T12:00:00Z"), BERLIN))).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(localDayStart(at("2026-11-01T12:00:00Z"), NEW_YORK))).toBe("2026-11-01T04:00:00.000Z");
    // Chile springs forward at midnight: Sunday 2026-09-06 begins at 01:00 (-03).
    expect(iso(localDayStart(at("2026-09-06T12:00:00Z"), "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
    const newYearUtc = at("2027-01-01T02:00:00Z");
    expect(localDate(newYearUtc, NEW_YORK)).toBe("2026-12-31");
    expect(localDate(newYearUtc, BERLIN)).toBe("2027-01-01");
    expect(localDate(at("2026-01-09T12:00:00Z"), "Pacific/Kiritimati")).toBe("2026-01-10");
    expect(localDate(at("2024-02-29T12:00:00Z"), "UTC")).toBe("2024-02-29");
    expect(iso(localDayStart(newYearUtc, NEW_YORK))).toBe("2026-12-31T05:00:00.000Z");
  });
});

describe("against a reference that steps through Intl every 15 minutes", () => {
  // Independent of the module: weekday and wall clock straight from Intl for each instant.
  const formats = new Map<string, Intl.DateTimeFormat>();
  const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
  function refInside(t: number, w: SendWindow, tz: string): boolean {
    let f = formats.get(tz);
    if (!f) formats.set(tz, (f = new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
    const parts = Object.fromEntries(f.formatToParts(t).map((p) => [p.type, p.value]));
    const hhmm = `${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}`;
    return w.days.includes(WEEKDAY[parts.weekday!]!) && hhmm >= w.start && hhmm < w.end;
  }
  const QUARTER = 15 * 60_000;

  test("nextOpening, insideWindow and windowCloses agree on DST weeks in several zones", () => {
    const zones = [BERLIN, NEW_YORK, "Asia/Kathmandu", "Australia/Lord_Howe", "America/Santiago", "Pacific/Chatham", "UTC"];
    const windows = [OFFICE, win("02:30", "05:00"), win("01:00", "02:30", [6, 7]), win("22:00", "24:00", [1, 3, 7]), win("00:00", "01:15", [2])];
    const starts = ["2026-03-27T00:00:00Z", "2026-10-23T00:00:00Z", "2026-04-03T00:00:00Z", "2026-09-04T00:00:00Z", "2026-10-02T00:00:00Z", "2026-12-30T00:00:00Z"];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let checked = 0;
    for (const tz of zones) {
      for (const w of windows) {
        for (let i = 0; i < 3; i++) {
          const t = at(starts[Math.floor(rand() * starts.length)]!) + Math.floor(rand() * 4 * 96) * QUARTER;
          let ref = t;
          while (!refInside(ref, w, tz)) ref += QUARTER;
          expect(iso(nextOpening(t, w, tz))).toBe(iso(ref));
          expect(insideWindow(t, w, tz)).toBe(refInside(t, w, tz));
          let end = ref + QUARTER;
          while (refInside(end, w, tz) && localDate(end, tz) === localDate(ref, tz)) end += QUARTER;
          expect(iso(windowCloses(ref, w, tz))).toBe(iso(end));
          checked++;
        }
      }
    }
    expect(checked).toBe(105);
  });
});

describe("windowProblems", () => {
  const ok = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };
  const problems = (patch: Record<string, unknown>) => windowProblems({ ...ok, ...patch });

  test("a good window has none", () => {
    expect(windowProblems(ok)).toEqual([]);
    expect(problems({ days: [7], start: "00:00", end: "24:00" })).toEqual([]);
  });

  test("days: empty, out of range, repeated, not ascending, not a list", () => {
    expect(problems({ days: [] })).toEqual([{ pointer: "/days", detail: "must list at least one weekday" }]);
    expect(problems({ days: [0, 1, 8, 2.5] }).map((p) => p.pointer)).toEqual(["/days/0", "/days/2", "/days/3"]);
    expect(problems({ days: [1, 2, 2] })).toEqual([{ pointer: "/days/2", detail: "repeats weekday 2; list each day once" }]);
    expect(problems({ days: [1, 3, 2] })).toEqual([{ pointer: "/days/2", detail: "weekday 2 comes after 3; list days in ascending order" }]);
    expect(problems({ days: "1-5" }).map((p) => p.pointer)).toEqual(["/days"]);
  });

  test("bad HH:MM", () => {
    for (const bad of ["9:00", "25:00", "12:60", "09:00:00", "", 900]) {
      expect(problems({ start: bad }).map((p) => p.pointer)).toEqual(["/start"]);
      expect(problems({ end: bad }).map((p) => p.pointer)).toEqual(["/end"]);
    }
  });

  test("start not before end; 24:00 only ends a window", () => {
    expect(problems({ start: "17:00", end: "17:00" })).toEqual([{ pointer: "/end", detail: "must be after the start (17:00); a window cannot cross midnight" }]);
    expect(problems({ start: "22:00", end: "06:00" }).map((p) => p.pointer)).toEqual(["/end"]);
    expect(problems({ start: "10:00", end: "00:00" }).map((p) => p.pointer)).toEqual(["/end"]);
    expect(problems({ start: "24:00", end: "24:00" })).toEqual([{ pointer: "/start", detail: "24:00 can only end a window; a window opens at 00:00 to 23:59" }]);
  });

  test("not an object", () => {
    for (const bad of [null, "09:00-17:00", [1, 2], 3]) expect(windowProblems(bad).map((p) => p.pointer)).toEqual([""]);
    expect(windowProblems({}).map((p) => p.pointer)).toEqual(["/days", "/start", "/end"]);
  });
});

describe("isValidTimeZone", () => {
  test("IANA names pass; empty, unknown names and offsets fail", () => {
    for (const tz of ["Europe/Berlin", "UTC", "America/New_York", "Asia/Kathmandu", "America/Argentina/Buenos_Aires"]) expect(isValidTimeZone(tz)).toBe(true);
    for (const tz of ["", "Mars/Base", "+02:00", "-05:00", "+0200", "GMT+2", "Europe/Berlin "]) expect(isValidTimeZone(tz)).toBe(false);
  });
});
