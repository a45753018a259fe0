// A greeting to the reader by name ("Hi Dana,", "Hola Dana:", "Добрый день, Дана!", "Sehr geehrte Frau
// Whitfield"): a person wrote it. An autoresponder knows no one's name; a help desk that does writes the whole
// name from the From: field ("Dear Dana Whitfield,"), which is not read as one.
import { fold } from "./fold";

export interface ReaderName {
  given: string;
  family: string | null;
}

/** Titles before a family name, folded ("Frau Whitfield", "Ms. Whitfield", "Pani Whitfield"). */
const TITLES = "mr|mrs|ms|miss|dr|frau|herr|madame|mme|monsieur|senora|sra|senor|sr|signora|signor|mevrouw|mevr|meneer|dhr|pani|pan|fru";

// Cyrillic and Greek letters written in Latin, for a name greeted in those scripts ("Дана" is Dana)
const LATIN: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", ґ: "g", д: "d", е: "e", ё: "e", є: "ye", ж: "zh", з: "z", и: "i", і: "i", ї: "i", й: "i", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  α: "a", β: "v", γ: "g", δ: "d", ε: "e", ζ: "z", η: "i", θ: "th", ι: "i", κ: "k", λ: "l", μ: "m", ν: "n", ξ: "x", ο: "o", π: "p", ρ: "r", σ: "s", ς: "s", τ: "t", υ: "y", φ: "f", χ: "ch", ψ: "ps", ω: "o",
};
const latin = (s: string) => s.replace(/[\u0370-\u03ff\u0400-\u04ff]/g, (c) => LATIN[c] ?? c);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names of the mailboxes the message was written to (display names only: a local part is often no name). */
export function readerNames(mailboxes: readonly { email: string; name: string | null }[], ours: (email: string) => boolean): ReaderName[] {
  const out: ReaderName[] = [];
  for (const m of mailboxes) {
    if (!m.name || m.name.includes("@") || !ours(m.email.toLowerCase())) continue;
    const words = fold(m.name).replace(/[^a-z' -]/g, " ").split(/\s+/).filter((w) => w.length >= 2);
    if (words.length === 0 || words[0]!.length < 3) continue;
    out.push({ given: words[0]!, family: words.length > 1 ? words[words.length - 1]! : null });
  }
  return out;
}

/** Whether the text's first line greets one of `names` by their given name alone, or by a title and their family name. */
export function greetsReader(visible: string, names: readonly ReaderName[]): boolean {
  if (names.length === 0) return false;
  const first = visible.trimStart().split("\n", 1)[0]!;
  // a reply written on one line ("Hi Dana, I'm on leave till the 20th, write to me then…"): its opening words up to the first comma
  const opening = first.length > 80 ? /^[^,:;!.?]{1,40}[,:;!]/.exec(first)?.[0] : first;
  if (!opening) return false;
  const line = latin(fold(opening));
  return names.some(({ given, family }) => {
    const alone = new RegExp(`(?<![a-z])${escape(given)}(?![a-z])${family ? `(?! ${escape(family)}(?![a-z]))` : ""}`);
    const titled = family ? new RegExp(`(?<![a-z])(?:${TITLES})\\.? ${escape(family)}(?![a-z])`) : null;
    return alone.test(line) || (titled?.test(line) ?? false);
  });
}
