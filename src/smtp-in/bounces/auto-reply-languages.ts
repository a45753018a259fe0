// Out-of-office wording in fifteen more languages, for a notice that comes
// without automation headers (auto-reply.ts reads the seven languages): away,
// back, answering on return, urgent contact, thanks for the message, and what
// a person answering by hand says. Polish, Czech, Slovak, Swedish, Danish,
// Norwegian, Finnish, Romanian, Hungarian, Turkish, Catalan and Croatian join
// the lists of auto-reply.ts (folded, whole words); Russian, Ukrainian and
// Greek are plain patterns over the folded text, outside the word-start index.

/** Away: on holiday, out of the office, on leave, travelling. */
export const AWAY_MORE = [
  "(?:jestem|bede) (?:obecnie |aktualnie )?(?:na urlopie|poza biurem|nieobecn[ya]|w podrozy sluzbowej|na zwolnieniu|na konferencji|na targach)|na urlopie(?: macierzynskim| rodzicielskim| wypoczynkowym)?|poza biurem|nieobecn[ya]",
  "(?:jsem|budu|som|budem) (?:momentalne |nyni |aktualne )?(?:na dovolene|na dovolenke|mimo kancelar|mimo kancelarie|nepritomn[ya]|na sluzebni ceste|na sluzobnej ceste|na konferenci|na konferencii|na veletrhu)|na dovolene|na dovolenke|mimo kancelar|mimo kancelarie|na materske|na materskej|na rodicovske|na rodicovskej",
  "(?:jag ar|jag kommer att vara) (?:pa semester|tjanstledig|foraldraledig|bortrest|pa konferens|pa tjansteresa|inte pa kontoret)|pa semester|foraldraledig|tjanstledig|franvarande|inte pa kontoret|pa tjansteresa",
  "(?:jeg er|jeg vil vaere) (?:pa ferie|pa barsel|fravaerende|ikke pa kontoret|pa forretningsrejse|pa kursus|pa orlov|i permisjon|pa reise|pa tjenestereise|pa kurs)|pa ferie|pa barsel(?:sorlov)?|fravaerende|ikke pa kontoret|holder ferie|i (?:foreldre)?permisjon|pa tjenestereise",
  "(?:olen|olen talla hetkella) (?:lomalla|poissa toimistolta|vuosilomalla|virkavapaalla|aitiyslomalla|isyyslomalla|vanhempainvapaalla|tyomatkalla|koulutuksessa|messuilla)|lomalla|poissa toimistolta|vuosilomalla|tyomatkalla|vanhempainvapaalla",
  "(?:sunt|voi fi) (?:in concediu|plecat[a]? din birou|in afara biroului|absent[a]?|in deplasare|la o conferinta|la un targ)|in concediu(?: de odihna| de maternitate| medical)?|in afara biroului|absent[a]? din birou",
  "szabadsagon (?:vagyok|leszek)|szabadsagon|irodan kivul|nem vagyok (?:az irodaban|elerheto)|tavol vagyok|uzleti uton|szulesi szabadsagon|(?:konferencian|kepzesen|tanfolyamon|kiallitason) (?:vagyok|leszek)",
  "izindeyim|yillik izinde|ofis disinda(?:yim)?|ofiste degilim|seyahatteyim|is seyahatindeyim|dogum izninde(?:yim)?|fuardayim|tatildeyim|tatilde|egitimdeyim|egitimde|kurstayim",
  "(?:soc|estic|estare) (?:de vacances|fora de l'oficina|absent|absenta|de viatge|de baixa)|de vacances|fora de l'oficina|absent de l'oficina",
  // the absence named: "urlop", "dovolená", "semester", "loma", "szabadság", "izin"; sick, travelling, training
  // sick or parental leave, a business trip, training, a fair, an office closed
  "zwolnienie lekarskie|na zwolnieniu lekarskim|sykmeldt|sykemeldt|sygemeldt|sjukskriven|sjukskrivning|urlop rodzicielski|rodicovska dovolena|rodicovskej dovolenke|praceneschopnost|na sluzobnej ceste|na sluzebni ceste|forretningsreise|forretningsrejse|tjensteresa|sairauslomalla|koulutuksessa|messuilla|na bolovanju|na sajmu|a la fira|concediu medical|betegszabadsagon|raporlu|hastalik izninde|de baixa medica" +
    "|kontoret (?:er |ar )?(?:stengt|lukket|stangt)|holder (?:stengt|lukket)|har stangt|biuro (?:jest )?zamkniete|kancelar (?:je )?zavrena|firma (?:je )?(?:zavrena|zatvorena)|toimisto on suljettu|biroul (?:este )?inchis|az iroda zarva|ofisimiz kapali|l'oficina (?:esta )?tancada|ured je zatvoren",
  // Czech and Slovak "PN" (pracovní neschopnost: sick leave), said of oneself
  "(?:som|jsem|sme|jsme|momentalne som|momentalne jsem|aktualne som|aktualne jsem) (?:na |v )?pn(?![a-z])|na neschopence|na nemocenske|na nemocenskej|nie jestem w biurze|nie ma mnie w biurze|nejsem v kancelari|nie som v kancelarii|urlop|dovolena|dovolenou|dovolenka|dovolenku|pa utbildning|pa kurs|sjukskriven|sygemeldt|jeg er syg|sykmeldt|jeg er syk|plecat din tara|plecat in strainatate|in strainatate|szabadsag(?:om|ra)?|uzleti ut(?:on)?|yurt disinda|izinli|a una fira|en una fira|de viatge|godisnji odmor",
  "na godisnjem (?:sam |smo |je )?odmoru|(?:sam|smo) na (?:godisnjem )?odmoru|(?:sam|smo) na (?:godisnjem )?odmoru|izvan ureda|(?:sam|cu biti) odsutan|(?:sam|cu biti) odsutna|odsutan sam|odsutna sam|na sluzbenom (?:sam |smo |je )?putu|na (?:porodiljnom|rodiljnom) (?:sam |je )?dopustu|nisam u uredu",
];

