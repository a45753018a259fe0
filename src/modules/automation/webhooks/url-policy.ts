// Webhook URL checks against the appliance's shared DNS resolver: on save (a
// precise 422) and again before every attempt (http-sender, DNS rebinding).
import type { Ctx } from "../../../context";
import { invalidField } from "../../../lib/errors";
import { checkWebhookUrl, type Resolve } from "../../../lib/net/webhook-url";
import { dnsResolver } from "../../verification/dns";

const resolvers = new WeakMap<Ctx, Resolve>();

/** Hostname → every A and AAAA address, through the Ctx's caching resolver. */
export function webhookResolve(ctx: Ctx): Resolve {
  let r = resolvers.get(ctx);
  if (!r) {
    r = async (host) => (await dnsResolver(ctx).lookupAll(host)).map((a) => a.address);
    resolvers.set(ctx, r);
  }
  return r;
}

/** Throws a 422 on `pointer` when the URL may not receive webhooks; returns it normalised. */
export async function assertWebhookUrl(ctx: Ctx, url: string, pointer = "/url"): Promise<string> {
  const check = await checkWebhookUrl(url, { allowPrivate: ctx.config.allowPrivateWebhooks, resolve: webhookResolve(ctx) });
  if (!check.ok) throw invalidField(pointer, check.code, `url: ${check.detail}.`);
  return check.url.href;
}
