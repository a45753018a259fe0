import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { ALLOCATIONS, CAMPAIGN_LIMITS, CAMPAIGN_STATUSES } from "../../modules/campaigns/campaign-input";
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, pauseCampaign, startCampaign, updateCampaign, type LoadedCampaign } from "../../modules/campaigns/campaigns";
import { CampaignListItemSchema, CampaignSchema, campaignListView, campaignView } from "../../representations/campaign";
import { forecastCampaign } from "../../modules/campaigns/forecast";
import { ForecastSchema, forecastView } from "../../representations/forecast";
import { etagOf } from "../shared/etag";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { problemResponse, routeOptions } from "../shared/route-options";
import { Address, Id, IdParams, JsonInteger, literals, MultiLine, Nullable, Page, SingleLine } from "../shared/schemas";

const L = CAMPAIGN_LIMITS;
const opt = t.Optional;

const SendWindow = t.Object(
  {
    days: t.Array(JsonInteger({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, description: "Weekdays 1 (Monday) to 7 (Sunday), each once, in order" }),
    start: t.String({ pattern: "^\\d{2}:\\d{2}$", description: "HH:MM, 00:00 to 23:59: the window opens" }),
    end: t.String({ pattern: "^\\d{2}:\\d{2}$", description: "HH:MM after start; 24:00 closes at midnight" }),
  },
  { additionalProperties: false },
);
const Schedule = t.Object(
  {
    send_window: opt(Nullable(SendWindow)),
    start_at: opt(Nullable(t.String({ format: "date-time", description: "RFC 3339: no step 1 before this moment; null = as soon as enrolled" }))),
    timezone: opt(SingleLine({ minLength: 1, maxLength: 64, description: 'IANA zone of the window (default "UTC")' })),
    timezone_source: opt(literals(["campaign", "recipient"], "campaign (default): the window is read in `timezone`; recipient: in each person's timezone, falling back to `timezone`")),
  },
  { additionalProperties: false },
);
const Senders = t.Object(
  {
    identity_ids: opt(t.Array(Id("sid"), { maxItems: 100, description: "Sender identities of the workspace" })),
    tags: opt(t.Array(SingleLine({ minLength: 1, maxLength: 64 }), { maxItems: L.tags, description: "Every enabled identity carrying one of these tags joins the pool" })),
    on_sender_removed: opt(literals(["reassign", "stop"], "reassign (default): a conversation whose sender left the pool continues from another (new thread); stop: its enrollment stops")),
  },
  { additionalProperties: false },
);
const Variant = t.Object(
  {
    id: opt(Id("var", "PATCH only: an existing variant of this step, kept")),
    name: opt(SingleLine({ minLength: 1, maxLength: 100, description: "Default: A, B, C… by position" })),
    subject: opt(SingleLine({ minLength: 1, maxLength: 998, description: "Template; required for a new variant" })),
    preheader: opt(Nullable(SingleLine({ maxLength: 500, description: "Hidden preview text template" }))),
    cc: opt(t.Array(Address({ maxLength: 320 }), { maxItems: L.addresses })),
    bcc: opt(t.Array(Address({ maxLength: 320 }), { maxItems: L.addresses })),
    html: opt(MultiLine({ maxLength: 512_000, description: "Template" })),
    text: opt(MultiLine({ maxLength: 256_000, description: "Template" })),
    weight: opt(JsonInteger({ minimum: 1, maximum: 100, description: "Share under weighted allocation (default 100)" })),
  },
  { additionalProperties: false },
);
const Step = t.Object(
  {
    id: opt(Id("stp", "PATCH only: an existing step of this campaign, kept")),
    name: opt(SingleLine({ minLength: 1, maxLength: 200, description: "Default: Step N" })),
    delay_seconds: opt(JsonInteger({ minimum: 0, maximum: L.maxDelaySeconds, description: "After the previous step's message was sent (default 0; unused on step 1)" })),
    same_thread: opt(t.Boolean({ description: "Reply in the previous message's thread (default false; must be false on step 1)" })),
    personalisation_prompt: opt(Nullable(MultiLine({ maxLength: L.promptLength, description: "What the AI writes each message's snippets (variables.*) from; null = templates alone" }))),
    allocation: opt(literals([...ALLOCATIONS], "balanced (default), weighted, automatic")),
    winner_rule: opt(
      t.Object(
        {
          minimum_sample: opt(JsonInteger({ minimum: 1, maximum: 1_000_000, description: "Messages every variant must have sent first (default 100)" })),
          objective: opt(literals(["opens", "clicks", "replies"], "default replies")),
          observation_window_seconds: opt(JsonInteger({ minimum: 0, maximum: L.maxDelaySeconds, description: "How long after the revision's publication results are read (default 259200)" })),
        },
        { additionalProperties: false },
      ),
    ),
    winner: opt(Nullable(t.Object({ variant_id: Id("var", "A kept variant of this step") }, { additionalProperties: false, description: "PATCH: set the winner by hand (null clears it)" }))),
    variants: opt(t.Array(Variant, { minItems: 1, maxItems: L.variants, description: "Required for a new step; a kept step without it keeps its variants" })),
  },
  { additionalProperties: false },
);
const StopRules = t.Object(
  {
    company_on_reply: opt(t.Boolean({ description: "A reply also stops enrollments in this campaign of people at the same email domain (never for free-mail domains); default false" })),
    cooldown_hours: opt(JsonInteger({ minimum: 0, maximum: 8_760, description: "Step 1 waits until this many hours passed since the person's last campaign message from the workspace (default 0)" })),
    on_reply: opt(literals(["all", "campaign", "none"], "campaign (default): a reply stops this campaign's enrollment; all: every live enrollment of the person; none: continues")),
  },
  { additionalProperties: false },
);
const Tracking = t.Object(
  {
    opens: opt(t.Boolean()),
    clicks: opt(t.Boolean()),
    text_clicks: opt(t.Boolean({ description: "With clicks, the links of the text part too (default false: the text part is left alone)" })),
    domain_id: opt(Nullable(Id("dom", "A sending domain of the workspace for tracking links"))),
  },
  { additionalProperties: false },
);
const Settings = {
  schedule: opt(Schedule),
  senders: opt(Senders),
  steps: opt(t.Array(Step, { maxItems: L.steps })),
  stop_rules: opt(StopRules),
  tracking: opt(Tracking),
};
const Name = SingleLine({ minLength: 1, maxLength: 200 });
const Create = t.Object({ name: Name, ...Settings }, { additionalProperties: false });
const Patch = t.Object({ name: opt(Name), ...Settings }, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, status: opt(literals([...CAMPAIGN_STATUSES], "Only campaigns in this status")) }, { additionalProperties: false });
const Params = IdParams("cmp");