/** Back: "back on", "until", "from Monday". */
export const BACK_MORE = [
  "(?:wracam|wroce|bede z powrotem|bede dostepn[ya]|bede w biurze)|do (?:dnia )?[0-9]{1,2}|do (?:poniedzialku|wtorku|srody|czwartku|piatku)|od (?:poniedzialku|wtorku|srody|czwartku|piatku)",
  "(?:vracim se|vratim se|budu zpet|budu opet k zastizeni|budem spat|vratim sa|vraciam sa)|predpokladany navrat|predpokladany termin navratu|do [0-9]{1,2}|(?:od|do) (?:pondeli|utery|stredy|ctvrtka|patku|pondelka|utorka|stvrtka|piatku)",
  "(?:tillbaka|aterkommer|ater pa kontoret|tilbage|tilbake)|till och med|til og med|t\\.o\\.m|fram till|frem til|(?:till|til|tom) (?:den )?[0-9]{1,2}",
  "(?:palaan|olen takaisin|olen tavoitettavissa)|asti|saakka",
  "(?:revin|ma intorc|voi reveni|voi fi inapoi|voi fi din nou)|pana (?:pe|la|in)",
  "(?:visszaterek|ujra elerheto|ismet elerheto|ujra az irodaban)|[0-9]{1,2}-(?:ig|jeig|aig|eig)",
  "(?:donecegim|donuyorum|tekrar ofiste|ofiste olacagim)|kadar",
  "(?:tornare|de tornada|tornarem)|fins (?:al|a|el)",
  // back, and in the office again on a day: "zpět", "späť", "vissza", "torna", "v kanceláři ve středu"
  // the return named, again at work, until the end of the week, until further notice
  "navrat|powrot|se vracim|sa vraciam|se vratim|sa vratim|znow w pracy|ponownie w pracy|opat od|opet od|k dispozici|k dispozicii|do konca tygodnia|do konce tydne|do konca tyzdna|till slutet av veckan|resten av veckan|ut uken|resten af ugen|viikon loppuun|pana la sfarsitul saptamanii|a het vegeig|hafta sonuna kadar|fins a final de setmana|do kraja tjedna|do daljnjega|do odvolani|torno",
  "zpet|spat|vissza|visszajovok|torna|tornara|donuyor|donecek|ofise (?:donuyor|donecek|geliyor)|v kancelari|v kancelarii|w biurze|pa kontoret|pa kontoret igen|toimistolla|in birou|az irodaban|u uredu|[0-9]{1,2}\\. ?[-–] ?[0-9]{1,2}\\. ?[0-9]{1,2}\\.",
  "(?:vracam se|vratit cu se|bit cu ponovno|ponovno u uredu)|do [0-9]{1,2}|(?:od|do) (?:ponedjeljka|utorka|srijede|cetvrtka|petka)",
];

