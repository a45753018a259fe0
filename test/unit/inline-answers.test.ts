// Answers written inside the quoted history (quotes.ts): Outlook quotes our
// message unprefixed under its header block, and the writer answers in it,
// marking each answer ("[Oskar] …", "BK: …", "[HL] …", an announced "(ANTW:)",
// "<< … >>", "==> …", capitals when the text above says so). Marked answers
// are read; unmarked history, its header lines and a colleague's marks are not.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";

const reply = (from: string, top: string, history: string) =>
  [`From: ${from}`, "To: Marcus Bell <marcus@tallyworks.example>", "Subject: RE: Quicker supplier onboarding", "Date: Tue, 2 Mar 2027 15:40:00 +0000", "", top, "", history].join("\n");

/** Our message as Outlook quotes it, the writer's lines put under its first paragraph and under its question. */
const outlook = (underFirst: string[], underQuestion: string[], subject = "Quicker supplier onboarding") =>
  [
    "-----Original Message-----",
    "From: Marcus Bell <marcus@tallyworks.example>",
    "Sent: Tuesday, March 2, 2027 8:15 AM",
    "To: Reader <reader@client.example>",
    `Subject: ${subject}`,
    "",
    "Hello,",
    "",
    "Tallyworks checks new suppliers' bank details and tax numbers automatically.",
    ...underFirst,
    "",
    "Most procurement teams cut supplier onboarding from two weeks to two days.",
    "",
    "Could we find 20 minutes next week?",
    ...underQuestion,
    "",
    "Marcus Bell",
    "Tallyworks | Account Executive",
  ].join("\n");

const OUR_WORDS = /Tallyworks|procurement teams|20 minutes/;
const read = (from: string, top: string, history: string) => {
  const v = classifyMessage(reply(from, top, history));
  return { visible: v.visibleText, classification: v.classification, intent: v.intent };
};

