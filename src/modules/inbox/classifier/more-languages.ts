// The common answers to a cold e-mail in twelve more languages written in the
// Latin alphabet: Polish, Czech, Slovak, Swedish, Danish, Norwegian, Finnish,
// Romanian, Hungarian, Turkish, Catalan and Croatian (Serbian and Bosnian in
// Latin letters share much of it). Not the depth of the seven languages
// (cues.ts): what most such replies say — a removal request, "not interested",
// interest or a request for material, a call, "write again later", "not me,
// ask my colleague". Each array joins the list of its name in cues.ts or
// unsubscribe.ts; entries are folded text (fold.ts drops the accents and writes
// ł, ø, æ, ı as l, o, ae, i), whole words, as every entry there.
// Russian, Ukrainian, Bulgarian and Greek are read in other-scripts.ts.

/** Asking not to be mailed again (unsubscribe.ts REMOVAL). */
export const REMOVAL_MORE = [
  // "proszę go natychmiast usunąć ze swojej bazy i więcej do mnie nie pisać", "nadále nás nekontaktovali",
  // a colleague's: "nu dorește să mai primească", "vă rog să nu-i mai scrieți"
  "(?:wiecej|juz) (?:do mnie|do nas) nie (?:pisac|wysylac|kontaktowac)|usunac (?:go |ja |moj adres |moje dane )?(?:natychmiast |niezwlocznie )?(?:z|ze) (?:swojej |waszej |panstwa )?(?:bazy|listy|bazy danych)" +
    "|nadale (?:nas|me|mne) nekontaktovali|(?:nas|me) (?:dale |nadale |uz )?nekontaktujte" +
    "|nu (?:mai )?doreste sa (?:mai )?primeasca|(?:sa )?nu-(?:i|l|o) mai (?:trimiteti|scrieti|contactati)",
  // Greek typed in Latin letters on a phone ("Greeklish"): "afaireste to email mou apo th lista", "mhn mou ksanasteilete"
  "(?:afaireste|afairese|diagrapste|diagrapse|vgalte) (?:me|to email mou|to e-?mail mou|th dieythynsh mou|ta stoixeia mou)|(?:mhn|mh|mi|min) mou (?:ksana|xana)?(?:steilete|stelnete|grafete|steilte)",
  // pl
  "wypisz(?:cie)? mnie|wypisanie mnie|wypisac mnie|(?:prosze|prosimy) o (?:wypisanie|usuniecie|wykreslenie)|usun(?:cie|ac)? (?:mnie|moj adres|moje dane|moj e-?mail|nas)|usuniecie (?:mnie|moich danych|mojego adresu|moj)|wykreslcie mnie" +
    "|(?:nie|juz nie) (?:chce|chcemy|zycze sobie|zyczymy sobie) (?:juz |wiecej )?(?:otrzymywac|dostawac)|(?:prosze|prosimy) (?:juz |wiecej )?(?:do mnie |do nas )?nie (?:pisac|wysylac|kontaktowac)|nie (?:piszcie|pisz|wysylajcie|wysylaj|przesylajcie) (?:do mnie |do nas |mi |nam )?(?:juz |wiecej )?(?:wiecej|juz|zadnych|maili|wiadomosci)" +
    "|przestan(?:cie)? (?:do mnie )?(?:pisac|wysylac|spamowac|przesylac)|(?:prosze|prosimy) przestac (?:pisac|wysylac|przesylac)|rezygnuje z (?:subskrypcji|newslettera|otrzymywania|mailingu)|wycofuje (?:swoja )?zgode|nie kontaktujcie sie (?:ze mna|z nami)(?: wiecej)?|nie chce byc (?:wiecej |juz )?kontaktowan[ya]" +
    "|(?:mnie|nas) (?:usunac|wypisac|wykreslic)|(?:usunac|wypisac|wykreslic) (?:mnie|nas|moj adres|moje dane)|(?:wypisanie|usuniecie) z (?:listy|bazy|mailingu|newslettera)",
  // cs, sk
  "odhlaste (?:me|ma|nas)|odhlasit (?:me|ma|se|sa)|odhlaseni z|vyradte (?:me|ma|nas)|vymazte (?:me|ma|nas|moje udaje|muj kontakt|muj e-?mail)|odstrante (?:me|ma|nas|muj|moj)|smazte (?:me|moje udaje|muj kontakt)|zmazte (?:ma|moje udaje|moj kontakt)" +
    "|(?:nezasilejte|neposilejte|neposielajte|nezasielajte|nepiste) (?:mi|nam) (?:uz|jiz|viac|dalsi|zadne|ziadne)|(?:uz |jiz )?(?:nechci|nechcem|nechceme) (?:uz |jiz |viac |nadale )?(?:dostavat|odebirat|odoberat)" +
    "|prestante (?:mi |nam )?(?:psat|posilat|pisat|posielat)|(?:uz|jiz) mi (?:nepiste|neposilejte|neposielajte)|nekontaktujte (?:me|ma|nas)|(?:nechci|nechcem) byt (?:dale |viac |uz )?kontaktovan[ay]?" +
    "|namitku proti zpracovani|namietku proti spracovaniu|(?:prosim o|zadam o|ziadam o)(?: [a-z]+){0,2} (?:vymaz|odstraneni|vyrazeni|odhlaseni|vymazani|smazani|odstranenie|vyradenie|odhlasenie|vymazanie)|vymaz (?:mych|mojich|osobnich|osobnych) (?:osobnich |osobnych )?(?:udaju|udajov)|(?:odstraneni|odstranenie) (?:me|mojej|mych|me adresy|mojej adresy|z)|(?:vyrazeni|vyradenie) z" +
    "|(?:odstranit|vymazat|smazat|odhlasit) (?:me|ma|nas|mou adresu|moju adresu|muj kontakt|moj kontakt|moje udaje|z)|(?:vymazte|odstrante|smazte|zmazte|vyradte)(?: prosim)? (?:moju|mou|moji) (?:e-?mailovu |e-?mailovou )?adresu|(?:vymazte|smazte|zmazte|odstrante) (?:moj|muj) (?:e-?mail|kontakt)",
  // sv
  "avregistrera (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|oss)|avanmal (?:mig|oss)|avsluta (?:min |var )?prenumeration|ta (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?bort (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|oss|min (?:e-?post(?:adress)?|mejladress|adress|mailadress)|mina uppgifter)(?!(?: [a-z]+)? (?:ikke|inte))(?! fran (?:cc|kopia|traden))|radera (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|mina uppgifter|min adress)" +
    "|sluta (?:skicka(?! (?:[a-z]+ )?(?:pdf|bilag|fil|lank|faktur|offert))|mejla|maila|kontakta|skriva till|hora av er)|skicka inte (?:fler|mer|nagra fler)|kontakta (?:mig|oss) inte (?:igen|mer)|(?:jag|vi) vill inte (?:fa|ha|ta emot) (?:fler|nagra fler|mer|era|dessa)|undanber (?:mig|oss)|frabeder (?:mig|meg|os|oss)|(?:vill|onskar) inte bli kontaktad(?:e)?|stryk (?:mig|oss)(?: garna)? (?:ur|fran)|onsker ikke at blive kontaktet|(?:vil|onsker) ikke (?:a )?bli kontaktet" +
    "|(?:tar|tag) bort (?:mig|oss|min (?:adress|e-?postadress|mejladress))|(?:vill|ville) bli (?:borttagen|borttagna|avregistrerad|avregistrerade)",
  // da, no
  "(?:afmeld|frameld|avmeld) (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|meg|os|oss)(?!(?: [a-z]+)? (?:ikke|inte))|meld (?:mig|meg|os|oss) (?:af|av|ut)(?![a-z])|fjern (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|meg|os|oss|min (?:e-?mail|e-?post|adresse))(?!(?: [a-z]+)? (?:ikke|inte))(?! fra (?:cc|kopi|traden))|(?:slet|slett|radera) (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:alle |alla )?(?:mine|mina) (?:personlige |personliga )?(?:oplysninger|opplysninger|uppgifter|data|persondata|personoplysninger|personopplysninger|personuppgifter)|slet (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:mig|os|min (?:e-?mail|adresse))(?!(?: [a-z]+)? (?:ikke|inte))|slett (?:venligst |vennligst |vanligen |garna |gerne |gjerne |bare )?(?:meg|oss|min (?:e-?post|adresse))(?!(?: [a-z]+)? (?:ikke|inte))" +
    "|(?:stop|stopp|hold op|slutt) med at (?:sende|skrive|kontakte|maile)|slutt a (?:sende|skrive|kontakte|maile)|send (?:mig |meg |os |oss )?ikke (?:flere|mere|mer)|ikke send (?:mig |meg |os |oss )?(?:flere|mere|mer)" +
    "|kontakt (?:mig|meg|os|oss) ikke (?:igen|igjen|mere|mer)|(?:jeg|vi) (?:onsker|vil) ikke (?:at |a )?(?:modtage|motta|fa) (?:flere|mere|mer)|onsker ikke (?:at |a )?(?:modtage|motta) (?:flere|mere|mer|e-?mails|mails|henvendelser)" +
    "|ikke (?:kontakt|send|skriv til|mail|e-?post) (?:meg|oss|mig|os)|(?:fjern|slett|slet) (?:[a-z]+ )?(?:adressen|e-?postadressen|mailadressen|e-?mailadressen|e-?posten|e-?mailen|opplysningene|oplysningerne|dataene) (?:min|mine|mit|vores|var)|fjerne (?:mig|meg|os|oss|min (?:e-?mail|e-?post|adresse)) fra|slette (?:mig|meg|os|oss|mine oplysninger|mine opplysninger)(?!(?: [a-z]+)? (?:ikke|inte))|afmelde (?:mig|os)|melde (?:meg|oss|mig|os) (?:av|af|ut)|(?:afmeldes|avmeldes|slettes|fjernes) fra",
  // fi
  "poista(?:kaa)? minut|poista(?:kaa)? (?:osoitteeni|tietoni|sahkopostiosoitteeni|yhteystietoni)|peru(?:n|utan|kaa) (?:tilaukseni|tilauksen)|peruutan tilauksen|en halua (?:enaa )?(?:vastaanottaa|saada) (?:viesteja|sahkoposteja|postia|lisaa|naita)" +
    "|alkaa (?:enaa )?(?:lahettako|kirjoittako|ottako yhteytta)|lopettakaa (?:viestien )?(?:lahettaminen|lahettely|lahettamasta)|emme halua (?:enaa )?(?:vastaanottaa|saada)|en halua yhteydenottoja" +
    "|vastustan (?:[a-z]+ ){0,2}kasittelya|pyydan poistamaan|poistamaan (?:[a-z]+ )?(?:sahkopostiosoitteeni|osoitteeni|tietoni|minut)|poistaa (?:minut|meidat|osoitteeni|tietoni)|poistakaa meidat|haluan (?:poistua|pois) (?:listalta|postituslistalta|listaltanne)",
  // ro
  "dezaboneaza-ma|dezabonati-ma|(?:va rog|te rog) sa (?:ma|ne) (?:dezabonati|stergeti|eliminati|scoateti)|stergeti-ma|stergeti-ne|eliminati-ma|scoateti-ma (?:de pe|din)|stergeti (?:datele mele|adresa mea)" +
    "|nu (?:mai )?(?:doresc|vreau|dorim|vrem) sa (?:mai )?primesc|nu (?:mai )?(?:doresc|vreau|dorim|vrem) sa (?:mai )?(?:primim|fiu contactat|fim contactati)|nu (?:(?:imi|ne|mi) )?mai (?:trimiteti|scrieti|trimite)|(?:stergeti|sterge|eliminati)-(?:mi|ne) (?:adresa|datele|contactul)|nu ma mai contactati|incetati sa (?:imi |ne )?(?:trimiteti|scrieti)" +
    "|sa (?:ma|ne) (?:scoateti|stergeti|eliminati|dezabonati)|(?:doresc|vreau|dorim|vrem) (?:sa ma dezabonez|sa ne dezabonam|dezabonarea|sa fiu (?:sters|stearsa|scos|scoasa|eliminat|eliminata))|stergerea (?:datelor mele|adresei mele)",
  // hu
  "leiratkozom|leiratkoznek|iratkoztassanak ki|toroljenek|torol(?:je|jek|jenek|jon) (?:a |az )?(?:(?:e-?mail ?)?cimem(?:et)?|adataim(?:at)?|listarol|adatbazisbol|adatbazisukbol|nyilvantartasukbol)|vegyenek le (?:a )?(?:levelezo)?listar(?:ol|ukrol)" +
    "|ne (?:kuldjenek|kuldjon|kuldj|irjanak|irjon|keressenek|keressen)(?: (?:nekem|nekunk))? (?:tobb|tobbet|tobbe|ilyen|tobbszor|leveleket|e-?mailt|e-?maileket|uzeneteket)|nem (?:kerek|kerunk|kivanok|kivanunk) (?:tobb |tovabbi )?(?:levelet|e-?mailt|uzenetet|leveleket|megkeresest)" +
    "|torolni (?:szeretnem|kerem) (?:a )?(?:cimem|adataim|e-?mail cimem)|(?:kerem|kerjuk) (?:a )?(?:torleset|torlesemet|torlesunket|leiratkozasomat)|leiratkozast kerek|leiratkozni szeretnek",
  // tr
  "(?:listenizden|listeden|mail listenizden|e-?posta listenizden|listelerinizden|veritabaninizdan) (?:beni |adresimi )?(?:cikarin|cikartin|cikarir misiniz|cikartir misiniz|silin|silebilir misiniz)|beni (?:listeden|listenizden|listelerinizden) (?:cikarin|cikartin|silin)" +
    "|abonelikten cik(?:mak istiyorum|ar(?:in|tin)?)|aboneligimi (?:iptal|sonlandir)|bana (?:bir daha |artik |daha fazla )?(?:mail|e-?posta|eposta|mesaj|ileti) (?:gondermeyin|atmayin|yollamayin)|(?:mail|e-?posta|eposta|mesaj) (?:gondermeyin|atmayin|yollamayin)" +
    "|(?:artik |daha fazla )?(?:mail|e-?posta|eposta|mesaj|ileti)(?: almak)? istemiyorum|verilerimi silin|bilgilerimi silin|benimle (?:bir daha |artik )?iletisime gecmeyin|bu adrese (?:bir daha |artik )?(?:yazmayin|mail atmayin|e-?posta gondermeyin)|bir daha yazmayin|(?:benimle|bizimle) (?:tekrar )?iletisime gecilmesini istemiyorum" +
    "|verilerimin silinmesini|(?:ileti|e-?posta|mesaj) gonderilmemesini|(?:listenizden |listeden )?(?:cikarilmak|silinmek) istiyorum|(?:beni|adresimi|e-?posta adresimi) silin",
  // ca
  "(?:doneu|doni|dona)-?(?:me|ns) de baixa|donar-me de baixa|vull (?:donar-me|que em doneu) de baixa|no (?:m'|ens )(?:envieu|envii|torneu a (?:escriure|enviar|contactar))|deixeu d'(?:enviar-me|escriure'm|enviar-nos)|no (?:vull|volem) rebre (?:mes|cap mes|mes correus)" +
    "|(?:elimineu|esborreu|suprimiu)(?:-me|-ns| les meves dades| la meva adreca| el meu correu)|traieu-me de|no vull que em (?:torneu a )?contacteu" +
    "|doneu de baixa (?:la meva adreca|el meu correu|la meva direccio)|(?:esborreu|elimineu|suprimiu) (?:aquesta|la meva) (?:adreca|direccio)|(?:em|ens) (?:doneu|doni|dones) de baixa|(?:esborrar|eliminar|treure)-?(?:me|ns) de",
  // hr (also sr, bs in Latin letters)
  "odjavite (?:me|nas)|izbrisite (?:me|nas|moje podatke|moju adresu)|obrisite (?:me|nas|moje podatke|moju adresu)|uklonite (?:me|nas) (?:s|sa|iz)|maknite (?:me|nas) (?:s|sa|iz)" +
    "|ne (?:saljite|pisite) (?:mi |nam )?vise|nemojte (?:mi |nam )?(?:vise )?(?:slati|pisati)|(?:vise )?ne (?:zelim|zelimo) (?:vise )?(?:primati|dobivati|dobijati)|ne zelim da me (?:vise )?kontaktirate|prestanite (?:mi |nam )?(?:slati|slat|pisati)" +
    "|(?:me|nas) (?:uklonite|izbrisete|obrisete|odjavite|maknete|izbacite)|izbacite (?:me|nas)|ne kontaktirajte (?:me|nas)|(?:me|nas) (?:vise )?ne kontaktirate|nemojte (?:me|nas) (?:vise )?kontaktirati|(?:ukloniti|izbrisati|obrisati|odjaviti) (?:me|nas|moju adresu)",
  // a GDPR objection or erasure in their own words ("wnoszę sprzeciw wobec przetwarzania moich danych", "zahtijevam
  // brisanje svojih osobnih podataka"); a removal asked as a question ("dá sa zariadiť, aby mi tie ponuky nechodili?",
  // "em podríeu donar de baixa?")
  "(?:wnosze|wnosimy) sprzeciw wobec przetwarzania (?:moich|naszych) danych|(?:zadam|zadamy) (?:ich |niezwlocznego )*usuniecia|nie wyrazam zgody na (?:przesylanie|otrzymywanie|wysylanie)(?: mi)? (?:jakichkolwiek )?(?:informacji handlowych|wiadomosci|ofert)" +
    "|(?:zahtijevam|trazim) (?:brisanje|uklanjanje) (?:svojih|mojih|nasih) (?:osobnih )?podataka|prestanak slanja (?:ovakvih |takvih )?(?:poruka|e-?mailova|ponuda)" +
    "|aby (?:mi|nam) (?:od vas )?(?:uz )?(?:tieto |tyto |tie |ty |vase )?(?:ponuky|nabidky|e-?maily|maily|spravy|zpravy|ponudy) (?:uz )?(?:nechodili|nechodily|neposielali|neposilali|nepisali|nepsali)" +
    "|(?:em|ens) (?:podeu|podrieu|podries|pots|voleu) donar de baixa|doneu-(?:me|nos) de baixa|(?:donar-me|donar-nos) de baixa",
];

