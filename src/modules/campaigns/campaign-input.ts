// A campaign body (create or PATCH) checked against the workspace and turned
// into domain values. The HTTP schema has already checked shapes, lengths and
// ranges; this checks what needs the workspace or the rest of the body (send
// window, time zone, sender identities, sending domain, templates against the
// workspace's custom fields, addresses, step and variant ids) and reports
// every problem in one 422, each with its JSON pointer into the body.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { sendingDomains, senderIdentities, type Allocation, type CampaignSchedule, type CampaignSenders, type CampaignTracking, type StopRules, type WinnerRule } from "../../db/schema";
import { invalidFields, type FieldError } from "../../lib/errors";
import { normalizeLineBreaks } from "../../lib/text";
import { parseEmail } from "../audience/email";
import { fieldMap } from "../audience/fields";
import type { CampaignRow, StepRow, VariantRow } from "./rows";
import { isValidTimeZone, windowProblems } from "./schedule";
import { checkTemplates } from "./templates";

// ---------------------------------------------------------------------------------------------
// The body as the API takes it (snake_case; every field optional here: the
// schema says which ones a create requires)

export interface VariantBody {
  id?: string;
  name?: string;
  subject?: string;
  preheader?: string | null;
  cc?: string[];
  bcc?: string[];
  html?: string;
  text?: string;
  weight?: number;
}
export interface StepBody {
  id?: string;
  name?: string;
  delay_seconds?: number;
  same_thread?: boolean;
  personalisation_prompt?: string | null;
  allocation?: Allocation;
  winner_rule?: { minimum_sample?: number; objective?: WinnerRule["objective"]; observation_window_seconds?: number };
  winner?: { variant_id: string } | null;
  variants?: VariantBody[];
}
export interface CampaignBody {
  name?: string;
  schedule?: { send_window?: { days: number[]; start: string; end: string } | null; start_at?: string | null; timezone?: string; timezone_source?: CampaignSchedule["timezoneSource"] };
  senders?: { identity_ids?: string[]; tags?: string[]; on_sender_removed?: CampaignSenders["onSenderRemoved"] };
  steps?: StepBody[];
  stop_rules?: { company_on_reply?: boolean; cooldown_hours?: number; on_reply?: StopRules["onReply"] };
  tracking?: { opens?: boolean; clicks?: boolean; text_clicks?: boolean; domain_id?: string | null };
}

// ---------------------------------------------------------------------------------------------
// What the service writes

export interface PlannedVariant {
  /** An existing variant kept (null: a new one). */
  id: string | null;
  name: string;
  subject: string;
  preheader: string | null;
  cc: string[];
  bcc: string[];
  html: string;
  text: string;
  weight: number;
}
export interface PlannedStep {
  /** An existing step kept (null: a new one). */
  id: string | null;
  name: string;
  delaySeconds: number;
  sameThread: boolean;
  personalisationPrompt: string | null;
  allocation: Allocation;
  winnerRule: WinnerRule;
  /** undefined: not named by the body; null: cleared; else the variant chosen. */
  winner: { variantId: string } | null | undefined;
  variants: PlannedVariant[];
}
export interface CampaignPlan {
  name: string;
  schedule: CampaignSchedule;
  senders: CampaignSenders;
  stopRules: StopRules;
  tracking: CampaignTracking;
  /** undefined: the body leaves the steps as they are. */
  steps: PlannedStep[] | undefined;
}

/** The campaign as it stands, for a PATCH. */
export interface CurrentCampaign {
  campaign: CampaignRow;
  steps: StepRow[];
  variants: VariantRow[];
}

/** For the HTTP schemas (routes import no db module). */
export { ALLOCATIONS, CAMPAIGN_STATUSES } from "../../db/schema";

export const CAMPAIGN_LIMITS = { steps: 20, variants: 10, addresses: 10, maxDelaySeconds: 365 * 86_400, promptLength: 4_000, tags: 20 } as const;

export const DEFAULT_WINNER_RULE: WinnerRule = { minimumSample: 100, objective: "replies", observationWindowSeconds: 259_200 };
const DEFAULT_SCHEDULE: CampaignSchedule = { sendWindow: null, startAt: null, timezone: "UTC", timezoneSource: "campaign" };
const DEFAULT_SENDERS: CampaignSenders = { identityIds: [], tags: [], onSenderRemoved: "reassign" };
const DEFAULT_STOP_RULES: StopRules = { companyOnReply: false, cooldownHours: 0, onReply: "campaign" };
const DEFAULT_TRACKING: CampaignTracking = { opens: false, clicks: false, textClicks: false, domainId: null };

