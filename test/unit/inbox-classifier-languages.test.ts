// The classifier on replies in fifteen more languages (more-languages.ts and
// other-scripts.ts): Polish, Czech, Slovak, Swedish, Danish, Norwegian,
// Finnish, Romanian, Hungarian, Turkish, Catalan, Croatian, Russian, Ukrainian
// and Greek. Held-out wording (none of it is a list entry as written), typed
// with and without accents, with the controls that must not suppress anyone.
import { describe, expect, test } from "bun:test";
import { classifyMessage, type Intent } from "../../src/modules/inbox/classifier";
import { fold } from "../../src/modules/inbox/classifier/fold";

const FROM = "anna.kowal@firma.example";
const reply = (body: string) =>
  [`From: Anna Kowal <${FROM}>`, "To: Leo <leo@outbound.example>", "Subject: Re: Idea", "Date: Mon, 11 Jan 2027 14:00:00 +0000", "Content-Type: text/plain; charset=utf-8", "", body].join("\n");
const read = (body: string) => classifyMessage(reply(body));

describe("a removal request suppresses the writer", () => {
  test.each([
    "Dzień dobry, proszę wypisać mnie z Państwa newslettera. Pozdrawiam",
    "Prosze usunac moj adres z waszej bazy.",
    "Nie chcę już dostawać tych wiadomości.",
    "Dobrý den, prosím o vyřazení z vašeho seznamu adresátů.",
    "Neposílejte mi už další nabídky, děkuji.",
    "Prosím, vymažte moje údaje z vašej databázy.",
    "Hej! Ta bort mig från era utskick, tack.",
    "Jag vill inte få fler mejl från er.",
    "Vil I venligst afmelde mig jeres nyhedsbrev.",
    "Jeg ønsker ikke at modtage flere mails.",
    "Slett meg fra listen deres, takk.",
    "Poistakaa minut postituslistaltanne.",
    "En halua enää vastaanottaa näitä viestejä.",
    "Vă rog să mă scoateți din lista de distribuție.",
    "Nu mai doresc să primesc emailuri de la dumneavoastră.",
    "Kérem, töröljék az e-mail címemet az adatbázisukból.",
    "Ne küldjenek több levelet, köszönöm.",
    "Lütfen beni mail listenizden çıkarın.",
    "Artık e-posta almak istemiyorum.",
    "Si us plau, doneu-me de baixa de les vostres comunicacions.",
    "No vull rebre més correus vostres.",
    "Molim vas, odjavite me s newslettera.",
    "Ne šaljite mi više ponude.",
    "Пожалуйста, удалите мой адрес из вашей базы.",
    "Больше не присылайте мне письма.",
    "Прошу відписати мене від розсилки.",
    "Більше не пишіть мені, будь ласка.",
    "Παρακαλώ διαγράψτε με από τη λίστα σας.",
    "Σταματήστε να μου στέλνετε μηνύματα.",
  ])("%p", (body) => {
    const v = read(body);
    expect(v.classification).toBe("unsubscribe_request");
    expect(v.proposal).toMatchObject({ action: "suppress", email: FROM });
  });

  test.each([
    "Odhlásit, děkuji.",
    "Avregistrering tack",
    "Leiratkozás, köszönöm!",
    "Baixa, gràcies.",
    "Odjava, hvala",
    // a mobile client's line in the writer's language is no part of the reply
    "Wypisz mnie\n\nWysłane z iPhone'a",
    "Odhlásit prosím\n\nOdesláno z iPhonu",
  ])("the removal word as the whole reply: %p", (body) => {
    expect(read(body).classification).toBe("unsubscribe_request");
  });
});

describe("look-alikes suppress no one", () => {
  test.each<[string, Intent | null]>([
    ["Nie usuwajcie nas z listy, ale teraz nie mamy budżetu. Odezwijcie się po wakacjach.", "later"],
    ["Ikke slett oss fra listen, men skriv heller igjen til høsten.", "later"],
    ["Fjern os endelig ikke – vi har bare ikke brug for det lige nu.", "later"],
    ["Jak u vás funguje odhlašování příjemců? Přidáváte odkaz automaticky?", "question"],
    ["Hur fungerar avregistreringen för mottagarna i ert verktyg?", "question"],
    ["Kolega se odhlásil, ale mě to zajímá. Pošlete mi ceník.", "interested"],
    ["Cum funcționează dezabonarea în platforma voastră?", "question"],
  ])("%p → %p", (body, intent) => {
    const v = read(body);
    expect(v.classification).toBe("reply");
    expect(v.intent).toBe(intent);
    expect(v.proposal).toBeNull();
  });
});

