// RFC 3464 delivery status notifications: the message/delivery-status part
// (or message/global-delivery-status, RFC 6533) holds one block of
// per-message fields, then one block per recipient. Real ones are sloppy:
// blank lines go missing between blocks, fields are folded, the per-message
// block is absent, so a recipient starts at each Final-Recipient (or an
// Original-Recipient not followed by one).

import { addressValue, readFields, typedValue, type Field, type Found } from "./fields";

export interface DsnFields {
  reportingMta: string | null;
  arrivalDate: string | null;
  recipients: Found[];
}

export function parseDeliveryStatus(text: string): DsnFields {
  const out: DsnFields = { reportingMta: null, arrivalDate: null, recipients: [] };
  const blocks: Field[][] = [];
  for (const f of readFields(text)) (blocks[f.block] ??= []).push(f);
  for (const block of blocks) {
    if (!block) continue;
    // a block holds one recipient; a second Final-Recipient (or Original-Recipient)
    // in it starts another (blank lines missing); fields before the first belong to it
    const segments: Field[][] = [[]];
    let hasFinal = false;
    let hasOriginal = false;
    for (const f of block) {
      const isFinal = f.name === "final-recipient";
      const isOriginal = f.name === "original-recipient";
      if ((isFinal && hasFinal) || (isOriginal && hasOriginal)) {
        segments.push([]);
        hasFinal = hasOriginal = false;
      }
      if (isFinal) hasFinal = true;
      if (isOriginal) hasOriginal = true;
      segments[segments.length - 1]!.push(f);
    }
    for (const segment of segments) {
      const r = recipientOf(segment);
      if (r) out.recipients.push(r);
      else {
        for (const f of segment) {
          if (f.name === "reporting-mta") out.reportingMta ??= typedValue(f.value);
          if (f.name === "arrival-date") out.arrivalDate ??= f.value;
        }
      }
    }
  }
  return out;
}

function recipientOf(fields: Field[]): Found | null {
  let address: string | null = null;
  let original: string | null = null;
  let actual: string | null = null;
  const r: Found = { address: "" };
  for (const f of fields) {
    switch (f.name) {
      case "final-recipient": {
        const a = addressValue(f.value);
        if (a.includes("@")) address ??= a;
        break;
      }
      case "original-recipient": {
        const a = addressValue(f.value);
        if (a.includes("@")) original ??= a;
        break;
      }
      // Sendmail names an alias's member that failed here, the alias staying the Final-Recipient
      case "x-actual-recipient": {
        const a = addressValue(f.value);
        if (a.includes("@")) actual ??= a;
        break;
      }
      case "action":
        r.action = f.value.toLowerCase().split(/[\s(]/)[0];
        break;
      case "status":
        r.status = /^[245]\.\d{1,3}\.\d{1,3}/.exec(f.value)?.[0] ?? r.status ?? null;
        break;
      case "remote-mta":
        r.remoteMta = typedValue(f.value);
        break;
      case "diagnostic-code": {
        const value = unescapedBytes(f.value);
        r.diagnostic = r.diagnostic ? `${r.diagnostic} ${value}` : value;
        break;
      }
    }
  }
  if (actual && address && actual.toLowerCase() !== address.toLowerCase()) {
    original ??= address;
    address = actual;
  }
  address ??= original;
  if (!address) return null;
  r.address = address;
  if (original) r.original = original;
  return r;
}

/**
 * A remote answer's bytes outside ASCII as the MTA escaped them in the ASCII-only report (Exim's "554 5.7.1
 * \xD0\xA1\xD0\xBE…"): read as the UTF-8 they spell, when they do.
 */
const ESCAPED_RUN = /(?:\\x[0-9A-Fa-f]{2}){2,}/g;
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });
function unescapedBytes(value: string): string {
  if (!value.includes("\\x")) return value;
  return value.replace(ESCAPED_RUN, (run) => {
    const bytes = Uint8Array.from(run.slice(2).split("\\x"), (h) => Number.parseInt(h, 16));
    try {
      return STRICT_UTF8.decode(bytes);
    } catch {
      return run;
    }
  });
}
