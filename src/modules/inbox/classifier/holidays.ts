// The bank holidays of the United Kingdom (England and Wales) and Ireland, which
// writers there name instead of a date: "out of the office until after the bank
// holiday". Computed, not listed, so every year is known: Easter by the
// Gregorian computus (Meeus/Jones/Butcher), the Mondays by their rule, a fixed
// day on a weekend moved to the next weekday.

const DAY = 86400000;

/** Easter Sunday of `year` (ms UTC, 00:00). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** The first (n = 1) or last (n = -1) Monday of a month (0-based). */
function monday(year: number, month: number, n: 1 | -1): number {
  if (n === 1) {
    const first = Date.UTC(year, month, 1);
    return first + ((8 - new Date(first).getUTCDay()) % 7) * DAY;
  }
  const last = Date.UTC(year, month + 1, 0);
  return last - ((new Date(last).getUTCDay() + 6) % 7) * DAY;
}

/** Fixed days, each on the next free weekday when it falls on a weekend (Christmas on a Saturday: Monday and Tuesday). */
function observed(days: number[]): number[] {
  const out: number[] = [];
  for (const d of days) {
    let day = d;
    while (new Date(day).getUTCDay() % 6 === 0 || out.includes(day)) day += DAY;
    out.push(day);
  }
  return out;
}

/** Every bank holiday of `year` in the UK or Ireland, in order. */
export function bankHolidays(year: number): number[] {
  const e = easter(year);
  return [
    ...observed([Date.UTC(year, 0, 1)]),
    monday(year, 1, 1), // Ireland: St Brigid's Day
    ...observed([Date.UTC(year, 2, 17)]), // Ireland: St Patrick's Day
    e - 2 * DAY, // Good Friday
    e + DAY, // Easter Monday
    monday(year, 4, 1),
    monday(year, 4, -1),
    monday(year, 5, 1), // Ireland: June
    monday(year, 7, 1), // Ireland and Scotland: August
    monday(year, 7, -1),
    monday(year, 9, -1), // Ireland: October
    ...observed([Date.UTC(year, 11, 25), Date.UTC(year, 11, 26)]),
  ].sort((a, b) => a - b);
}

/**
 * The first working day after the next bank holiday from `today` (ms UTC, 00:00), within `days`: Easter's Friday and
 * Monday are one break, and so are Christmas and Boxing Day. Null when none comes in that time.
 */
export function afterNextBankHoliday(today: number, days: number): number | null {
  const year = new Date(today).getUTCFullYear();
  const all = [...bankHolidays(year), ...bankHolidays(year + 1)];
  const next = all.find((d) => d >= today);
  if (next === undefined || next - today > days * DAY) return null;
  let day = next + DAY;
  while (new Date(day).getUTCDay() % 6 === 0 || all.includes(day)) day += DAY;
  return day;
}
