// The inbox's small pure rules: subjects compared without reply/forward
// prefixes, how long an out-of-office holds a sequence, and how a reply moves
// the person's score.
import { describe, expect, test } from "bun:test";
import { outOfOfficeUntil } from "../../src/modules/inbox/out-of-office";
import { scoreAfter } from "../../src/modules/inbox/score";
import { baseSubject } from "../../src/modules/inbox/subject";

const DAY = 86_400_000;

describe("baseSubject", () => {
  test.each([
    ["Re: Quick question", "quick question"],
    ["RE: RE: Fwd: Quick  question ", "quick question"],
    ["AW: WG: Ihr Angebot", "ihr angebot"],
    ["SV: VS: Tilbud", "tilbud"],
    ["RV: Propuesta", "propuesta"],
    ["TR: Proposition", "proposition"],
    ["Re[2]: Pricing", "pricing"],
    ["Réf. : Devis", "devis"],
    ["Antw: Offerte", "offerte"],
    ["Recap of our call", "recap of our call"],
    ["Reminder: demo", "reminder: demo"],
  ])("%p → %p", (subject, base) => expect(baseSubject(subject)).toBe(base));
});

describe("outOfOfficeUntil", () => {
  const received = Date.UTC(2026, 10, 23, 9);
  test("the stated return plus a day", () => expect(outOfOfficeUntil(received, Date.UTC(2026, 11, 1), 7)).toBe(Date.UTC(2026, 11, 2)));
  test("no date: the workspace's default", () => expect(outOfOfficeUntil(received, null, 7)).toBe(received + 7 * DAY));
  test("a date long past or more than 180 days away is a mistake: the default", () => {
    expect(outOfOfficeUntil(received, Date.UTC(2026, 9, 1), 5)).toBe(received + 5 * DAY);
    expect(outOfOfficeUntil(received, received + 200 * DAY, 5)).toBe(received + 5 * DAY);
  });
  test("back today: held until tomorrow at the latest", () => expect(outOfOfficeUntil(received, Date.UTC(2026, 10, 23), 7)).toBe(Date.UTC(2026, 10, 24)));
});

describe("scoreAfter", () => {
  test("starts from 0 and stays within 0–100", () => {
    expect(scoreAfter(null, "meeting_request")).toBe(40);
    expect(scoreAfter(90, "interested")).toBe(100);
    expect(scoreAfter(10, "not_interested")).toBe(0);
    expect(scoreAfter(null, null)).toBe(0);
  });
});