describe("what the reply wants", () => {
  test.each<[string, Intent]>([
    ["Dziękuję, ale nie jesteśmy zainteresowani.", "not_interested"],
    ["Nemáme zájem, díky.", "not_interested"],
    ["Nej tack, vi har redan ett verktyg för det.", "not_interested"],
    ["Nei takk, det er ikke noe for oss.", "not_interested"],
    ["Ei kiitos, meillä on jo toimittaja.", "not_interested"],
    ["Nu suntem interesați, mulțumim.", "not_interested"],
    ["Köszönöm, de nem érdekel.", "not_interested"],
    ["İlgilenmiyoruz, teşekkürler.", "not_interested"],
    ["No ens interessa, gràcies.", "not_interested"],
    ["Hvala, ali nismo zainteresirani.", "not_interested"],
    ["Спасибо, но нам это не интересно.", "not_interested"],
    ["Дякую, нас не цікавить.", "not_interested"],
    ["Ευχαριστώ, αλλά δεν μας ενδιαφέρει.", "not_interested"],
    ["Brzmi ciekawie, proszę o cennik dla 10 osób.", "interested"],
    ["Zní zajímavě, pošlete nám prosím nabídku.", "interested"],
    ["Låter intressant! Skicka gärna en offert.", "interested"],
    ["Kuulostaa mielenkiintoiselta, lähettäkää hinnasto.", "interested"],
    ["Sună interesant, trimiteți-mi oferta.", "interested"],
    ["Érdekesen hangzik, küldjenek árajánlatot.", "interested"],
    ["Звучит интересно, пришлите прайс.", "interested"],
    ["Ακούγεται ενδιαφέρον, στείλτε μου τιμοκατάλογο.", "interested"],
    ["Możemy się umówić na rozmowę w czwartek o 10:00?", "meeting_request"],
    ["Kan vi boka ett möte på tisdag kl 14?", "meeting_request"],
    ["Sovitaan palaveri keskiviikkona klo 13.", "meeting_request"],
    ["Putem stabili o întâlnire joi la ora 11:00?", "meeting_request"],
    ["Pazartesi saat 15:00 bir görüşme ayarlayalım.", "meeting_request"],
    ["Давайте созвонимся в четверг в 11:00.", "meeting_request"],
    ["Να κανονίσουμε μια συνάντηση την Τρίτη στις 12:00;", "meeting_request"],
    ["Teraz nie, proszę o kontakt w przyszłym kwartale.", "later"],
    ["Inte just nu, hör av er efter sommaren.", "later"],
    ["Ei juuri nyt, ottakaa yhteyttä syksyllä.", "later"],
    ["Most nem, talán ősszel.", "later"],
    ["Şu an değil, belki daha sonra.", "later"],
    ["Ara no, torneu a escriure'm el proper trimestre.", "later"],
    ["Сейчас не актуально, напишите через пару месяцев.", "later"],
    ["Не зараз, напишіть восени.", "later"],
    ["Όχι τώρα, ίσως αργότερα.", "later"],
    ["Nie jestem właściwą osobą do tego tematu.", "wrong_person"],
    ["Jeg er ikke den rette person til det her.", "wrong_person"],
    ["Я не тот человек, который этим занимается.", "wrong_person"],
  ])("%p → %p", (body, intent) => {
    expect(read(body).intent).toBe(intent);
  });

  test("an office's days in Greek are no day to meet", () => {
    expect(read("Το αίτημά σας καταχωρήθηκε. Ωράριο: Δευτέρα–Παρασκευή, 09:00–17:00.").intent).not.toBe("meeting_request");
  });

  test("a refusal quoted is not said: «inget \"no thanks\" härifrån»", () => {
    expect(read('Ja, gärna! Passar torsdag kl 10? Inget "no thanks" härifrån, låt oss prata.').intent).toBe("meeting_request");
  });
});