const STATES = [
  "States: `draft` → `materialising` → `active` → `paused` / `completed`; `archived` last.",
  "- POST /v1/campaigns creates a `draft`.",
  "- POST /v1/campaigns/{id}/start: `draft` or `paused` → `materialising`; a `campaign.start` job then makes it `active` and creates the messages already due. From `paused`, the messages held `campaign_paused` are due again at once.",
  "- POST /v1/campaigns/{id}/pause: `active` or `materialising` → `paused`: no new message is created; queued ones wait (held `campaign_paused`) until it is started again.",
  "- `completed` (the scheduler): an `active` campaign with at least one enrollment of which none is live (`active` or `paused`) any more.",
  "- DELETE /v1/campaigns/{id}: a campaign that never sent is removed (204) with its steps, variants, enrollments and unsent messages; one that sent is `archived` (200) and its live enrollments are stopped.",
  "Every change of status emits `campaign.status_changed` with the campaign as a list shows it.",
].join("\n");

const BODY_RULES = [
  `At most ${L.steps} steps and ${L.variants} variants a step; weight 1 to 100; \`send_window\` days 1 (Monday) to 7 (Sunday), each once, in order, \`start\` before \`end\` (HH:MM, \`24:00\` allowed as end); \`timezone\` an IANA zone.`,
  "Templates (subject, preheader, html, text) are liquid with the merge tags `first_name`/`given_name`, `last_name`/`family_name`, `full_name`, `email`, `company`, `timezone`, the workspace's custom field keys (also as `custom.<key>`), `sender.name`, `sender.email`, `variables.<key>` (AI snippets), and spintax `{a|b|c}`; each is parsed when written: an unknown merge tag is 422 `unknown_tag` and a syntax error 422 `syntax`, with the pointer of the field, e.g. `/steps/0/variants/1/subject`.",
  `\`senders.identity_ids\` must be sender identities of the workspace and \`tracking.domain_id\` one of its sending domains (else 422 \`unknown\` at the item); \`cc\`/\`bcc\` at most ${L.addresses} valid addresses each. One 422 lists every problem of the body.`,
].join("\n\n");