const variantLetter = (j: number) => String.fromCharCode(65 + j);

/**
 * The campaign the body describes: on create (`current` null) every field
 * left out takes its default; on a PATCH every field left out keeps its
 * value, within schedule, senders, stop_rules and tracking too, and within a
 * kept step or variant. Throws one 422 listing every problem.
 */
export function planCampaign(db: DbOrTx, a: { workspaceId: string; body: CampaignBody; current: CurrentCampaign | null }): CampaignPlan {
  const { body, current } = a;
  const problems: FieldError[] = [];
  const problem = (pointer: string, code: string, detail: string) => problems.push({ pointer, code, detail });

  const schedule = scheduleOf(body.schedule, current?.campaign.schedule ?? DEFAULT_SCHEDULE, problem);
  const senders = sendersOf(db, a.workspaceId, body.senders, current?.campaign.senders ?? DEFAULT_SENDERS, problem);
  const s = body.stop_rules;
  const baseRules = current?.campaign.stopRules ?? DEFAULT_STOP_RULES;
  const stopRules: StopRules = { companyOnReply: s?.company_on_reply ?? baseRules.companyOnReply, cooldownHours: s?.cooldown_hours ?? baseRules.cooldownHours, onReply: s?.on_reply ?? baseRules.onReply };
  const tracking = trackingOf(db, a.workspaceId, body.tracking, current?.campaign.tracking ?? DEFAULT_TRACKING, problem);
  const steps = body.steps === undefined ? undefined : stepsOf(db, a.workspaceId, body.steps, current, problem);

  if (problems.length) throw invalidFields(problems);
  return { name: body.name ?? current?.campaign.name ?? "", schedule, senders, stopRules, tracking, steps };
}

type Problem = (pointer: string, code: string, detail: string) => void;

function scheduleOf(b: CampaignBody["schedule"], base: CampaignSchedule, problem: Problem): CampaignSchedule {
  const out = { ...base };
  if (!b) return out;
  if (b.send_window !== undefined) {
    if (b.send_window !== null) for (const p of windowProblems(b.send_window)) problem(`/schedule/send_window${p.pointer}`, "invalid", `send_window ${p.detail}.`);
    out.sendWindow = b.send_window && { days: [...b.send_window.days], start: b.send_window.start, end: b.send_window.end };
  }
  if (b.start_at !== undefined) out.startAt = b.start_at === null ? null : Date.parse(b.start_at);
  if (b.timezone !== undefined) {
    if (!isValidTimeZone(b.timezone)) problem("/schedule/timezone", "invalid", `timezone ${JSON.stringify(b.timezone.slice(0, 64))} is not an IANA time zone name (e.g. "Europe/Berlin", "America/New_York", "UTC").`);
    out.timezone = b.timezone;
  }
  if (b.timezone_source !== undefined) out.timezoneSource = b.timezone_source;
  return out;
}

function sendersOf(db: DbOrTx, workspaceId: string, b: CampaignBody["senders"], base: CampaignSenders, problem: Problem): CampaignSenders {
  const out: CampaignSenders = { identityIds: [...base.identityIds], tags: [...base.tags], onSenderRemoved: base.onSenderRemoved };
  if (!b) return out;
  if (b.identity_ids !== undefined) {
    const known = new Set(
      b.identity_ids.length
        ? db
            .select({ id: senderIdentities.id })
            .from(senderIdentities)
            .where(and(eq(senderIdentities.workspaceId, workspaceId), inArray(senderIdentities.id, b.identity_ids)))
            .all()
            .map((r) => r.id)
        : [],
    );
    const seen = new Set<string>();
    b.identity_ids.forEach((id, i) => {
      if (!known.has(id)) problem(`/senders/identity_ids/${i}`, "unknown", `${id} is not a sender identity of this workspace.`);
      else if (seen.has(id)) problem(`/senders/identity_ids/${i}`, "duplicate", `${id} is listed twice.`);
      seen.add(id);
    });
    out.identityIds = [...b.identity_ids];
  }
  if (b.tags !== undefined) {
    const seen = new Set<string>();
    b.tags.forEach((tag, i) => {
      if (seen.has(tag)) problem(`/senders/tags/${i}`, "duplicate", `tag ${JSON.stringify(tag)} is listed twice.`);
      seen.add(tag);
    });
    out.tags = [...b.tags];
  }
  if (b.on_sender_removed !== undefined) out.onSenderRemoved = b.on_sender_removed;
  return out;
}