describe("an absence notice without automation headers is an auto-reply with its return day", () => {
  const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
  test.each<[string, string | null]>([
    ["Dzień dobry, przebywam na urlopie wypoczynkowym. Jestem na urlopie do 22 stycznia. W pilnych sprawach proszę dzwonić do sekretariatu.", "2027-01-22"],
    ["Dobrý den, jsem mimo kancelář do 20. 1. V naléhavých případech kontaktujte kolegyni.", "2027-01-20"],
    ["Dobrý deň, som na dovolenke do piatku. Odpoviem po svojom návrate.", "2027-01-15"],
    ["Hej, jag är föräldraledig till och med den 19 januari. Vid brådskande ärenden, ring växeln.", "2027-01-20"],
    ["Tak for din mail. Jeg holder ferie og er tilbage mandag den 25. januar.", "2027-01-25"],
    ["Takk for henvendelsen. Jeg er på tjenestereise til og med 14. januar og svarer når jeg er tilbake.", "2027-01-15"],
    ["Kiitos viestistäsi. Olen vuosilomalla 22.1. asti. Kiireellisissä asioissa ota yhteyttä asiakaspalveluun.", "2027-01-22"],
    ["Bună ziua, sunt în concediu până pe 20 ianuarie. Voi răspunde la întoarcerea mea.", "2027-01-20"],
    ["Köszönöm a levelét. Szabadságon vagyok január 20-ig, sürgős ügyben hívja az irodát.", "2027-01-20"],
    ["Mesajınız için teşekkürler. 21 Ocak'a kadar yıllık izindeyim, döndüğümde yanıt vereceğim.", "2027-01-21"],
    ["Gràcies pel missatge. Estic de vacances fins al 19 de gener; us respondré a la meva tornada.", "2027-01-19"],
    ["Poštovani, na godišnjem sam odmoru do 20. siječnja. Za hitne slučajeve obratite se kolegi.", "2027-01-20"],
    ["Здравствуйте! Я в отпуске до 20 января. По срочным вопросам обращайтесь к коллеге.", "2027-01-20"],
    ["Доброго дня! Я у відпустці до 19 січня. Відповім після повернення.", "2027-01-19"],
    ["Καλησπέρα σας, είμαι εκτός γραφείου μέχρι τις 20 Ιανουαρίου. Θα σας απαντήσω με την επιστροφή μου.", "2027-01-20"],
  ])("%p → %p", (body, back) => {
    const v = read(body);
    expect(v.classification).toBe("auto_reply");
    expect(day(v.returnAt)).toBe(back);
  });

  test.each<[string, string]>([
    ["Dobrý den, jsem na školení a na dovolené 11. – 15. 1., odpovím po návratu.", "2027-01-16"],
    ["Poštovani, na službenom sam putu od 11. do 20.1. i odgovorit ću po povratku.", "2027-01-21"],
    ["Είμαι εκτός γραφείου από 11 έως 19 Ιανουαρίου. Θα απαντήσω με την επιστροφή μου.", "2027-01-20"],
    ["Jeg er på ferie. Tilbage på kontoret torsdag den 14. januar.", "2027-01-14"],
    ["Jestem na urlopie, w biurze od poniedziałku 18.01.", "2027-01-18"],
  ])("a range's last day, or the day back in the office: %p → %p", (body, back) => {
    const v = read(body);
    expect(v.classification).toBe("auto_reply");
    expect(day(v.returnAt)).toBe(back);
  });

  test.each([
    "Dzień dobry, pan Kowalski już u nas nie pracuje. Proszę pisać do anna@firma.example.",
    "Mette er ikke længere ansat hos os. Kontakt venligst ida@firma.example.",
    "Burak Bey artık firmamızda çalışmamaktadır. Lütfen zeynep@firma.example ile iletişime geçiniz.",
    "Ольга больше не работает в компании, пишите anna@firma.example.",
  ])("a leaver's notice in the third person: %p", (body) => {
    const v = read(body);
    expect(v.classification).toBe("auto_reply");
    expect(v.intent).toBe("moved");
  });

  test("'jeg er fratrådt', in the first person, may be written by hand: no notice without headers", () => {
    expect(read("Jeg er fratrådt min stilling. Kontakt venligst ida@firma.example.").classification).toBe("reply");
  });

  test.each<[string, Intent]>([
    ["Jestem na urlopie do 20 stycznia, ale brzmi ciekawie — proszę przesłać ofertę.", "interested"],
    ["Jag är på semester till fredag, men ring mig gärna på tisdag kl 10 så pratar vi.", "meeting_request"],
    ["Olen lomalla tämän viikon, mutta ei kiitos, meillä on jo toimittaja.", "not_interested"],
    ["Я в отпуске до пятницы, но звучит интересно — пришлите прайс.", "interested"],
  ])("a person who is away and answers writes by hand: %p → %p", (body, intent) => {
    const v = read(body);
    expect(v.classification).toBe("reply");
    expect(v.intent).toBe(intent);
  });
});

