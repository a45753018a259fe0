import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { API_A_ADDED_CODES, type ApiACode, DomainError } from "../../lib/errors";
import { groupsOfPerson, PROBE_TIMEOUTS, verifyPerson } from "../../modules/verification/verify-person";
import { idempotent } from "../shared/idempotency";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { PersonA, toPersonA } from "./serializers/person";

/** An error response naming the envelope codes it carries (each with its page, /docs/errors/<code>). */
const envelope = (description: string, codes: ApiACode[]) => ({
  description: `${description}: ${codes.map((c) => `\`${c}\``).join(", ")}`,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
});

const EXPANDABLE = ["groups"] as const;
type Expandable = (typeof EXPANDABLE)[number];

/** `expand[]=groups` (or `expand=groups`); anything else is 400 invalid_expand. */
function parseExpand(request: Request): Set<Expandable> {
  const q = new URL(request.url).searchParams;
  const out = new Set<Expandable>();
  for (const v of [...q.getAll("expand[]"), ...q.getAll("expand")]) {
    if (!(EXPANDABLE as readonly string[]).includes(v)) {
      throw new DomainError("invalid_expand", `expand[] takes ${EXPANDABLE.join(", ")}; "${v.slice(0, 64)}" cannot be expanded on a person.`);
    }
    out.add(v as Expandable);
  }
  return out;
}

const seconds = (ms: number) => ms / 1000;
const description =
  "Runs a fresh check of the person's address and persists the `emailSendable` verdict with its reason (`emailSendableReason`):\n\n" +
  "1. syntax — invalid: `false` (`invalid_syntax`);\n" +
  "2. DNS route through NEARBOUND_DNS_SERVERS — null MX: `false` (`null_mx`); no MX and no address: `false` (`no_route`); unanswerable: `null` (`dns_unavailable`);\n" +
  "3. SMTP probe of the primary MX: EHLO, MAIL FROM, RCPT TO the address, RCPT TO a random local part (catch-all check), RSET, QUIT — never DATA. " +
  "Accepted: `true` (`mailbox_exists`); the server also accepts the random address: `true` (`catch_all`: deliverable, mailbox unconfirmed); " +
  "refused (5xx, not 5.7.x policy): `false` (`mailbox_rejected`); temporary or unclear: `null` (`smtp_unavailable`). " +
  "The mail host must be a public address (the outbound address policy): a loopback, private, link-local or metadata address is never probed, `null` (`private_target`), unless the operator set NEARBOUND_ALLOW_PRIVATE_TARGETS.\n\n" +
  `Probe timeouts: connect ${seconds(PROBE_TIMEOUTS.connectMs)} s, each command ${seconds(PROBE_TIMEOUTS.commandMs)} s, whole probe ${seconds(PROBE_TIMEOUTS.totalMs)} s; ` +
  "the check is asynchronous I/O and never delays other requests.\n\n" +
  "Status: a `false` verdict makes the person `undeliverable` (people who are `bounced`, `spam` or `unsubscribed` stay so); " +
  "a `true` verdict returns an `undeliverable` person to `active`; a `null` verdict changes no status.\n\n" +
  "A test-mode workspace (`ak_test_` keys) checks syntax only: a valid address gives `true` (`syntax_only`). " +
  "A person without an address is 409. `Idempotency-Key` (optional, up to 255 characters) replays the first answer for 24 hours.\n\n" +
  "Errors carry the envelope (`ErrorEnvelope`) with one of SPEC's codes or, where none fits, one of ours: " +
  API_A_ADDED_CODES.map((c) => `\`${c}\``).join(", ") +
  "; `doc_url` is the page of the code. A 401 carries `WWW-Authenticate: Bearer resource_metadata=\"{base_url}/.well-known/oauth-protected-resource\"`.";

export function verifyRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ tags: ["Verification"] }).use(routeOptions(ctx, limiter, "a")).post(
    "/people/:id/verify",
    ({ principal, params, request }) => {
      const expand = parseExpand(request); // a bad expand[] is 400 before the key is reserved, so never stored
      return idempotent(ctx, request, principal, { api: "a", mode: "optional", body: undefined }, async () => {
        const person = await verifyPerson(ctx, { workspaceId: principal.workspaceId, personId: params.id, testMode: principal.testMode });
        const groups = expand.has("groups") ? groupsOfPerson(ctx, { workspaceId: principal.workspaceId, personId: person.id }) : undefined;
        return { status: 200, body: toPersonA(person, groups) };
      });
    },
    {
      scope: "people:write",
      idempotency: { mode: "optional", inHandler: true },
      params: t.Object({ id: t.String({ maxLength: 64 }) }),
      detail: {
        summary: "Verify a person's email address (API A)",
        description,
        parameters: [
          { name: "expand[]", in: "query", required: false, schema: { type: "array", items: { type: "string", enum: [...EXPANDABLE] } }, description: "groups: inline the person's groups" },
        ],
        responses: {
          200: { description: "The Person, with the new emailSendable verdict", content: { "application/json": { schema: PersonA as never } } },
          400: envelope("Malformed request, or an unknown expand[] value", ["invalid_param", "invalid_expand"]),
          401: {
            ...envelope("Missing or invalid credentials", ["unauthorized"]),
            headers: { "WWW-Authenticate": { description: 'Bearer resource_metadata="{base_url}/.well-known/oauth-protected-resource" (RFC 9728)', schema: { type: "string" } } },
          },
          403: envelope("Not permitted", ["forbidden"]),
          404: envelope("No such person, or archived", ["not_found"]),
          405: envelope("Not with this method", ["method_not_allowed"]),
          409: envelope("The person has no address or it changed during the check, or the Idempotency-Key's first request is running", ["invalid_state", "idempotency_in_progress"]),
          413: envelope("A body over the limit (this operation takes none)", ["payload_too_large"]),
          415: envelope("A body that is not JSON", ["unsupported_media_type"]),
          422: envelope("A malformed Idempotency-Key, or one reused with another request", ["invalid_param", "idempotency_key_reuse"]),
          429: envelope("Rate limited; see Retry-After", ["rate_limited"]),
          500: envelope("Unexpected error", ["internal_error"]),
          503: envelope("The database stayed busy; see Retry-After", ["database_unavailable"]),
        },
      },
    },
  );
}
