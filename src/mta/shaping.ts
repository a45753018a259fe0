// Traffic shaping that learns, after KumoMTA's shaping automation: every
// receiving provider (its MX hosts rolled up, so every domain Google hosts
// shares one bucket) gets a connection limit and a message rate. A throttling
// answer halves both (floor 1) for a cool-off; after it, every RECOVER_EVERY
// clean deliveries raise them a step back toward the base (additive increase,
// multiplicative decrease, as TCP does). The limits in force live in
// shaping_rules, appliance-wide (every workspace shares the MTA's addresses)
// and across restarts; `nearbound shaping` lists them.
//
// Defaults: KumoMTA's shipped shaping.toml for connections (10 for an
// unknown provider at 100 messages/s; 5 for Google, Microsoft; 10 for Apple)
// and, for the big mailbox providers, a rate an outreach appliance's
// reputation can carry (600/min; 300/min for Yahoo and Apple, which KumoMTA
// holds to 20 and 5 deliveries per connection). Yahoo gets 5 connections.
import { isIP } from "node:net";
import { isBusyError, type Db } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { shapingRules } from "../db/schema";
import type { Logger } from "../lib/log";
import { classifyAnswer, parseAnswer } from "./answers";

export interface ShapingLimits {
  maxConnections: number;
  messagesPerMinute: number;
}

export type ShapingRule = typeof shapingRules.$inferSelect;

/** Limits in force and until when they stay cut. */
export interface ShapingState extends ShapingLimits {
  coolOffUntil: number | null;
}

export type ShapingChange = { changed: false } | { changed: true; provider: string; before: ShapingState; after: ShapingState; text: string };

/** What the Shaper needs of the context (not the context's type: the context builds a Shaper). */
export interface ShapingEdges {
  db: Db;
  log: Logger;
}

export type Slot = { ok: true; release: () => void } | { ok: false; retryAt: number };

export const DEFAULT_LIMITS: ShapingLimits = { maxConnections: 10, messagesPerMinute: 6000 };
export const PROVIDER_LIMITS: Record<string, ShapingLimits> = {
  google: { maxConnections: 5, messagesPerMinute: 600 },
  microsoft: { maxConnections: 5, messagesPerMinute: 600 },
  yahoo: { maxConnections: 5, messagesPerMinute: 300 },
  apple: { maxConnections: 10, messagesPerMinute: 300 },
};

export interface ShaperOptions {
  /** How long limits stay cut after a throttling answer (10 minutes). */
  coolOffMs?: number;
  /** Clean deliveries after the cool-off per step back toward the base (10). */
  recoverEvery?: number;
}

const COOL_OFF_MS = 10 * 60_000;
const RECOVER_EVERY = 10;
/** A burst of concurrent answers to one overload is one signal: one cut per minute at most. */
const CUT_GAP_MS = 60_000;
/** No free connection slot: look again this much later. */
const SLOT_WAIT_MS = 1_000;
/** The bucket holds 10 seconds of the rate: a short burst, never a minute's worth at once. */
const BURST_SECONDS = 10;

// MX hosts of the big providers, rolled up (KumoMTA's provider match lists).
const ROLLUPS: [string, RegExp][] = [
  ["google", /(?:^|\.)(?:google\.com|googlemail\.com)$/],
  ["microsoft", /(?:^|\.)(?:outlook\.com|hotmail\.com|mx\.microsoft)$/],
  ["yahoo", /(?:^|\.)yahoodns\.net$/],
  ["apple", /(?:^|\.)icloud\.com$/],
];

// Second-level public suffixes common in MX names: the registrable domain is one label longer.
const TWO_LEVEL_SUFFIXES = new Set(
  (
    "co.uk org.uk ac.uk gov.uk me.uk ltd.uk plc.uk net.uk sch.uk nhs.uk com.au net.au org.au edu.au gov.au asn.au id.au " +
    "co.nz net.nz org.nz ac.nz govt.nz co.jp ne.jp or.jp ac.jp go.jp ad.jp ed.jp co.kr or.kr ne.kr ac.kr go.kr " +
    "com.br net.br org.br gov.br com.cn net.cn org.cn gov.cn edu.cn com.tw net.tw org.tw com.hk net.hk org.hk " +
    "com.sg net.sg org.sg edu.sg com.my net.my org.my co.in net.in org.in gen.in firm.in ac.in co.za org.za net.za " +
    "com.mx net.mx org.mx com.ar net.ar org.ar com.tr net.tr org.tr co.il org.il ac.il co.id or.id net.id ac.id " +
    "com.ua net.ua org.ua com.pl net.pl org.pl co.th in.th ac.th com.vn net.vn com.ph net.ph com.pk net.pk " +
    "com.sa net.sa com.eg com.co net.co com.pe com.ve co.ve com.ec com.uy com.py com.bo com.do com.gt " +
    "co.at or.at ac.at com.es org.es com.gr com.cy com.mt com.ng com.gh co.ke co.tz co.ug com.bd com.np com.lk"
  ).split(" "),
);

