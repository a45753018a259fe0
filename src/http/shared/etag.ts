import { DomainError } from "../../lib/errors";

const TAG = /^\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/;

/**
 * `If-Match` (RFC 9110 §13.1.1): `*`, or a list of entity tags; absent →
 * undefined. Our versions are strong tags, so only `"<digits>"` entries can
 * match (a weak or foreign tag never does, per strong comparison); a header
 * that is not a list of entity tags → 400.
 */
export function parseIfMatch(value: string | null | undefined): number[] | "*" | undefined {
  if (value == null) return undefined;
  if (value.trim() === "*") return "*";
  const versions: number[] = [];
  let rest = value;
  while (rest.trim() !== "") {
    const m = TAG.exec(rest);
    if (!m) throw new DomainError("invalid_request", 'If-Match must be *, or entity tags such as "1732230000000000" (several separated by commas).');
    if (!m[1] && /^\d{1,19}$/.test(m[2]!)) versions.push(Number(m[2]));
    rest = rest.slice(m[0].length);
  }
  return versions;
}

export const etagOf = (version: number) => `"${version}"`;
