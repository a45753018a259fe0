// Writing CSV (exports, import error reports): RFC 4180 quoting, CRLF, and a
// guard against formula injection: a cell a spreadsheet would evaluate (it
// starts with =, +, -, @, tab or CR and holds more than digits and number
// punctuation, e.g. a function or a DDE call) gets a leading apostrophe, the
// spreadsheet's own "text" prefix. Numbers and phone lists ("+33612345678",
// "-5", "+44 20;+33 6") stay as they are; the importer drops the apostrophe.
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBERS_ONLY = /^[0-9\s+\-.,;:()/]*$/;

/** The apostrophe the writer puts before a formula-like cell. */
export const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(s) && !NUMBERS_ONLY.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(cells: readonly unknown[]): string {
  let out = "";
  for (let i = 0; i < cells.length; i++) out += (i ? "," : "") + csvCell(cells[i]);
  return out + "\r\n";
}