/** Answering on return: "I will reply when I'm back". */
export const ON_RETURN_MORE = [
  "po (?:moim )?powrocie|odpowiem (?:na wiadomosc )?(?:po|jak najszybciej|niezwlocznie)|jak najszybciej",
  "po (?:mem|svem|mojom|svojom) (?:navratu|navrate)|(?:odpovim|odpoviem) (?:po|co nejdrive|co najskor|hned)|co nejdrive|co najskor",
  "(?:nar|sa snart) jag (?:ar tillbaka|kommer tillbaka|atervander)|sa snart som mojligt|nar jeg er (?:tilbage|tilbake)|hurtigst muligt|sa hurtigt som muligt|snarest mulig|sa snart som mulig",
  "palattuani|(?:vastaan|vastaan viestiisi) (?:palattuani|mahdollisimman pian)|mahdollisimman pian",
  "(?:la|dupa) (?:intoarcerea|revenirea) (?:mea|in birou)|voi raspunde|cat (?:mai )?curand posibil|cat mai repede",
  "visszaterese?m utan|amint visszaerek|a leheto leghamarabb",
  "donusumde|dondugumde|en kisa surede|en kisa zamanda",
  "a la meva tornada|quan torni|us respondre|tan aviat com (?:pugui|sigui possible)",
  "po (?:mom|svom) povratku|odgovorit cu|sto je prije moguce|cim se vratim",
];

/** Who to contact meanwhile. */
export const URGENT_MORE = [
  "w (?:pilnych sprawach|sprawach pilnych|razie pilnej potrzeby)|podczas mojej nieobecnosci",
  "v (?:nalehavych|naliehavych) (?:pripadech|pripadoch|zalezitostech|veciach)|behem me nepritomnosti|pocas mojej nepritomnosti",
  "henvendelser (?:kan|bes|bedes|ma) (?:rettes|sendes)|arenden kan (?:skickas|riktas)|(?:i|vid) bradskande (?:arenden|fall)|under min franvaro|i (?:hastende|presserende) (?:sager|tilfaelde)|i mit fravaer|i (?:hastesaker|hastende saker)|ved hastesaker|i mitt fravaer",
  "kiireellisissa (?:asioissa|tapauksissa)|poissaoloni aikana",
  "(?:pentru|in cazul) (?:problemelor|problemele|situatiilor|chestiunilor|problemei) urgente|pentru urgente|in (?:lipsa|absenta) mea",
  "surgos (?:esetben|ugyekben|ugyben)|tavollettem alatt",
  "acil (?:durumlarda|konularda|isleriniz icin)|yoklugumda",
  "(?:per a|per) (?:qualsevol )?(?:urgencia|assumptes urgents|temes urgents)|en la meva absencia",
  "za hitne (?:slucajeve|stvari|upite)|u hitnim slucajevima|tijekom moje odsutnosti",
];

/** Thanks for the message. */
export const THANKS_MORE = [
  "dziekuje za (?:wiadomosc|e-?mail|maila|kontakt)|dekuji za (?:zpravu|e-?mail|vas e-?mail)|dakujem za (?:spravu|e-?mail)",
  "tack for (?:ditt|ert) (?:mejl|mail|meddelande)|tak for (?:din|jeres) (?:mail|e-?mail|besked|henvendelse)|takk for (?:din e-?post|e-?posten|meldingen|henvendelsen)",
  "kiitos (?:viestistasi|sahkopostistasi|viestista)|(?:va )?multumesc pentru (?:mesaj|mesajul|e-?mail)|koszonom (?:a )?(?:levelet|uzenetet|megkereseset)",
  "(?:e-?postaniz|mesajiniz) icin tesekkur(?:ler|ederim)|gracies pel (?:vostre |teu )?(?:missatge|correu)|hvala na (?:poruci|e-?mailu|upitu)",
];

