// fold(): the text the classifier's phrase lists match against.
import { expect, test } from "bun:test";
import { fold } from "../../src/modules/inbox/classifier/fold";

test("ASCII text: lower case, a backtick made an apostrophe, runs of blanks and tabs one space; line breaks kept", () => {
  expect(fold("Thanks,  We'll TALK\t\tnext `week`\n\nBest")).toBe("thanks, we'll talk next 'week'\n\nbest");
  expect(fold("a\tb c")).toBe("a b c");
});

test("any other text: accents and ligatures dropped, ß and typographic quotes, dashes and spaces made ASCII", () => {
  expect(fold("Zurück  am Montag – „Grüße“ ’Ja’\u00a0ﬁne ÉTÉ\tStraße")).toBe('zuruck am montag - "grusse" \'ja\' fine ete strasse');
});
