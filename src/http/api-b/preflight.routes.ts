import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { PREFLIGHT_DNS_CONCURRENCY, PREFLIGHT_DNS_DEADLINE_MS, PREFLIGHT_MAX, preflight, type PreflightResult } from "../../modules/audience/preflight";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Id, Nullable } from "../shared/schemas";

const Body = t.Object(
  { emails: t.Array(t.String({ maxLength: 512 }), { minItems: 1, maxItems: PREFLIGHT_MAX, description: `Addresses to check, 1 to ${PREFLIGHT_MAX}` }) },
  { additionalProperties: false },
);

const Check = t.Object(
  {
    email: t.String({ description: "The address as given" }),
    normalized: Nullable(t.String({ description: "The address as it would be stored (domain lower-cased, IDNA); null when invalid" })),
    syntax: t.Union([t.Literal("valid"), t.Literal("invalid")]),
    syntax_problem: Nullable(
      t.String({ description: "Why the syntax is invalid: empty, control_character, whitespace, missing_at, local_part, local_part_too_long, domain, too_long" }),
    ),
    route: Nullable(
      t.Union([t.Literal("mx"), t.Literal("implicit_mx"), t.Literal("null_mx"), t.Literal("none"), t.Literal("unknown")], {
        description:
          "Where DNS sends mail for the domain: mx; implicit_mx (no MX, the domain's own A/AAAA); null_mx (RFC 7505: accepts no mail); none (no such domain or no address); unknown (no answer). " +
          "null when the syntax is invalid or the workspace is in test mode.",
      }),
    ),
    suppressed: t.Boolean({ description: "A suppression of the address or its whole domain exists" }),
    suppression_id: Nullable(Id("sup")),
    person_id: Nullable(Id("per", "The workspace's person with this address, if any")),
    hold: Nullable(
      t.Union([t.Literal("suppressed"), t.Literal("person_blocked")], {
        description:
          "What would hold a message to the address now: suppressed, or person_blocked (the person is bounced, spam, unsubscribed or undeliverable, or their address is not sendable); null = nothing",
      }),
    ),
  },
  { title: "PreflightCheck" },
);
const Answer = t.Object({ data: t.Array(Check, { description: "One entry per address, in the order given" }) }, { title: "PreflightAnswer" });

function toCheckB(r: PreflightResult) {
  return {
    email: r.email,
    normalized: r.normalized,
    syntax: r.syntax,
    syntax_problem: r.syntaxProblem,
    route: r.route,
    suppressed: r.suppressionId !== null,
    suppression_id: r.suppressionId,
    person_id: r.personId,
    hold: r.hold,
  };
}

export function preflightRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/preflight", tags: ["Audience"] }).use(routeOptions(ctx, limiter, "b")).post(
    "",
    async ({ principal, body }) => {
      const results = await preflight(ctx, { workspaceId: principal.workspaceId, testMode: principal.testMode, emails: body.emails });
      return { data: results.map(toCheckB) };
    },
    {
      scope: "people:read",
      body: Body,
      doc: {
        summary: "Check addresses before sending",
        ok: Answer,
        errors: [400, 415, 422],
        description:
            "Checks each address: syntax, DNS routing, the workspace's suppressions, and what would hold a message to it. " +
            "Sends nothing and stores nothing, so it needs no Idempotency-Key and is safe to retry. " +
            `DNS answers are shared with the workspace's sending and kept for their TTL, at most a day; other domains are looked up now, ${PREFLIGHT_DNS_CONCURRENCY} at a time, ` +
            `and a domain not answered within ${PREFLIGHT_DNS_DEADLINE_MS / 1000} s is \`unknown\`. A test-mode workspace checks syntax only (route null).`,
      },
    },
  );
}