// Provider texts that mean "slow down" beyond the generic wording answers.ts
// reads (from KumoMTA's shaping.toml and community automation rules).
const PROVIDER_THROTTLE =
  /server busy|exceeded (?:the )?max(?:imum)? number of (?:connections|messages)|exceed(?:ed)? max concurrent connections|frequency limited|trop de connexions|max(?:imum)? messages? per connection|unusual rate|\[TSS?0[1-5]\]|\[IPTS0[45]\]|\bRL0000|was deferred|temporarily deferred/i;

/** The provider an MX host belongs to: a big provider's name, else the host's registrable domain. */
export function providerOf(mxHost: string): string {
  const host = mxHost.trim().toLowerCase().replace(/\.$/, "");
  for (const [name, pattern] of ROLLUPS) if (pattern.test(host)) return name;
  if (isIP(host.replace(/^\[|\]$/g, ""))) return host;
  const labels = host.split(".");
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join(".");
  return labels.slice(TWO_LEVEL_SUFFIXES.has(lastTwo) ? -3 : -2).join(".");
}

/** Whether an answer tells us to slow down (not greylisting, not "too many recipients"). */
export function isThrottling(answer: { code: number; enhanced: string | null; text: string }): boolean {
  if (answer.code < 400) return false;
  const text = parseAnswer(answer.text).text || answer.text;
  if (/gr[ae]y-?\s?list/i.test(text)) return false;
  return classifyAnswer(answer.code, answer.enhanced, text).kind === "throttle" || PROVIDER_THROTTLE.test(text);
}

export const defaultLimits = (provider: string): ShapingLimits => PROVIDER_LIMITS[provider] ?? DEFAULT_LIMITS;

/** Every provider's rule, for `nearbound shaping`: the limits in force. */
export function listShapingRules(ctx: Pick<ShapingEdges, "db">): ShapingRule[] {
  return ctx.db.select().from(shapingRules).orderBy(shapingRules.provider).all();
}

function statements(ctx: Pick<ShapingEdges, "db">) {
  const db = ctx.db;
  return preparedOnce(db, "mta.shaping", () => ({
    get: db.$client.prepare<ShapingRule, [string]>(
      `SELECT provider, max_connections AS maxConnections, messages_per_minute AS messagesPerMinute, base_connections AS baseConnections,
              base_messages_per_minute AS baseMessagesPerMinute, cool_off_until AS coolOffUntil, clean_deliveries AS cleanDeliveries,
              last_throttle AS lastThrottle, updated_at AS updatedAt
         FROM shaping_rules WHERE provider = ?1`,
    ),
    put: db.$client.prepare<unknown, [string, number, number, number, number, number | null, number, string | null, number]>(
      `INSERT INTO shaping_rules (provider, max_connections, messages_per_minute, base_connections, base_messages_per_minute, cool_off_until, clean_deliveries, last_throttle, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (provider) DO UPDATE SET max_connections = ?2, messages_per_minute = ?3, base_connections = ?4, base_messages_per_minute = ?5,
         cool_off_until = ?6, clean_deliveries = ?7, last_throttle = ?8, updated_at = ?9`,
    ),
  }));
}

/**
 * The MTA's pace per provider. Limits are read from shaping_rules on every
 * call (one prepared point read), so every Shaper of a process agrees; slots
 * in use and rate buckets are this instance's (the MTA worker's).
 */
export class Shaper {
  private readonly inUse = new Map<string, number>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Rules whose write met a busy database: kept here and written at the next chance. */
  private readonly unsaved = new Map<string, ShapingRule>();
  private readonly coolOffMs: number;
  private readonly recoverEvery: number;

  constructor(
    private readonly ctx: ShapingEdges,
    opts: ShaperOptions = {},
  ) {
    this.coolOffMs = opts.coolOffMs ?? COOL_OFF_MS;
    this.recoverEvery = opts.recoverEvery ?? RECOVER_EVERY;
  }

  providerOf(mxHost: string): string {
    return providerOf(mxHost);
  }

  /** The provider's rule (its defaults, stored, the first time it is seen). */
  rule(provider: string, now: number): ShapingRule {
    this.flush();
    const pending = this.unsaved.get(provider);
    if (pending) return pending;
    const row = statements(this.ctx).get.get(provider);
    if (row) return row;
    const base = defaultLimits(provider);
    const fresh: ShapingRule = {
      provider,
      maxConnections: base.maxConnections,
      messagesPerMinute: base.messagesPerMinute,
      baseConnections: base.maxConnections,
      baseMessagesPerMinute: base.messagesPerMinute,
      coolOffUntil: null,
      cleanDeliveries: 0,
      lastThrottle: null,
      updatedAt: now,
    };
    this.save(fresh);
    return fresh;
  }

