// The closed list of event types (SPEC: Events): one flat registry combining
// what each domain declares in its own events.ts.
import type { TSchema } from "@sinclair/typebox";
import { aiEvents } from "../ai/events";
import { audienceEvents } from "../audience/events";
import { automationEvents } from "../automation/events";
import { campaignEvents } from "../campaigns/events";
import { inboxEvents } from "../inbox/events";
import { sendingEvents } from "../sending/events";
import type { EventDef } from "./define";

const EVENT_TYPE_DEFS = {
  ...sendingEvents,
  ...inboxEvents,
  ...campaignEvents,
  ...audienceEvents,
  ...aiEvents,
  ...automationEvents,
} satisfies Record<string, EventDef>;

export type EventType = keyof typeof EVENT_TYPE_DEFS;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_DEFS) as EventType[];

export function isEventType(s: string): s is EventType {
  return Object.hasOwn(EVENT_TYPE_DEFS, s);
}

export function eventTypeInfo(type: EventType): { description: string; schema: TSchema } {
  return EVENT_TYPE_DEFS[type];
}

/** Realistic sample `data` of a type, timestamped around `now`. */
export function sampleData(type: EventType, now: number): unknown {
  return EVENT_TYPE_DEFS[type].sample(now);
}
