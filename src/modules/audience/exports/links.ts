// Download links of ready exports: GET /downloads/exports/{id}?expires=&signature=
// needs no credential; the HMAC (key derived for this purpose only) binds the
// export id to the link's expiry, so a link cannot be stretched or moved.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../../../context";
import { DomainError } from "../../../lib/errors";

export const LINK_TTL_SECONDS = 15 * 60;

function sign(ctx: Ctx, id: string, expires: number): string {
  return createHmac("sha256", ctx.secrets.derive("export-links")).update(`${id}.${expires}`).digest("base64url");
}

/** A link valid for 15 minutes from now. */
export function downloadLink(ctx: Ctx, id: string): { url: string; expiresAt: number } {
  const expires = Math.floor(ctx.clock.now() / 1000) + LINK_TTL_SECONDS;
  return { url: `${ctx.config.baseUrl}/downloads/exports/${id}?expires=${expires}&signature=${sign(ctx, id, expires)}`, expiresAt: expires * 1000 };
}

/** Throws 403 `forbidden` for a missing or tampered link, 410 `gone` for an expired one. */
export function checkDownloadLink(ctx: Ctx, id: string, expires: string | undefined, signature: string | undefined): void {
  const bad = () => new DomainError("forbidden", "The download link is not valid: use the url of GET /v1/exports/{id} as it is.");
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw bad();
  const expect = Buffer.from(sign(ctx, id, Number(expires)));
  if (!timingSafeEqual(expect, Buffer.from(signature))) throw bad();
  if (ctx.clock.now() > Number(expires) * 1000) {
    throw new DomainError("gone", "The download link expired (links last 15 minutes); GET /v1/exports/{id} answers a fresh one.");
  }
}