describe("the less obvious forms", () => {
  test.each([
    "Hej!\n\nTack för mejlet, men det blir inget för oss.\n\nHälsningar\nEva\n\nP.S. Jag vill inte bli kontaktad igen.",
    "Merhaba,\n\nteşekkürler ama bize uygun değil.\n\nİyi çalışmalar,\nAli\n\nNot: Bu adrese bir daha yazmayın lütfen.",
    "Podle čl. 17 GDPR žádám o okamžitý výmaz mých údajů.",
    "Pyydän poistamaan sähköpostiosoitteeni rekisteristänne.",
    "Fjern e-postadressen min fra listene deres.",
    "Ikke kontakt meg igjen, takk.",
    "Я не давала согласия. Больше мне не пишите.",
  ])("a removal request: %p", (body) => {
    expect(read(body).classification).toBe("unsubscribe_request");
  });

  test.each<[string, Intent | null]>([
    ['Jiná firma nám pořád píše, i když jsme jim napsali "odhlaste mě". Umí váš nástroj odhlášky zachytit automaticky?', "question"],
    ["Колега Іван просив йому більше не писати. А мене ваша пропозиція цікавить — можна ціни?", "interested"],
  ])("no removal of the writer: %p → %p", (body, intent) => {
    const v = read(body);
    expect(v.classification).toBe("reply");
    expect(v.intent).toBe(intent);
  });

  test.each<[string, Intent]>([
    ["Děkujeme, se současným dodavatelem jsme spokojeni.", "not_interested"],
    ["Tak, men vi er godt tilfredse med vores nuværende løsning.", "not_interested"],
    ["Köszönjük, de idén nincs rá keretünk.", "not_interested"],
    ["Hvala, zadovoljni smo postojećim rješenjem.", "not_interested"],
    ["Спасибо, нас все устраивает.", "not_interested"],
    ["Mohli byste mi poslat ceník?", "interested"],
    ["Zadzwoń do mnie w czwartek po 11.", "meeting_request"],
    ["Görüşelim, bana bir takvim linki gönderin.", "meeting_request"],
  ])("%p → %p", (body, intent) => {
    expect(read(body).intent).toBe(intent);
  });

  const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
  test.each<[string, string | null]>([
    ["Obecnie przebywam na zwolnieniu lekarskim. Od poniedziałku będę znów w pracy.", "2027-01-18"],
    ["Kontoret vårt holder stengt til og med fredag 15. januar. Vi er tilbake mandag 18. januar.", "2027-01-18"],
    ["Nalazim se na sajmu do srijede, 13. 1. Od četvrtka sam ponovno u uredu.", "2027-01-14"],
    ["Do konca týždňa som na služobnej ceste, odpoviem po návrate.", "2027-01-18"],
    ["Olen koulutuksessa ja palaan viikolla 4.", "2027-01-25"],
    ["Trenutačno sam na bolovanju do daljnjega. Za hitne stvari javite se kolegi na marko@firma.example.", null],
  ])("a notice without headers: %p → %p", (body, back) => {
    const v = read(body);
    expect(v.classification).toBe("auto_reply");
    expect(day(v.returnAt)).toBe(back);
  });

  test("a postscript survives the signature cut, a company called PS does not", () => {
    expect(read("Thanks, not for us.\n\nBest,\nAnna\n\nP.S. Please remove me from your list.").classification).toBe("unsubscribe_request");
    expect(read("Thanks, not for us.\n\nBest,\nAnna Kowal\nPS Consulting GmbH\nMunich").visibleText).not.toContain("PS Consulting");
  });

  test("a time accepted while away is a person's: «tillbaka måndag; tisdag 10:00 passar»", () => {
    expect(read("Jag är på semester och tillbaka måndag. Tisdag 10:00 passar bra för ett samtal.").intent).toBe("meeting_request");
  });
});