/** "Not interested", "no thanks", "we already have one" (cues.ts REFUSAL). */
export const REFUSAL_MORE = [
  // "vi har netop valgt en anden leverandør … så det er ikke relevant for os", "treballem amb una altra eina i n'estem contents"
  "(?:valgt|valgte) en anden leverandor|(?:det er )?ikke relevant for os|treballem amb una altra eina|n'estem (?:molt )?contents|no tenim previst canviar",
  // pl
  "nie (?:jestem|jestesmy) zainteresowan[iay]|nie interesuje (?:mnie|nas)(?: to)?|nas to nie interesuje|nie potrzebujemy(?: tego)?|nie,? dziekuje|dziekuje, nie|dziekuje, ale nie|nie skorzystamy|to nie dla nas|(?:mamy|posiadamy) juz (?:rozwiazanie|narzedzie|dostawce|system)|(?:korzystamy|pracujemy) juz z|jestesmy zadowoleni z (?:obecnego|naszego|aktualnego)|nie mamy (?:na to )?budzetu|mamy wlasne rozwiazanie",
  // cs, sk
  "nemam(?:e)? zajem|nemame zajem|nezajima (?:me|nas)|nepotrebujeme|ne,? dekuji|dekuji, ale ne|diky, ale ne|to neni pro nas|(?:uz|jiz) (?:mame (?:reseni|nastroj|dodavatele|system)|pouzivame)|nemam(?:e)? zaujem|nezaujima (?:ma|nas)|nie,? dakujem|dakujem, ale nie|to nie je pre nas|uz (?:mame (?:riesenie|nastroj|dodavatela|system)|pouzivame)|(?:jsme|sme) (?:spokojen[iy]|spokojn[iy])|(?:spokojen[iy]|spokojn[iy]) (?:so|se)|(?:rozpocet|budget) (?:na to )?nemame|nemame (?:na to )?(?:rozpocet|budget)|mame vlastni reseni|mame vlastne riesenie|neni (?:to )?(?:ani )?priorita|nie je (?:to )?priorita",
  // sv, da, no
  "(?:inte|ej|ikke) intresserade?|(?:ikke|ej) interessere(?:t|de)|ikke interessert|inget intresse|ingen interesse|nej,? tack|nej,? tak|nei,? takk|vi behover inte|vi har ikke (?:brug for|behov for)|vi trenger (?:ikke|det ikke)" +
    "|vi har redan (?:en|ett) (?:losning|verktyg|system|leverantor|avtal)|vi anvander redan|vi har allerede (?:en|et) (?:losning|vaerktoj|verktoy|system|leverandor|aftale|avtale)|vi (?:bruger|bruker) allerede|det (?:har )?ar inget for oss|inget vi (?:ar intresserade av|behover)|det er ikke noget for os|det er ikke noe for oss|(?:er )?ikke aktuelt|(?:ar )?inte aktuellt|(?:vi ar|vi er) (?:godt |meget |mycket |svart )?(?:nojda|tilfredse|fornoyd|fornoyde) med|(?:ingen|intet|inget) budget|ikke budsjett|(?:selv )?bygget (?:et |vores eget |vart eget )?(?:internt )?system|egen losning|vi er daekket ind",
  // fi
  "ei kiinnosta|(?:ei|eika|emme) (?:[a-z]+ ){0,4}tarvetta|ei (?:ole )?tarvetta|eika tarvetta|emme ole kiinnostuneita|en ole kiinnostunut|ei,? kiitos|emme tarvitse|meilla on jo (?:ratkaisu|jarjestelma|tyokalu|toimittaja|sopimus)|kaytamme jo|olemme tyytyvaisia|ei (?:ole )?budjettia|meilla on oma ratkaisu",
  // ro
  "nu (?:suntem|sunt) interesat[ia]?|nu ne intereseaza|nu ma intereseaza|nu avem nevoie|nu,? multumesc|multumesc, dar nu|avem deja (?:o solutie|un furnizor|un sistem|un instrument)|folosim deja|nu este pentru noi|suntem multumiti (?:de|cu)|nu avem buget|avem propria solutie",
  // hu
  "nem erdekel|nem vagyunk erdekeltek|nem vagyok erdekelt|nincs (?:ra )?szuksegunk|koszonom, (?:de )?nem|nem,? koszonom|koszonjuk, de nem|mar van (?:egy )?(?:megoldasunk|rendszerunk|szolgaltatonk)|mar hasznalunk|elegedettek vagyunk|nincs (?:ra )?keretunk|nincs ra (?:keret|koltsegvetes)|sajat megoldasunk van",
  // tr
  "ilgilenmiyoruz|ilgilenmiyorum|ilgimizi cekmiyor|ihtiyacimiz yok|hayir,? tesekkur(?:ler|ederim)|tesekkurler,? (?:ama )?(?:gerek yok|istemiyoruz)|zaten (?:kullaniyoruz|bir (?:cozumumuz|aracimiz|sistemimiz) var)|bizim icin uygun degil|memnunuz|butcemiz yok|kendi cozumumuz var|degistirmeyi dusunmuyoruz",
  // ca
  "no (?:ens|m')interessa|no estem interessats|no estic interessad[ao]|no,? gracies|gracies, pero no|no ho necessitem|ja (?:tenim|utilitzem) (?:una|un) (?:solucio|eina|proveidor|sistema)|ja fem servir|no es per a nosaltres|estem contents amb|no tenim pressupost|tenim una solucio propia",
  // hr
  "nismo zainteresirani|(?:me|nas)(?: ovo| to)? ne zanima|nisam zainteresiran[a]?|ne zanima (?:me|nas)|nemamo potrebu|ne trebamo|ne,? hvala|hvala, ali ne|vec imamo (?:rjesenje|alat|sustav|dobavljaca)|vec koristimo|zadovoljni smo|nemamo budzet|imamo vlastito rjesenje|ne planiramo promjene",
  // content with what they have, covered, not relevant ("sme so súčasným riešením spokojní", "suntem acoperiți", "nálunk ez nem aktuális")
  "(?:sme|jsme) (?:so|se) (?:sucasnym|soucasnym) (?:riesenim|resenim) spokojn[ii]|(?:nevyuzijeme|nevyuzijeme ju|nevyuzijeme ji|nevyuzijeme vasu ponuku)|suntem acoperiti|(?:nu este|nu e) (?:relevant|de actualitate) pentru noi" +
    "|(?:nalunk|nekunk) ez nem aktualis|nem (?:relevans|aktualis) (?:szamunkra|nalunk)|meilla on jo (?:kaytossa )?(?:vastaava|samanlainen|oma)|eika vaihtoa ole suunnitteilla|ei ole (?:ajankohtainen|tarpeen) meille",
];

