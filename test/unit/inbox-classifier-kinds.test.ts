// The inbox classifier's classification of a message: bounce and complaint
// (from the report parser), auto-reply (headers, subjects, responder wording
// in seven languages) with its return date, unsubscribe request, reply.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";
import { parseReport } from "../../src/smtp-in/bounces";

const DATE = "Thu, 14 Jan 2027 09:30:00 +0100"; // a Thursday
const message = (headers: string[], ...body: string[]) =>
  ["From: Tomás Ortega <tomas@cliente.example>", "To: Mia <mia@sender.example>", "Subject: Re: Una idea", `Date: ${DATE}`, ...headers, "", ...body].join("\n");
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe("bounces and complaints come from the report", () => {
  test("an RFC 3464 delivery status notification is a bounce, whatever its auto-reply headers", () => {
    const raw = [
      "From: Mail Delivery System <MAILER-DAEMON@mx.sender.example>",
      "To: mia@sender.example",
      "Subject: Undelivered Mail Returned to Sender",
      "Auto-Submitted: auto-replied",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      "",
      "--r",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--r",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.sender.example",
      "",
      "Final-Recipient: rfc822; gone@cliente.example",
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 user unknown",
      "--r--",
    ].join("\n");
    const v = classifyMessage(raw);
    expect(v).toMatchObject({ classification: "bounce", sentiment: null, intent: null, returnAt: null, proposal: null });
  });

  test("an RFC 5965 feedback report is a complaint", () => {
    const raw = [
      "From: fbl@isp.example",
      "To: fbl@sender.example",
      "Subject: Abuse report",
      'Content-Type: multipart/report; report-type=feedback-report; boundary="f"',
      "",
      "--f",
      "Content-Type: text/plain",
      "",
      "A complaint about a message from your network.",
      "--f",
      "Content-Type: message/feedback-report",
      "",
      "Feedback-Type: abuse",
      "User-Agent: isp-fbl/1.0",
      "Version: 1",
      "Original-Rcpt-To: user@isp.example",
      "--f",
      "Content-Type: text/rfc822-headers",
      "",
      "From: mia@sender.example",
      "To: user@isp.example",
      "Message-ID: <m1@sender.example>",
      "--f--",
    ].join("\n");
    expect(classifyMessage(raw).classification).toBe("complaint");
  });

  test("an already computed report is used as given (the ingest parses once)", () => {
    const raw = message([], "Sounds good.");
    expect(classifyMessage(raw, { report: { ...parseReport(raw), kind: "bounce" } }).classification).toBe("bounce");
  });
});

describe("auto-replies by their headers and subjects", () => {
  const headerSets: string[][] = [
    ["Auto-Submitted: auto-replied"],
    ["Auto-Submitted: auto-generated"],
    ["X-Autoreply: yes"],
    ["X-Autorespond: Vacation"],
    ["Precedence: auto_reply"],
    ["Precedence: bulk"],
    ["X-Vacation: yes"],
    ["X-Auto-Response-Suppress: All", "X-MS-Exchange-Inbox-Rules-Loop: tomas@cliente.example"],
    ["X-Auto-Response-Suppress: All", "X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent"],
  ];
  test.each(headerSets.map((headers) => ({ headers })))("$headers", ({ headers }) => {
    expect(classifyMessage(message(headers, "Hello.")).classification).toBe("auto_reply");
  });

  test("Auto-Submitted: no is a person's message", () => {
    expect(classifyMessage(message(["Auto-Submitted: no"], "Hello.")).classification).toBe("reply");
  });

  test.each(["Automatic reply: Una idea", "Automatische Antwort: Eine Idee", "Réponse automatique : Une idée", "Respuesta automática: Una idea", "Risposta automatica: Un'idea", "Automatisch antwoord: Een idee", "Resposta automática: Uma ideia", "Out of Office: A thought", "Abwesenheitsnotiz: Eine Idee"])("the subject %p", (subject) => {
    const raw = message([], "Hello.").replace("Subject: Re: Una idea", `Subject: ${subject}`);
    expect(classifyMessage(raw).classification).toBe("auto_reply");
  });

  test.each(["Ausente: Re: Una idea", "Out of office until Monday", "Abwesend bis 20.01.", "OOO - back Monday"])("the subject %p, with what follows the words", (subject) => {
    const raw = message([], "Hello.").replace("Subject: Re: Una idea", `Subject: ${subject}`);
    expect(classifyMessage(raw).classification).toBe("auto_reply");
  });

  test("a thread whose own subject starts with those words is no auto-reply", () => {
    for (const subject of ["Re: Out of office tools", "Re: On vacation rentals for your team", "Re: Abwesenheitsmanagement für Teams"]) {
      expect(classifyMessage(message([], "Sounds interesting, send me more.").replace("Subject: Re: Una idea", `Subject: ${subject}`)).classification).toBe("reply");
    }
  });

  test.each(["Automatiskt svar: Idea", "Automatisk svar: Idea", "Automaattinen vastaus: Idea", "Automatyczna odpowiedź: Idea", "Automatická odpověď: Idea", "Automatikus válasz: Idea", "Răspuns automat: Idea", "Otomatik yanıt: Idea", "Автоматический ответ: Idea", "Αυτόματη απάντηση: Idea", "자동 회신: Idea", "自动回复: Idea"])("Outlook's subject in a language the body is not read in: %p", (subject) => {
    const raw = message([], "Jag är på semester till 18 januari.").replace("Subject: Re: Una idea", `Subject: ${subject}`);
    expect(classifyMessage(raw).classification).toBe("auto_reply");
  });

  test("a person talking about automatic replies is no auto-reply", () => {
    for (const [subject, body] of [["Re: Una idea", "How do I set an automatic reply for my reps?"], ["Re: Automatic reply settings in your tool", "How do I configure it?"], ["Re: Una idea", "Does your autoresponder detection handle Outlook?"]]) {
      expect(classifyMessage(message([], body!).replace("Subject: Re: Una idea", `Subject: ${subject}`)).classification).toBe("reply");
    }
    // control: a responder's own line still says so
    expect(classifyMessage(message([], "Automatic reply: I am away until Monday.")).classification).toBe("auto_reply");
  });

  test("Exchange's loop header alone needs out-of-office words", () => {
    expect(classifyMessage(message(["X-MS-Exchange-Inbox-Rules-Loop: tomas@cliente.example"], "Ok, thanks.")).classification).toBe("reply");
    expect(classifyMessage(message(["X-MS-Exchange-Inbox-Rules-Loop: tomas@cliente.example"], "I am out of the office.")).classification).toBe("auto_reply");
  });
});