describe("marked answers inside the quoted history are read", () => {
  test("the writer's given name in brackets, announced above", () => {
    const v = read("Ingrid Solberg <ingrid@fjordline.example>", "Hi Marcus, my replies are below, marked [Ingrid].", outlook(["[Ingrid] we onboard maybe five suppliers a year, so no thanks."], []));
    expect(v.visible).toContain("we onboard maybe five suppliers a year, so no thanks.");
    expect(v.visible).not.toMatch(OUR_WORDS);
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("the writer's given name in brackets, not announced", () => {
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "See below.", outlook([], ["[Oskar] not next week, but ask me again after the summer."]));
    expect(v.visible).toContain("ask me again after the summer");
    expect(v).toMatchObject({ classification: "reply", intent: "later" });
  });

  test("the writer's initials and a colon", () => {
    const v = read("Bruno Keller <bkeller@alpenstahl.example>", "", outlook([], ["BK: please take me off your mailing list."]));
    expect(v.visible).toContain("please take me off your mailing list.");
    expect(v.classification).toBe("unsubscribe_request");
  });

  test("initials in brackets, given name first though the display name puts the family name first", () => {
    const v = read('"Lindqvist, Henrik" <h.lindqvist@norrbygg.example>', "Comments inline.", outlook(["[HL] does it also check suppliers registered outside the EU?"], []));
    expect(v.visible).toContain("does it also check suppliers registered outside the EU?");
    expect(v).toMatchObject({ classification: "reply", intent: "question" });
  });

  test("a mark the text above announces in parentheses", () => {
    const v = read("Femke de Wit <femke@polderbouw.example>", "Hoi Marcus, zie mijn antwoorden in de tekst (ANTW:).", outlook(["ANTW: Nee, dank je, we hebben hier geen interesse in."], []));
    expect(v.visible).toContain("Nee, dank je, we hebben hier geen interesse in.");
    expect(v.visible).not.toContain("ANTW: Nee");
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("a line wrapped in << >>", () => {
    const v = read("Chidi Okafor <chidi@lagoonlogistics.example>", "Hi,", outlook(["<< not for us, we built our own checks >>"], []));
    expect(v.visible).toContain("not for us, we built our own checks");
    expect(v.visible).not.toContain(">>");
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("an arrow before the answer", () => {
    const v = read("Chidi Okafor <chidi@lagoonlogistics.example>", "Hi,", outlook([], ["==> Please remove me from your list."]));
    expect(v.visible).toContain("Please remove me from your list.");
    expect(v.classification).toBe("unsubscribe_request");
  });

  test("answers in capitals, when the text above says so", () => {
    const v = read("Aiko Tanaka <aiko@harborparts.example>", "Marcus, replies in CAPS below.", outlook(["WE ALREADY HAVE A SUPPLIER PORTAL, NOT INTERESTED"], []));
    expect(v.visible).toContain("WE ALREADY HAVE A SUPPLIER PORTAL, NOT INTERESTED");
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("capitals announced in another language ('in Großbuchstaben')", () => {
    const v = read("Jonas Weber <jonas@rheintech.example>", "Hallo Herr Bell, meine Antworten stehen in Großbuchstaben im Text.", outlook([], ["BITTE NEHMEN SIE MICH AUS IHREM VERTEILER"]));
    expect(v.visible).toContain("BITTE NEHMEN SIE MICH AUS IHREM VERTEILER");
    expect(v.classification).toBe("unsubscribe_request");
  });

  test("initials written with dots", () => {
    const v = read("Bruno Keller <bkeller@alpenstahl.example>", "", outlook(["[B.K.] we are not interested, thank you."], []));
    expect(v.visible).toContain("we are not interested, thank you.");
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("an answer wrapped over two lines is read whole, our next paragraph is not", () => {
    const v = read(
      "Nadia Haddad <nadia@cedarfoods.example>",
      "Hello, see inline.",
      outlook(["[Nadia] thanks for thinking of us, but we renewed the contract with our current", "provider until 2029, so we are not interested."], []),
    );
    expect(v.visible).toContain("provider until 2029, so we are not interested.");
    expect(v.visible).not.toMatch(OUR_WORDS);
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("a long answer just above our sign-off does not run into our name", () => {
    const answer = "[Nadia] we are not interested, we have just signed a three-year deal with a competitor";
    const v = read("Nadia Haddad <nadia@cedarfoods.example>", "Hello, see inline.", outlook([], [answer]).replace(`${answer}\n\n`, `${answer}\n`));
    expect(v.visible).toContain("we have just signed a three-year deal with a competitor");
    expect(v.visible).not.toContain("Marcus Bell");
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });
});

describe("what is not an answer inside the history", () => {
  test("the same history with no marks reads as before: none of our message", () => {
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "Thanks Marcus.", outlook([], []));
    expect(v.visible).toBe("Thanks Marcus.");
    expect(v.intent).toBeNull();
  });

  test("'AW:' in the quoted header block is no answer, even announced", () => {
    const history = outlook([], [], "AW: Not interested? A last note from Tallyworks");
    const v = read("Jonas Weber <jonas@rheintech.example>", "Hallo, meine Antworten im Text (AW:).", history);
    expect(v.visible).not.toContain("Not interested");
    expect(v.intent).toBeNull();
  });

  test("a colleague's mark is not the writer's answer", () => {
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "See below.", outlook(["[Greta] please unsubscribe us, we are not interested."], []));
    expect(v.visible).toBe("See below.");
    expect(v.classification).toBe("reply");
    expect(v.intent).toBeNull();
  });

  test("our greeting of the writer by name and a colon is no mark", () => {
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "Thanks.", outlook([], []).replace("Hello,", "Oskar:"));
    expect(v.visible).toBe("Thanks.");
  });

  test("a list of arrows in our own message is no answer", () => {
    const v = read("Chidi Okafor <chidi@lagoonlogistics.example>", "Thanks.", outlook(["=> bank details checked", "=> no more unsubscribe requests lost"], []));
    expect(v.visible).toBe("Thanks.");
  });

  test("capitals are no answers when the text above does not say so", () => {
    const v = read("Aiko Tanaka <aiko@harborparts.example>", "Thanks.", outlook(["NOT INTERESTED IN EXTRA CHECKS?"], []));
    expect(v.visible).toBe("Thanks.");
  });

  test("an address in parentheses above, beside 'below', is no announced mark", () => {
    const history = outlook(["marcus@tallyworks.example", "please unsubscribe me, say the rules we are bound by"], []);
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "Your mail (marcus@tallyworks.example) is quoted below for the file.", history);
    expect(v.visible).toBe("Your mail (marcus@tallyworks.example) is quoted below for the file.");
    expect(v.classification).toBe("reply");
  });

  test("a separator with nothing under it ends the text, and the text stays", () => {
    expect(read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "Not for us, thanks.", "-----Original Message-----\n\n").visible).toBe("Not for us, thanks.");
  });

  test("a mark with no history above it is the reply's own text, read as before", () => {
    const v = read("Oskar Brandt <oskar.brandt@eisenwerk.example>", "[Oskar] no thanks.", "");
    expect(v.visible).toBe("[Oskar] no thanks.");
  });
});
