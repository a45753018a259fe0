import { messageBody } from "../../modules/messages/messages";
import { RenderRefusedError, renderOnThread } from "../render-thread";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";

/** MIME: headers, parts and encodings (mime.ts, on the rendering thread). A header value that breaks the text policy fails the message. */
export async function render(w: Work): Promise<Verdict> {
  const m = w.message;
  const by = (kind: "to" | "cc") => m.recipients.filter((r) => r.kind === kind).map((r) => r.address);
  const body = messageBody(w.ctx, m.workspaceId, m.id);
  try {
    w.raw = await renderOnThread({
      from: { address: w.identity.email, name: w.identity.name },
      to: by("to"),
      cc: by("cc"),
      replyTo: m.replyTo,
      subject: m.subject,
      html: body.html,
      text: body.text,
      headers: m.headers,
      messageId: m.messageIdHeader,
      date: new Date(w.now),
      listUnsubscribe: m.campaignId && m.unsubscribeToken ? unsubscribeTargets(w) : undefined,
    });
    return CONTINUE;
  } catch (err) {
    // a stored value that breaks the text policy or the header allow-list is never repaired
    if (err instanceof RenderRefusedError) return { kind: "fail", detail: err.message };
    throw err;
  }
}

/** Campaign mail carries one-click unsubscribe (RFC 8058): the endpoint answers under the base URL. */
function unsubscribeTargets(w: Work) {
  const token = w.message.unsubscribeToken!;
  return { url: `${w.ctx.config.baseUrl}/u/${token}`, mailto: `unsubscribe+${token}@${w.message.envelopeFrom.split("@")[1]}` };
}
