// Images a workspace uploads for the HTML of its messages, served at a public
// URL. The bytes live at <dataDir>/images/<img_id>; the row holds what the
// file's own header says (type, size) and its SHA-256 (the public ETag).
// Deleting sets deleted_at first, so the public URL answers 404 in the same
// request, then removes the file.
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { and, asc, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { countCapped, type Page, type PageRequest } from "../../db/queries";
import { preparedOnce } from "../../db/prepared";
import { images } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { isId, newId } from "../../lib/ids";
import { probeImage, type ByteSource, type ImageType } from "./image-probe";

export type Image = typeof images.$inferSelect;

/** SPEC: Limits (image upload). */
export const IMAGE_LIMIT = 16 * 1024 * 1024;

export function imagesDir(ctx: Ctx): string {
  const dir = join(ctx.config.dataDir, "images");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

const imagePath = (ctx: Ctx, id: string) => join(ctx.config.dataDir, "images", id);

const WINDOW = 16 * 1024;

/**
 * A file read through one 16 KiB window: the JPEG marker walk makes many small
 * reads close together, and a jump over a large segment reads only where it lands.
 */
function fileSource(fd: number, size: number): ByteSource {
  let start = 0;
  let buf = new Uint8Array(0);
  return {
    size,
    read(offset, length) {
      if (offset < start || offset + length > start + buf.length) {
        start = offset;
        buf = new Uint8Array(Math.max(WINDOW, length));
        buf = buf.subarray(0, readSync(fd, buf, 0, buf.length, offset));
      }
      return buf.subarray(offset - start, offset - start + length);
    },
  };
}

/**
 * Stores an uploaded file (received under imagesDir: receiveUpload) as a new
 * image: its bytes must be the declared type with a readable size (422 naming
 * `body` otherwise). The upload is moved into place; the caller removes it when
 * this throws.
 */
export function createImage(ctx: Ctx, a: { workspaceId: string; contentType: ImageType; upload: { path: string; bytes: number; sha256: string } }): Image {
  const fd = openSync(a.upload.path, "r");
  let probe;
  try {
    probe = probeImage(a.contentType, fileSource(fd, a.upload.bytes));
  } finally {
    closeSync(fd);
  }
  if (!probe.ok) throw invalidField("body", probe.code, probe.detail);
  const id = newId("img");
  // in place before the row exists: a row never names a missing file
  renameSync(a.upload.path, imagePath(ctx, id));
  try {
    return ctx.db
      .insert(images)
      .values({ id, workspaceId: a.workspaceId, contentType: a.contentType, bytes: a.upload.bytes, width: probe.width, height: probe.height, sha256: a.upload.sha256, createdAt: ctx.clock.now() })
      .returning()
      .get();
  } catch (err) {
    rmSync(imagePath(ctx, id), { force: true });
    throw err;
  }
}

const live = (workspaceId: string) => and(eq(images.workspaceId, workspaceId), isNull(images.deletedAt));

export function getImage(ctx: Ctx, a: { workspaceId: string; id: string }): Image {
  const row = ctx.db
    .select()
    .from(images)
    .where(and(live(a.workspaceId), eq(images.id, a.id)))
    .get();
  if (!row) throw notFound("image");
  return row;
}

/** The workspace's images, newest first by default (ids are time-ordered); deleted ones are gone. */
export function listImages(ctx: Ctx, a: { workspaceId: string; page: PageRequest }): Page<Image> {
  const p = a.page;
  const after = p.after ? (p.order === "desc" ? lt(images.id, p.after) : gt(images.id, p.after)) : undefined;
  const rows = ctx.db
    .select()
    .from(images)
    .where(and(live(a.workspaceId), after))
    .orderBy(p.order === "desc" ? desc(images.id) : asc(images.id))
    .limit(p.limit + 1)
    .all();
  const more = rows.length > p.limit;
  if (more) rows.pop();
  return { rows, next: more ? rows.at(-1)!.id : null, total: p.total ? countCapped(ctx.db, images, live(a.workspaceId)) : null };
}

/** Marks the image deleted (its URL answers 404 from now on), then removes its file. */
export function deleteImage(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  const gone = ctx.db
    .update(images)
    .set({ deletedAt: ctx.clock.now() })
    .where(and(live(a.workspaceId), eq(images.id, a.id)))
    .returning({ id: images.id })
    .get();
  if (!gone) throw notFound("image");
  rmSync(imagePath(ctx, a.id), { force: true });
}

export interface PublicImage {
  contentType: string;
  sha256: string;
  path: string;
}

/** What the public URL serves: any workspace's live image by id alone (the URL is public by design). */
export function publicImage(ctx: Ctx, id: string): PublicImage {
  const missing = () => new DomainError("not_found", "No such image.");
  if (!isId(id, "img")) throw missing();
  // the hot path of every opened message with images: one prepared point read
  const stmt = preparedOnce(ctx.db, "images.public", () =>
    ctx.db.$client.prepare<{ contentType: string; sha256: string }, [string]>("SELECT content_type AS contentType, sha256 FROM images WHERE id = ?1 AND deleted_at IS NULL"),
  );
  const row = stmt.get(id);
  if (!row) throw missing();
  return { ...row, path: imagePath(ctx, id) };
}
