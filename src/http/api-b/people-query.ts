// The filters of GET /v1/people, shared with people exports (query parameters and body fields alike).
import { t } from "elysia";
import { PERSON_SOURCES, PERSON_STATUSES } from "../../representations/person";
import { Id, literals } from "../../representations/common";
import { Address } from "../shared/schemas";

export const peopleFilterFields = (segmentDescription: string) => ({
  email: t.Optional(Address({ maxLength: 320, description: "The person with this address (any letter case)" })),
  status: t.Optional(literals(PERSON_STATUSES)),
  group_id: t.Optional(Id("grp", "Members of this group")),
  segment_id: t.Optional(Id("seg", segmentDescription)),
  source: t.Optional(literals(PERSON_SOURCES)),
  import_id: t.Optional(Id("imp", "People created by this import")),
  updated_after: t.Optional(t.String({ format: "date-time", description: "RFC 3339; people changed after this moment" })),
});
