// Letters NFKD keeps whole (no base letter and mark to split), written out in
// ASCII so text folded for matching reads alike with and without them:
// Polish and Croatian ł đ, Nordic ø æ ð þ, Turkish dotless ı, French œ.
const WHOLE_LETTERS = /[łđðıøæœþ]/g;
const WRITTEN_OUT: Record<string, string> = { ł: "l", đ: "d", ð: "d", ı: "i", ø: "o", æ: "ae", œ: "oe", þ: "th" };

/** `s` (lower case) with those letters written out: "wysłać" reads "wyslać", "ønsker" "onsker". */
export const writeOutLetters = (s: string): string => s.replace(WHOLE_LETTERS, (c) => WRITTEN_OUT[c]!);