describe("a colleague's removal relayed; the writer answering while away; folded Cyrillic", () => {
  test.each<[string, Intent]>([
    ["Mój kolega z księgowości prosił, żebym przekazała, że nie chce dostawać maili – proszę go wykreślić. Ja natomiast chętnie zobaczę ofertę, proszę przesłać cennik.", "interested"],
    ["Мій колега просив передати, щоб його виключили з розсилки — йому це нецікаво. А мені тема актуальна: надішліть, будь ласка, прайс.", "interested"],
    ["Som do piatku na dovolenke, ale pošli mi ponuku aj s cenami.", "interested"],
    ["Cuma'ya kadar fuardayım ama fiyat teklifini gönderin, döndüğümde bakarım.", "interested"],
    ["Είμαι εκτός γραφείου μέχρι την Παρασκευή, αλλά στείλε μου την προσφορά με τις τιμές.", "interested"],
  ])("%p → %p, nobody suppressed", (body, intent) => {
    const v = read(body);
    expect(v.classification).toBe("reply");
    expect(v.intent).toBe(intent);
    expect(v.proposal).toBeNull();
  });

  test("a colleague's removal relayed with nothing of the writer's own is theirs, without an address", () => {
    const v = read("Mój kolega poprosił, żebym przekazał: nie chce dostawać od Państwa maili, proszę go wykreślić.");
    expect(v.classification).toBe("unsubscribe_request");
    expect(v.onBehalfOf).toEqual({ name: null });
  });

  const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
  test.each<[string, Intent]>([
    ["Dobrý deň, k 31. 12. 2026 som ukončil pôsobenie v spoločnosti a táto schránka už nie je sledovaná. Obráťte sa na kolegyňu eva@firma.example.", "moved"],
    ["Tak for din mail. Jeg er stoppet pr. 1. januar, og mailen bliver ikke læst. Skriv til sara@firma.example.", "moved"],
  ])("the mailbox no longer read: %p", (body, intent) => {
    const v = read(body);
    expect(v.classification).toBe("auto_reply");
    expect(v.intent).toBe(intent);
  });
  test.each<[string, string]>([
    ["Szabadságom miatt január 19-ig (keddig) nem vagyok elérhető. Január 20-án, szerdán ismét az irodában leszek.", "2027-01-20"],
    ["Θα απουσιάζω από το γραφείο έως και την Παρασκευή 22 Ιανουαρίου, με περιορισμένη πρόσβαση στο email.", "2027-01-23"],
  ])("%p → %p", (body, back) => {
    expect(day(read(body).returnAt)).toBe(back);
  });
});

test("fold writes out the letters NFKD keeps whole", () => {
  expect(fold("Wysłać, ønsker, Æble, çıkarın, Đak, œuvre")).toBe("wyslac, onsker, aeble, cikarin, dak, oeuvre");
});

describe("a desk's acknowledgement without automation headers, in the fifteen languages", () => {
  test.each([
    "Dobrý den, děkujeme za zprávu. Váš dotaz byl přijat a zaevidován pod číslem #1187. Ozveme se do 2 pracovních dnů.",
    "Dzień dobry, Państwa zgłoszenie zostało zarejestrowane pod numerem 5521. Odpowiemy w ciągu 24 godzin.",
    "Hej! Vi har tagit emot ditt ärende och återkommer inom 24 timmar. Ärendenummer: 7731.",
    "Hei, olemme vastaanottaneet viestisi ja vastaamme 24 tunnin kuluessa.",
    "Bună ziua, am primit mesajul dumneavoastră și vă vom răspunde în termen de 24 h.",
    "Mesajınız alınmıştır. Talep numaranız: 3391. En kısa sürede size dönüş yapacağız.",
    "Poštovani, Vaš upit je zaprimljen pod brojem 228. Odgovorit ćemo u roku od 24 sata.",
    "Здравствуйте! Ваше обращение зарегистрировано под номером 4412. Мы ответим в течение одного рабочего дня.",
    "Добрий день! Ваше звернення прийнято, номер звернення 5512. Відповімо протягом одного робочого дня.",
    "Το αίτημά σας καταχωρήθηκε με αριθμό #7710. Θα επικοινωνήσουμε μαζί σας εντός 24 ωρών.",
    "Dobrý deň, táto e-mailová schránka nie je pravidelne kontrolovaná. Cenovú ponuku vám pripravíme cez formulár na webe alebo na obchod@firma.sk.",
    "Hello, this mailbox is not regularly monitored. For quotes please use the form on our website or write to sales@firma.example.",
  ])("%p → auto_reply, no proposal", (body) => {
    expect(classifyMessage(reply(body))).toMatchObject({ classification: "auto_reply", proposal: null });
  });
  test.each([
    // controls: a person who got our message and answers it
    "Dobrý den, Vaši zprávu jsme obdrželi, ale nemáme zájem. Děkuji.",
    "Spasibo, письмо получено. Пришлите, пожалуйста, прайс.",
  ])("control: %p is a person's reply", (body) => {
    expect(classifyMessage(reply(body)).classification).toBe("reply");
  });
});

