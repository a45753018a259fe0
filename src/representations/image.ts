import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import { IMAGE_TYPES, type images } from "../db/schema";
import { Id, literals, Timestamp } from "./common";
import { EXAMPLE_BASE_URL, exampleId } from "./examples";

type ImageRow = typeof images.$inferSelect;


const IMAGE_AT = "2026-03-10T14:22:08.517Z";
const IMAGE_ID = exampleId("img", IMAGE_AT, "0c4a1b7d29a58f3e6b1");

/** The LumenPay case-study banner, uploaded for the campaign's first step. */
export const IMAGE_EXAMPLE = {
  id: IMAGE_ID,
  object: "image",
  url: `${EXAMPLE_BASE_URL}/images/${IMAGE_ID}`,
  content_type: "image/png",
  bytes: 48_213,
  width: 600,
  height: 200,
  created_at: IMAGE_AT,
};

export const ImageSchema = t.Object(
  {
    id: Id("img"),
    object: t.Literal("image"),
    url: t.String({ format: "uri", description: "Public, no credential: use it in the HTML of a message or variant. Answers 404 once the image is deleted" }),
    content_type: literals(IMAGE_TYPES, "As uploaded, and checked against the file's first bytes"),
    bytes: t.Integer({ minimum: 1, description: "Size of the file" }),
    width: t.Integer({ minimum: 1, description: "Pixels, from the file's header" }),
    height: t.Integer({ minimum: 1, description: "Pixels, from the file's header" }),
    created_at: Timestamp,
  },
  { title: "Image", examples: [IMAGE_EXAMPLE] },
);

export function imageView(i: ImageRow, baseUrl: string) {
  return {
    id: i.id,
    object: "image" as const,
    url: `${baseUrl}/images/${i.id}`,
    content_type: i.contentType,
    bytes: i.bytes,
    width: i.width,
    height: i.height,
    created_at: iso(i.createdAt),
  };
}
