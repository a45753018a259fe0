import { DomainError } from "../../lib/errors";

/** `If-Match: "<version>"` or `*`; absent → undefined; anything else → 400. */
export function parseIfMatch(value: string | null | undefined): number | "*" | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (v === "*") return "*";
  const m = /^(?:W\/)?"(\d{1,19})"$/.exec(v);
  if (!m) throw new DomainError("invalid_request", 'If-Match must be a quoted version such as "1732230000000000", or *.');
  return Number(m[1]);
}

export const etagOf = (version: number) => `"${version}"`;