describe("Hungarian year-first dates and 'között'; limited access to e-mail in the fifteen languages", () => {
  const notice = (body: string) => ["From: Out <out@prospect.example>", "To: Leo <leo@outbound.example>", "Subject: Re: Idea", "Date: Mon, 11 Jan 2027 09:00:00 +0100", "", body].join("\n");
  test.each([
    ["2027. 01. 18. és 01. 22. között szabadságon vagyok, az e-mailjeimet korlátozottan érem el.", "2027-01-23"],
    ["2027. január 18. és január 22. között konferencián vagyok, korlátozott hozzáféréssel.", "2027-01-23"],
    ["Jestem na urlopie do 22.01. włącznie, z ograniczonym dostępem do poczty.", "2027-01-23"],
    ["Jsem na dovolené do 22. 1., s omezeným přístupem k e-mailu.", "2027-01-22"],
    ["Я в отпуске до 22 января, с ограниченным доступом к почте.", "2027-01-22"],
  ])("%p → auto_reply, back %p", (body, day) => {
    const v = classifyMessage(notice(body));
    expect(v.classification).toBe("auto_reply");
    expect(new Date(v.returnAt!).toISOString().slice(0, 10)).toBe(day);
  });
  test("control: the year-first date's month and day are not read again day first ('2027. 02. 03.' is 3 February)", () => {
    const v = classifyMessage(notice("Szabadságon vagyok, 2027. 02. 03-án térek vissza, korlátozott e-mail hozzáféréssel."));
    expect(new Date(v.returnAt!).toISOString().slice(0, 10)).toBe("2027-02-03");
  });
});

describe("return days in forms a fresh batch of notices brought (Date: Mon 11 Jan 2027)", () => {
  const auto = (body: string) => ["From: Out <out@prospect.example>", "To: Leo <leo@outbound.example>", "Subject: Automatic reply: Idea", "Auto-Submitted: auto-replied", "Date: Mon, 11 Jan 2027 09:00:00 +0100", "", body].join("\n");
  const day = (body: string) => {
    const at = classifyMessage(auto(body)).returnAt;
    return at === null ? null : new Date(at).toISOString().slice(0, 10);
  };
  test.each([
    // a date with no cue of its own (a webinar in the signature) gives way to the day back stated
    ["Away at an offsite until Tuesday night, back on Wednesday.\n\nJoin our webinar on Thursday 28 January 2027.", "2027-01-13"],
    // Saturday and Sunday in the fifteen languages
    ["Jeg har ferie til og med søndag 17. januar.", "2027-01-18"],
    ["Jestem na urlopie do niedzieli 17 stycznia włącznie.", "2027-01-18"],
    // the day back stated in Cyrillic after the last day away
    ["Я у відрядженні до п'ятниці, 15 січня. З понеділка, 18 січня, знову в офісі.", "2027-01-18"],
    // Russian and Ukrainian "по": through that day
    ["Я в отпуске по 24 января.", "2027-01-25"],
    ["Я у відпустці з 4 по 24 січня.", "2027-01-25"],
    // tomorrow
    ["Dnes jsem na služební cestě, zpět zítra.", "2027-01-12"],
    ["Ma üzleti úton vagyok, holnaptól újra az irodában.", "2027-01-12"],
    // the end of the month, also this one
    ["Sunt în concediu medical până la sfârșitul lunii.", "2027-02-01"],
    ["Estic de baixa per paternitat fins a finals de febrer.", "2027-03-01"],
    ["Jestem na urlopie do końca stycznia.", "2027-02-01"],
    ["Estoy de licencia hasta fin de mes.", "2027-02-01"],
    // a calendar week through its end
    ["Urlaub bis einschließlich KW 3.", "2027-01-25"],
    ["Föräldraledig t.o.m. vecka 6.", "2027-02-15"],
    // not before a day
    ["Travelling all week, I won't read email before Monday.", "2027-01-18"],
    ["Jeg er på reise resten av uken og leser ikke e-post før mandag.", "2027-01-18"],
  ])("%p → %p", (body, want) => {
    expect(day(body)).toBe(want);
  });
  test.each([
    // controls
    ["Back in KW 6.", "2027-02-08"],
    // the weekday that names the date: its cue, the date's day
    ["Szabadságon vagyok, 2027. január 21-én, csütörtökön leszek újra elérhető.", "2027-01-21"],
    ["Jeg er på kursus til og med torsdag d. 14/1.", "2027-01-15"],
    ["Away until January 20.", "2027-01-20"],
    ["I'm away until January.", null],
    // "for" without a negation is no "før": away for two days, back the day stated
    ["I'm away for Monday and Tuesday, back on Wednesday.", "2027-01-13"],
  ])("control: %p → %p", (body, want) => {
    expect(day(body)).toBe(want);
  });
});