describe("auto-replies by their wording alone, with the return date", () => {
  test.each([
    ["en", "Thank you for your message. I am out of the office until 25 January with limited access to e-mail.", "2027-01-25"],
    ["en, US order", "I'm currently on vacation and will be back on January 28. For urgent matters, please contact my team.", "2027-01-28"],
    ["de", "Vielen Dank für Ihre Nachricht. Ich bin bis zum 22.01.2027 nicht im Büro und habe keinen Zugriff auf meine E-Mails.", "2027-01-22"],
    ["de, no year", "Ich bin im Urlaub und ab dem 1.2. wieder erreichbar. In dringenden Fällen wenden Sie sich an das Team.", "2027-02-01"],
    ["fr", "Je suis absente du bureau et serai de retour le 3 février. Pour toute urgence, merci de contacter l'accueil.", "2027-02-03"],
    ["es", "Estoy de vacaciones hasta el 20 de febrero. Responderé a su correo a mi regreso.", "2027-02-20"],
    ["it", "Sono in ferie fino al 5 febbraio con accesso limitato alla posta. Risponderò al mio rientro.", "2027-02-05"],
    ["nl, 'tot en met' (through): back the day after", "Ik ben met vakantie tot en met 29 januari. Voor dringende zaken kunt u contact opnemen met kantoor.", "2027-01-30"],
    ["nl, 'tot' alone", "Ik ben met vakantie tot 29 januari. Voor dringende zaken kunt u contact opnemen met kantoor.", "2027-01-29"],
    ["de, 'bis einschliesslich'", "Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich 22.01.2027 nicht im Büro.", "2027-01-23"],
    ["fr, 'inclus' after the date", "Je suis absente du bureau jusqu'au 19 janvier inclus. Pour toute urgence, merci de contacter ma collègue.", "2027-01-20"],
    ["es, 'inclusive'", "Estoy de vacaciones hasta el 20 de enero inclusive. Responderé a mi regreso.", "2027-01-21"],
    ["it, 'compreso'", "Sono in ferie fino al 20 gennaio compreso. Risponderò al mio rientro.", "2027-01-21"],
    ["pt, 'inclusive'", "Estou de férias até 20 de janeiro, inclusive, com acesso limitado ao e-mail.", "2027-01-21"],
    ["en, 'through'", "I'm out of the office through January 20 with limited access to email.", "2027-01-21"],
    ["en, 'currently at a trade show'", "I'm currently at a trade show (Hannover Messe) and will be back in the office on 22 April. I'll reply as soon as possible.", "2027-04-22"],
    // a range's days are the absence: its last day is away too, the return the day after (the later, safer resume)
    ["a range's end is the last day away", "I am out of the office from 11/01 to 15/01 and will respond upon my return.", "2027-01-16"],
    ["pt", "Estou de férias até 2 de fevereiro. Responderei no meu retorno.", "2027-02-02"],
    ["ISO", "I am on parental leave until 2027-03-15 with no access to email.", "2027-03-15"],
    ["dd/mm/yyyy", "Out of the office until 18/01/2027, limited access to my emails.", "2027-01-18"],
    ["a range ends it, its last day away", "I'm out of the office 18-22 January with limited access to e-mail.", "2027-01-23"],
    ["a range in German, French, Spanish, Italian", "Ich bin vom 11. bis 22. Januar im Urlaub. Du 11 au 22 janvier je suis en congé. Del 11 al 22 de enero estoy de vacaciones. Sono in ferie dall'11 al 22 gennaio.", "2027-01-23"],
    ["the dashed day-month-year", "I am currently out of the office and will return on 20-Jan-2027.", "2027-01-20"],
    ["a return stated beside a range wins", "I'm out of the office 11-21 January with limited access to e-mail; back in the office on 25 January.", "2027-01-25"],
    ["the start is not the return", "I am on leave from 15 January and back on 1 February. Limited access to e-mail.", "2027-02-01"],
    ["an earlier day is next year's", "Out of the office until 5 January, limited access to e-mail.", "2028-01-05"],
    ["a weekday: the next one", "I am out of the office until Monday with limited access to email.", "2027-01-18"],
    ["a German weekday", "Ich bin bis Dienstag nicht im Büro und habe keinen Zugriff auf E-Mails.", "2027-01-19"],
    ["a day of the month alone: the next one", "I'm away until the 18th with limited access to email.", "2027-01-18"],
    ["pt, a day alone", "Estou fora do escritório até dia 3, com acesso limitado ao e-mail.", "2027-02-03"],
    ["an ordinal that is no return", "Thanks for your email. I'm out of the office for our 10th anniversary offsite, limited access to email.", null],
    ["sick, en", "I'm out sick until Wednesday and not checking email.", "2027-01-20"],
    ["sick, de", "Ich bin derzeit krank und bis zum 20.01. nicht erreichbar.", "2027-01-20"],
    ["sick, fr", "Je suis en arrêt maladie jusqu'au 22 janvier.", "2027-01-22"],
    ["sick, it", "Sono in malattia fino a venerdì, rispondo al rientro.", "2027-01-15"],
    ["sick, nl", "Ik ben ziek gemeld tot en met vrijdag.", "2027-01-16"],
    ["sick, pt", "Estou de licença médica até 25 de janeiro.", "2027-01-25"],
    ["no date", "I am out of the office with limited access to email.", null],
    ["a month after 'until': its first day", "I'm on parental leave until June 2027 with no access to email.", "2027-06-01"],
    ["a month after 'back in'", "I am on sabbatical with no access to email, back in September.", "2027-09-01"],
    ["the end of a month: the next one's first", "Ich bin in Elternzeit bis Ende Februar und habe keinen Zugriff auf meine E-Mails.", "2027-03-01"],
    ["the middle of a month", "Je suis absente jusqu'à mi-mars, sans accès à mes e-mails.", "2027-03-15"],
    ["es, end of a month", "Estoy de baja hasta finales de abril, sin acceso al correo.", "2027-05-01"],
    ["nl, end of May", "Ik ben met zwangerschapsverlof tot eind mei en lees mijn e-mail niet.", "2027-06-01"],
    ["a month without a cue is no date", "I'm out of the office with limited access to email. Our June newsletter has the details.", null],
    ["'may' is a month only with a year", "I'm out of the office with limited access to email; replies may take a few days.", null],
    ["…or after a preposition that takes a month: 'back in May'", "I'm currently on a sabbatical and will be back in May. Your email will not be forwarded.", "2027-05-01"],
    ["de, 'bis Mai'", "Ich bin bis Mai in Elternzeit und habe keinen Zugriff auf meine E-Mails.", "2027-05-01"],
    ["de, a sabbatical and no mail read", "Ich bin im Sabbatical bis Ende März und lese keine E-Mails.", "2027-04-01"],
    ["fr, 'jusqu'en avril'", "Je suis en congé sabbatique jusqu'en avril, sans accès à mes e-mails.", "2027-04-01"],
    ["es, 'año sabático', 'no leo el correo'", "Estoy de año sabático hasta abril y no leo el correo.", "2027-04-01"],
    ["it, 'fino ad aprile'", "Sono in anno sabbatico fino ad aprile e non leggo la posta.", "2027-04-01"],
    ["nl, 'sabbatical', 'lees geen mail'", "Ik heb een sabbatical tot april en lees geen mail.", "2027-04-01"],
    ["pt, 'período sabático', 'não leio e-mails'", "Estou em período sabático até abril e não leio e-mails.", "2027-04-01"],
    ["a stay stated as a length: from the message's day", "I'm out of the office for two weeks with limited access to email.", "2027-01-28"],
    ["de, 'für drei Tage'", "Ich bin für drei Tage im Urlaub und habe keinen Zugriff auf meine E-Mails.", "2027-01-17"],
    ["it, 'per due settimane'", "Sono in ferie per due settimane, con accesso limitato alla posta.", "2027-01-28"],
    ["a length and a day: the day", "I'm out of the office for two weeks with limited access to email, back on the 20th.", "2027-01-20"],
    ["de, a length before being away, no 'für'", "Ich bin zwei Wochen im Urlaub und habe keinen Zugriff auf meine E-Mails.", "2027-01-28"],
    ["nl, 'twee weken met vakantie'", "Ik ben twee weken met vakantie en lees mijn e-mail niet.", "2027-01-28"],
    ["nl, 'de komende drie weken'", "Ik ben de komende drie weken afwezig en lees mijn e-mail niet.", "2027-02-04"],
    ["fr, 'pour deux semaines'", "Je suis en congés pour deux semaines, sans accès à mes e-mails.", "2027-01-28"],
    ["de, the day 'wieder da' names beats the one 'bis' bounds", "Ich bin bis 25.01. im Urlaub, wieder da am 26.01. und habe bis dahin keinen Zugriff auf meine E-Mails.", "2027-01-26"],
    ["de, 'wieder am' before the day", "Ich bin im Urlaub und wieder am 18. Januar im Büro. Ihre E-Mail wird nicht weitergeleitet.", "2027-01-18"],
    ["de, 'lese meine E-Mails nicht'", "Ich bin im Urlaub und lese meine E-Mails nicht.", null],
    ["fr, 'je ne lis pas mes e-mails'", "Je suis en vacances et je ne lis pas mes e-mails.", null],
    ["a length that is no stay stays none", "I'm out of the office with limited access to email. Our trial lasts two weeks.", null],
    ["'may' the verb after 'back' stays none", "I'm out of the office. I may be back sooner, may check email occasionally.", null],
    ["this month without a year is no date", "I am away in January with limited access to email.", null],
    ["the end of this month: the next one's first", "Out of the office until the end of the month with limited access to e-mail.", "2027-02-01"],
    ["de, the end of this month", "Ich bin bis Ende des Monats im Urlaub und habe keinen Zugriff auf E-Mails.", "2027-02-01"],
    ["a calendar week: its Monday", "Ich bin im Urlaub und in KW 6 wieder im Büro.", "2027-02-08"],
    ["nl, a calendar week", "Ik ben met vakantie tot week 5.", "2027-02-01"],
    ["a week number without a cue is no date", "I'm out of the office with limited access to email. Week 6 of our roadmap is on the wiki.", null],
    ["es, 'vuelvo el'", "Estoy fuera de la oficina. Vuelvo el 2 de febrero.", "2027-02-02"],
    ["en, 'returning' with no 'on'", "I am out of the office returning Tuesday, February 2.", "2027-02-02"],
  ])("%s", (_what, body, expected) => {
    const v = classifyMessage(message([], body));
    expect(v.classification).toBe("auto_reply");
    expect(v.intent).toBeNull();
    expect(v.sentiment).toBeNull();
    expect(v.returnAt).toBe(expected === null ? null : day(expected));
  });

  test.each([
    ["-0500", "I will be out of the office until 2/3/2027.", "2027-02-03"],
    ["-0800", "Back 2/3.", "2027-02-03"],
    ["-0500", "Out of office 1/18 - 1/22, back 1/25.", "2027-01-25"],
    // controls: a day over 12 is read as it must be; a dotted date, a writer elsewhere, Spanish from Mexico: day first
    ["-0500", "I am out of the office until 25/1.", "2027-01-25"],
    ["-0500", "I'm out of the office until 02.03.2027.", "2027-03-02"],
    ["+0000", "I will be out of the office until 2/3/2027.", "2027-03-02"],
    ["-0300", "I will be out of the office until 2/3/2027.", "2027-03-02"],
    ["-0600", "Estoy fuera de la oficina hasta el 2/3.", "2027-03-02"],
  ])("a numeric date in English from North America's time zones (%s) is month first: %p", (offset, body, expected) => {
    const raw = message(["Auto-Submitted: auto-replied"], body).replace(`Date: ${DATE}`, `Date: Mon, 11 Jan 2027 09:00:00 ${offset}`);
    expect(classifyMessage(raw).returnAt).toBe(day(expected));
  });

  test.each(["Ich lese keine E-Mails von Vertrieblern.", "Je ne lis pas les e-mails commerciaux."])("not reading mail, said by someone who is not away, is a reply: %s", (body) => {
    expect(classifyMessage(message([], body)).classification).toBe("reply");
  });

  test.each([
    "Out of office today, will reply tomorrow.",
    "Heute nicht im Büro, ich antworte morgen.",
    "Absente aujourd'hui, je répondrai demain.",
    "Fuera de la oficina hoy, responderé mañana.",
    "Fuori ufficio oggi, risponderò domani.",
    "Fora do escritório hoje, responderei amanhã.",
  ])("'will reply tomorrow' in an automatic answer: back tomorrow (%p)", (body) => {
    expect(classifyMessage(message(["Auto-Submitted: auto-replied"], body)).returnAt).toBe(day("2027-01-15"));
  });

  test("the return date is read relative to the Date header, else to opts.now", () => {
    const body = "Out of the office until 5 March, limited access to e-mail.";
    const noDate = message([], body).replace(`Date: ${DATE}\n`, "");
    expect(classifyMessage(noDate, { now: Date.UTC(2027, 5, 1) }).returnAt).toBe(day("2028-03-05"));
    expect(classifyMessage(message([], body)).returnAt).toBe(day("2027-03-05"));
  });

  test("a header-marked auto-reply gets its return date too", () => {
    expect(classifyMessage(message(["Auto-Submitted: auto-replied"], "Back on 20 January.")).returnAt).toBe(day("2027-01-20"));
  });

  test("acknowledgements and tickets", () => {
    expect(classifyMessage(message([], "We have received your request (ticket #4411) and will respond within 24 hours.")).classification).toBe("auto_reply");
    expect(classifyMessage(message([], "Hemos recibido su mensaje. Este es un mensaje automático.")).classification).toBe("auto_reply");
    expect(classifyMessage(message([], "Thanks for contacting Northwind Support. Someone from our team will reply within 24 hours.")).classification).toBe("auto_reply");
    expect(classifyMessage(message([], "We've received your email. A customer support representative will get back to you within 2 business days.")).classification).toBe("auto_reply");
    expect(classifyMessage(message([], "I've received your message and one of our advisors will contact you. Reference number: 55-1203.")).classification).toBe("auto_reply");
    // a person acknowledging our proposal is no responder
    expect(classifyMessage(message([], "We've received your proposal and will discuss it internally. Talk soon.")).classification).toBe("reply");
  });

  test.each([
    "Thanks for reaching out to Northwind. We typically reply within a few hours on business days.",
    "Vielen Dank für Ihre Anfrage. Wir melden uns schnellstmöglich bei Ihnen.",
    "Merci pour votre message. Nous vous répondrons dans les plus brefs délais.",
    "Gracias por contactarnos. Te responderemos lo antes posible.",
    "Grazie per averci contattato. Le risponderemo al più presto.",
    "Bedankt voor uw bericht. Wij nemen zo spoedig mogelijk contact met u op.",
    "Obrigado pelo contato. Responderemos o mais breve possível.",
  ])("a service desk's thanks and promise to answer soon: %p", (body) => {
    expect(classifyMessage(message([], body)).classification).toBe("auto_reply");
  });

  test("a person's thanks and promise stay a reply", () => {
    for (const body of ["Thanks for your email, I'll get back to you asap.", "Thanks for reaching out! We'll get back to you within 2 days after discussing internally.", "Thanks for your message, we'll reply as soon as possible - sounds interesting!"]) {
      expect(classifyMessage(message([], body)).classification).toBe("reply");
    }
  });

  test("'this address is no longer in use' is a gone mailbox", () => {
    expect(classifyMessage(message([], "Please note: this address is no longer in use. Please write to info@cliente.example instead.")).classification).toBe("auto_reply");
  });

  test("off for the holidays, back on a day", () => {
    const v = classifyMessage(message([], "I'm off for the holidays and back on 25 January. Happy new year!"));
    expect([v.classification, v.returnAt]).toEqual(["auto_reply", day("2027-01-25")]);
    expect(classifyMessage(message([], "Currently off on vacation, returning on Monday.")).classification).toBe("auto_reply");
    const human = classifyMessage(message([], "I'm off for the holidays but this sounds interesting - send me details and I'll read them."));
    expect([human.classification, human.intent]).toEqual(["reply", "interested"]);
  });

  test.each([
    ["fr", "Je suis momentanément en déplacement et ne serai pas en mesure de lire mes mails avant le 21 janvier.", "2027-01-21"],
    ["es", "Estoy ahora de viaje, con acceso limitado al correo hasta el 21 de enero.", "2027-01-21"],
    ["it", "Sono al momento in trasferta fino al 21 gennaio con accesso limitato alla posta.", "2027-01-21"],
    ["pt", "Estou no momento de férias até 21 de janeiro, com acesso limitado ao e-mail.", "2027-01-21"],
  ])("an adverb between 'I am' and the absence (%s)", (_lang, body, date) => {
    const v = classifyMessage(message([], body));
    expect([v.classification, v.returnAt]).toEqual(["auto_reply", day(date)]);
  });

  test("terse: 'OOO until Jan 20, slow to respond'", () => {
    const v = classifyMessage(message([], "OOO till Jan 21 - replies will be delayed."));
    expect([v.classification, v.returnAt]).toEqual(["auto_reply", day("2027-01-21")]);
    expect(classifyMessage(message([], "I'm OOO next week, can we talk the week after?")).classification).toBe("reply");
  });

  test("at a trade show with patchy internet access", () => {
    expect(classifyMessage(message([], "I'm at a trade show until Thursday with patchy internet access.")).classification).toBe("auto_reply");
  });

  test("'left the company' responders: intent moved, a proposal when an address is given", () => {
    const v = classifyMessage(message([], "Tomás Ortega is no longer with Cliente. Please contact Ana Ruiz at ana.ruiz@cliente.example."));
    expect(v).toMatchObject({ classification: "auto_reply", intent: "moved", sentiment: null, proposal: { action: "refer", email: "ana.ruiz@cliente.example", name: "Ana Ruiz" } });
    const moved = classifyMessage(message(["Auto-Submitted: auto-replied"], "I have left Cliente. My new address is tomas.ortega@nuevo.example."));
    expect(moved).toMatchObject({ classification: "auto_reply", intent: "moved", proposal: { action: "move", email: "tomas.ortega@nuevo.example", name: null } });
    expect(classifyMessage(message([], "Diese E-Mail-Adresse ist nicht mehr aktiv.")).intent).toBe("moved");
  });

  test("a person who mentions being away, writing to us, is a reply", () => {
    expect(classifyMessage(message([], "I'm on holiday until Monday, let's talk then!")).classification).toBe("reply");
    expect(classifyMessage(message([], "I'm out of office next week. Can we do the week after?")).classification).toBe("reply");
    const v = classifyMessage(message([], "I'm away until Friday, but this is interesting — send me the slides and I'll look when I'm back."));
    expect([v.classification, v.intent]).toEqual(["reply", "interested"]);
  });
});

