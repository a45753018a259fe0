// API B: every /v1 resource. One route file per resource; add yours here.
import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import type { RateLimiter } from "../shared/rate-limit";
import { analyticsRoutes } from "./analytics.routes";
import { deliveryEventRoutes } from "./delivery-events.routes";
import { enrollmentRoutes } from "./enrollments.routes";
import { campaignRoutes } from "./campaigns.routes";
import { connectionRoutes } from "./connections.routes";
import { eventRoutes } from "./events.routes";
import { exportRoutes } from "./exports.routes";
import { fieldRoutes } from "./fields.routes";
import { groupRoutes } from "./groups.routes";
import { imageRoutes } from "./images.routes";
import { importRoutes } from "./imports.routes";
import { inboundMessageRoutes } from "./inbound-messages.routes";
import { threadRoutes } from "./threads.routes";
import { jobRoutes } from "./jobs.routes";
import { messageRoutes } from "./messages.routes";
import { peopleRoutes } from "./people.routes";
import { preflightRoutes } from "./preflight.routes";
import { quotaScopeRoutes } from "./quota-scopes.routes";
import { segmentRoutes } from "./segments.routes";
import { sendingDomainRoutes } from "./sending-domains.routes";
import { suppressionRoutes } from "./suppressions.routes";
import { webhookDeliveryRoutes } from "./webhook-deliveries.routes";
import { webhookEndpointRoutes } from "./webhook-endpoints.routes";
import { workspaceRoutes } from "./workspaces.routes";

export function apiBRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/v1" })
    .use(workspaceRoutes(ctx, limiter))
    .use(jobRoutes(ctx, limiter))
    .use(peopleRoutes(ctx, limiter))
    .use(fieldRoutes(ctx, limiter))
    .use(groupRoutes(ctx, limiter))
    .use(importRoutes(ctx, limiter))
    .use(exportRoutes(ctx, limiter))
    .use(segmentRoutes(ctx, limiter))
    .use(quotaScopeRoutes(ctx, limiter))
    .use(sendingDomainRoutes(ctx, limiter))
    .use(connectionRoutes(ctx, limiter))
    .use(suppressionRoutes(ctx, limiter))
    .use(preflightRoutes(ctx, limiter))
    .use(eventRoutes(ctx, limiter))
    .use(webhookEndpointRoutes(ctx, limiter))
    .use(webhookDeliveryRoutes(ctx, limiter))
    .use(enrollmentRoutes(ctx, limiter))
    .use(messageRoutes(ctx, limiter))
    .use(deliveryEventRoutes(ctx, limiter))
    .use(inboundMessageRoutes(ctx, limiter))
    .use(threadRoutes(ctx, limiter))
    .use(campaignRoutes(ctx, limiter))
    .use(analyticsRoutes(ctx, limiter))
    .use(imageRoutes(ctx, limiter));
}
