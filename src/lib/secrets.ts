// Secrets kept for later use (SMTP passwords, DKIM private keys) are sealed with
// AES-256-GCM. The key comes from NEARBOUND_SECRET_KEY or a 0600 key file.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A derived key for other purposes (HMAC of cursors, download links). */
  derive(purpose: string): Buffer;
}

export function loadSecretKey(dataDir: string, fromEnv: string | null): Buffer {
  if (fromEnv) return createHash("sha256").update(fromEnv).digest();
  const file = join(dataDir, "secret.key");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  const derived = new Map<string, Buffer>(); // a handful of purposes, asked for on hot paths
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
      return ["v1", iv.toString("base64"), c.getAuthTag().toString("base64"), body.toString("base64")].join(":");
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split(":");
      if (v !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed secret");
      const d = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      d.setAuthTag(Buffer.from(tag, "base64"));
      return Buffer.concat([d.update(Buffer.from(body, "base64")), d.final()]).toString("utf8");
    },
    derive(purpose) {
      let k = derived.get(purpose);
      if (!k) derived.set(purpose, (k = createHash("sha256").update(key).update("\0" + purpose).digest()));
      return k;
    },
  };
}