describe("forms a fresh batch in the fifteen languages brought", () => {
  test.each([
    // removals: a GDPR objection in their own words, a removal asked as a question
    "Na podstawie art. 21 RODO wnoszę sprzeciw wobec przetwarzania moich danych i żądam ich niezwłocznego usunięcia.",
    "Nisam dala privolu. Zahtijevam brisanje svojih osobnih podataka i prestanak slanja ovakvih poruka.",
    "Dá sa nejako zariadiť, aby mi od Vás už tieto ponuky nechodili?",
    "Em podríeu donar de baixa de la vostra llista, si us plau?",
  ])("%p asks the writer's removal", (body) => {
    expect(classifyMessage(reply(body))).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: FROM } });
  });
  test.each([
    "Ta bort samtliga adresser på @firma.example ur era register, tack.",
    "Kérem, hogy minden @firma.example végződésű e-mail-címet töröljenek az adatbázisukból.",
  ])("%p asks removal for the whole company", (body) => {
    expect(classifyMessage(reply(body))).toMatchObject({ classification: "unsubscribe_request", companyWide: true });
  });
  test.each([
    ["Můj kolega Jan (jan@firma.example) si nepřeje, abyste ho dále kontaktovali. Vyřaďte prosím jeho adresu z databáze.", "jan@firma.example"],
    ["Colegul meu Mihai (mihai@firma.example) nu se mai ocupă de vânzări. Vă rog să-l scoateți din baza de date.", "mihai@firma.example"],
    ["Я помощник директора. Пожалуйста, исключите его адрес (boss@firma.example) из рассылки и больше ему не пишите.", "boss@firma.example"],
  ])("%p: the colleague's removal suppresses the colleague, never referred to", (body, email) => {
    const v = classifyMessage(reply(body));
    expect(v.proposal).toMatchObject({ action: "suppress", email });
  });
  test.each<[string, Intent]>([
    ["Asi jste se netrefila – jsem personalistka a obchodní tým nemám na starosti.", "wrong_person"],
    ["Jeg sidder i økonomiafdelingen og har ikke noget med salg at gøre.", "wrong_person"],
    ["Szerintem rossz helyre írt: az értékesítéshez semmi közöm.", "wrong_person"],
    ["Radim u računovodstvu i ne odlučujem o prodajnim alatima.", "wrong_person"],
    ["Zavolejte mi prosím zítra dopoledne na 603 418 227.", "meeting_request"],
    ["Sunați-mă mâine după ora 15 la 0722 345 678.", "meeting_request"],
    ["Truca'm demà al matí al 636 21 48 90.", "meeting_request"],
    ["Momentálne sme so súčasným riešením spokojní, takže ju nevyužijeme.", "not_interested"],
    ["Deocamdată suntem acoperiți pe partea asta.", "not_interested"],
    ["Meillä on jo käytössä vastaava työkalu, eikä vaihtoa ole suunnitteilla.", "not_interested"],
  ])("%p → %p", (body, intent) => {
    expect(classifyMessage(reply(body)).intent).toBe(intent);
  });
});

