// The inbox classifier on replies: intent and sentiment in seven languages,
// negation, the precedence between intents, and the proposals (move, refer)
// with the addresses that must never be proposed.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";
import { score } from "../../src/modules/inbox/classifier/intent";

const reply = (body: string, from = "Priya Nair <priya.nair@prospect.example>", to = "Leo <leo@outbound.example>") =>
  [`From: ${from}`, `To: ${to}`, "Subject: Re: Idea for Prospect", "Date: Mon, 11 Jan 2027 14:00:00 +0000", "", body].join("\n");
const verdict = (body: string) => classifyMessage(reply(body));

describe("intent and sentiment per language", () => {
  test.each([
    // en
    ["Looks interesting, could you send over a one-pager?", "interested", "positive"],
    ["Happy to have a call. Does Wednesday at 2pm work?", "meeting_request", "positive"],
    ["Here's my Calendly, grab any slot: https://calendly.example/priya", "meeting_request", "positive"],
    ["No thanks, we're all set.", "not_interested", "negative"],
    ["What does this cost for a team of twenty?", "question", "neutral"],
    ["Not right now. Try me again next quarter.", "later", "neutral"],
    ["I'm not the right person for this.", "wrong_person", "neutral"],
    // de
    ["Klingt spannend, schicken Sie mir gern Unterlagen.", "interested", "positive"],
    ["Können wir am Freitag um 10 Uhr telefonieren?", "meeting_request", "positive"],
    ["Kein Bedarf, danke.", "not_interested", "negative"],
    ["Was kostet das im Jahr?", "question", "neutral"],
    ["Derzeit nicht, melden Sie sich gern nach dem Sommer wieder.", "later", "neutral"],
    ["Dafür bin ich nicht zuständig.", "wrong_person", "neutral"],
    // fr
    ["Ça m'intéresse, envoyez-moi une présentation.", "interested", "positive"],
    ["Je suis disponible jeudi à 15h pour un échange.", "meeting_request", "positive"],
    ["Pas intéressé, merci.", "not_interested", "negative"],
    ["Comment ça marche exactement ?", "question", "neutral"],
    ["Pas pour le moment, revenez vers moi l'année prochaine.", "later", "neutral"],
    ["Je ne suis pas la bonne personne.", "wrong_person", "neutral"],
    // es
    ["Me interesa, envíeme más información.", "interested", "positive"],
    ["¿Tiene disponibilidad el martes para una llamada?", "meeting_request", "positive"],
    ["No nos interesa, gracias.", "not_interested", "negative"],
    ["¿Cuánto cuesta al mes?", "question", "neutral"],
    ["Ahora no, escríbame después del verano.", "later", "neutral"],
    ["No soy la persona adecuada.", "wrong_person", "neutral"],
    // it
    ["Mi interessa, inviatemi maggiori informazioni.", "interested", "positive"],
    ["Possiamo fissare una chiamata giovedì alle 11?", "meeting_request", "positive"],
    ["No grazie, abbiamo già un fornitore.", "not_interested", "negative"],
    ["Quanto costa la licenza?", "question", "neutral"],
    ["Non al momento, risentiamoci a settembre.", "later", "neutral"],
    ["Non sono la persona giusta.", "wrong_person", "neutral"],
    // nl
    ["Klinkt interessant, stuur me meer informatie.", "interested", "positive"],
    ["Ik ben donderdag om 14:00 beschikbaar voor een gesprek.", "meeting_request", "positive"],
    ["Geen interesse, bedankt.", "not_interested", "negative"],
    ["Wat kost het per gebruiker?", "question", "neutral"],
    ["Momenteel niet, neem volgend jaar contact op.", "later", "neutral"],
    ["Ik ben niet de juiste persoon.", "wrong_person", "neutral"],
    // pt
    ["Tenho interesse, pode me mandar mais detalhes?", "interested", "positive"],
    ["Podemos marcar uma reunião na quinta-feira às 15h?", "meeting_request", "positive"],
    ["Não, obrigado. Já temos uma solução.", "not_interested", "negative"],
    ["Quanto custa por mês?", "question", "neutral"],
    ["Agora não, fale comigo no próximo ano.", "later", "neutral"],
    ["Não sou a pessoa certa.", "wrong_person", "neutral"],
  ])("%p → %s, %s", (body, intent, sentiment) => {
    const v = verdict(body);
    expect(v.classification).toBe("reply");
    expect([v.intent as string | null, v.sentiment as string | null]).toEqual([intent, sentiment]);
  });
});

