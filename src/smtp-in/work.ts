// What one inbound message carries through the ingest's steps (ingest.ts).
import type { Ctx } from "../context";
import type { InboundAuthentication, InboundKind, inboundMessages, MatchedBy } from "../db/schema";
import type { Verdict } from "../modules/inbox/classifier";
import type { Report } from "./bounces";

export type InboundRow = typeof inboundMessages.$inferSelect;

export interface Match {
  by: MatchedBy;
  /** Our message (msg_) the inbound message is about. */
  messageId: string;
  personId: string | null;
  /**
   * The message is `uncertain` and this match proves it arrived (its VERP address or
   * unsubscribe token, its Message-ID in the returned original, In-Reply-To or References).
   */
  uncertain?: boolean;
}

/** What the analysis thread read (analysis.ts): the authenticate and classify steps take it from there. */
export interface Analysis {
  authentication: InboundAuthentication;
  report: Report;
  verdict: Verdict;
}

export interface IngestWork {
  ctx: Ctx;
  row: InboundRow;
  raw: Buffer;
  /** Under way on the analysis thread, when the worker has one; else the steps read the message here. */
  analysis: Promise<Analysis> | null;
  authentication: InboundAuthentication | null;
  report: Report | null;
  kind: InboundKind | null;
  /** The inbox's reading: classification, sentiment, intent, return date, proposal (modules/inbox/classifier). */
  verdict: Verdict | null;
  match: Match | null;
  /** The References field's Message-IDs, read once when first asked (steps/match.ts referencesOf). */
  references?: string[];
}
