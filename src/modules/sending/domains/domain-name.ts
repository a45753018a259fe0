// A sending domain's name as it is stored and published: lower-case A-labels
// (IDNA, UTS 46 through node:url's domainToASCII), at least two labels, each
// a valid LDH label, and short enough that every record name built on it
// (the longest is `<selector>._domainkey.<domain>`) fits DNS's 253 characters.
import { domainToASCII } from "node:url";
import { invalidField } from "../../../lib/errors";
import { assertText } from "../../../lib/text";
import { LONGEST_RECORD_PREFIX } from "./records";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_NAME = 253;

/** The stored form of a domain the client gave, or a 422 on /domain naming what is wrong. */
export function normalizeSendingDomain(raw: string, pointer = "/domain"): string {
  assertText("single-line", raw, pointer, "domain");
  const bad = (detail: string) => invalidField(pointer, "format", `domain ${detail}.`);
  const given = raw.trim().replace(/\.$/, "");
  if (given === "") throw bad("is empty");
  // Only letters, digits, dots, hyphens and non-ASCII go to IDNA: domainToASCII would
  // percent-decode "%41", accept "_" or take "user@host" as a URL's authority.
  const odd = /[^A-Za-z0-9.\-\u{80}-\u{10FFFF}]/u.exec(given);
  if (odd) throw bad(`contains "${odd[0]}" at position ${odd.index + 1}; a domain is letters, digits, hyphens and dots`);
  const ascii = domainToASCII(given);
  if (ascii === "") throw bad("is not a valid internationalised domain name");
  const labels = ascii.split(".");
  if (labels.length < 2) throw bad("needs at least one dot (e.g. example.com)");
  const wrong = labels.find((l) => !LABEL.test(l));
  if (wrong !== undefined) throw bad(wrong === "" ? "has an empty label (two dots in a row)" : `has an invalid label "${wrong}": 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen`);
  if (/^[0-9]+$/.test(labels.at(-1)!)) throw bad("ends in a number; an IP address cannot be a sending domain");
  const max = MAX_NAME - LONGEST_RECORD_PREFIX;
  if (ascii.length > max) throw bad(`is ${ascii.length} characters long; at most ${max} leave room for its DKIM record names`);
  return ascii;
}

/** A domain as lookups compare it (identities store A-labels already): lower-case, A-labels; null when it cannot be one. */
export function lookupForm(domain: string): string | null {
  const d = domain.trim().replace(/\.$/, "").toLowerCase();
  if (/^[a-z0-9.-]*$/.test(d)) return d;
  return domainToASCII(d) || null;
}