function trackingOf(db: DbOrTx, workspaceId: string, b: CampaignBody["tracking"], base: CampaignTracking, problem: Problem): CampaignTracking {
  const out = { ...base };
  if (!b) return out;
  if (b.opens !== undefined) out.opens = b.opens;
  if (b.clicks !== undefined) out.clicks = b.clicks;
  if (b.text_clicks !== undefined) out.textClicks = b.text_clicks;
  if (b.domain_id !== undefined) {
    if (b.domain_id !== null) {
      const found = db
        .select({ id: sendingDomains.id })
        .from(sendingDomains)
        .where(and(eq(sendingDomains.workspaceId, workspaceId), eq(sendingDomains.id, b.domain_id)))
        .get();
      if (!found) problem("/tracking/domain_id", "unknown", `${b.domain_id} is not a sending domain of this workspace.`);
    }
    out.domainId = b.domain_id;
  }
  return out;
}

function stepsOf(db: DbOrTx, workspaceId: string, body: StepBody[], current: CurrentCampaign | null, problem: Problem): PlannedStep[] {
  const liveSteps = new Map((current?.steps ?? []).map((s) => [s.id, s]));
  const liveVariants = new Map((current?.variants ?? []).map((v) => [v.id, v]));
  const customKeys = [...fieldMap(db, workspaceId).keys()];
  const seenSteps = new Set<string>();
  const seenVariants = new Set<string>();

  return body.map((sb, i): PlannedStep => {
    const at = `/steps/${i}`;
    let kept: StepRow | undefined;
    if (sb.id !== undefined) {
      if (!current) problem(`${at}/id`, "invalid", "Step ids are given by the server; name one only in a PATCH, to keep that step.");
      else if (seenSteps.has(sb.id)) problem(`${at}/id`, "duplicate", `Step ${sb.id} is listed twice.`);
      else if (!(kept = liveSteps.get(sb.id))) problem(`${at}/id`, "unknown", `${sb.id} is not a step of this campaign (a removed step cannot come back: leave out the id to add a new one).`);
      seenSteps.add(sb.id);
    }
    const rule = sb.winner_rule;
    const baseRule = kept?.winnerRule ?? DEFAULT_WINNER_RULE;
    const step: PlannedStep = {
      id: kept?.id ?? null,
      name: sb.name ?? kept?.name ?? `Step ${i + 1}`,
      delaySeconds: sb.delay_seconds ?? kept?.delaySeconds ?? 0,
      sameThread: sb.same_thread ?? kept?.sameThread ?? false,
      personalisationPrompt: sb.personalisation_prompt != null ? normalizeLineBreaks(sb.personalisation_prompt) : sb.personalisation_prompt === null ? null : (kept?.personalisationPrompt ?? null),
      allocation: sb.allocation ?? kept?.allocation ?? "balanced",
      winnerRule: {
        minimumSample: rule?.minimum_sample ?? baseRule.minimumSample,
        objective: rule?.objective ?? baseRule.objective,
        observationWindowSeconds: rule?.observation_window_seconds ?? baseRule.observationWindowSeconds,
      },
      winner: sb.winner === undefined ? undefined : sb.winner && { variantId: sb.winner.variant_id },
      variants: [],
    };
    if (i === 0 && step.sameThread) problem(`${at}/same_thread`, "invalid", "The first step starts the conversation: same_thread must be false on it.");

    if (sb.variants === undefined) {
      if (kept) step.variants = (current?.variants ?? []).filter((v) => v.stepId === kept!.id).map((v) => ({ ...v }));
      // an entry naming an unknown id is already reported: no second problem for what it would have kept
      else if (sb.id === undefined) problem(`${at}/variants`, "required", "A new step needs its variants (1 to 10).");
    } else {
      step.variants = sb.variants.map((vb, j) => {
        const vat = `${at}/variants/${j}`;
        let keptV: VariantRow | undefined;
        if (vb.id !== undefined) {
          if (!current) problem(`${vat}/id`, "invalid", "Variant ids are given by the server; name one only in a PATCH, to keep that variant.");
          else if (seenVariants.has(vb.id)) problem(`${vat}/id`, "duplicate", `Variant ${vb.id} is listed twice.`);
          else if (!(keptV = liveVariants.get(vb.id)) || keptV.stepId !== kept?.id) {
            keptV = undefined;
            problem(`${vat}/id`, "unknown", `${vb.id} is not a variant of this step (a variant cannot move between steps or come back once removed).`);
          }
          seenVariants.add(vb.id);
        }
        return variantOf(vb, keptV, vb.id !== undefined, j, vat, customKeys, problem);
      });
    }

    if (step.winner) {
      const chosen = step.variants.find((v) => v.id !== null && v.id === step.winner!.variantId);
      if (!chosen) problem(`${at}/winner/variant_id`, "unknown", `${step.winner.variantId} is not a kept variant of this step (a new variant gets its id from this PATCH's answer; name it as winner in the next one).`);
    }
    return step;
  });
}

