// An event type as its domain declares it: what it means, the shape of its
// `data` (documents OpenAPI and GET /v1/events), and realistic sample data for
// synthetic events (POST /v1/events).
import type { TSchema } from "@sinclair/typebox";

export interface EventDef {
  description: string;
  schema: TSchema;
  /** Sample `data` timestamped around `now`, with fresh ids (receivers that de-duplicate see new objects). */
  sample(now: number): unknown;
}
