// Webhook URL checks against the appliance's outbound policy: on save (a
// precise 422) and again before every attempt (http-sender, DNS rebinding).
import type { Ctx } from "../../../context";
import { invalidField } from "../../../lib/errors";

/** Throws a 422 on `pointer` when the URL may not receive webhooks; returns it normalised. */
export async function assertWebhookUrl(ctx: Ctx, url: string, pointer = "/url"): Promise<string> {
  const check = await ctx.outbound.checkUrl(url);
  if (!check.ok) throw invalidField(pointer, check.code, `url: ${check.detail}.`);
  return check.url.href;
}