/** A desk's "your request was received / registered" (auto-reply.ts RECEIVED_PASSIVE): "Váš požadavek byl přijat", "vi har mottagit ditt ärende". */
export const RECEIVED_MORE = [
  // not read (a shared inbox's notice, as "this mailbox is not monitored"): "Mejl till den här adressen läses inte"
  "(?:mejl|mail|mails|e-?post|e-?mails?|meddelanden|beskeder|meldinger)(?: som (?:skickas|sendes))? till? (?:den har|denna|denne|dette) (?:e-?post|e-?mail|mail)?adress(?:e|en|a)? (?:lases inte|laeses ikke|leses ikke|bliver ikke (?:laest|overvaget)|blir ikke (?:lest|overvaket)|kommer inte att lasas|bevakas inte|kontrolleras inte)",
  "(?:ta|tato|tahle) (?:e-?mailova )?schranka (?:nie je|neni) (?:pravidelne )?(?:sledovana|kontrolovana)|(?:ta|tato) schranka (?:sa|se) (?:nesleduje|nekontroluje)|(?:ta |ten )?(?:skrzynka|adres)(?: e-?mail| pocztowa| mailowa)? nie jest (?:regularnie )?(?:monitorowan[ya]|sprawdzan[ya])",
  "(?:vas|vase|vasa|vasi) (?:pozadavek|poziadavka|zprava|sprava|dotaz|e-?mail|zadost|ziadost|objednavka) (?:byl[ao]?|bol[ao]?|je) (?:uspesne )?(?:prijat[ao]?|zaevidovan[ao]?|zaregistrovan[ao]?|doruceny|dorucena|dorucen[ao]?)",
  "(?:twoje|twoja|pana|pani|panstwa) (?:zgloszenie|wiadomosc|zapytanie) (?:zostalo|zostala) (?:przyjet[ae]|zarejestrowan[ae]|odebran[ae])|otrzymalismy (?:twoja|pana|pani|panstwa) (?:wiadomosc|wiadomosci|zgloszenie)",
  "vi har (?:tagit emot|mottagit|modtaget|mottatt) (?:ditt|din|ert|er|jeres|deres) (?:meddelande|arende|mejl|e-?post|henvendelse|mail|besked|melding|sak)",
  "olemme vastaanottaneet (?:viestisi|viestinne|yhteydenottosi|yhteydenottonne|pyyntosi)|am primit (?:mesajul|solicitarea|e-?mailul) (?:dumneavoastra|dvs|tau)|(?:uzenetet|megkereseset|levelet|kereset) (?:megkaptuk|rogzitettuk|nyilvantartasba vettuk)",
  "(?:mesajiniz|talebiniz|e-?postaniz|basvurunuz) (?:bize )?(?:ulasmistir|alinmistir|alindi|kaydedildi|kaydedilmistir)|hem rebut (?:el vostre|la vostra|el teu|la teva|correctament el vostre) (?:missatge|correu|sollicitud)|(?:vasa|vas) (?:poruka|upit|zahtjev|e-?mail) (?:je )?(?:uspjesno )?(?:zaprimljen[ao]?|primljen[ao]?|zaprimljena)",
];
/** Its ticket number or promised answer time: "pod číslem #48213", "numer zgłoszenia", "inom 24 timmar". */
export const TICKET_MORE = [
  "pod (?:cislem|cislom|numerem) #?[0-9]|cislo (?:pozadavku|poziadavky|tiketu)|numer (?:zgloszenia|sprawy)|arendenummer|sagsnummer|saksnummer|tikettinumero|numar(?:ul)? (?:de )?(?:tichet|inregistrare)|ugyszam|talep numaraniz|numero de (?:tiquet|sollicitud)|broj (?:zahtjeva|upita)",
  "(?:do|w ciagu|behem|v priebehu|inom|inden for|innen|kuluessa|in (?:termen de )?|belul|icinde|en (?:un termini de )?|u roku od )(?:[0-9]{1,3}|jednoho|jedneho|24|48) ?(?:h|hodin|hodiny|godzin|timmar|timer|tunnin|ore|oran belul|saat|hores|sati|pracovnich dni|pracovnych dni|dni roboczych|arbetsdagar|arbejdsdage|virkedager|arkipaivan|zile lucratoare|munkanapon|is gunu|dies laborables|radnih dana)",
];

