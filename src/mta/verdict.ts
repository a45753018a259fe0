// What a pipeline step decides (DESIGN.md §4, "Pipelines are data"): a step
// never throws for an expected outcome; it answers one of these.
import type { Hold } from "../db/schema";

export type Verdict =
  /** Go on to the next step. */
  | { kind: "continue" }
  /** Keep the message queued and visible with this hold; look again at `until`. */
  | { kind: "hold"; hold: Hold; detail: string; until: number }
  /** Fail it for good; `detail` is the evidence shown on the message. */
  | { kind: "fail"; detail: string }
  /** Never send it: it became moot (its campaign enrollment ended); `detail` says why. */
  | { kind: "cancel"; detail: string }
  /** Try again at `at` (no hold: a pause in the message's own delivery). */
  | { kind: "retry"; at: number; detail: string }
  /** The send step finished: its outcome is in the work's `outcome`. */
  | { kind: "done" };

export const CONTINUE: Verdict = { kind: "continue" };