/** Interest, or material asked for (cues.ts INTEREST). A negation before ("nie", "inte", "ikke", "ei", "nem") makes it a refusal. */
export const INTEREST_MORE = [
  // "zní to zajímavě, pošlete mi prosím prezentaci", "érdekesnek tűnik, küldjön kérem egy rövid anyagot"
  "zni to (?:velmi |opravdu )?zajimave|znie to (?:velmi )?zaujimavo|(?:poslete|zaslete|poslite|zaslite) (?:mi |nam )?(?:prosim )?(?:prezentaci|prezentaciu|nabidku|ponuku|cenik|cennik|podklady|vice informaci|viac informacii|materialy)" +
    "|erdekesnek tunik|(?:kuldjon|kuldjenek) (?:kerem |nekem |nekunk )?(?:egy )?(?:rovid )?(?:anyagot|ajanlatot|arajanlatot|prezentaciot|osszefoglalot|informaciot)",
  // pl
  "(?:czy )?(?:moglibyscie|mozecie|moglaby pani|moglby pan) (?:mi |nam )?przeslac|zainteresowan[iya]|brzmi (?:bardzo |naprawde )?(?:ciekawie|interesujaco)|(?:prosze|prosimy) o (?:wiecej informacji|cennik|oferte|szczegoly|prezentacje|wycene)|(?:prosze|prosimy) o (?:przeslanie|wyslanie|przedstawienie) (?:(?:nam|mi) )?(?:oferty|cennika|wyceny|szczegolow|informacji|prezentacji)|(?:prosze|prosimy) (?:przeslac|wyslac) (?:oferte|cennik|wiecej|szczegoly|prezentacje)|chetnie (?:dowiem|dowiemy) sie wiecej",
  // cs, sk
  "(?:me|nas) to (?:zajima|zaujima)|zajima (?:me|nas)|zaujima (?:ma|nas)|(?:mohl|mohla|mohli|mohol) (?:byste|by ste) (?:mi |nam )?poslat|(?:muzete|mozete|muzes) (?:mi |nam )?poslat|mam(?:e)? zajem|zni (?:velmi |opravdu )?zajimave|poslete(?: mi| nam)?(?:,? prosim)?,? (?:vice informaci|cenik|nabidku|podrobnosti)|rad(?:a)? se dozvim vice|mam(?:e)? zaujem|znie (?:to )?(?:velmi |naozaj )?zaujimavo|poslite(?: mi| nam)?(?:,? prosim)?,? (?:viac informacii|cennik|ponuku|prezentaciu|referencie|podklady)|posli mi (?:ponuku|cennik|viac)|rad(?:a)? sa dozviem viac",
  // sv, da, no
  "(?:kan ni|kan du|kan i|kan dere) (?:skicka|sende)|later (?:riktigt |verkligen |mycket )?intressant|intresserade? av|(?:ar|er) (?:mycket )?(?:intresserade?|interesseret|interessert)|skicka (?:garna )?(?:mer information|mer info|prislista|priser|en offert)" +
    "|lyder (?:faktisk |virkelig |meget |rigtig )?(?:spaendende|interessant)|hores (?:faktisk |virkelig |veldig )?(?:spennende|interessant)|send (?:gerne |gjerne )?(?:mere information|mer informasjon|priser|et tilbud|en prisliste|prislisten)",
  // fi
  "haluaisin nahda (?:demon|esittelyn)|haluan nahda demon|kuulostaa (?:todella |tosi |ihan )?(?:mielenkiintoiselta|kiinnostavalta)|olemme kiinnostuneita|olen kiinnostunut|(?:lahettakaa|lahettaisitteko|voisitteko lahettaa) (?:lisatietoja|hinnasto|tarjous|lisaa tietoa)",
  // ro
  "(?:imi|ne) puteti trimite|puteti sa-mi trimiteti|suna (?:foarte )?interesant|(?:suntem|sunt) interesat[ia]?|trimiteti-mi (?:mai multe (?:informatii|detalii)|oferta|lista de preturi)|(?:as|am) dori (?:mai multe detalii|o oferta|mai multe informatii)",
  // hu
  "(?:el tudnak|el tudna) kuldeni|kuldje(?:n|nek)? el(?: [a-z]+)? (?:az )?(?:ajanlatot|arajanlatot|anyagot)|erdekel (?:a dolog|engem|minket)|(?:nagyon )?erdekesen hangzik|erdekelne|erdekel minket|kuldjenek (?:tobb informaciot|arajanlatot|arlistat|reszleteket)|(?:kerek|kernek|kerunk) (?:egy )?(?:arajanlatot|tobb informaciot|reszletesebb informaciot)",
  // tr
  "ilginc (?:gorunuyor|geliyor)|ilgimi cekti|ilgimizi cekti|ilgileniyoruz|ilgileniyorum|teklif gonderin|fiyat gonderin|(?:fiyat|teklif)[a-z]{0,6} gonderin|(?:fiyat(?:lari|lar|i|inizi)?|teklif(?:i|inizi)?|daha fazla bilgi|detayli bilgi|fiyat listesi(?:ni)?)(?: bilgisi)? (?:gonderebilir misiniz|gonderir misiniz|rica ediyorum|alabilir miyim|iletebilir misiniz)",
  // ca
  "em podeu enviar|podries enviar-me|sembla (?:molt )?interessant|(?:estem|estic) interessat[s]?|m'interessa|ens interessa|envieu-me (?:mes informacio|el preu|una proposta|els preus)|quant costa",
  // hr
  "(?:mozete|mozes) li (?:mi |nam )?poslati|zvuci (?:vrlo |jako )?zanimljivo|zainteresirani smo|zainteresiran sam|posaljite (?:mi|nam) (?:vise informacija|cjenik|ponudu|detalje)|koliko kosta",
  // Turkish informal "atabilir misin?" (can you send over)
  "atabilir misin(?:iz)?|atar misin(?:iz)?|yollayabilir misin(?:iz)?",
];

