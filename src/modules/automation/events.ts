// The automation domain's own events: webhook endpoints.
import { Type as T } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { EventDef } from "../events/define";
import { WebhookEndpointSchema } from "../../representations/webhook-endpoint";

const at = (ms: number) => iso(ms);

const EndpointTestSchema = T.Object(
  { object: T.Literal("endpoint_test"), message: T.String() },
  { title: "EventEndpointTest" },
);

// ---- samples: fresh ids per call so receivers that de-duplicate see new objects

export const automationEvents = {
  "endpoint.test": {
    description: "A test event; only ever synthetic",
    schema: EndpointTestSchema,
    sample: () => ({ object: "endpoint_test" as const, message: "This is a test event from Nearbound. Answer 2xx to acknowledge it." }),
  },
  "webhook_endpoint.disabled": {
    description: "A webhook endpoint was disabled: by its owner, after a 410 answer, or after 5 days without a successful delivery",
    schema: WebhookEndpointSchema,
    sample: (now: number) => ({
      id: newId("whe"),
      object: "webhook_endpoint" as const,
      url: "https://hooks.example.com/nearbound",
      description: "CRM sync",
      event_types: [],
      enabled: false,
      disabled_reason: "failing",
      disabled_at: at(now),
      previous_secret_expires_at: null,
      created_at: at(now - 10 * 86_400_000),
      updated_at: at(now),
    }),
  },
} satisfies Record<string, EventDef>;