/** A person answering the offer while away ("ale brzmi ciekawie", "ring mig på tisdag"): no responder's notice. */
export const ENGAGED_MORE = [
  "brzmi (?:ciekawie|interesujaco)|zainteresowan[iya]|(?:prosze|prosimy) (?:o (?:oferte|cennik|wiecej)|przeslac)|(?:umowmy|zdzwonmy|spotkajmy) sie|porozmawiajmy",
  "posli mi|poslite mi|poslete mi|zni zajimave|znie zaujimavo|mam(?:e)? (?:zajem|zaujem)|(?:poslete|poslite) (?:mi|nam)|(?:zavolejme|zavolajme|domluvme|dohodnime) si",
  "later intressant|later (?:relevant|spannande)|lyder (?:faktisk |rigtig )?(?:spaendende|interessant|relevant)|hores (?:faktisk )?(?:spennende|interessant|relevant)|skriv (?:gerne|gjerne|garna) (?:igen|igjen|till mig)|intresserad|interesseret|interessert|skicka (?:garna )?(?:mer|en offert|priser)|send (?:gerne |gjerne )?(?:mere|mer|priser|et tilbud)|(?:ring|ringa) mig|kan vi (?:ses|ta ett samtal|boka|tage et|ta et)",
  "kuulostaa (?:mielenkiintoiselta|kiinnostavalta)|olemme kiinnostuneita|olen kiinnostunut|lahettakaa|sovitaan",
  "suna interesant|(?:suntem|sunt) interesat[ia]?|trimiteti-mi|hai sa vorbim|putem (?:vorbi|stabili)",
  "erdekesen hangzik|erdekel|kuldjenek|beszeljunk",
  "ilginc (?:gorunuyor|geliyor)|ilgileniyor(?:uz|um)|gonderebilir misiniz|gonderin|gorusebiliriz|gorusmek isterim",
  "sembla interessant|m'interessa|ens interessa|envieu-me|parlem",
  "zvuci zanimljivo|zainteresiran[ia]?|posaljite (?:mi|nam)|cujemo se|dogovorimo",
  // a time accepted: "tisdag 10:00 passar", "tiistai klo 13 sopii"
  "passar|funkar|passer|sopii|sopisi|kutsu|pasuje mi|vyhovuje mi|megfelel|uygun mu|uygundur|em va be|odgovara mi|kuldje el|kuldjek el",
  // a refusal, or "write to me in February": a person answering too
  "nie (?:jestem|jestesmy) zainteresowan[iya]|nezajima|nezaujima|inte intresserade?|ikke interessere(?:t|de)|ikke interessert|ei kiinnosta|ei (?:ole )?tarvetta|eika tarvetta|nu (?:ne|ma) intereseaza|nem erdekel|ilgilenmiyor(?:uz|um)|no (?:ens|m')interessa|ne zanima|(?:me|nas) ne zanima",
  "napiste (?:mi|nam)|napisz(?:cie)? do mnie|skriv till mig|skriv til mig|skriv til meg|kirjoittakaa|scrieti-(?:mi|ne)|sa (?:imi|ne) scrieti|irjon|yazin|escriu-me|escriviu-me|javite se|ilgimi cekti|teklif gonderin|poslite|poslete|przeslijcie|wyslijcie",
];

/** Limited access to e-mail while away (auto-reply.ts ACCESS): "z ograniczonym dostępem do poczty", "az e-mailjeimet korlátozottan érem el". */
export const ACCESS_MORE = [
  "(?:z )?ograniczon(?:y|ym) dostep(?:em)? do (?:poczty|e-?maila|skrzynki|internetu)|(?:s )?omezen(?:y|ym) pristup(?:em)? k (?:e-?mailu|poste|internetu)|(?:s )?obmedzen(?:y|ym) pristup(?:om)? k (?:e-?mailu|poste|internetu)",
  // not reading mail while away: "leser ikke e-post", "läser inte min e-post", "læser ikke mails"
  "(?:leser|laser|laeser) (?:ikke|inte) (?:min |mine )?(?:e-?post|epost|e-?mails?|mails?|mejl)|begransad tillgang till (?:e-?post|mejl|mail|dator)|begraenset adgang til (?:e-?mail|mail|min mail)|begrenset tilgang (?:til|pa) (?:e-?post|epost|e-?mail)",
  "rajoitetusti (?:sahkopostin|sahkopostia|sahkopostissa|tavoitettavissa)|acces limitat la (?:e-?mail|email|posta|internet)|(?:e-?mailjeimet|leveleimet|postafiokomat) korlatozottan|korlatozott (?:e-?mail-?)?hozzaferes(?:sel)?",
  "(?:e-?postalarima|e-?postama) (?:sinirli|kisitli) erisim|acces limitat al correu|ogranicen(?:im)? pristup(?:om)? (?:e-?posti|e-?mailu|internetu)",
];

