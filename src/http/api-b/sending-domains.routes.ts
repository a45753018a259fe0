import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createSendingDomain, deleteSendingDomain, getSendingDomain, listSendingDomains, requestVerification, updateSendingDomain } from "../../modules/sending/domains/domains";
import { DOMAIN_STATUSES, SendingDomainSchema, sendingDomainView } from "../../representations/sending-domain";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, literals, Page, SingleLine } from "../shared/schemas";

const Create = t.Object(
  {
    domain: SingleLine({ minLength: 1, maxLength: 1000, description: "The domain to send from, e.g. example.com; internationalised names are stored as A-labels" }),
    tracking: t.Optional(t.Boolean({ description: "Use track.<domain> for tracked links (default false)" })),
  },
  { additionalProperties: false },
);
const Patch = t.Object({ tracking: t.Optional(t.Boolean({ description: "Turn link tracking through track.<domain> on or off" })) }, { additionalProperties: false });
const ListQuery = t.Object(
  { ...PageQuery, status: t.Optional(literals(DOMAIN_STATUSES)), domain: t.Optional(SingleLine({ maxLength: 1000, description: "Exactly this domain (Unicode or A-labels, any case)" })) },
  { additionalProperties: false },
);
const Params = IdParams("dom");

const RECORDS = [
  "The answer lists the records to publish (`records`), each with its `status` once checked. All of them are required for `verified`, the tracking CNAME only while `tracking` is on:",
  "",
  "- **dkim** (two TXT records): `<selector>._domainkey.<domain>` with `v=DKIM1; k=rsa; p=…` (an RSA-2048 key) and `v=DKIM1; k=ed25519; p=…` (RFC 8463). Every message is signed with both. The RSA value is longer than 255 bytes: publish it as one record (DNS hosts split it into strings themselves, or give it as several quoted strings). A record with other tags as well is accepted when `k=` and `p=` are ours.",
  "- **spf** (TXT) at the return-path host `bounce.<domain>`: `v=spf1 a:<this host> ~all`. Receivers check SPF against the envelope sender, which is an address at `bounce.<domain>` for every message, and DMARC's relaxed alignment accepts it for `<domain>`; the domain's own SPF record is left as it is. An SPF record already at that name is accepted when it contains `a:<this host>` or `mx` before any `all`.",
  "- **return_path** (MX) `bounce.<domain>` → `10 <this host>`: delivery reports (DSNs) come back to this appliance. Its most preferred MX must be this host.",
  "- **dmarc** (TXT) `_dmarc.<domain>`: a recommendation (`v=DMARC1; p=none; …`); any one valid DMARC record there satisfies it, and so does one at `_dmarc` of a parent domain when the domain has none (receivers apply the organisational domain's policy).",
  "- **tracking** (CNAME) `track.<domain>` → the host of this appliance's public URL; it must resolve to that host's addresses (a CNAME does).",
].join("\n");

const CREATE_DESCRIPTION = [
  "Creates the domain `pending_verification` with two new DKIM keys (RSA-2048 and Ed25519, each under its own selector; the private keys are stored encrypted and never shown). Publish the records, then POST /v1/sending_domains/{id}/verify.",
  "",
  RECORDS,
  "",
  "The domain must be a valid domain name with at least one dot (422 otherwise); internationalised names are stored as lower-case A-labels. A workspace has each domain once (409 `conflict`).",
].join("\n");

const VERIFY_DESCRIPTION = [
  "Answers 202 with the domain `verifying`; a `sending_domain.verify` job then looks every required record up in DNS (the resolvers of NEARBOUND_DNS_SERVERS) and the domain becomes `verified` or `failed`. Each record gets `verified`, `missing` or `mismatch` with `found` (what DNS answered instead), and `last_error` sums up what is wrong.",
  "",
  "A domain that was verified keeps sending while it is checked again. DNS servers that do not answer are no evidence: the check is retried, and then a domain being verified for the first time fails while a verified one stays verified.",
  "",
  "Every 6 hours each verified domain is checked again the same way; a domain whose records are gone becomes `failed`, and the managed connections with an identity on it get health `failing` (`connection.health_changed`), back to `healthy` once it verifies.",
  "",
  "In a test-mode workspace the domain verifies without DNS; the records are still listed.",
].join("\n");

export function sendingDomainRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/sending_domains", tags: ["Sending"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) =>
        paged(ctx, "sending_domains", query, { status: query.status, domain: query.domain }, (page) => listSendingDomains(ctx, { workspaceId: principal.workspaceId, filters: { status: query.status, domain: query.domain }, page }), sendingDomainView),
      { scope: "connections:read", query: ListQuery, doc: { summary: "List sending domains", ok: Page(SendingDomainSchema), errors: [400, 422] } },
    )
    .post(
      "",
      async ({ principal, body, set }) => {
        const d = await createSendingDomain(ctx, { workspaceId: principal.workspaceId, domain: body.domain, tracking: body.tracking });
        set.status = 201;
        return sendingDomainView(d);
      },
      {
        scope: "connections:manage",
        idempotency: "optional",
        body: Create,
        doc: { summary: "Create a sending domain", description: CREATE_DESCRIPTION, status: 201, ok: SendingDomainSchema, errors: [400, 409, 415, 422] },
      },
    )
    .get("/:id", ({ principal, params }) => sendingDomainView(getSendingDomain(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "connections:read",
      params: Params,
      doc: { summary: "Retrieve a sending domain", description: RECORDS, ok: SendingDomainSchema, errors: [404] },
    })
    .patch("/:id", ({ principal, params, body }) => sendingDomainView(updateSendingDomain(ctx, { workspaceId: principal.workspaceId, id: params.id, tracking: body.tracking })), {
      scope: "connections:manage",
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: {
        summary: "Turn link tracking on or off",
        description: "The tracking record becomes `pending` (unchecked) and the status stays as it is, so mail keeps flowing; verify again to check the CNAME, which `verified` requires while tracking is on.",
        ok: SendingDomainSchema,
        errors: [400, 404, 415, 422],
      },
    })
    .post(
      "/:id/verify",
      ({ principal, params, set }) => {
        const d = requestVerification(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 202;
        return sendingDomainView(d);
      },
      {
        scope: "connections:manage",
        idempotency: "optional",
        params: Params,
        doc: { summary: "Check a sending domain's DNS records", description: VERIFY_DESCRIPTION, status: 202, ok: SendingDomainSchema, errors: [404] },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteSendingDomain(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      {
        scope: "connections:manage",
        params: Params,
        doc: {
          summary: "Delete a sending domain",
          description: "Deletes the domain and its keys. Refused (409 `invalid_state`, naming the connections) while a managed connection that is not archived has an identity on it: remove those identities or archive the connection first.",
          status: 204,
          errors: [404, 409],
        },
      },
    );
}