/** A call or a meeting asked for (cues.ts MEETING). */
export const MEETING_MORE = [
  // "book gerne et møde direkte i kalenderen min"
  "book (?:gerne |gjerne |bare )?(?:et |en )?(?:mode|mote|tid|samtale)(?![a-z])",
  // pl
  "zadzwon(?:cie)?(?: do mnie)?|(?:prosze|prosimy) (?:o telefon|dzwonic)|mozemy pogadac|pogadajmy|link do kalendarza|(?:mozemy|mozecie|moglibysmy|mozna) (?:sie )?(?:umowic|spotkac|zdzwonic|porozmawiac telefonicznie)|umowmy sie|(?:krotka |krotkie )?(?:rozmowe telefoniczna|spotkanie online|wideorozmowe)|(?:prosze|prosimy) o (?:termin|spotkanie|rozmowe|demo|prezentacje online)|zdzwonmy sie",
  // cs, sk
  "odkaz (?:do|na) kalendar|(?:muzeme|mohli bychom) si (?:zavolat|domluvit schuzku|dat hovor)|domluvme si (?:schuzku|hovor|call)|schuzk[auy]|(?:mozeme|mohli by sme) si (?:zavolat|dohodnut stretnutie)|dohodnime si (?:stretnutie|hovor)|stretnutie",
  // sv, da, no
  "ring (?:til )?(?:mig|meg)|ringa mig|(?:tager|tar) vi en (?:snak|prat)|kalenderlank|kalenderlink|boka (?:ett |en )?(?:mote|samtal|demo|videomote)|ta ett (?:samtal|mote|snack)|kan vi (?:ses|ta ett samtal|boka)|(?:booke|holde|tage|ta) et (?:mode|mote|mode online|opkald)|ta en (?:prat|samtale)|kan vi (?:tage|holde|ta) et (?:mode|mote|opkald)",
  // fi
  "kalenterilinkki|sovitaan (?:tapaaminen|puhelu|palaveri|etapalaveri)|puhelu(?:n|a|lle)?|soitetaan|soitellaan|(?:voisimme|voimme|voitaisiinko) (?:sopia|pitaa|jarjestaa) (?:tapaamisen|puhelun|palaverin)|palaveri|tapaaminen",
  // ro
  "link (?:de|pentru) calendar|(?:putem|am putea|ati putea) (?:stabili|programa|avea|face) (?:o )?(?:intalnire|discutie|convorbire|sedinta|call|prezentare)|(?:hai|haideti) sa vorbim|o scurta discutie",
  // hu
  "naptar ?linke?t?|(?:beszeljunk|beszelhetnenk|egyeztessunk|egyeztetnenk) (?:egy )?(?:idopontot|hivast|talalkozot|megbeszelest)|megbeszeles|talalkozo",
  // tr
  "(?:bir )?(?:toplanti|gorusme|gorusme zamani) (?:ayarlayalim|yapalim|planlayalim|ayarlayabilir miyiz|ayarlayabiliriz)|gorusebilir miyiz|gorusmek isterim|gorusme ayarlayalim|goruselim|takvim (?:linki|baglantisi)",
  // ca
  "(?:podem|podriem) (?:fer|parlar|quedar|concertar) (?:una )?(?:trucada|reunio|videotrucada)|enllac (?:al|del) calendari|fem una (?:trucada|reunio|videotrucada)|reunio",
  // hr
  "(?:mozemo|mogli bismo) (?:dogovoriti|imati|zakazati) (?:sastanak|poziv|razgovor|termin)|dogovorimo (?:sastanak|poziv|termin)|sastanak|link (?:za|na) kalendar",
  // "call me": "zavolejte mi", "zavolajte mi", "sunați-mă", "truca'm", "nazovite me"
  "zavolejte mi|zavolej mi|zavolajte mi|zavolaj mi|sunati-ma|suna-ma|(?:ma|ne) puteti suna|truca'm|truqueu-me|(?:me )?nazovite|nazovi me|soita minulle|ring (?:til )?mig|ring meg|ring mig|hivjon fel|hivj fel|beni arayin|beni ara",
  // "pošalji pozivnicu", "pošaljite mi poziv za sastanak"
  "posalji(?:te)? (?:mi |nam )?(?:pozivnicu|poziv za sastanak|invite)|wyslij(?:cie)? (?:mi )?zaproszenie|poslete (?:mi )?pozvanku|posli(?:te)? (?:mi )?pozvanku|skicka (?:en )?(?:inbjudan|kalenderinbjudan)|send (?:en |mig en |meg en )?(?:invitation|kalenderinvitation)",
];