describe("more forms of the same batch: deferrals, an informal 'send me', an invite asked, a Greek question, a closed matter", () => {
  test.each<[string, Intent]>([
    ["Budżety mamy zamrożone. Proszę odezwać się we wrześniu.", "later"],
    ["Kuulostaa hyödylliseltä, mutta resurssit menevät nyt muualle. Palataanko asiaan keväämmällä?", "later"],
    ["Revino-mi te rog prin martie, acum suntem prinși cu bugetul.", "later"],
    ["Bir deck ya da fiyat listesi atabilir misin?", "interested"],
    ["Može, srijeda u 10 h. Pošalji pozivnicu.", "meeting_request"],
    ["Πώς αποκτήσατε τη διεύθυνση email μου; Είναι η υπηρεσία σας συμβατή με τον GDPR;", "question"],
    ["Дякую за лист! Наразі ми повністю закрили це питання, тож цього разу пас.", "not_interested"],
  ])("%p → %p", (body, intent) => {
    expect(classifyMessage(reply(body)).intent).toBe(intent);
  });
  test("the whole company in Ukrainian: 'видаліть усі адреси нашої компанії … жодному з наших працівників'", () => {
    const v = classifyMessage(reply("Просимо видалити всі адреси нашої компанії з вашої бази та надалі не надсилати листів жодному з наших працівників."));
    expect(v).toMatchObject({ classification: "unsubscribe_request", companyWide: true });
  });
  test("control: a Greek sentence ending in ';' after a digit or a link is no question", () => {
    expect(classifyMessage(reply("Ευχαριστώ, δεν μας ενδιαφέρει. Τηλ. 210 1234567;")).intent).toBe("not_interested");
  });
});

describe("Czech and Slovak 'PN' (sick leave) said of oneself, and 'predpokladaný návrat'", () => {
  test("'momentálne som PN. Predpokladaný návrat … v stredu 20. januára' is an absence notice with its return day", () => {
    const v = classifyMessage(reply("Dobrý deň, momentálne som PN. Predpokladaný návrat do práce je v stredu 20. januára."));
    expect(v.classification).toBe("auto_reply");
    expect(new Date(v.returnAt!).toISOString().slice(0, 10)).toBe("2027-01-20");
  });
  test("control: 'PN' named as something else is no absence", () => {
    expect(classifyMessage(reply("Pošlite mi prosím PN kód produktu a cenník.")).classification).toBe("reply");
  });
});

describe("a fresh batch in the fifteen languages: removals with a courtesy inside, for a colleague, for the company, and in Greeklish", () => {
  test.each([
    "Добрый день. Удалите, пожалуйста, мой e-mail из вашей базы.",
    "Доброго дня. Приберіть, будь ласка, мою адресу з вашої розсилки.",
    "Geia sas, afaireste to email mou apo ti lista sas, euxaristw.",
    "Kalispera, mh mou ksanasteilete tipota.",
  ])("%p is the writer's removal", (body) => {
    expect(read(body)).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: FROM } });
  });
  test.each([
    "Hej, I har også skrevet til min kollega Per Lund (per.lund@firma.example). Han ønsker ikke flere mails, så fjern ham venligst fra listen.",
    "Bon dia, en Pere Vidal (pere.vidal@firma.example) m'ha demanat que us digui que no en vol rebre més; esborreu la seva adreça, si us plau.",
    "Добрий день. Ви пишете й нашому директору, Петру Мельнику (petro.melnyk@firma.example). Він просив, щоб ви більше не надсилали йому листів; видаліть, будь ласка, його адресу.",
  ])("%p is the colleague's removal, never a referral", (body) => {
    const v = read(body);
    expect(v.classification).toBe("unsubscribe_request");
    expect(v.intent).not.toBe("referral");
    expect(v.proposal?.email ?? null).not.toBe(FROM);
  });
  test.each([
    "Žiadame Vás, aby ste z databázy vymazali všetky e-mailové adresy našej spoločnosti a nekontaktovali nás.",
    "Prosimy o usunięcie wszystkich adresów naszej firmy z Państwa bazy.",
    "Vă rugăm să ștergeți toate adresele de e-mail ale companiei noastre din baza de date.",
    "Molim Vas da sve adrese naše tvrtke uklonite sa svoje liste.",
    "Kérjük, cégünk összes munkatársának címét töröljék az adatbázisukból.",
  ])("%p is for the whole company", (body) => {
    expect(read(body)).toMatchObject({ classification: "unsubscribe_request", companyWide: true });
  });
  test.each([
    // controls: a colleague named as the one to talk to; the writer's own offer of the company's addresses
    ["Za finance odpovídá můj kolega Petr Novák (petr.novak@firma.example), napište prosím jemu.", "referral"],
    ["Пожалуйста, пришлите прайс-лист на мой e-mail.", "interested"],
  ] as [string, Intent][])("control: %p → %p", (body, intent) => {
    expect(read(body).intent).toBe(intent);
  });
});
