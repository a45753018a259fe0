// The audience domain's events: imports, exports and suppressions. Each
// carries the resource's representation (src/representations), the shape API B
// answers for it.
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { ExportSchema } from "../../representations/export";
import { ImportSchema } from "../../representations/import";
import { SuppressionEventSchema } from "../../representations/suppression";
import type { EventDef } from "../events/define";

const at = (ms: number) => iso(ms);

export const audienceEvents = {
  "import.completed": {
    description: "An import ended: completed, failed or cancelled (the import as GET /v1/imports/{id} answers it)",
    schema: ImportSchema,
    sample: (now: number) => {
      const id = newId("imp");
      return {
        id,
        object: "import" as const,
        status: "completed",
        source: "csv",
        group_id: newId("grp"),
        bytes: 182_340,
        counts: { created: 1180, updated: 20, skipped: 3, failed: 1, suppressed: 2 },
        problems: [{ row: 214, column: "email", code: "format", detail: "email is not a valid address: the domain has no dot." }],
        problem_count: 1,
        error_report_url: `https://nearbound.example.com/v1/imports/${id}/errors`,
        job_id: newId("job"),
        last_error: null,
        created_at: at(now - 30_000),
        updated_at: at(now),
        finished_at: at(now),
      };
    },
  },
  "export.completed": {
    description: "An export ended: its file is ready, or it failed (the export as GET /v1/exports/{id} answers it; `url` is always null here: read the export for a fresh link)",
    schema: ExportSchema,
    sample: (now: number) => ({
      id: newId("exp"),
      object: "export" as const,
      resource: "people",
      format: "csv",
      filters: { status: "active" },
      status: "ready",
      rows: 5210,
      bytes: 912_004,
      url: null,
      expires_at: at(now + 7 * 86_400_000),
      job_id: newId("job"),
      last_error: null,
      created_at: at(now - 20_000),
      updated_at: at(now),
    }),
  },
  "suppression.created": {
    description: "An address or domain stopped receiving mail",
    schema: SuppressionEventSchema,
    sample: (now: number) => ({
      id: newId("sup"),
      email: "grace.hopper@example.org",
      domain: null,
      reason: "hard_bounce",
      evidence: { message_id: newId("msg"), diagnostic_code: "smtp; 550 5.1.1 User unknown" },
      created_at: at(now),
    }),
  },
} satisfies Record<string, EventDef>;
