// A sending domain's two DKIM keys: RSA-2048 (what every verifier knows) and
// Ed25519 (RFC 8463, small and fast), each under its own selector. Private
// halves are PKCS#8 PEM sealed with the secret box; public halves are what the
// records publish: RSA as base64 SubjectPublicKeyInfo DER, Ed25519 as the
// base64 of its raw 32 bytes (RFC 8463 §4.2).
// The MTA asks here whether a domain may send and with which keys.
import { generateKeyPair, randomBytes, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import type { Ctx } from "../../../context";
import type { Db } from "../../../db/client";
import { preparedOnce } from "../../../db/prepared";
import { lookupForm } from "./domain-name";

const generate = promisify(generateKeyPair);

export interface DkimKeys {
  rsaSelector: string;
  rsaPrivateKey: string; // sealed
  rsaPublicKey: string;
  ed25519Selector: string;
  ed25519PrivateKey: string; // sealed
  ed25519PublicKey: string;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `nb` + 8 random characters: a selector stem of its own for every domain, so keys can be rotated under new ones. */
function selectorStem(): string {
  return "nb" + Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

const pem = (k: KeyObject) => k.export({ format: "pem", type: "pkcs8" }) as string;

/**
 * Makes both key pairs. Node's asynchronous generateKeyPair runs off the event
 * loop (an RSA-2048 pair takes ~70 ms), so other requests are answered meanwhile.
 */
export async function generateDkimKeys(ctx: Pick<Ctx, "secrets">): Promise<DkimKeys> {
  const [rsa, ed] = await Promise.all([generate("rsa", { modulusLength: 2048, publicExponent: 0x10001 }), generate("ed25519")]);
  const stem = selectorStem();
  const raw = Buffer.from(ed.publicKey.export({ format: "jwk" }).x!, "base64url");
  return {
    rsaSelector: `${stem}r`,
    rsaPrivateKey: ctx.secrets.seal(pem(rsa.privateKey)),
    rsaPublicKey: (rsa.publicKey.export({ format: "der", type: "spki" }) as Buffer).toString("base64"),
    ed25519Selector: `${stem}e`,
    ed25519PrivateKey: ctx.secrets.seal(pem(ed.privateKey)),
    ed25519PublicKey: raw.toString("base64"),
  };
}

/** What the MTA signs with: both keys of a domain, private halves opened. */
export interface SigningKeys {
  domain: string;
  keys: { selector: string; algorithm: "rsa-sha256" | "ed25519-sha256"; privateKey: string }[];
}

interface KeyRow {
  status: string;
  verifiedAt: number | null;
  rsaSelector: string;
  rsaPrivateKey: string;
  ed25519Selector: string;
  ed25519PrivateKey: string;
}

// Called for every message the MTA sends: one statement prepared once per database.
const keyRow = (db: Db) =>
  preparedOnce(db, "sending_domains.keys_by_domain", () =>
    db.$client.prepare<KeyRow, [string, string]>(
      `SELECT status, verified_at AS verifiedAt, rsa_selector AS rsaSelector, rsa_private_key AS rsaPrivateKey,
              ed25519_selector AS ed25519Selector, ed25519_private_key AS ed25519PrivateKey
         FROM sending_domains WHERE workspace_id = ?1 AND domain = ?2`,
    ),
  );

/**
 * Whether the domain may send: verified, or being verified again after it was
 * (a manual re-check does not stop its mail; a failed check does).
 */
export function mayUse(row: Pick<KeyRow, "status" | "verifiedAt">): boolean {
  return row.status === "verified" || (row.status === "verifying" && row.verifiedAt !== null);
}

function usableRow(ctx: Ctx, workspaceId: string, domain: string): { domain: string; row: KeyRow } | null {
  const d = lookupForm(domain);
  if (!d) return null;
  const row = keyRow(ctx.db).get(workspaceId, d);
  return row && mayUse(row) ? { domain: d, row } : null;
}

/** Whether the workspace has this domain (any case, U- or A-labels) and it may send. */
export function isDomainVerified(ctx: Ctx, workspaceId: string, domain: string): boolean {
  return usableRow(ctx, workspaceId, domain) !== null;
}

/**
 * Both signing keys of the workspace's domain, or null when it has no such
 * domain or it is not verified. Not cached here (a call reads the row and
 * opens both sealed keys, ~50 µs); the MTA reads them once per claimed batch.
 */
export function signingKeysFor(ctx: Ctx, a: { workspaceId: string; domain: string }): SigningKeys | null {
  const found = usableRow(ctx, a.workspaceId, a.domain);
  if (!found) return null;
  const { row } = found;
  return {
    domain: found.domain,
    keys: [
      { selector: row.rsaSelector, algorithm: "rsa-sha256", privateKey: ctx.secrets.open(row.rsaPrivateKey) },
      { selector: row.ed25519Selector, algorithm: "ed25519-sha256", privateKey: ctx.secrets.open(row.ed25519PrivateKey) },
    ],
  };
}