const PATCH_RULES = [
  "Each of `name`, `schedule`, `senders`, `stop_rules`, `tracking` given changes the fields it names; others keep their value.",
  "`steps`, when given, is the whole ordered list: an entry with the `id` of a step of this campaign keeps that step (fields it leaves out keep their value; `variants` left out keeps its variants), an entry without `id` adds a step, and a step left out is removed (it stays behind its messages and figures, and no longer appears). Variants likewise within their step.",
  "A kept step whose content changes (settings, or a variant added, removed or changed) gets `revision` + 1, published now: messages created from then on are made from it, those already created keep what they were made from; its balanced allocation restarts and its `winner` is cleared unless this PATCH names one. A step that only moved keeps its revision. A changed variant gets `version` + 1.",
  "`steps[i].winner: {variant_id}` sets the winner by hand (`selected_by` is the id of the credential that set it: API keys stand in for users); `null` clears it.",
  "If-Match names the `version` (the ETag); a stale one is 412 `precondition_failed` and nothing changes; `*` or no If-Match applies to the current version. An archived campaign is 409 `invalid_state`.",
].join("\n\n");

export function campaignRoutes(ctx: Ctx, limiter: RateLimiter) {
  // every single-campaign answer carries its version as ETag
  const versioned = (set: { headers: Record<string, unknown> }, c: LoadedCampaign) => {
    set.headers.etag = etagOf(c.campaign.version);
    return campaignView(c.campaign, c.steps, c.variants);
  };
  return new Elysia({ prefix: "/campaigns", tags: ["Campaigns"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) =>
        paged(ctx, "campaigns", query, { status: query.status }, (page) => listCampaigns(ctx, { workspaceId: principal.workspaceId, status: query.status, page }), (c) => campaignListView(c.campaign, c.steps, c.variants)),
      {
        scope: "campaigns:read",
        query: ListQuery,
        doc: { summary: "List campaigns", description: `Newest first; steps and variants in order, variant bodies (html, text) left out.\n\n${STATES}`, ok: Page(CampaignListItemSchema), errors: [400, 422] },
      },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return versioned(set, createCampaign(ctx, { workspaceId: principal.workspaceId, body }));
      },
      {
        scope: "campaigns:write",
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Create a campaign",
          description: `Creates a \`draft\`; fields left out take their defaults (no send window, timezone UTC, timezone_source campaign, on_sender_removed reassign, stop_rules on_reply campaign, tracking off, balanced allocation, winner rule 100 messages / replies / 259200 s).\n\n${BODY_RULES}\n\n${STATES}`,
          status: 201,
          ok: CampaignSchema,
          errors: [400, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params, set }) => versioned(set, getCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "campaigns:read",
      params: Params,
      doc: { summary: "Retrieve a campaign", description: `Everything, variant bodies included; the ETag is its version.\n\n${STATES}`, ok: CampaignSchema, errors: [404] },
    })
    .patch(
      "/:id",
      ({ principal, params, body, ifMatch, set }) => versioned(set, updateCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id, ifMatch, body, actor: principal.keyId })),
      {
        scope: "campaigns:write",
        ifMatch: true,
        idempotency: "optional",
        params: Params,
        body: Patch,
        doc: { summary: "Update a campaign's settings or steps", description: `${PATCH_RULES}\n\n${BODY_RULES}`, ok: CampaignSchema, errors: [400, 404, 409, 412, 415, 422] },
      },
    )
    .post("/:id/start", ({ principal, params, set }) => versioned(set, startCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "campaigns:write",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Start (or resume) a campaign",
        description: `\`draft\` or \`paused\` → \`materialising\`, answered at once with the campaign; a job of kind \`campaign.start\` (GET /v1/jobs) then makes it \`active\` and creates the messages already due. From \`paused\`, its messages held \`campaign_paused\` are due again now. Any other state, or a campaign without steps, is 409 \`invalid_state\`.\n\n${STATES}`,
        ok: CampaignSchema,
        errors: [404, 409],
      },
    })
    .post("/:id/pause", ({ principal, params, set }) => versioned(set, pauseCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "campaigns:write",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Pause a campaign",
        description: `\`active\` or \`materialising\` → \`paused\`: no new message is created; queued messages wait until it is started again. \`draft\`, \`paused\`, \`completed\` and \`archived\` are 409 \`invalid_state\`.\n\n${STATES}`,
        ok: CampaignSchema,
        errors: [404, 409],
      },
    })
    .post("/:id/forecast", async ({ principal, params, body }) => forecastView(await forecastCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id, limit: body?.limit })), {
      scope: "campaigns:read",
      params: Params,
      body: opt(t.Object({ limit: opt(JsonInteger({ minimum: 0, maximum: 1000, description: "Enrollments whose every send is listed in `schedule` (default 100)" })) }, { additionalProperties: false })),
      doc: {
        summary: "Forecast a campaign",
        description:
          "Sends nothing and stores nothing: replays the scheduler over the campaign's live enrollments as things stand — send windows and time zones, each sender's daily cap and warm-up ramp, its connection's gaps, quota scopes, cooldowns, what other campaigns already reserved — from now (a draft or paused campaign as if started now), each message at its slot and each next step its delay after it. " +
          "Answers the sends per UTC day and sender, per step, the last send, the enrollments that cannot be served and why, and every send of the first `limit` enrollments. It cannot know replies, bounces or other evidence to come.",
        ok: ForecastSchema,
        errors: [404, 422],
      },
    })
    .delete(
      "/:id",
      async ({ principal, params, set }) => {
        const archived = await deleteCampaign(ctx, { workspaceId: principal.workspaceId, id: params.id });
        if (!archived) {
          set.status = 204;
          return;
        }
        return versioned(set, archived);
      },
      {
        scope: "campaigns:write",
        params: Params,
        doc: {
          summary: "Delete or archive a campaign",
          description:
            "A campaign that never sent (no message of it reached a server: none sent, uncertain or attempted, and `first_sent_at` unset) is removed with its steps, variants, enrollments and unsent messages: 204. " +
            "One that sent is `archived` (kept for history, no longer changeable) and every live enrollment is stopped (`enrollment.stopped`, detail “the campaign was archived”, its queued message cancelled): 200 with the campaign; a repeated DELETE answers it again. " +
            `A campaign that has not sent but whose message is being handed to a server at this moment is 409 \`invalid_state\` (retry: its outcome decides).\n\n${STATES}`,
          ok: CampaignSchema,
          errors: [404, 409],
          extra: {
            responses: {
              200: { description: "The campaign had sent: archived", content: { "application/json": { schema: CampaignSchema } } },
              204: { description: "The campaign had never sent: removed" },
              ...Object.fromEntries([401, 403, 404, 409, 429, 500, 503].map((s) => [s, problemResponse("b", s)])),
            },
          },
        },
      },
    );
}
