import { createHash, randomBytes } from "node:crypto";

export type KeyKind = "api" | "workspace" | "cli" | "verification";

/** Token prefix by kind and workspace mode. */
export function tokenPrefix(kind: KeyKind, mode: "live" | "test"): string {
  switch (kind) {
    case "api":
      return mode === "live" ? "nb_live_" : "nb_test_";
    case "workspace":
      return "nbs_";
    case "cli":
      return "nbc_";
    case "verification":
      return mode === "live" ? "ak_live_" : "ak_test_";
  }
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** prefix + 40 base62 characters (~238 bits). */
export function newToken(prefix: string): string {
  const bytes = randomBytes(40);
  let s = "";
  for (const b of bytes) s += ALPHABET[b % 62];
  return prefix + s;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The token of presented credentials `Bearer <token>` (an Authorization header's value), or null. */
export function bearerToken(credentials: string): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(credentials);
  return m ? m[1]! : null;
}

/** Which API a token belongs to, from its prefix alone. */
export function tokenApi(token: string): "a" | "b" | null {
  if (/^(nb_live_|nb_test_|nbs_|nbc_)[0-9A-Za-z]{40}$/.test(token)) return "b";
  if (/^ak_(live|test)_[0-9A-Za-z]{40}$/.test(token)) return "a";
  return null;
}