  /** The limits in force for a provider. */
  limitsOf(provider: string, now: number): ShapingLimits {
    const r = this.rule(provider, now);
    return { maxConnections: r.maxConnections, messagesPerMinute: r.messagesPerMinute };
  }

  /** A connection slot and one message of the rate, or when to look again. */
  acquire(provider: string, now: number): Slot {
    const rule = this.rule(provider, now);
    const used = this.inUse.get(provider) ?? 0;
    if (used >= rule.maxConnections) return { ok: false, retryAt: now + SLOT_WAIT_MS };
    const perMs = rule.messagesPerMinute / 60_000;
    const capacity = Math.max(1, Math.ceil((rule.messagesPerMinute * BURST_SECONDS) / 60));
    const bucket = this.buckets.get(provider) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = Math.max(bucket.at, now);
    this.buckets.set(provider, bucket);
    if (bucket.tokens < 1) return { ok: false, retryAt: now + Math.ceil((1 - bucket.tokens) / perMs) };
    bucket.tokens -= 1;
    this.inUse.set(provider, used + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.inUse.set(provider, Math.max(0, (this.inUse.get(provider) ?? 1) - 1));
      },
    };
  }

  /** Learns from an answer: a throttle cuts the limits, clean deliveries after the cool-off restore them. */
  observe(provider: string, answer: { code: number; enhanced: string | null; text: string }, now: number): ShapingChange {
    const rule = this.rule(provider, now);
    if (isThrottling(answer)) return this.cut(rule, answer.text, now);
    if (answer.code >= 200 && answer.code < 300) this.recover(rule, now);
    return { changed: false };
  }

  private cut(rule: ShapingRule, text: string, now: number): ShapingChange {
    const lastCut = rule.coolOffUntil !== null ? rule.coolOffUntil - this.coolOffMs : null;
    if (lastCut !== null && now - lastCut < CUT_GAP_MS) return { changed: false };
    const before: ShapingState = { maxConnections: rule.maxConnections, messagesPerMinute: rule.messagesPerMinute, coolOffUntil: rule.coolOffUntil };
    const after: ShapingState = {
      maxConnections: Math.max(1, Math.floor(rule.maxConnections / 2)),
      messagesPerMinute: Math.max(1, Math.floor(rule.messagesPerMinute / 2)),
      coolOffUntil: now + this.coolOffMs,
    };
    this.save({ ...rule, ...after, cleanDeliveries: 0, lastThrottle: text.slice(0, 1000), updatedAt: now });
    const bucket = this.buckets.get(rule.provider);
    if (bucket) bucket.tokens = Math.min(bucket.tokens, Math.max(1, Math.ceil((after.messagesPerMinute * BURST_SECONDS) / 60)));
    this.ctx.log.warn("shaping: limits cut", { provider: rule.provider, text, before, after });
    return { changed: true, provider: rule.provider, before, after, text };
  }

  private recover(rule: ShapingRule, now: number): void {
    const below = rule.maxConnections < rule.baseConnections || rule.messagesPerMinute < rule.baseMessagesPerMinute;
    if (!below || (rule.coolOffUntil !== null && now < rule.coolOffUntil)) return;
    const clean = rule.cleanDeliveries + 1;
    if (clean < this.recoverEvery) {
      this.save({ ...rule, cleanDeliveries: clean, updatedAt: now });
      return;
    }
    // one step: a connection more, a tenth of the base rate more
    const maxConnections = Math.min(rule.baseConnections, rule.maxConnections + 1);
    const messagesPerMinute = Math.min(rule.baseMessagesPerMinute, rule.messagesPerMinute + Math.max(1, Math.ceil(rule.baseMessagesPerMinute / 10)));
    const restored = maxConnections === rule.baseConnections && messagesPerMinute === rule.baseMessagesPerMinute;
    this.save({ ...rule, maxConnections, messagesPerMinute, cleanDeliveries: 0, coolOffUntil: restored ? null : rule.coolOffUntil, updatedAt: now });
    this.ctx.log.info("shaping: limits raised", { provider: rule.provider, maxConnections, messagesPerMinute, restored });
  }

  private save(rule: ShapingRule): void {
    try {
      this.write(rule);
      this.unsaved.delete(rule.provider);
    } catch (err) {
      if (!isBusyError(err)) throw err;
      // the database is busy this instant: keep the rule here and write it at the next call
      this.unsaved.set(rule.provider, rule);
    }
  }

  private flush(): void {
    for (const rule of [...this.unsaved.values()]) {
      try {
        this.write(rule);
        this.unsaved.delete(rule.provider);
      } catch (err) {
        if (!isBusyError(err)) throw err;
        return;
      }
    }
  }

  private write(r: ShapingRule): void {
    statements(this.ctx).put.run(r.provider, r.maxConnections, r.messagesPerMinute, r.baseConnections, r.baseMessagesPerMinute, r.coolOffUntil, r.cleanDeliveries, r.lastThrottle, r.updatedAt);
  }
}