/** The days of the week (cues.ts MEETING_CLOCK): a day named beside a call is a meeting asked. */
/** What it costs, asked (cues.ts QUESTION_INDIRECT): a question about the offer, as "how much does it cost?" is. */
export const PRICE_ASKED_MORE = ["ile to kosztuje|kolik to stoji|kolko to stoji|vad kostar det|hvad koster det|hva koster det|mita se maksaa|cat costa|mennyibe kerul|ne kadar tutuyor"];

export const WEEKDAYS_MORE = [
  "poniedzialek|wtorek|sroda|srode|czwartek|piatek|pondeli|utery|streda|stredu|ctvrtek|patek|pondelok|utorok|stvrtok|piatok",
  "mandag|mandagen|tisdag|tisdagen|onsdag|onsdagen|torsdag|torsdagen|fredag|fredagen|tirsdag|tirsdagen",
  "maanantai(?:na)?|tiistai(?:na)?|keskiviikko(?:na)?|torstai(?:na)?|perjantai(?:na)?",
  "marti|miercuri|vineri|hetfo|hetfon|kedd|kedden|szerda|szerdan|csutortok|csutortokon|pentek|penteken",
  "pazartesi|carsamba|persembe|cuma|dilluns|dimarts|dimecres|dijous|divendres|ponedjeljak|utorak|srijeda|srijedu|cetvrtak|petak",
  // "klo 13", "kl. 10.30", "godz. 14", "saat 15": a time of day
  "(?:klo|kl|kello|godz|saat)\\.? [0-9]{1,2}(?:[.:][0-9]{2})?",
];