describe("challenge-response filters and responders that say they were sent automatically", () => {
  test("a challenge asking the sender to prove they are human is a machine's answer, not the person's", () => {
    const boxbe = message([], "Hello,\n\nI'm protecting myself from receiving junk mail. Please click the link below to complete the verification process. You have to do this only once.\n\nhttps://verify.boxbe.example/v?t=abc").replace("Subject: Re: Una idea", "Subject: Approval needed: Re: Una idea");
    expect(classifyMessage(boxbe).classification).toBe("auto_reply");
    expect(classifyMessage(message([], "Hi, thanks for your email! I read every message and will get back to you within 48 hours. — Tomás (sent automatically)")).classification).toBe("auto_reply");
    // controls: a person asking the same by hand wrote a reply, and so did one whose invoices are made automatically
    expect(classifyMessage(message([], "Can you confirm you're a human and not a bot? We get so much spam.")).classification).toBe("reply");
    expect(classifyMessage(message([], "Our invoices are generated automatically.")).classification).toBe("reply");
    expect(classifyMessage(message([], "Happy to move forward. Please complete the verification process in our vendor portal first.")).classification).toBe("reply");
  });
});

describe("unsubscribe requests", () => {
  test.each([
    "Please unsubscribe me.",
    "Remove me from your list.",
    "Stop emailing me.",
    "Take me off your mailing list, thanks.",
    "Bitte austragen.",
    "Bitte aus Ihrem Verteiler entfernen, keine E-Mails mehr.",
    "Merci de me désinscrire, je ne souhaite plus recevoir vos messages.",
    "Por favor, darme de baja.",
    "Cancellatemi dalla vostra lista.",
    "Graag afmelden voor deze mails.",
    "Quero descadastrar meu e-mail.",
    "Por favor, elimíname de vuestra lista.",
    "Quítenme de su lista, por favor.",
    "Por favor, me remova da sua lista.",
    "STOP",
    "Stop.",
    "pls remove",
    // the same as the last clause
    "Not interested, remove.",
    "Stop. Just stop.",
    // wanting no more mail, said with a verb of wanting, in each language
    "Please have me removed from your mailing list.",
    "We do not wish to receive any more emails from you.",
    "Wir möchten keine weiteren Nachrichten von Ihnen erhalten.",
    "Nous ne souhaitons plus recevoir ce type de message.",
    "Merci de ne plus m'envoyer de messages.",
    "No deseo seguir recibiendo sus correos.",
    "Deja de mandarme correos.",
    "Non desidero più ricevere comunicazioni.",
    "Smettila di contattarmi.",
    "Não desejo receber mais e-mails.",
    "Pare de me mandar mensagens.",
    "Never reach out to me again.",
    "Vorrei essere cancellata dalla vostra newsletter.",
    "Cancelem a minha inscrição, por favor.",
    // more verbs and objects, in each language
    "Graag afgemeld worden voor deze mails.",
    "Haal mij uit uw database alstublieft.",
    "Ich bitte um Löschung aller meiner Daten.",
    "Merci de me supprimer de vos envois.",
    "Quiero darme de baja, gracias.",
    "No vuelvan a contactarme.",
    "Per favore eliminate i miei dati.",
    "Non scrivetemi più.",
    "Kindly erase my personal information.",
    // asked another way: leave alone, rather not receive, and French and German word orders
    "Leave me alone.",
    "I'd prefer not to receive these.",
    "I'd rather not be contacted about this again.",
    "Ne m'écrivez plus.",
    "Löschen Sie bitte meine Daten gemäß DSGVO.",
    // "leave me alone" and "I'd rather not receive these" in the six other languages
    "Lassen Sie mich in Ruhe.",
    "Laissez-moi tranquille.",
    "Déjeme en paz.",
    "Lasciatemi in pace.",
    "Laat me met rust.",
    "Me deixe em paz.",
    "Ich möchte diese E-Mails lieber nicht erhalten.",
    "Prefiero no recibir estos correos.",
    "Preferisco non ricevere queste email.",
    "Ik ontvang deze mails liever niet.",
    "Prefiro não receber estes e-mails.",
  ])("%p", (body) => {
    const v = classifyMessage(message([], body));
    expect(v).toMatchObject({ classification: "unsubscribe_request", sentiment: null, intent: null, proposal: { action: "suppress", email: "tomas@cliente.example", name: null } });
  });

  test("a bare 'unsubscribe' subject (a mailto unsubscribe) is one", () => {
    const raw = message([], "").replace("Subject: Re: Una idea", "Subject: unsubscribe");
    expect(classifyMessage(raw).classification).toBe("unsubscribe_request");
  });

  test("'unsubscribe' or 'opt-out' naming a thing of the product is no removal request", () => {
    expect(classifyMessage(message([], "Do your emails include unsubscribe links and headers automatically?")).classification).toBe("reply");
    expect(classifyMessage(message([], "What opt-out rates do your customers see?")).classification).toBe("reply");
    expect(classifyMessage(message([], "Unsubscribe, and fix your unsubscribe link.")).classification).toBe("unsubscribe_request");
  });

  test("unsubscribing someone else is no removal request of the writer's (nothing to suppress the writer for)", () => {
    const v = classifyMessage(message([], "Can you unsubscribe my colleague tom@cliente.example? He left."));
    expect(v.proposal).toMatchObject({ action: "suppress", email: "tom@cliente.example" });
    // control: the writer with someone else
    expect(classifyMessage(message([], "Unsubscribe me and my colleague tom@cliente.example.")).classification).toBe("unsubscribe_request");
  });

  test("preferring something else, or leaving alone a question, is no removal request", () => {
    expect(classifyMessage(message([], "I'd rather not get into pricing yet, but can we talk?")).classification).toBe("reply");
    expect(classifyMessage(message([], "I'd prefer not to be contacted by phone, email is fine.")).classification).toBe("reply");
    expect(classifyMessage(message([], "I'd rather not be contacted by your SDRs, but send the info to me directly.")).classification).toBe("reply");
    expect(classifyMessage(message([], "I'd rather not hear from you until Q3.")).classification).toBe("reply");
  });

  test("'stop' or 'remove' inside a sentence is no removal request", () => {
    expect(classifyMessage(message([], "Will you stop by our booth at the fair?")).classification).toBe("reply");
    expect(classifyMessage(message([], "Please remove the attachment and send it again.")).classification).toBe("reply");
    expect(classifyMessage(message([], "The export button was removed from the dashboard; can you get it back?")).classification).toBe("reply");
    expect(classifyMessage(message([], "Quando smetti di scrivere, la bozza si salva?")).classification).toBe("reply");
    // ending on "stop" that is no clause of its own
    expect(classifyMessage(message([], "Please don't stop.")).classification).toBe("reply");
    expect(classifyMessage(message([], "We need these sync errors to stop.")).classification).toBe("reply");
    expect(classifyMessage(message([], "Our support runs non-stop.")).classification).toBe("reply");
  });

  test("a mail client's List-Unsubscribe mailto, automatically worded and marked, is one", () => {
    const raw = message(["Auto-Submitted: auto-generated"], "This email was sent automatically by your mail app to unsubscribe you from this list.").replace("Subject: Re: Una idea", "Subject: Unsubscribe");
    expect(classifyMessage(raw)).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: "tomas@cliente.example" } });
  });

  test("'not interested' is a refusal, not a removal request", () => {
    expect(classifyMessage(message([], "Not interested, please don't follow up.")).classification).toBe("reply");
  });

  test("our own quoted footer does not count", () => {
    const v = classifyMessage(message([], "Sounds interesting.", "", "On Wed, 13 Jan 2027 Mia <mia@sender.example> wrote:", "> Hi Tomás, …", "> Unsubscribe: reply 'remove me'"));
    expect(v.classification).toBe("reply");
  });
});

