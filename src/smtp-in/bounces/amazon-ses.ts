// Amazon SES notifications delivered by e-mail (SNS): a JSON body with
// notificationType Bounce, Complaint or Delivery. The JSON arrives wrapped at
// a fixed width ("!\n " or "\n " inserted), so it is unwrapped before
// parsing; when it still does not parse, the recipients are read by pattern.

import type { Found } from "./fields";

export interface SesNotification {
  complaint: boolean;
  feedbackType: string | null;
  recipients: Found[];
  messageId: string | null;
}

interface SesRecipient {
  emailAddress?: string;
  action?: string;
  status?: string;
  diagnosticCode?: string;
}

export function parseSesNotification(text: string): SesNotification | null {
  let json: string | null = null;
  const start = text.indexOf('{"notificationType"');
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) json = text.slice(start, end + 1).replace(/!?\n /g, "");
  else if (/"Type"\s*:\s*"Notification"/.test(text)) {
    // an SNS envelope: the notification is its "Message", a JSON string
    const open = text.indexOf("{");
    if (open < 0 || end < open) return null;
    try {
      const envelope = JSON.parse(text.slice(open, end + 1).replace(/!?\n /g, "")) as { Message?: string };
      json = typeof envelope.Message === "string" ? envelope.Message : null;
    } catch {
      return null;
    }
  }
  if (!json) return null;
  let data: {
    notificationType?: string;
    bounce?: { bounceType?: string; bouncedRecipients?: SesRecipient[]; reportingMTA?: string };
    complaint?: { complainedRecipients?: SesRecipient[]; complaintFeedbackType?: string };
    delivery?: { recipients?: string[] };
    mail?: { messageId?: string; headers?: { name: string; value: string }[] };
  };
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const type = (data.notificationType ?? "").toLowerCase();
  const headerId = data.mail?.headers?.find((h) => h.name.toLowerCase() === "message-id")?.value;
  const messageId = headerId ? headerId.replace(/^<|>$/g, "") : (data.mail?.messageId ?? null);
  if (type === "complaint") {
    const recipients = (data.complaint?.complainedRecipients ?? []).filter((r) => r.emailAddress).map((r) => ({ address: r.emailAddress! }));
    return { complaint: true, feedbackType: data.complaint?.complaintFeedbackType ?? null, recipients, messageId };
  }
  if (type === "bounce") {
    const transient = (data.bounce?.bounceType ?? "").toLowerCase() === "transient";
    const recipients = (data.bounce?.bouncedRecipients ?? [])
      .filter((r) => r.emailAddress)
      .map((r): Found => ({
        address: r.emailAddress!,
        action: r.action?.toLowerCase() ?? "failed",
        status: r.status ?? null,
        diagnostic: r.diagnosticCode ?? null,
        remoteMta: data.bounce?.reportingMTA?.replace(/^[a-z]+;\s*/i, "") ?? null,
        permanent: !transient,
      }));
    return { complaint: false, feedbackType: null, recipients, messageId };
  }
  if (type === "delivery") {
    // a delivery notice: every recipient delivered, nothing to report
    return { complaint: false, feedbackType: null, recipients: (data.delivery?.recipients ?? []).map((address) => ({ address, action: "delivered" })), messageId };
  }
  return null;
}