describe("negation", () => {
  test.each([
    ["Not interested.", "not_interested"],
    ["Interested!", "interested"],
    ["We are not really interested.", "not_interested"],
    ["Das interessiert uns nicht.", "not_interested"],
    ["Dat interesseert ons niet.", "not_interested"],
    ["We don't need a tool like this.", "not_interested"],
    ["No problem, send me the details.", "interested"],
    ["Not a bad idea. Tell me more.", "interested"],
    ["Why not, let's set up a call.", "meeting_request"],
    ["Interesting, but we already use something similar.", "not_interested"],
  ])("%p → %s", (body, intent) => {
    expect(verdict(body).intent).toBe(intent as never);
  });

  test("every cue is kept, so a verdict can be explained", () => {
    expect(score("No problem, send me the details.").hits).toEqual(expect.arrayContaining(["idiom:no problem", "interest:send me"]));
    expect(score("Not interested.").hits).toContain("refusal:not interested");
  });
});

describe("precedence", () => {
  test("later beats a refusal when a future time is given, not otherwise", () => {
    expect(verdict("Not interested at the moment, maybe in Q3.").intent).toBe("later");
    expect(verdict("Not interested.").intent).toBe("not_interested");
  });

  test("referral, wrong person and moved beat a question", () => {
    expect(verdict("Not my area, who told you? Please talk to Omar Haddad, omar@prospect.example").intent).toBe("referral");
    expect(verdict("Why me? I'm not responsible for purchasing.").intent).toBe("wrong_person");
    expect(verdict("I've left Prospect, what was this about? Write to priya@newplace.example").intent).toBe("moved");
  });

  test("a meeting beats interest; interest with a question stays interest", () => {
    expect(verdict("Interesting! Are you free Thursday afternoon for a call?").intent).toBe("meeting_request");
    expect(verdict("Interested — how long does onboarding take?").intent).toBe("interested");
  });

  test("the writer consulting someone is not a referral; leaving a company is moving", () => {
    expect(verdict("I'll talk to Omar and get back to you.").intent).toBe("later");
    expect(verdict("Please talk to Omar.").intent).toBe("referral");
    expect(verdict("I left Prospect last month.").intent).toBe("moved");
    expect(verdict("I left you a voicemail yesterday.").intent).toBeNull();
  });

  test("a plain acknowledgement has no intent and is neutral", () => {
    expect(verdict("Thanks.")).toMatchObject({ intent: null, sentiment: "neutral" });
  });

  test("hostility is negative", () => {
    expect(verdict("This is spam.").sentiment).toBe("negative");
    expect(verdict("Who gave you my address?").sentiment).toBe("negative");
  });
});

describe("proposals", () => {
  test("a referral with a name and an address", () => {
    expect(verdict("I'm not the right contact. Please reach out to Omar Haddad (omar.haddad@prospect.example).").proposal).toEqual({ action: "refer", email: "omar.haddad@prospect.example", name: "Omar Haddad" });
    expect(verdict("Bitte wenden Sie sich an Frau Keller, keller@prospect.example.").proposal).toEqual({ action: "refer", email: "keller@prospect.example", name: "Keller" });
    expect(verdict("Parlez-en à Chloé Martin : chloe.martin@prospect.example").proposal).toEqual({ action: "refer", email: "chloe.martin@prospect.example", name: "Chloé Martin" });
  });

  test("a referral with an address and no name", () => {
    expect(verdict("Send it to purchasing@prospect.example").proposal).toEqual({ action: "refer", email: "purchasing@prospect.example", name: null });
  });

  test("a referral without an address proposes nothing", () => {
    const v = verdict("I've forwarded this to our CTO.");
    expect(v).toMatchObject({ intent: "referral", proposal: null });
  });

  test("moved, with the writer's new address", () => {
    expect(verdict("I no longer work at Prospect. You can reach me at priya@newplace.example.").proposal).toEqual({ action: "move", email: "priya@newplace.example", name: null });
    expect(verdict("Ich habe Prospect verlassen, meine neue Adresse: p.nair@neu.example").proposal).toEqual({ action: "move", email: "p.nair@neu.example", name: null });
  });

  test("never the writer's own address, nor ours", () => {
    const own = verdict("Please contact me directly at priya.nair@prospect.example or leo@outbound.example.");
    expect(own.proposal).toBeNull();
    const quoted = classifyMessage(reply("Talk to Omar.\n\nOn Sun, 10 Jan 2027 Leo <leo@outbound.example> wrote:\n> Reach me at sales@outbound.example or maria@elsewhere.example"));
    expect(quoted.proposal).toBeNull();
  });

  test("a colleague in To: is not taken for one of our domains", () => {
    const raw = reply("Please talk to Omar Haddad, omar@prospect.example", "Priya Nair <priya.nair@prospect.example>", "Leo <leo@outbound.example>, Omar <omar@prospect.example>");
    expect(classifyMessage(raw).proposal).toEqual({ action: "refer", email: "omar@prospect.example", name: "Omar Haddad" });
  });
});