/** "Not now", "we don't need it at the moment": put off, not refused (cues.ts NOT_NOW, read before the refusals). */
export const NOT_NOW_MORE = [
  "(?:na razie|obecnie|w tej chwili|na ten moment|teraz) (?:nie|nie potrzebujemy|nie jestesmy zainteresowani)|nie (?:potrzebujemy|jestesmy zainteresowani)(?: [a-z]+){0,2} (?:na razie|obecnie|w tej chwili|teraz)",
  "(?:ted|momentalne|zatim|teraz|zatial|aktualne|aktualne) (?:to )?(?:ne|nie|nepotrebujeme|neresime|neriesime|nemame zajem|nemame zaujem)(?![a-z])",
  "(?:inte|ikke)(?: [a-z]+){0,4} (?:just nu|akkurat na|lige nu|for tiden|for oyeblikket|i nulaget|(?:na|nu)(?= ?[.!,;]| ?$))",
  "emme (?:[a-z]+ ){0,2}(?:talla hetkella|nyt)|ei (?:talla hetkella|juuri nyt)",
  "(?:momentan|deocamdata|acum) nu|nu (?:[a-z]+ ){0,3}(?:momentan|deocamdata)",
  "(?:most|jelenleg|egyelore) nem|nem (?:[a-z]+ ){0,2}(?:most|jelenleg|egyelore)(?![a-z])",
  "(?:su an|simdilik)(?: icin)?(?: [a-z]+){0,2} (?:yok|degil|gerek yok)",
  "(?:ara|de moment|ara mateix|per ara) no",
  "(?:trenutno|za sada|sada) (?:ne|nam ne treba|nemamo potrebu|nismo zainteresirani)",
];

/** Put off: "write again in spring", "not now" (cues.ts LATER). */
export const LATER_MORE = [
  // pl
  "(?:prosze|prosimy) o kontakt (?:w|za|po|na)|po lecie|odezwij(?:cie)? sie (?:w|za|po|na)|wrocmy do (?:tematu|rozmowy)|nie teraz|moze pozniej|w przyszlym (?:kwartale|roku|miesiacu)|po wakacjach|na wiosne|jesienia|za (?:kilka|pare) miesiecy" +
    "|na (?:ten|chwile obecna|razie)(?: moment)? nie|w tej chwili nie|obecnie nie|odezwac sie (?:w|za|po|na)|(?:prosze|prosimy) o ponowny kontakt",
  // cs, sk
  "ozvete se (?:v|za|po|na)|ted ne|mozna pozdeji|v pristim (?:ctvrtleti|roce|mesici)|po prazdninach|po lete|na jare|na podzim|za (?:par|nekolik) mesicu|ozvite sa (?:v|za|po|na)|teraz nie|mozno neskor|v buducom (?:stvrtroku|roku|mesiaci)|na jesen|o (?:par|niekolko) mesiacov" +
    "|(?:ted|zatim|momentalne|zatial|teraz) (?:ne|nie)(?= ?[.!,;]| ?$)|(?:ozvat|ozvete|ozvite) (?:se|sa) (?:mi |nam )?(?:prosim )?(?:znovu|znova|pozdeji|neskor|v|za|po|na)|pristi (?:ctvrtleti|rok)|buduci (?:stvrtrok|rok)|na jar",
  // sv, da, no
  "hor av (?:er|dig) (?:igen )?(?:i|efter|om|till|nasta)|inte just nu|kanske senare|nasta (?:kvartal|ar|manad)|efter sommaren|till hosten|om (?:nagra|ett par) manader" +
    "|vend tilbage (?:i|efter|om|til)|ikke lige nu|maske senere|naeste (?:kvartal|ar|maned)|efter sommeren|til efteraret|om (?:et par|nogle) maneder" +
    "|ta kontakt igjen (?:i|etter|om|til)|ikke akkurat na|kanskje senere|neste (?:kvartal|ar|maned)|etter sommeren|til hosten|om (?:et par|noen) maneder" +
    "|(?:inte|ikke) (?:nu|na)(?= ?[.!,;]| ?$)|(?:ta|tag) (?:gjerne |gerne |garna )?kontakt (?:igjen|igen)|hor (?:garna )?av (?:er|dig) igen|vend gerne tilbage|til (?:varen|foraret|efteraret)|i (?:varen|foraret|host)",
  // fi
  "ottakaa yhteytta uudelleen|ei juuri nyt|ehka myohemmin|ensi (?:vuonna|kvartaalilla|kuussa|syksyna|kevaana)|kesan jalkeen|palataan asiaan" +
    "|ei nyt|ottakaa (?:uudelleen )?yhteytta (?:syksylla|kevaalla|ensi)|syksylla|kevaalla",
  // ro
  "reveniti (?:va rog )?(?:in|dupa|peste|la)|nu acum|poate mai tarziu|(?:trimestrul|anul) viitor|luna viitoare|dupa vara|in toamna|la primavara|peste (?:cateva|cativa|doua|trei) luni" +
    "|nu (?:momentan|deocamdata)(?= ?[.!,;]| ?$)|scrieti-(?:ne|mi) (?:din nou )?(?:in|dupa|peste)|sa (?:imi|ne) scrieti (?:din nou|mai tarziu|in|dupa)",
  // hu
  "keressenek (?:meg )?(?:ujra|kesobb)|most nem|talan kesobb|jovo (?:ev|evben|negyedevben|honapban)|nyar utan|osszel|tavasszal|(?:par|nehany) honap mulva" +
    "|(?:egyelore|jelenleg) nem(?= ?[.!,;]| ?$)|keressenek (?:meg )?(?:osszel|tavasszal)",
  // tr
  "(?:daha sonra|ileride) (?:tekrar )?(?:yazin|iletisime gecin|donun)|su an (?:degil|icin degil)|simdilik (?:degil|gerek yok)|belki daha sonra|gelecek (?:ceyrek|yil|ay)|seneye|yazdan sonra|sonbaharda|ilkbaharda|birkac ay sonra" +
    "|su an (?:icin )?(?:degil|gerek yok)|(?:tekrar|yeniden) (?:yazin|yazarsaniz|iletisime gecin|ulasin|ulasirsaniz)|daha sonra (?:tekrar )?(?:ulasin|gorusebiliriz)",
  // ca
  "torneu a (?:escriure'm|escriure|contactar)|escriviu-me (?:mes endavant|d'aqui a)|ara no|potser mes endavant|el proper (?:trimestre|any|mes)|despres de l'estiu|a la tardor|a la primavera|d'aqui a (?:uns|un parell de) mesos" +
    "|(?:de moment|ara mateix) no(?= ?[.!,;]| ?$)|torneu-(?:nos|me) a (?:escriure|contactar)|escriviu-nos (?:mes endavant|d'aqui a|a la)",
  // hr
  "javite se (?:ponovno |opet )?(?:na|u|za|nakon|poslije)|ne sada|mozda kasnije|(?:sljedeceg|iduceg) (?:kvartala|mjeseca)|(?:sljedece|iduce) godine|nakon ljeta|na jesen|na proljece|za (?:par|nekoliko) mjeseci" +
    "|(?:trenutno|za sada) ne(?= ?[.!,;]| ?$)|javite se (?:ponovno|opet|kasnije)",
  // "proszę odezwać się we wrześniu", "palataanko asiaan keväämmällä?", "revino-mi prin martie"
  "(?:prosze|prosimy) (?:sie )?(?:odezwac|odezwac sie|o kontakt)(?: sie)? (?:we?|po|za) [a-z]{3,12}|odezwijcie sie (?:we?|po|za) [a-z]{3,12}|palataan(?:ko)? (?:asiaan|tahan)(?: [a-z]+){0,2}|kevaammalla|syksymmalla|myohemmin kevaalla|revino-mi|reveniti(?:-mi)?|revenim (?:la|prin)|(?:prin|in|la) (?:ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie)(?= ?[.!,;]| ?$| cand| dupa)",
];

