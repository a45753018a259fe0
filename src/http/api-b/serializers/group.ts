import { t } from "elysia";
import { iso } from "../../../lib/clock";
import type { Group } from "../../../modules/audience/groups";
import { Id, Nullable, Timestamp } from "../../shared/schemas";

export const GroupB = t.Object(
  {
    id: Id("grp"),
    object: t.Literal("group"),
    name: t.String(),
    description: Nullable(t.String()),
    people_count: t.Integer({ minimum: 0, description: "Members now (exact)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Group" },
);

export function toGroupB(g: Group, peopleCount: number) {
  return {
    id: g.id,
    object: "group" as const,
    name: g.name,
    description: g.description,
    people_count: peopleCount,
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
  };
}