describe("a machine's report that names no failure is nobody's reply", () => {
  const report = (type: string, human: string, part: string, fields: string[]) =>
    message([`Content-Type: multipart/report; report-type=${type}; boundary="r"`], "--r", "Content-Type: text/plain", "", human, "--r", `Content-Type: ${part}`, "", ...fields, "--r--");

  test.each([
    [
      "a read receipt (RFC 8098) whose text names a day and an hour",
      report("disposition-notification", "Your message\n  Subject: Una idea\nwas read on Thursday, 14 January 2027 at 10:00 — let's talk.", "message/disposition-notification", [
        "Reporting-UA: cliente.example; Microsoft Outlook 16.0",
        "Final-Recipient: rfc822;tomas@cliente.example",
        "Disposition: manual-action/MDN-sent-manually; displayed",
      ]),
    ],
    [
      "a success DSN (Action: delivered)",
      report("delivery-status", "Your message was successfully delivered to the destination(s) listed below. Thanks, interesting!", "message/delivery-status", [
        "Reporting-MTA: dns; mx.cliente.example",
        "",
        "Final-Recipient: rfc822; tomas@cliente.example",
        "Action: delivered",
        "Status: 2.0.0",
      ]),
    ],
    ["an SMTP TLS report (RFC 8460)", report("tlsrpt", "This is an aggregate TLS report from cliente.example. Interested in the details? See the attachment.", "application/tlsrpt+json", ['{"organization-name":"cliente.example"}'])],
  ])("%s is an auto-reply, no intent", (_name, raw) => {
    expect(classifyMessage(raw)).toMatchObject({ classification: "auto_reply", intent: null, sentiment: null });
  });

  test.each([
    ["Report domain: sender.example Submitter: google.com Report-ID: 1234567890123456789", "application/zip"],
    ["[Preview] Report Domain: sender.example Submitter: protection.outlook.com Report-ID: 8c1d2e", "application/gzip"],
  ])("a DMARC aggregate report (RFC 7489 §7.2.1.1) %p is an auto-reply", (subject, type) => {
    const raw = [
      "From: DMARC Aggregate Report <dmarcreport@receiver.example>",
      "To: mia@sender.example",
      `Subject: ${subject}`,
      `Date: ${DATE}`,
      'Content-Type: multipart/mixed; boundary="m"',
      "",
      "--m",
      "Content-Type: text/html",
      "",
      "<p>This is a DMARC aggregate report for emails received between 2027-01-13 00:00 UTC and 2027-01-14 00:00 UTC. Let's talk about the results.</p>",
      "--m",
      `Content-Type: ${type}; name="report.zip"`,
      "Content-Transfer-Encoding: base64",
      "",
      "UEsDBBQAAAAIAA==",
      "--m--",
    ].join("\n");
    expect(classifyMessage(raw)).toMatchObject({ classification: "auto_reply", intent: null });
  });

  test("control: a person's reply that mentions a receipt is a reply", () => {
    const v = classifyMessage(message([], "I read your message on Thursday — let's talk at 10:00 on Friday."));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request" });
  });
});