/** The mailbox no longer read (auto-reply.ts MAILBOX_GONE): "táto schránka už nie je sledovaná", "mailen bliver ikke læst". */
export const MAILBOX_GONE_MORE = [
  // no longer read or active ("už není sledována", "już nie jest monitorowana"); only "not monitored" is a shared inbox's notice (RECEIVED_MORE)
  "(?:ta|tato|tahle) (?:e-?mailova )?schranka (?:(?:uz|jiz) (?:nie je|neni) (?:sledovana|kontrolovana|aktivna|aktivni)|(?:nie je|neni) (?:aktivna|aktivni))|(?:ta|tato) schranka (?:sa|se) (?:uz|jiz) (?:nesleduje|nekontroluje|nepouziva)|(?:ta|tato) schranka (?:sa|se) nepouziva|(?:ta |ten )?(?:skrzynka|adres)(?: e-?mail| pocztowa| mailowa)? (?:(?:juz nie jest|nie jest juz|nie bedzie) (?:monitorowan[ya]|sprawdzan[ya]|aktywn[ya])|nie jest aktywn[ya])",
  "(?:denne|dette) (?:e-?post|e-?mail)?adressen? (?:er|ar) (?:ikke|inte) (?:lenger|laengere|langre) i bruk|(?:mailen|e-?posten|denne (?:e-?mail|e-?post)(?:adressen?)?|denna (?:e-?post)?adress|brevladan) (?:bliver|blir|lases|kommer) (?:ikke|inte) (?:laest|lest|lasas|att lasas|overvaget|overvaket)|(?:ovaj|ova) (?:sanducic|adresa|e-?mail) (?:se )?(?:vise )?(?:ne prati|nije aktivn[ai]|se ne cita)|bu (?:adres|posta kutusu) (?:artik )?(?:kontrol edilmiyor|takip edilmiyor|kullanilmiyor)",
];

/** The person left, in the third person (auto-reply.ts LEFT_THIRD): "już u nas nie pracuje", "har sluttet", "artık çalışmıyor". */
export const LEFT_THIRD_MORE = [
  "nie pracuje juz|juz (?:u nas )?nie pracuje|odszedl z firmy|odeszla z firmy|(?:uz|jiz)(?: [a-z.]+){0,7} nepracuje|(?:uz|jiz) neni (?:nasim )?zamestnancem|uz nie je (?:nasim )?zamestnancom",
  "er ikke (?:laengere|lenger) ansatt?(?<!jeg er ikke (?:laengere|lenger) ansatt?)|ar inte (?:langre|kvar) anstalld(?<!jag ar inte (?:langre|kvar) anstalld)|har slutat(?<!jag har slutat)|arbetar inte (?:langre|kvar) (?:hos oss|pa foretaget)|er fratradt(?<!jeg er fratradt)|arbejder ikke (?:laengere )?(?:hos os|i virksomheden)|har sluttet|jobber ikke (?:lenger )?(?:hos oss|her)|er ikke lenger ansatt",
  "ei (?:enaa )?tyoskentele|nu mai (?:lucreaza|face parte)|a parasit (?:compania|firma)|mar nem dolgozik|nem dolgozik (?:mar )?(?:nalunk|a cegnel)",
  "artik (?:[a-z.]+ ){0,5}(?:calismiyor|calismamaktadir)|(?:sirketimizden|firmamizdan) ayril(?:di|mistir|mis)|ja no treballa|ha deixat l'empresa|ja no forma part|vise nije (?:nas |nasa )?(?:zaposlenik|zaposlen|zaposlena|djelatnik|djelatnica)|(?:vise|vec) ne radi (?:u|kod)|napustio je tvrtku|napustila je tvrtku",
];

