import { Type as t } from "@sinclair/typebox";
import { CUSTOM_FIELD_TYPES, type customFields } from "../db/schema";

export { CUSTOM_FIELD_TYPES };
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type CustomField = typeof customFields.$inferSelect;

export const FIELD_EXAMPLE = {
  id: EXAMPLE_IDS.fld,
  object: "field",
  key: "industry",
  label: "Industry",
  type: "enum",
  options: ["Fintech", "Healthcare", "Logistics", "Retail", "SaaS"],
  created_at: AT.field,
  updated_at: AT.field,
};

export const FieldSchema = t.Object(
  {
    id: Id("fld"),
    object: t.Literal("field"),
    key: t.String({ description: "The merge-tag code: people's values are custom_fields.<key>; never changes" }),
    label: t.String(),
    type: t.Union(CUSTOM_FIELD_TYPES.map((v) => t.Literal(v)), { description: "Never changes" }),
    options: Nullable(t.Array(t.String(), { description: "The values an enum field takes; null for other types" })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Field", examples: [FIELD_EXAMPLE] },
);

export function fieldView(f: CustomField) {
  return {
    id: f.id,
    object: "field" as const,
    key: f.key,
    label: f.label,
    type: f.type,
    options: f.type === "enum" ? (f.options ?? []) : null,
    created_at: iso(f.createdAt),
    updated_at: iso(f.updatedAt),
  };
}