function variantOf(vb: VariantBody, kept: VariantRow | undefined, named: boolean, j: number, at: string, customKeys: string[], problem: Problem): PlannedVariant {
  const v: PlannedVariant = {
    id: kept?.id ?? null,
    name: vb.name ?? kept?.name ?? variantLetter(j),
    subject: vb.subject ?? kept?.subject ?? "",
    preheader: vb.preheader !== undefined ? vb.preheader : (kept?.preheader ?? null),
    cc: vb.cc ? addresses(vb.cc, `${at}/cc`, problem) : (kept?.cc ?? []),
    bcc: vb.bcc ? addresses(vb.bcc, `${at}/bcc`, problem) : (kept?.bcc ?? []),
    // CRLF is taken and stored as LF (the multi-line text rule)
    html: vb.html !== undefined ? normalizeLineBreaks(vb.html) : (kept?.html ?? ""),
    text: vb.text !== undefined ? normalizeLineBreaks(vb.text) : (kept?.text ?? ""),
    weight: vb.weight ?? kept?.weight ?? 100,
  };
  if (!kept && !named && vb.subject === undefined) problem(`${at}/subject`, "required", "subject is required.");
  if ((kept || !named) && v.html.trim() === "" && v.text.trim() === "") problem(`${at}/html`, "required", "A variant needs html or text (or both).");
  // templates are parsed when written: only content this body brings (a kept, unchanged variant was checked when it was written)
  if (!kept || variantContentChanged(kept, v)) {
    for (const p of checkTemplates({ subject: v.subject, preheader: v.preheader, html: v.html, text: v.text }, customKeys)) problem(`${at}/${p.field}`, p.code, `${p.field}: ${p.detail}`);
  }
  return v;
}

function addresses(list: string[], at: string, problem: Problem): string[] {
  return list.map((raw, k) => {
    const r = parseEmail(raw);
    if (r.ok) return r.email;
    problem(`${at}/${k}`, "format", `${at.split("/").pop()} ${k}: ${r.message}.`);
    return raw;
  });
}

/** Whether a variant's content (what a message is made from, and its share) differs from the stored one. */
export function variantContentChanged(row: VariantRow, v: PlannedVariant): boolean {
  return (
    row.name !== v.name ||
    row.subject !== v.subject ||
    row.preheader !== v.preheader ||
    row.html !== v.html ||
    row.text !== v.text ||
    row.weight !== v.weight ||
    JSON.stringify(row.cc) !== JSON.stringify(v.cc) ||
    JSON.stringify(row.bcc) !== JSON.stringify(v.bcc)
  );
}

/** Whether a step's own settings (not its position, winner or variants) differ from the stored ones. */
export function stepSettingsChanged(row: StepRow, s: PlannedStep): boolean {
  return (
    row.name !== s.name ||
    row.delaySeconds !== s.delaySeconds ||
    row.sameThread !== s.sameThread ||
    row.personalisationPrompt !== s.personalisationPrompt ||
    row.allocation !== s.allocation ||
    JSON.stringify(row.winnerRule) !== JSON.stringify(s.winnerRule)
  );
}
