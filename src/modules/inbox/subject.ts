// A subject without the prefixes mail clients add when replying or forwarding
// (Re:, Fwd:, AW:, WG:, SV:, VS:, RE[2]:, Réf.:, RV:, R:, Antw:, Enc:, TR:…),
// whitespace folded and lower-cased: what threading by subject compares.
const PREFIX = /^\s*(?:re|fwd?|aw|wg|sv|vs|antw|antwort|rv|r|enc|tr|réf\.?|ref\.?|rif\.?|doorst|odp|vb)\s*(?:\[\d+\]|\(\d+\))?\s*[:：]\s*/iu;

export function baseSubject(subject: string): string {
  return withoutPrefixes(subject).replace(/\s+/g, " ").trim().toLowerCase();
}

/** The subject as written, its reply and forward prefixes taken off. */
export function withoutPrefixes(subject: string): string {
  let s = subject.slice(0, 998);
  for (let i = 0; i < 20; i++) {
    const next = s.replace(PREFIX, "");
    if (next === s) break;
    s = next;
  }
  return s;
}
