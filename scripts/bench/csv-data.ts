// Deterministic people CSV for the parse and import benchmarks.
// Rows average ~165 bytes so 100,000 rows land just under the 16 MiB import limit.
// Mixes in the awkward cases real exports have: quoted commas, doubled quotes,
// embedded newlines, non-ASCII names and CRLF line endings.

const GIVEN = ["Ada", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah", "Gonçalo", "Hana", "Ilse", "Jonas"];
const FAMILY = ["Lovelace", "Silva", "Müller", "O'Brien", "Nakamura", "Østergaard", "Kowalski", "Nguyen"];
const COMPANY = ["Acme", "Globex, Inc.", "Initech", "Umbrella", "Stark Industries", "Wayne Enterprises"];
const ZONES = ["Europe/Paris", "America/New_York", "Asia/Tokyo", "Europe/Berlin", "America/Sao_Paulo"];
const PLANS = ["free", "starter", "growth", "enterprise"];
const NOTE_WORDS = "met at the conference follow up next quarter prefers email over calls interested in pricing".split(" ");

export const PEOPLE_CSV_HEADER =
  "email,first name,last name,company,phone,timezone,notes,plan,seats,signup_date";

/** Builds a CSV of `rows` people plus a header, CRLF-terminated, UTF-8 without BOM. */
export function generatePeopleCsv(rows: number): Uint8Array {
  let seed = 0x9e3779b9;
  // Why: a tiny xorshift keeps the file identical between runs without Math.random.
  const rnd = (n: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const lines: string[] = [PEOPLE_CSV_HEADER];
  for (let i = 0; i < rows; i++) {
    const given = GIVEN[rnd(GIVEN.length)];
    const family = FAMILY[rnd(FAMILY.length)];
    const words: string[] = [];
    const target = 35 + rnd(40);
    for (let len = 0; len < target; ) {
      const w = NOTE_WORDS[rnd(NOTE_WORDS.length)];
      words.push(w);
      len += w.length + 1;
    }
    let notes = words.join(" ");
    if (i % 10 === 0) notes = `"${notes}, said ""maybe""\nsecond line"`; // quoted, comma, quotes, newline
    const date = `2024-${String(1 + rnd(12)).padStart(2, "0")}-${String(1 + rnd(28)).padStart(2, "0")}`;
    lines.push(
      [
        `${given.toLowerCase().replace(/[^a-z]/g, "")}.${i}@example${rnd(50)}.com`,
        given,
        quote(family),
        quote(COMPANY[rnd(COMPANY.length)]),
        `+1 555 ${String(rnd(10_000_000)).padStart(7, "0")}`,
        ZONES[rnd(ZONES.length)],
        notes,
        PLANS[rnd(PLANS.length)],
        String(1 + rnd(500)),
        date,
      ].join(","),
    );
  }
  return new TextEncoder().encode(lines.join("\r\n") + "\r\n");
}

function quote(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}
