// GET/HEAD /images/{id}: an image's public URL, for mail clients and their
// image proxies (no credential, no rate limit: every opened message asks).
// The file is streamed by Bun from disk; an image never changes (a new upload
// is a new id), so it is cacheable forever and its ETag is its SHA-256. The
// headers keep a browser from running it as anything but an image.
import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { IMAGE_TYPES } from "../../modules/content/image-probe";
import { publicImage } from "../../modules/content/images";

const Params = t.Object({ id: t.String({ description: "The image's id (img_…)" }) });

/** If-None-Match names this tag (RFC 9110 §13.1.2: weak comparison, or `*`). */
function notModified(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function publicImageRoutes(ctx: Ctx) {
  const serve = ({ params, request }: { params: { id: string }; request: Request }) => {
    const image = publicImage(ctx, params.id);
    const etag = `"${image.sha256}"`;
    const headers: Record<string, string> = {
      "cache-control": "public, max-age=31536000, immutable",
      etag,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    };
    if (notModified(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(Bun.file(image.path), { headers: { ...headers, "content-type": image.contentType } });
  };
  const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } });
  const binary = Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: "string" as const, contentMediaType: type } }]));
  return new Elysia({ prefix: "/images", tags: ["Content"] })
    .get("/:id", serve, {
      params: Params,
      detail: {
        summary: "An image's public URL",
        description:
          "The `url` of an image (POST /v1/images); no credential. The stored file with its Content-Type, `Cache-Control: public, max-age=31536000, immutable` and an ETag (its SHA-256; If-None-Match answers 304). HEAD answers the same headers. A deleted image answers 404 at once.",
        security: [],
        responses: {
          200: { description: "The file", content: binary },
          304: { description: "Not modified: If-None-Match names the image's ETag" },
          404: problem("No such image, or it was deleted (not_found)"),
        },
      },
    })
    .head("/:id", serve, { params: Params, detail: { hide: true } });
}