/** "I'm not the right person" (cues.ts WRONG_PERSON). */
export const WRONG_PERSON_MORE = [
  // "du har fået fat i den forkerte", "taidat olla yhteydessä väärään ihmiseen", "nu eu mă ocup de asta", "t'has equivocat de persona"
  "(?:du )?(?:har )?faet fat i den forkerte|(?:jeg )?har ikke noget med [a-z-]{3,30}(?: [a-z-]{3,30})? at gore|vaaraan ihmiseen|vaaralle ihmiselle|en osaa sanoa,? kuka|nu eu ma ocup de|nu stiu cine se ocupa|t'has equivocat de persona|us heu equivocat de persona|no tinc res a veure amb",
  "nie jestem (?:wlasciwa|odpowiednia) osoba|nie zajmuje sie (?:tym|tymi sprawami)|to nie moj (?:obszar|dzial)|to nie do mnie|nie wiem,? kto (?:sie (?:tym|tymi sprawami) )?(?:u nas )?(?:zajmuje|odpowiada)|nejsem (?:ta )?spravna osoba|nemam to na starosti|nie som (?:ta )?spravna osoba",
  "jag ar inte ratt person|jeg er ikke den rette(?: person)?|jeg er ikke rett person|fel person|forkert person|feil person|en ole oikea henkilo|vaara henkilo",
  "nu sunt persoana potrivita|nu ma ocup (?:eu )?de|nem en vagyok az illetekes|nem en foglalkozom|dogru kisi degilim|ilgili kisi degilim|no soc la persona (?:adequada|indicada)|nisam (?:prava|odgovarajuca) osoba|ne bavim se (?:time|tim)",
  // "nothing to do with sales": "obchodní tým nemám na starosti", "har ikke noget med salg at gøre", "az értékesítéshez semmi közöm", "ne odlučujem o prodajnim alatima"
  "(?:obchod|prodej|obchodni tym|obchodny tym|predaj)(?: [a-z]+){0,3} nemam na starosti|nemam (?:na starosti )?(?:obchod|prodej|predaj)|asi jste se netrefil[ai]?|(?:ste sa|jste se) netrefil[ai]?" +
    "|(?:har|har jeg) (?:ikke noget|intet|inget|ingenting) (?:med|at gore med) (?:salg|forsaljning|salget)(?: at gore)?|har (?:ikke|inte) (?:noe|nagot) med (?:salg|forsaljning) a gjore" +
    "|(?:az )?ertekesiteshez semmi kozom|semmi kozom (?:az )?ertekesiteshez|rossz helyre irt" +
    "|ne odlucujem o (?:prodajnim )?(?:alatima|alatu|nabavi)|(?:krivoj|pogresnoj) osobi|nemam (?:nikakve )?veze s prodajom",
  // "det er desværre ikke mig, du skal snakke med", "ved ikke, hvem der tager sig af det", "nem tudom, ki az illetékes", "nem döntök"
  "det er (?:desvaerre |nok |altsa )?ikke mig(?:,? (?:du skal|der skal) (?:snakke|tale) med)?|det ar (?:tyvarr |nog )?inte jag(?: du ska prata med)?|det er (?:dessverre )?ikke meg(?: du skal snakke med)?" +
    "|(?:ved|vet) (?:heller )?ikke (?:lige |helt )?,? ?hvem (?:der|som) (?:tager sig af|tar seg av|har ansvaret for|star for)|vet inte vem som (?:ansvarar for|skoter|har hand om)" +
    "|nem tudom,? (?:hogy )?ki (?:az illetekes|foglalkozik|felel)|(?:ilyen [a-z]+ )?nem (?:en )?dontok|nem vagyok illetekes",
];
/** Named first, then what they handle (cues.ts REFERRAL_AFTER_NAME): "Johan Lindqvist som ansvarar för sånt", "Jan, der tager sig af det". */
export const REFERRAL_AFTER_NAME_MORE = [
  // "vores økonomidirektør Lars Bech, der ejer både budgettet og rapporteringen"
  "(?:som|der) (?:ejer|eier|ager|tager (?:den slags |de )?beslutninger|tar (?:den slags |de )?beslutning(?:er|ene)?|traeffer (?:den slags )?beslutninger|fatter beslutningerne)",
  "som (?:ansvarar for|har hand om|skoter|tar hand om)|(?:som|der) (?:har ansvaret for|tager sig af|star for|tar seg av|har ansvar for)|joka (?:vastaa|hoitaa)|care se ocupa de|aki (?:felel|foglalkozik)|ktory (?:sie tym zajmuje|za to odpowiada)|ktery (?:ma na starosti|se tim zabyva)",
];

/** Sending the reader on to a colleague (cues.ts REFERRAL_VERB). */
export const REFERRAL_MORE = [
  // the handler named after the verb: "systemami transportowymi zajmuje się Pan Tomasz Wiśniewski", "má to na starosti pan Novák"
  "(?<!nie )(?:zajmuje sie|odpowiada za to)|ma (?:to )?na starosti|zaobera sa tym|se tim zabyva",
  "(?:prosze|prosimy) (?:o )?(?:kontakt|kontaktowac sie|skontaktowac sie|pisac) z|skontaktuj(?:cie)? sie z|obratte se na|kontaktujte|obratte sa na",
  "kontakta (?:istallet|hellre|garna)|vand (?:dig|er) till|kontakt (?:i stedet|heller|gerne)|henvend (?:dig|dem) til|ta kontakt med|ottakaa yhteytta|olkaa yhteydessa",
  "contactati-(?:l|o)|(?:va rog|te rog) sa (?:il|o) contactati|keressek (?:a )?kollegamat|forduljon (?:a )?kollegamhoz|(?:ile )?iletisime gecebilirsiniz|iletisime gecin|contacteu amb|adreceu-vos a|obratite se|javite se (?:mom|mojoj|nasem|nasoj)",
];

