import { rmSync } from "node:fs";
import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { receiveUpload } from "../../modules/audience/imports/upload";
import { IMAGE_TYPES, isImageType } from "../../modules/content/image-probe";
import { createImage, deleteImage, getImage, IMAGE_LIMIT, imagesDir, listImages, type Image } from "../../modules/content/images";
import { ImageSchema, imageView } from "../../representations/image";
import { RawBody, registerRawBody } from "../shared/body";
import { idempotent } from "../shared/idempotency";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, Page } from "../shared/schemas";

// the body is the file itself: handed over unread, counted while it is stored (413 past the limit)
registerRawBody({ method: "POST", path: /^\/v1\/images\/?$/, types: [...IMAGE_TYPES], limit: IMAGE_LIMIT });

const ListQuery = t.Object(PageQuery, { additionalProperties: false });
const Params = IdParams("img");
const SEND_A_FILE = "Send the image file as the body with its own Content-Type: image/png, image/jpeg, image/gif or image/webp.";

const CREATE_DESCRIPTION = [
  "The body is the file, with its own `Content-Type`: `image/png`, `image/jpeg`, `image/gif` or `image/webp` (any other type, SVG included, is 415). At most 16 MiB (413).",
  "",
  "The first bytes must be the declared format's signature, and its header must give the image's size (`width`, `height`); otherwise 422 naming `body`.",
  "",
  "Answers 201 with the image; its `url` is public (no credential) and serves the file with a long cache lifetime, for the HTML of a message or variant. An Idempotency-Key covers the file's SHA-256 and type.",
].join("\n");

export function imageRoutes(ctx: Ctx, limiter: RateLimiter) {
  const view = (i: Image) => imageView(i, ctx.config.baseUrl);
  return new Elysia({ prefix: "/images", tags: ["Content"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "images", query, {}, (page) => listImages(ctx, { workspaceId: principal.workspaceId, page }), view), {
      scope: "content:write",
      query: ListQuery,
      doc: { summary: "List images", description: "Newest first by default; deleted images are not listed.", ok: Page(ImageSchema), errors: [400, 422] },
    })
    .post(
      "",
      async ({ principal, body, request }) => {
        const workspaceId = principal.workspaceId;
        // a JSON (or empty) body: the key is still checked first, and the refusal stored with it
        if (!(body instanceof RawBody)) {
          return idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
            throw new DomainError("unsupported_media_type", SEND_A_FILE);
          });
        }
        const contentType = body.contentType;
        if (!isImageType(contentType)) throw new DomainError("unsupported_media_type", SEND_A_FILE);
        const upload = await receiveUpload(imagesDir(ctx), body.stream, body.limit, { hash: true });
        const sha256 = upload.sha256!;
        let stored = false;
        try {
          // the fingerprint is the file's hash, known only once it is received
          return await idempotent(ctx, request, principal, { api: "b", mode: "optional", body: { content_type: contentType, sha256 } }, () => {
            const image = createImage(ctx, { workspaceId, contentType, upload: { path: upload.path, bytes: upload.bytes, sha256 } });
            stored = true;
            return { status: 201, headers: { location: `/v1/images/${image.id}` }, body: view(image) };
          });
        } finally {
          if (!stored) rmSync(upload.path, { force: true });
        }
      },
      {
        scope: "content:write",
        idempotency: { mode: "optional", inHandler: true },
        doc: {
          summary: "Upload an image",
          description: CREATE_DESCRIPTION,
          status: 201,
          ok: ImageSchema,
          errors: [400, 413, 415, 422],
          extra: {
            requestBody: {
              required: true,
              content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: "string", contentMediaType: type, description: "The file, at most 16 MiB" } }])),
            },
          },
        },
      },
    )
    .get("/:id", ({ principal, params }) => view(getImage(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "content:write",
      params: Params,
      doc: { summary: "Retrieve an image", ok: ImageSchema, errors: [404] },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteImage(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      {
        scope: "content:write",
        params: Params,
        doc: {
          summary: "Delete an image",
          description: "Its public URL answers 404 from this answer on (a copy a mail client or proxy cached may still show); the file is removed.",
          status: 204,
          errors: [404],
        },
      },
    );
}
