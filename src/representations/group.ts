import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { groups } from "../db/schema";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

/** A group with its member count, as services read it for the representation. */
export type GroupRecord = typeof groups.$inferSelect & { peopleCount: number };

export const GROUP_EXAMPLE = {
  id: EXAMPLE_IDS.grp,
  object: "group",
  name: "Q2 fintech prospects",
  description: "Heads of payments at European fintechs, from the Money20/20 attendee list",
  people_count: 421,
  created_at: AT.group,
  updated_at: AT.group,
};

export const GroupSchema = t.Object(
  {
    id: Id("grp"),
    object: t.Literal("group"),
    name: t.String(),
    description: Nullable(t.String()),
    people_count: t.Integer({ minimum: 0, description: "Members now (exact)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Group", examples: [GROUP_EXAMPLE] },
);

export function groupView(g: GroupRecord) {
  return {
    id: g.id,
    object: "group" as const,
    name: g.name,
    description: g.description,
    people_count: g.peopleCount,
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
  };
}