/** A removal word as the whole reply ("Odhlásit.", "Leiratkozás, köszönöm"): unsubscribe.ts BARE_REMOVAL. */
export const BARE_REMOVAL_MORE = "wypisz(?: mnie)?|wypisanie|rezygnacja|odhlasit|odhlaseni|odhlasenie|avregistrera|avregistrering|afmeld|afmelding|avmeld|avmelding|poista|leiratkozas|dezabonare|dezabonati-ma|abonelikten cik|baixa|odjava|odjavite me";
/** The courtesies such a reply may carry. */
export const COURTESY_MORE = "prosze|dziekuje|prosim|dekuji|dakujem|tack|tak|takk|kiitos|va rog|multumesc|kerem|koszonom|lutfen|tesekkurler|si us plau|gracies|molim|hvala";

/** A month with the preposition or case of "in" ("w kwietniu", "v septembri", "i september", "syyskuussa"): a time to come back (cues.ts FAR_FUTURE). */
export const FAR_FUTURE_MORE = [
  "w (?:styczniu|lutym|marcu|kwietniu|maju|czerwcu|lipcu|sierpniu|wrzesniu|pazdzierniku|listopadzie|grudniu)",
  "v(?:o)? (?:lednu|unoru|breznu|dubnu|kvetnu|cervnu|cervenci|srpnu|zari|rijnu|listopadu|prosinci|januari|februari|marci|aprili|maji|juni|juli|auguste|septembri|oktobri|novembri|decembri)",
  "i (?:januari|januar|februari|februar|mars|marts|april|maj|mai|juni|juli|augusti|august|september|oktober|november|december|desember)",
  "(?:tammi|helmi|maalis|huhti|touko|kesa|heina|elo|syys|loka|marras|joulu)kuussa",
  "in (?:ianuarie|februarie|martie|aprilie|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie)",
  "(?:januarban|februarban|marciusban|aprilisban|majusban|juniusban|juliusban|augusztusban|szeptemberben|oktoberben|novemberben|decemberben)|(?:januar|februar|marcius|aprilis|majus|junius|julius|augusztus|szeptember|oktober|november|december) (?:kozepen|vegen|elejen)",
  "(?:ocakta|subatta|martta|nisanda|mayista|haziranda|temmuzda|agustosta|eylulde|ekimde|kasimda|aralikta)",
  "(?:al|a l'|el mes de) ?(?:gener|febrer|marc|abril|maig|juny|juliol|agost|setembre|octubre|novembre|desembre)",
  "u (?:sijecnju|veljaci|ozujku|travnju|svibnju|lipnju|srpnju|kolovozu|rujnu|listopadu|studenom|prosincu)",
  // a month's end or start: "krajem ožujka", "pod koniec marca", "koncem března", "začiatkom apríla"
  "(?:krajem|pocetkom|sredinom) (?:sijecnja|veljace|ozujka|travnja|svibnja|lipnja|srpnja|kolovoza|rujna|listopada|studenoga?|prosinca)" +
    "|(?:pod koniec|na poczatku|w polowie) (?:stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|wrzesnia|pazdziernika|listopada|grudnia)" +
    "|(?:koncem|zacatkem|v polovine|koncom|zaciatkom) (?:ledna|unora|brezna|dubna|kvetna|cervna|cervence|srpna|zari|rijna|listopadu|prosince|januara|februara|marca|aprila|maja|juna|jula|augusta|septembra|oktobra|novembra|decembra)",
];

/** "Gladly", "sure" (cues.ts INTEREST_WEAK). */
export const INTEREST_WEAK_MORE = ["chetnie|jasne|garna|gerne|gjerne|mielellaan|cu placere|szivesen|memnuniyetle|tabii|encantat|encantada|rado|svakako"];

/** Talking, without a call or a day (cues.ts MEETING_WEAK). */
export const MEETING_WEAK_MORE = ["porozmawiac|porozmawiajmy|pobavit|pobavme|porozpravat|prata|snakke|snakkes|tale om|puhua|jutella|sa vorbim|sa discutam|beszeljunk|beszelni|konusalim|konusabiliriz|konusmak|parlar|parlem|razgovarati|porazgovarati|popricati"];

/** A mobile client's line ("Wysłane z iPhone'a", "Skickat från min iPhone"): signature.ts MOBILE. */
export const MOBILE_MORE =
  "wyslane z |odeslano z |odoslane z |skickat fran |sendt fra |lahetetty (?:iphonesta|android|outlook|mobiilista|puhelimesta)|trimis de pe |(?:iphone|android)-?(?:rol|rol) kuldve|kuldve (?:iphone|android)|(?:iphone|android)'?(?:umdan|dan|den) gonderildi|enviat des de|poslano (?:s|sa) |отправлено с |надіслано з |σταλθηκε απο ";

/** Sign-offs, folded (signature.ts SIGNOFFS). */
export const SIGNOFFS_MORE = [
  "pozdrawiam", "z powazaniem", "serdecznie pozdrawiam", "pozdrawiam serdecznie", "z pozdrowieniami", "dziekuje", "s pozdravem", "s pratelskym pozdravem", "dekuji", "s pozdravom", "s priatelskym pozdravom", "dakujem",
  "med vanliga halsningar", "vanliga halsningar", "halsningar", "mvh", "vanligen", "med venlig hilsen", "venlig hilsen", "de bedste hilsner", "med vennlig hilsen", "vennlig hilsen", "hilsen", "tack", "takk", "tak",
  "ystavallisin terveisin", "terveisin", "parhain terveisin", "kiitos", "cu stima", "cu respect", "multumesc", "toate cele bune", "udvozlettel", "koszonettel", "tisztelettel", "koszonom", "udv",
  "saygilarimla", "saygilar", "iyi calismalar", "iyi gunler", "tesekkurler", "salutacions", "cordialment", "atentament", "una salutacio", "gracies", "lijep pozdrav", "srdacan pozdrav", "s postovanjem", "pozdrav", "hvala",
  "с уважением", "спасибо", "всего доброго", "з повагою", "дякую", "με εκτιμηση", "ευχαριστω", "φιλικα",
];

/**
 * A colleague's removal relayed ("mój kolega z działu IT prosił, żebym przekazał…", "min kollega bad mig…"):
 * the request that follows is theirs, not the writer's (index.ts reads the writer's own wish without it).
 */
export const RELAYED_MORE =
  "(?:kolega|kolezanka|szef|szefowa|przelozony|przelozona|kolegyne|kolegyna|sef|sefova|kollega|kollegan|kollegaen|chef|sjef|sjefen|kollegani|esimieheni|colegul|colega|seful|kollegam|fonokom|meslektasim|mudurum|company|companya|kolegica|sefica)(?: [a-z'-]+){0,8} (?:prosil|prosila|poprosil|poprosila|pozadal|pozadala|bad mig|bad meg|har bett mig|har bedt mig|har bedt meg|pyysi|m-a rugat|a rugat|megkert|kert|rica etti|istedi|m'ha demanat|em va demanar|zamolio|zamolila)";

