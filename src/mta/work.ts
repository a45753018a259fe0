// One message being worked by the MTA: what the steps read, and what they
// leave for the next ones (the rendered and signed bytes, the outcome).
import type { Ctx } from "../context";
import type { connections, messages, senderIdentities } from "../db/schema";
import type { AttemptJournal } from "./attempt-journal";
import type { SigningKeys } from "./dkim";
import type { QuotaCharges } from "./quota-charges";
import type { Shaper } from "./shaping";
import type { SendResult, Transport } from "./transport";

export type MessageRow = typeof messages.$inferSelect;
export type ConnectionRow = typeof connections.$inferSelect;
export type IdentityRow = typeof senderIdentities.$inferSelect;

/** One try at one destination: its attempt row and how it ended. */
export interface DestinationOutcome {
  attemptId: string;
  transport: "mx" | "relay" | "submission" | "test";
  destination: string;
  recipients: string[];
  /** Whether the attempt row reached `data` (DATA may have been sent). */
  dataBegan: boolean;
  result: SendResult | { outcome: "unroutable"; permanent: boolean; response: string };
}

/** What the MTA worker lends every message it works. */
export interface MtaEdges {
  transport: Transport;
  shaper: Shaper;
  journal: AttemptJournal;
  charges: QuotaCharges;
}

export interface Work {
  ctx: Ctx;
  mta: MtaEdges;
  message: MessageRow;
  identity: IdentityRow;
  connection: ConnectionRow;
  testMode: boolean;
  /** The message's person (its address is the first `to`), when linked. */
  person: { id: string; emailKey: string | null; status: string } | null;
  now: number;
  /** The sending domain's DKIM keys, loaded with the message (managed connections); null when the domain may not send. */
  signingKeys: SigningKeys | null;
  /** The message as it leaves (render, then sign). */
  raw: Uint8Array | null;
  outcomes: DestinationOutcome[];
  /** Recipients that wait for shaping: tried again at `retryAt`, no attempt counted. */
  retryAt: number | null;
  /** Deferred evidence from a traffic-shaping cut (the provider's text and the new limits). */
  shapingNotes: { recipients: string[]; detail: string }[];
  /** Test mode: accepted recipients that will complain (a `complained` event each). */
  complaints: string[];
}
