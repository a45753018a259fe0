import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { segments } from "../db/schema";
import type { Total } from "../db/queries";
import { Id, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

export const SEGMENT_EXAMPLE = {
  id: EXAMPLE_IDS.seg,
  object: "segment",
  name: "Active fintech leads",
  filter: {
    all: [
      { field: "status", op: "eq", value: "active" },
      { field: "custom.industry", op: "eq", value: "Fintech" },
      { field: "group_id", op: "eq", value: EXAMPLE_IDS.grp },
    ],
  },
  people_count: 318,
  people_count_capped: false,
  created_at: AT.segment,
  updated_at: AT.segment,
};

/** A segment, with the people it matches counted now on create and retrieve (lists leave the count out). */
export type SegmentRecord = typeof segments.$inferSelect & { peopleCount?: Total };

export const SegmentSchema = t.Object(
  {
    id: Id("seg"),
    object: t.Literal("segment"),
    name: t.String(),
    filter: t.Record(t.String(), t.Unknown(), { description: "The filter as saved (see the segment filter language)" }),
    people_count: t.Optional(t.Integer({ minimum: 0, description: "People the filter matches now, exact up to 10,000; left out of lists" })),
    people_count_capped: t.Optional(t.Boolean({ description: "True when the count stopped at 10,000; left out of lists" })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Segment", examples: [SEGMENT_EXAMPLE] },
);

/** `count` is given on create and retrieve; lists leave it out. */
export function segmentView(s: SegmentRecord) {
  const count = s.peopleCount;
  return {
    id: s.id,
    object: "segment" as const,
    name: s.name,
    filter: s.filter,
    ...(count ? { people_count: count.count, people_count_capped: count.capped } : {}),
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}
