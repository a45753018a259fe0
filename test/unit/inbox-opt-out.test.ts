// The way out our own message offered ("rather not hear from me? Reply 'no thanks'", "reply STOP to opt out"): a reply
// that is that word and nothing else, under the quoted message, is a removal request; the same word without the offer,
// or with more said, is read as written.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";

const message = (reply: string, pitchEnd: string | null) =>
  [
    "From: Priya Nair <priya.nair@prospect.example>",
    "To: Leo <leo@outbound.example>",
    "Subject: Re: Idea for Prospect",
    "Date: Mon, 11 Jan 2027 14:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    reply,
    "",
    ...(pitchEnd === null
      ? []
      : [
          "On Fri, 8 Jan 2027 at 10:02, Leo <leo@outbound.example> wrote:",
          "> Hi Priya,",
          ">",
          "> Teams like yours send outreach from their own domains with Relaypoint.",
          "> Worth a 15-minute look next week?",
          ">",
          "> Leo",
          ...pitchEnd.split("\n").map((l) => `> ${l}`),
        ]),
  ].join("\r\n");

describe("a reply that is the opt-out word our quoted message offered", () => {
  test.each([
    ["no thanks", "P.S. Not the right person, or rather not hear from me? Reply 'no thanks'."],
    ["No thanks!", "If you'd rather not hear from me again, just reply \u201cNo thanks\u201d and I'll stop."],
    ["STOP", "Reply STOP to opt out of\nfuture emails."],
    ["Nein danke", "Kein Interesse? Antworten Sie einfach mit \u201eNein danke\u201c, dann schreibe ich Ihnen nichts mehr."],
    ["non merci", "Pas intéressé ? Répondez simplement \u00ab non merci \u00bb et je ne vous écrirai plus : vous ne plus recevoir…"],
    ["pass", "Rather not hear from me? Reply 'pass' and you're off my list."],
  ])("%p under %p is a removal request", (reply, offer) => {
    expect(classifyMessage(message(reply, offer))).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: "priya.nair@prospect.example" } });
  });
});

describe("controls: read as written", () => {
  test("the word without the offer is a refusal, no suppression", () => {
    expect(classifyMessage(message("No thanks", null))).toMatchObject({ classification: "reply", intent: "not_interested", proposal: null });
  });
  test("more said than the word", () => {
    expect(classifyMessage(message("No thanks for now, but try me again in June.", "Rather not hear from me? Reply 'no thanks'."))).toMatchObject({ classification: "reply", intent: "later" });
  });
  test("a word offered for something else ('reply \"yes\" and I'll send the deck')", () => {
    expect(classifyMessage(message("Yes", "Want the deck? Reply 'yes' and I'll send it over."))).toMatchObject({ classification: "reply" });
  });
});
