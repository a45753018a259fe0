// RFC 3464 delivery status notifications: the message/delivery-status part
// (or message/global-delivery-status, RFC 6533) holds one block of
// per-message fields, then one block per recipient. Real ones are sloppy:
// blank lines go missing between blocks, fields are folded, the per-message
// block is absent, so a recipient starts at each Final-Recipient (or an
// Original-Recipient not followed by one).

import { addressValue, readFields, typedValue, type Found } from "./fields";

export interface DsnFields {
  reportingMta: string | null;
  arrivalDate: string | null;
  recipients: Found[];
}

export function parseDeliveryStatus(text: string): DsnFields {
  const out: DsnFields = { reportingMta: null, arrivalDate: null, recipients: [] };
  let current: (Found & { hasFinal?: boolean; hasOriginal?: boolean }) | null = null;
  for (const f of readFields(text)) {
    switch (f.name) {
      case "reporting-mta":
        out.reportingMta ??= typedValue(f.value);
        break;
      case "arrival-date":
        out.arrivalDate ??= f.value;
        break;
      case "final-recipient":
      case "original-recipient": {
        const address = addressValue(f.value);
        if (!address.includes("@")) break;
        const isFinal = f.name === "final-recipient";
        // a recipient's block has one of each: a second one starts the next recipient
        if (current && (current.hasFinal || (!isFinal && current.hasOriginal))) current = null;
        if (!current) {
          current = { address };
          out.recipients.push(current);
        }
        if (isFinal) {
          current.hasFinal = true;
          current.address = address;
        } else current.hasOriginal = true;
        break;
      }
      case "action":
        if (current) current.action = f.value.toLowerCase().split(/[\s(]/)[0];
        break;
      case "status":
        if (current) current.status = /^[245]\.\d{1,3}\.\d{1,3}/.exec(f.value)?.[0] ?? current.status ?? null;
        break;
      case "remote-mta":
        if (current) current.remoteMta = typedValue(f.value);
        break;
      case "diagnostic-code":
        if (current) current.diagnostic = current.diagnostic ? `${current.diagnostic} ${f.value}` : f.value;
        break;
    }
  }
  for (const r of out.recipients as (Found & { hasFinal?: boolean; hasOriginal?: boolean })[]) {
    delete r.hasFinal;
    delete r.hasOriginal;
  }
  return out;
}