/** Verbs that send the reader elsewhere ("za hitne stvari javite se kolegi …"): auto-reply.ts ROUTING_VERB. */
export const ROUTING_MORE =
  "javite se|obratite se|kontaktujte|kontaktirajte|kontakt(?:a|er)?|skontaktuj(?:cie)?|(?:prosze|prosimy) (?:o )?kontakt|ota(?:kaa)? yhteytta|contactati|keresse|forduljon|iletisime gec[a-z]*|arayin|contacteu|obracejte|obracajte|обращаитесь|пишите|звертаитеся|пишіть|επικοινωνηστε";

// entries are written as spelled ("якнайшвидше") and folded here as the text is
const words = (entries: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${entries.join("|").normalize("NFKD").replace(/[\u0300-\u036f]/g, "")})(?![\\p{L}\\p{N}])`, "u");

/** Russian, Ukrainian and Greek (folded: "й" reads "и"), tested only on a text with such letters. */
export const NON_LATIN = {
  away: words(["(?:τα )?γραφεια (?:μας )?(?:θα )?(?:παραμεινουν |ειναι |παραμενουν )?κλειστα|офис (?:будет )?закрыт|офіс (?:буде )?зачинен(?:ий)?|отпуск|відпустка|επαγγελματικο ταξιδι|σε ταξιδι|в отпуске|вне офиса|отсутствую|в командировке|на больничном|в декрете|не в офисе|у відпустці|в відпустці|поза офісом|відсутн(?:ій|я)|у відрядженні|на лікарняному|не в офісі|εκτος γραφειου|σε αδεια|σε διακοπες|απουσιαζω|εκτος εδρας"]),
  back: words(["θα επανελθουμε|επανερχομαστε|εως και|περιορισμενη προσβαση|μεχρι το τελος|до конца недели|до кінця тижня|на связи|буду на связи|επιστρεφει|вернется|повернеться|вернусь|буду в офисе|до [0-9]{1,2}|повернуся|повернусь|буду в офісі|θα επιστρεψω|επιστρεφω|εως (?:τις|την)|μεχρι (?:τις|την)"]),
  onReturn: words(["по возвращении|после возвращения|отвечу|как можно скорее|в ближаишее время|після повернення|відповім|якнаишвидше|найближчим часом|με την επιστροφη μου|θα (?:σας )?απαντησω|το συντομοτερο"]),
  urgent: words(["по срочным вопросам|в срочных случаях|в мое отсутствие|з термінових питань|у разі термінових|під час моєі відсутності|για επειγοντα|σε επειγουσες περιπτωσεις"]),
  thanks: words(["спасибо за (?:письмо|ваше письмо|сообщение)|дякую за (?:лист|ваш лист|повідомлення)|ευχαριστω για το (?:μηνυμα|email)"]),
  engaged: words(["στειλε|интересно|пришлите|созвонимся|давайте|цікаво|надішліть|ενδιαφερον|στειλτε|να μιλησουμε|не интересно|не цікаво|δεν (?:μας|με) ενδιαφερει"]),
  access: words(["ограниченн(?:ыи|ым) доступ(?:ом)? к (?:почте|электроннои почте|интернету)|обмежен(?:ии|им) доступ(?:ом)? до (?:пошти|електронноі пошти|інтернету)|περιορισμενη προσβαση"]),
  received: words(["ваше (?:письмо|сообщение|обращение) (?:получено|принято|зарегистрировано)|ваш (?:запрос|заявка) (?:принят|принята|зарегистрирован)|спасибо за обращение|ваш лист отримано|ваше (?:звернення|повідомлення) (?:отримано|прийнято|зареєстровано)|дякуємо за звернення|το αιτημα σας (?:καταχωρηθηκε|εχει καταχωρηθει|ελαβε αριθμο)|λαβαμε το (?:μηνυμα|αιτημα|email) σας"]),
  ticket: words(["под номером|номер обращения|номер заявки|за номером|номер звернення|με αριθμο|αριθμος αιτηματος|в течение (?:[0-9]{1,3}|одного|двух) (?:час|рабоч)|протягом (?:[0-9]{1,3}|одного) (?:год|робоч)|εντος (?:[0-9]{1,3}|μιας) (?:ωρων|εργασιμων)"]),
  leftThird: words(["(?:больше|уже) не работает|покинул[а]? компанию|більше не працює|вже не працює|звільнил(?:ася|ся)|δεν εργαζεται (?:πλεον|πια)|αποχωρησε"]),
};
