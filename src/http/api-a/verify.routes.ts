import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import type { RateLimiter } from "../shared/rate-limit";

const envelope = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } });

export function verifyRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia().use(authPlugin(ctx, limiter, "a")).post(
    "/people/:id/verify",
    ({ principal, request }) =>
      idempotent(ctx, request, principal, { api: "a", mode: "optional", body: undefined }, () => {
        // The people store arrives with the audience issue; until then no person exists.
        throw new DomainError("not_found", "No such person, or the person is archived.");
      }),
    {
      scope: "people:write",
      params: t.Object({ id: t.String({ maxLength: 64 }) }),
      detail: {
        tags: ["Verification"],
        summary: "Verify a person's email address (API A)",
        security: [{ apiKeyA: [] }],
        responses: {
          200: { description: "The Person, with the new emailSendable verdict" },
          400: envelope("Malformed request"),
          401: envelope("Missing or invalid credentials"),
          403: envelope("Not permitted"),
          404: envelope("No such person, or archived"),
          409: envelope("Conflicts with the current state"),
          422: envelope("Semantically invalid"),
          429: envelope("Rate limited; see Retry-After"),
          500: envelope("Unexpected error"),
        },
      },
    },
  );
}
