// A removal asked for someone other than the writer, in the seven languages:
// "he'd like you to stop emailing him", "please take her off your list",
// "bitte streichen Sie Herrn Albrecht aus Ihrer Liste", "merci de le retirer
// de vos listes", "den de baja a Rodrigo Paz de su lista", "rimuoverlo dalla
// vostra lista", "verwijder Sanne de Bruin uit uw mailinglijst", "ela não quer
// mais receber". The writer is never suppressed for it. The name the text
// calls them by, when it gives one, lets the ingest tell the person we wrote
// to (an assistant or a colleague answering for them) from someone we never
// mailed. Taking someone off a thread, a call or an invitation is no removal.
import { anyOf, fold } from "./fold";
import { FOR_THEM_SCRIPTS, OTHER_LETTERS } from "./other-scripts";
import { matchesOf, type WordStarts } from "../../../lib/word-starts";

/** What a person is taken off that is no list of ours: "remove him from the thread", "take her off the invite". */
const A_THREAD = "(?:the |this |that )?(?:cc|bcc|thread|chain|invite|invitation|loop|conversation|meeting|call|group|email|e-mail)(?![a-z])";
const COURTESY = "(?: (?:please|pls|bitte|svp|por favor|per favore|alsjeblieft|alstublieft|aub|graag|even|favor))?";

const ROLES_EN = "(?:my|our) (?:colleague|coworker|co-worker|boss|manager|ceo|cfo|cto|coo|director|founder|partner|husband|wife|father|mother|son|daughter|predecessor|employee|assistant|client|teammate)";
/** Where a request's object ends: the list, a stop, their address in brackets. */
const ENDS = "(?= ?[.!,;?(]| ?$| (?:please|as well|too|immediately|asap|now)(?![a-z]))";

/** Him or her (no name), their address, or a statement about their wishes. */
const FOR_THEM = anyOf([
  // en
  `(?:remove|take|unsubscribe|delete|drop|strike|exclude) (?:him|her)(?: (?:off|from|out of)(?! ${A_THREAD})|${ENDS})|(?:unsubscribe|remove|delete) ${ROLES_EN}${ENDS}|(?:stop|quit|cease) (?:e-?mailing|emailing|mailing|contacting|messaging|spamming|writing to) ${ROLES_EN}${ENDS}|(?:unsubscribe|remove|delete|take) (?:${ROLES_EN} )?[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,253}|(?:stop|quit|cease) (?:sending (?:(?:e-?mails|emails|mails|messages) )?to|e-?mailing|emailing|mailing|contacting|writing to) (?:${ROLES_EN} )?[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,253}`,
  "(?:stop|quit|cease) (?:e-?mailing|emailing|mailing|contacting|messaging|spamming|writing to|bothering|sending (?:him|her) (?:e-?mails|emails|messages|these|this|anything)) (?:him|her)(?![a-z])|(?:stop|quit|cease) (?:sending|writing|mailing) (?:(?:any|these|your|more|the|such) )?(?:(?:e-?mails|emails|mails|messages|invitations|invites) )?to (?:him|her)(?![a-z])|(?:stop|quit|cease) sending (?:him|her) (?:(?:any|these|your|more|further|marketing|sales|such) ){0,2}(?:e-?mails|emails|messages|these|this|anything)|(?:do not|don'?t|never) (?:e-?mail|email|contact|message|write to) (?:him|her) (?:again|any ?more)",
  `(?:take|remove|delete) (?:his|her) (?:e-?mail |email |mail )?(?:address|details|name|data|id)(?! (?:from|off) ${A_THREAD})`,
  // "please stop sending these to my assistant Carla"
  `(?:stop|quit|cease) (?:sending|forwarding|mailing) (?:these|this|them|those|your (?:e-?mails|emails|messages)|(?:e-?mails|emails|messages)) to ${ROLES_EN}(?![a-z])`,
  "(?:he|she) (?:does not|doesn'?t|no longer|would rather not|do not) (?:wish|want)s? to (?:receive|get) (?:(?:any|these|your|more|further|such) ){0,2}(?:e-?mails|emails|mails|messages|communications)|(?:he|she) no longer wants (?:(?:any|these|your|more|further) ){1,2}(?:e-?mails|emails|mails|messages)|(?:he|she) (?:does not|doesn'?t|no longer) (?:wish|want)s? to be (?:contacted|e-?mailed|emailed)",
  "(?:he|she)(?:'d| would) like (?:that|this|it|these(?: e-?mails| emails)?) to stop|(?:he|she)(?:'d| would) like (?:you )?to stop (?:e-?mailing|emailing|contacting|writing|sending|messaging)|(?:he|she) (?:wants|asked|has asked|asks) (?:you |me to ask you |me to tell you )?to (?:stop (?:e-?mailing|emailing|contacting|writing|sending|messaging)|knock it off|cut it out|quit it|stop(?= ?[.!,;]| ?$))",
  // "Karen has asked me to request that she be removed … please do not contact her further"
  "(?:that|for) (?:he|she|they) (?:be|is|are) (?:removed|unsubscribed|taken off|deleted|excluded)(?![a-z])|(?:please )?(?:do not|don'?t|never) (?:contact|e-?mail|email|write to|message|mail) (?:him|her) (?:further|again|anymore|any more|in (?:the )?future)(?![a-z])",
  "(?:he|she)(?: is not interested| isn'?t interested| has no interest)? and (?:would like|wants|asks) to be (?:removed|unsubscribed|taken off|deleted)|(?:he|she)(?: would like|'d like| wants| asked| has asked| had asked| requested| has requested) (?:to be (?:removed|unsubscribed|taken off|deleted|opted out)|not to be (?:contacted|e-?mailed|emailed))|(?:and|who|has|had) (?:has |had )?(?:asked|requested) (?:to be (?:removed|unsubscribed|taken off|deleted|opted out)|not to be (?:contacted|e-?mailed|emailed))",
  // de
  "(?:hat mich gebeten|bat mich),? (?:ihnen |euch )?(?:mitzuteilen|auszurichten|zu sagen),? dass (?:er|sie) keine (?:(?:weiteren|werbe) )?(?:e-?mails|mails|nachrichten) mehr (?:erhalten|bekommen|mochte|moechte|will)",
  "(?:(?:nehmen|streichen|entfernen|loschen|loeschen|tragen) sie (?:bitte )?(?:ihn|sie)|(?:sie|ihr) (?:bitte )?ihn|ihn) (?:bitte )?(?:aus|von) (?:ihrem|dem|eurem|ihrer|der|ihren|den|eurer) (?:verteiler|bestand|system|liste|listen|datenbank|mailingliste|newsletter)",
  "(?:loschen|loeschen|entfernen|streichen) sie (?:bitte )?seine (?:adresse|e-?mail-adresse|daten)|seine (?:adresse|e-?mail-adresse|daten) (?:bitte )?(?:aus (?:ihrem|dem|ihrer|der) (?:verteiler|system|liste|datenbank) )?(?:zu )?(?:loschen|loeschen|entfernen|streichen)",
  "(?:schreiben|kontaktieren|mailen) sie (?:ihn|ihm|ihr) (?:bitte )?nicht mehr|ihn nicht mehr (?:anzuschreiben|zu kontaktieren|anzumailen)|(?:er|sie) (?:mochte|moechte|will|wunscht|wuenscht) (?:keine (?:(?:weiteren|werbe) )?(?:(?:e-?mails|mails|nachrichten|zusendungen) )?mehr|nicht (?:mehr|weiter) (?:kontaktiert|angeschrieben|angemailt) werden)",
  "(?:kollege|kollegin|chef|chefin|vorgesetzte|vorgesetzter) [^!?\\n]{0,120}? und (?:mochte|moechte|will|wunscht|wuenscht) keine (?:(?:weiteren|werbe) )?(?:(?:e-?mails|mails|nachrichten|zusendungen) )?mehr",
  // fr
  // "merci de retirer son adresse … de votre liste"
  "(?:retirer|supprimer|enlever|retirez|supprimez|enlevez) (?:son adresse|ses coordonnees|son e-?mail|son mail|ses donnees)(?![a-z])",
  "(?:retirez|retirer|desinscrivez|desinscrire|supprimez|supprimer|enlevez|enlever)-(?:le|la)(?![a-z])|(?:le|la) (?:retirer|desinscrire|supprimer|enlever) (?:de|des) (?:votre|vos) (?:liste|listes|fichier|fichiers|base|bases|mailing|envois)",
  "(?<!je |on )ne (?:souhaite|veut|desire) plus (?:en )?(?:recevoir|etre (?:contacte|sollicite)e?)|ne (?:le|la|lui) (?:contactez|ecrivez|envoyez) plus|(?:arretez|cessez|arreter|cesser) de (?:le|la|lui) (?:contacter|ecrire|solliciter|envoyer)|(?:son|sa) (?:adresse|e-?mail|courriel)(?: e-?mail)? (?:de|des) (?:votre|vos) (?:liste|listes|fichier|fichiers|base|bases)",
  // es
  "(?:me )?(?:pidio|pide|ha pedido) que (?:le |les |os )?(?:dijera|diga|avisara|avise|informara|informe|comunicara|comunique) que (?:ya )?no (?:quiere|desea) (?:seguir )?(?:recibir|recibiendo)",
  "(?:el|ella) (?:ya )?no (?:desea|quiere) (?:seguir )?(?:recibir|recibiendo)|(?:eliminarlo|eliminarla|eliminenlo|eliminenla|borrarlo|borrarla|borrenlo|borrenla|quitarlo|quitarla|quitenlo|quitenla|sacarlo|sacarla|saquenlo|saquenla|darlo de baja|darla de baja|denlo de baja|denla de baja) de (?:su|sus|tu|tus|vuestra|vuestras|la|las) (?:lista|listas|base|bases|envios|mailing)",
  "no (?:le|lo|la) (?:escriban|escribas|contacten|contactes|envien|manden) mas|(?:dejen|deja|deje|dejes|dejeis) de (?:escribirle|escribirles|contactarle|contactarlo|contactarla|enviarle|mandarle|escribirlo|enviarselos|enviarselas|enviarselo|mandarselos|mandarselas|mandarselo)",
  // it
  "mi ha chiesto di (?:dirvi|dirle|comunicarvi|comunicarle|avvisarvi|avvisarla|farvi sapere|farle sapere) che non (?:desidera|vuole) (?:piu )?ricevere",
  "(?:lui|lei) non (?:desidera|vuole) (?:piu )?(?:ricevere|essere (?:contattat|disturbat)[oa])|(?:rimuoverlo|rimuoverla|cancellarlo|cancellarla|toglierlo|toglierla|eliminarlo|eliminarla|rimuovetelo|rimuovetela|cancellatelo|cancellatela|toglietelo|toglietela) (?:dalla|dalle|dal|dai) (?:vostra |vostre |sua |tua |vostro |vostri )?(?:mailing ?list|lista|liste|newsletter|database|elenco|elenchi|indirizzario|contatti|invii)|disiscrivetelo|disiscrivetela|disiscriverlo|disiscriverla",
  "(?:di )?non (?:inviargli|inviarle|scrivergli|scriverle|mandargli|mandarle|contattarlo|contattarla) piu|(?:rimuovere|cancellare|togliere|eliminare) il suo indirizzo (?:dai|dalle|dal|dalla) (?:vostri|vostre|vostro|vostra)",
  "non (?:scrivere|scrivete|scriva|mandare|inviare|contattare) piu (?:alla|al|a) (?:mia |mio |nostra |nostro )?(?:collega|capo|responsabile|direttore|direttrice|titolare|socio|socia)(?: [a-z'-]{2,30}){0,2}|(?:farla|farlo) (?:togliere|rimuovere|cancellare) (?:dalla|dalle|dal|dai) (?:vostra|vostre|vostro|vostri)|non (?:lo|la|gli|le) (?:contattate|scrivete|mandate|inviate|contatti|scriva) piu|smett(?:ete|a|i) di (?:contattarlo|contattarla|scrivergli|scriverle)",
  // nl
  // "kun je mijn collega Joost van je lijst halen?"
  "(?:mijn|onze) (?:collega|baas|manager|directeur|directrice|assistent|assistente|leidinggevende)(?: [a-z]+){0,2} (?:van|uit) (?:je|uw|jullie|de) (?:lijst|bestand|mailinglijst|verzendlijst|database) (?:halen|verwijderen|schrappen|afhalen)",
  "(?:heeft|had) (?:mij|me) gevraagd (?:om )?(?:u|je|jullie) te (?:laten weten|melden|zeggen) dat (?:hij|zij|ze) geen (?:mails|e-?mails|berichten) meer (?:wil|wenst)",
  "(?:verwijder|haal|schrap) (?:hem|haar)" + COURTESY + " (?:uit|van) (?:uw|je|jullie|de|het) (?:lijst|bestand|database|mailinglijst|verzendlijst|systeem|crm)|(?:hem|haar)" + COURTESY + " (?:uit|van) (?:uw|je|jullie|de|het) (?:lijst|bestand|database|mailinglijst|verzendlijst|systeem) (?:te )?(?:halen|verwijderen|schrappen)",
  // the verb last, as a Dutch subordinate clause puts it: "… vroeg me door te geven dat ze geen mails meer van jullie wil ontvangen"
  "(?:dat|omdat) (?:hij|zij|ze) geen (?:e-?mails|mails|berichten) meer (?:[a-z]+ ){0,3}(?:wil|wenst) (?:ontvangen|krijgen|hebben)",
  "(?:hij|zij|ze|collega) [^!?\\n]{0,120}?(?:wil|wilt) (?:er|daar|ervan) (?:graag |liever )?(?:vanaf|af)(?= ?[.!,;]| ?$)|(?:hij|zij|ze|collega) [^!?\\n]{0,120}?(?:wil|wilt|wenst) (?:graag |liever )?geen (?:e-?mails|mails|berichten) meer|(?:hem|haar) (?:(?:alsjeblieft|alstublieft|aub|graag|even) )?(?:verwijderen|uitschrijven|afmelden|schrappen)(?![a-z])",
  "(?:hem|haar) (?:niet meer|nooit meer) (?:te )?(?:mailen|e-?mailen|benaderen|contacteren)|(?:mail|benader|contacteer) (?:hem|haar)" + COURTESY + " niet meer|(?:hij|zij|ze) (?:wil|wenst) geen (?:mails|e-?mails|berichten) meer|(?:haar|zijn) (?:adres|e-?mailadres|gegevens) (?:uit|van) (?:uw|je|jullie) (?:bestand|lijst|database|systeem)|schrijf (?:hem|haar) uit|(?:hem|haar) (?:uit te schrijven|af te melden)|meld (?:hem|haar) af",
  // the fifteen more languages (Latin letters): "vyřaďte prosím jeho adresu", "să-l scoateți din baza de date", "usuńcie jego adres"
  "(?:vyradte|odstrante|smazte|vymazte|zmazte|vyradte) (?:prosim )?(?:jeho|jeji|jej) (?:adresu|kontakt|e-?mail|udaje)|(?:vyradte|odstrante|smazte|vymazte|zmazte|odhlaste) (?:prosim )?(?:ho|ji)(?: prosim)? (?:ze|z) (?:sveho |vaseho |vasi |sve |vasho )?(?:seznamu|databaze|rozesilky|zoznamu|databazy)|nepreje si,? (?:abyste|aby ste) mu|(?:abyste|aby ste) (?:ho|ji|jej|ju) (?:vyradili|odstranili|smazali|vymazali|odhlasili|vyradila|odstranila)|adresini (?:lutfen )?(?:listenizden|listeden|listelerinizden|veritabaninizdan) (?:lutfen )?(?:cikarin|silin|kaldirin)|(?:eliminad|eliminen|elimine|borrad|borren|borre|quitad|quiten|quite|sacad|saquen|saque) (?:la direccion |el correo |la cuenta )?[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,253}|(?:fjern|slet|slett|ta bort|radera)(?: (?:venligst|vennligst|gerne|gjerne|garna))? (?:adressen |e-?postadressen )?[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,253}|nepreje si,? abyste ho|nezela si,? aby ste ho" +
    "|(?:sa-l|sa-o|il|o) (?:scoateti|stergeti|eliminati|excludeti)|sa nu-l mai contactati|sa nu o mai contactati|(?:stergeti|scoateti|eliminati) adresa (?:lui|ei)" +
    "|(?:usuncie|usun|wykreslcie) (?:jego|jej) (?:adres|dane|e-?mail)|(?:prosze|prosimy) (?:go|ja) (?:usunac|wykreslic|wypisac)|(?:nie piszcie|nie wysylajcie) (?:do niego|do niej|mu|jej)" +
    "|ta bort (?:hans|hennes) (?:adress|mejl|e-?post)|ta bort (?:honom|henne) (?:fran|ur)|(?:fjern|slet) (?:hans|hendes|hennes) (?:adresse|mail|e-?mail)|(?:fjern|slet|slett) (?:ham|hende|henne)(?: (?:venligst|vennligst|gerne|gjerne|bare))? fra|(?:han|hun) (?:ikke )?(?:onsker|vil) (?:ikke )?(?:have |ha |modtage |motta )?flere (?:mails|e-?mails|e-?poster|henvendelser)|poistakaa (?:hanen|haenen) (?:osoitteensa|tietonsa|sahkopostinsa)" +
    "|(?:uklonite|izbrisite|obrisite) (?:njegovu|njezinu|njenu) (?:adresu|e-?mail)|(?:onun|kendisinin) (?:adresini|e-?postasini) (?:silin|cikarin)|(?:esborreu|elimineu|traieu)(?:-lo|-la)|(?:esborra|esborreu|elimina|elimineu|treu|traieu) (?:la seva adreca|el seu correu|les seves dades)|(?:ell|ella) no (?:en )?vol rebre(?: mes)?|que no (?:en )?vol rebre|(?:la|el) (?:traguessiu|traieu|elimineu|esborreu|doneu de baixa) de (?:la |les )?(?:vostra|vostres) (?:llista|llistes|base)",
  // pt
  "(?:pediu|pede)(?:-me| me)? (?:para|que) (?:eu )?(?:lhe |te |vos )?(?:avisar|avisasse|informar|informasse|dizer|dissesse|falar) que (?:ja )?nao (?:quer|deseja) (?:mais )?(?:receber|ser (?:contatad|contactad)[oa])",
  "(?:ele|ela) (?:ja )?nao (?:deseja|quer) (?:mais )?(?:receber|ser (?:contatad|contactad|incomodad)[oa])|(?:remove-lo|remove-la|retira-lo|retira-la|tira-lo|tira-la|exclui-lo|exclui-la|descadastra-lo|descadastra-la)(?![a-z])|(?:tirem|tire|removam|remova|retirem|retire|excluam|exclua|descadastrem|descadastre) (?:ele|ela) (?:da|de|desta|dessa|do) (?:sua |vossa )?(?:lista|base|cadastro|mailing)",
  "nao (?:o|a|lhe) (?:contatem|contate|escrevam|escreva|enviem|envie|mandem|mande) mais|(?:parem|pare) de (?:enviar|mandar|escrever) (?:e-?mails |mensagens )?(?:para|pra) (?:ele|ela)|(?:parem|pare) de (?:contata-lo|contata-la)",
]);

/** Up to three words of a name, as the folded text writes it. */
const NAME = "[a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}";

/**
 * One language's "remove X from your list": the verbs, a role ("my colleague"), a title ("Herrn", "Mme"),
 * the words that are no name where a name would stand ("me", "this", "the"), and the list it ends on.
 * Its groups: the name after a role, the name after a title, a name alone.
 */
function takenOff(verbs: string, roles: string, titles: string, notAName: string, list: string): string {
  const titled = `(?:${titles}) [a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30})?`;
  // (an address in brackets may follow the name: "take my colleague Greg Holt (greg.holt@…) off his sequence")
  return `(?:${verbs}) (?:(?:${roles})(?: (${titled}|${NAME}))?|(${titled})|(?!(?:${notAName})(?![a-z]))(${NAME}))(?: \\([^()]{3,80}\\))?${COURTESY} (?:${list})(?![a-z])`;
}

const LIST_EN = `(?:from|off|out of) (?:your|the|his|her|their|this|all your|all of your|any of your) (?:mailing |contact |e-?mail |email |distribution |marketing |sales )?(?:lists?|database|crm|system|records|sequences?|campaigns?|cadences?)`;
const NAMED = anyOf([
  // "please stop emailing Jan in our HR department": the shortest name before the sentence ends or says where they work
  `(?:stop|quit|cease) (?:e-?mailing|emailing|mailing|contacting|messaging|spamming|writing to|bothering|sending (?:(?:e-?mails|emails|mails|messages) )?to) (?:(?:my|our) (?:[a-z]+ )?(?:colleague|coworker|co-worker|boss|manager|director|md|ceo|cfo|cto|coo|founder|owner|partner|assistant|president|chairman|head of [a-z]+),? )?(?!(?:me|us|my|our|this|that|these|those|the|all|any|it|them|him|her|your|his|their|every|everyone|anyone|everybody|people|random|staff|folks|a|an)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)(?=${ENDS}| (?:in|at|from|of) (?:our|the|my)(?![a-z]))`,
  // the same in the six languages: "Smettete di scrivere a Marco", "Parem de mandar e-mail pro Rafael", "Hören Sie auf, Herrn Roth zu schreiben" is below
  `(?:smettete|smetta|smettetela|smettila) di (?:scrivere|mandare (?:e-?mail|mail|email|messaggi)|inviare (?:e-?mail|mail|email|messaggi)) (?:a|al|alla) (?:(?:mio|mia|nostro|nostra) (?:collega|capo|responsabile|direttore|direttrice|socio|socia),? )?(?!(?:me|noi|lui|lei|loro|tutti|nessuno|questo|questa)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}` +
    `|(?:parem|pare|parar|deixem|deixe) de (?:mandar|enviar|escrever) (?:(?:e-?mails?|emails?|mensagens) )?(?:para o|para a|pro|pra|para|ao|a) (?:(?:meu|minha|nosso|nossa) (?:colega|chefe|gerente|diretor|diretora|socio|socia),? )?(?!(?:mim|nos|ele|ela|eles|elas|voce|voces|todos|ninguem)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}` +
    `|(?:dejen|deje|dejad) de (?:escribir(?:le|les)?|mandar(?:le|les)? (?:correos|e-?mails|mensajes)|enviar(?:le|les)? (?:correos|e-?mails|mensajes)) a (?:(?:mi|nuestro|nuestra) (?:colega|jefe|jefa|companero|companera|director|directora|socio|socia),? )?(?!(?:mi|nosotros|el|ella|ellos|ellas|usted|todos|nadie)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}` +
    `|non (?:scrivete|scriva|mandate|inviate|mandare|inviare|scrivere) piu (?:(?:e-?mail|mail|messaggi) )?(?:a|al|alla) (?:(?:mio|mia|nostro|nostra) (?:collega|capo|responsabile|direttore|direttrice|socio|socia),? )?(?!(?:me|noi|lui|lei|loro|tutti|nessuno|questo|questa)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}` +
    `|(?:cessez|arretez) d'(?:ecrire|envoyer des (?:mails|e-?mails|messages)) a (?:(?:mon|ma|notre) (?:collegue|directeur|directrice|responsable|associe|associee),? )?(?!(?:moi|nous|lui|elle|eux|elles|tous|personne)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}` +
    `|(?:stop|stopt) met (?:mailen|e-?mailen|mails sturen) (?:naar|aan) (?:(?:mijn|onze) (?:collega|baas|manager|directeur),? )?(?!(?:mij|ons|hem|haar|hen|iedereen|niemand)(?![a-z]))([a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30}){0,2}?)${ENDS}`,
  takenOff(
    "remove|take|unsubscribe|delete|drop|strike|exclude",
    ROLES_EN,
    "mr\\.?|mrs\\.?|ms\\.?|dr\\.?",
    "me|us|my|our|this|that|these|those|the|all|any|it|them|him|her|your|his|their|every|everyone|anyone|everybody|a|an|some|myself|you|people|contacts|duplicates",
    LIST_EN,
  ),
  takenOff(
    "(?:nehmen|streichen|entfernen|loschen|loeschen|tragen) sie(?: bitte)?",
    "(?:meinen|unseren) (?:kollegen|chef|vorgesetzten|geschaftsfuhrer|geschaeftsfuehrer|mann|vater|sohn|vorganger|vorgaenger)|(?:meine|unsere) (?:kollegin|chefin|vorgesetzte|geschaftsfuhrerin|frau|mutter|tochter|vorgangerin)",
    "herrn?|frau|dr\\.?",
    "mich|uns|meine|meinen|meinem|unsere|unseren|die|den|das|der|diese|diesen|dieses|alle|ihn|sie|es|ihre|ihren|ihr|ihrem|ihrer|seine|seinen|seinem|seiner|bitte",
    "(?:aus|von) (?:ihrem|dem|eurem|ihrer|der|ihren|den|eurer) (?:verteiler|bestand|system|liste|listen|datenbank|mailingliste|newsletter)",
  ),
  takenOff(
    "retirez|retirer|desinscrivez|desinscrire|supprimez|supprimer|enlevez|enlever",
    "(?:mon|notre) (?:collegue|directeur|patron|associe|mari|pere|fils|predecesseur|responsable)|(?:ma|notre) (?:collegue|directrice|patronne|associee|femme|mere|fille|responsable)",
    "m\\.?|mme|monsieur|madame|mlle",
    "moi|me|nous|mon|ma|mes|notre|nos|cette|cet|ce|ces|les|la|le|l|votre|vos|tous|toutes|toute|tout|son|sa|ses|leur|leurs",
    "(?:de|des) (?:votre|vos) (?:liste|listes|fichier|fichiers|base|bases|mailing|envois)",
  ),
  takenOff(
    "eliminen|elimine|eliminar|borren|borre|borrar|quiten|quite|quitar|saquen|saque|sacar|den de baja a|de de baja a|dar de baja a",
    "(?:a )?(?:mi|nuestro|nuestra) (?:colega|companero|companera|jefe|jefa|director|directora|socio|socia|esposo|esposa|marido|mujer|padre|madre|hijo|hija|gerente|predecesor|predecesora)",
    "(?:a )?(?:sr\\.?|sra\\.?|senor|senora|don|dona)",
    "me|nos|mi|mis|nuestro|nuestra|nuestros|este|esta|estos|estas|esa|ese|el|la|los|las|su|sus|todo|todos|a|lo|le",
    "de (?:su|sus|tu|tus|vuestra|vuestras|la|las) (?:lista|listas|base de datos|base|bases|envios|mailing)",
  ),
  takenOff(
    "rimuovete|rimuova|rimuovere|cancellate|cancelli|cancellare|togliete|tolga|togliere|eliminate|elimini|eliminare|disiscrivete|disiscriva|disiscrivere",
    "(?:il mio|la mia|il nostro|la nostra|mio|mia) (?:collega|capo|responsabile|direttore|direttrice|socio|socia|marito|moglie|padre|madre|figlio|figlia|predecessore)",
    "(?:il |la )?(?:dott\\.?|dott\\.ssa|dottor|dottoressa|sig\\.?|sig\\.ra|signor|signora|ing\\.?|avv\\.?)",
    "mi|ci|il|la|lo|le|gli|i|mio|mia|miei|mie|nostro|nostra|questo|questa|questi|queste|tutti|tutte|l|suo|sua|suoi|sue",
    "(?:dalla|dalle|dal|dai) (?:vostra |vostre |sua |vostro |vostri )?(?:mailing ?list|lista|liste|newsletter|database|elenco|elenchi|indirizzario|contatti|invii)",
  ),
  takenOff(
    "verwijder|verwijdert|haal|haalt|schrap",
    "(?:mijn|onze|ons) (?:collega|baas|manager|leidinggevende|directeur|partner|man|vrouw|vader|moeder|zoon|dochter|voorganger)",
    "meneer|mevrouw|dhr\\.?|mevr\\.?",
    "mij|me|ons|mijn|onze|dit|deze|die|het|de|hem|haar|zijn|alle|iedereen|u|je|jullie",
    "(?:uit|van) (?:uw|je|jullie|de|het) (?:lijst|bestand|database|mailinglijst|verzendlijst|systeem|crm)",
  ),
  // da, no, sv: "fjerne Mette (mh@…) fra jeres liste", "ta bort min kollega Johan från er lista"
  takenOff(
    "fjern|fjerne|slet|slette|ta bort|stryk",
    "(?:min|vores|var|mi|var) (?:kollega|kollegaer|kolleger|chef|sjef|leder|mand|kone|far|mor)",
    "hr\\.?|fru",
    "mig|meg|os|oss|min|mit|mine|vores|var|denne|dette|den|det|alle|ham|hende|henne|hans|hendes|hennes|jer|dig|deg|er|venligst|vennligst|garna|gerne|gjerne",
    "(?:fra|fran|ur) (?:jeres|deres|eders|er|din|dere|listen|listan|lista|liste|databasen|registeret|registret)(?: (?:liste|lista|database|mailliste|e-?postliste|udsendelsesliste|utsendelsesliste|sandlista|utskickslista))?",
  ),
  takenOff(
    "(?:remover|removam|remova|retirar|retirem|retire|tirar|tirem|tire|excluir|excluam|exclua|descadastrar|descadastrem|descadastre)(?: o| a)?",
    "(?:o |a )?(?:meu|minha|nosso|nossa) (?:colega|chefe|gerente|diretor|diretora|socio|socia|marido|esposa|mulher|pai|mae|filho|filha|antecessor|antecessora)",
    "(?:o |a )?(?:sr\\.?|sra\\.?|senhor|senhora|dr\\.?|dra\\.?)",
    "me|nos|meu|minha|meus|minhas|nosso|nossa|este|esta|esse|essa|isso|todos|todas|ele|ela|o|a|os|as|seu|sua|seus|suas|dele|dela",
    "(?:da|de|desta|dessa|do) (?:sua |vossa )?(?:lista|base|cadastro|mailing)",
  ),
]);

/** The writer asks for themselves as well ("remove me too, he doesn't want these either", "remove Greg and me"). */
export const FOR_THE_WRITER_TOO =
  /(?<![a-z])(?:(?:remove|take|unsubscribe|delete|drop) (?:me|us)(?![a-z])|(?:e-?mailing|emailing|contacting|sending|writing to|mailing) (?:me|us)(?![a-z])|(?:and|und|et|y|e|en) (?:me|us|myself|mich|uns|moi|nous|mij|ons)(?= (?:from|off|aus|de|dalla|dalle|uit|van|da)(?![a-z]))|mich (?:aus|nicht mehr)|(?:me|nous) (?:retirer|desinscrire|supprimer|desabonner)|(?:darme|darnos|sacarme|quitarme|borrarme)(?![a-z])|(?:toglietemi|rimuovetemi|cancellatemi|rimuovermi|togliermi)(?![a-z])|(?:me|mij|ons) (?:uit|van) (?:de|uw|je|jullie)|(?:me|nos) (?:remova|remover|tire|tirar|descadastr))/;

/** Where a request stands in the folded text. */
export interface Span {
  at: number;
  end: number;
}

/**
 * A removal asked for someone else (the writer may ask it for themselves too: FOR_THE_WRITER_TOO): the name the
 * text gives them (folded, with any title: "herrn albrecht"), or null for "him", "her", "my manager"; where the
 * first request stands, and every request's span. Null when the text asks no such thing. A name is one the text
 * capitalises ("tirar automaticamente da lista" names no one).
 */
export function removalForAnother(folded: string, text: string, starts: WordStarts): (Span & { name: string | null; spans: Span[] }) | null {
  const named = matchesOf(NAMED, folded, starts).flatMap((m) => {
    const name = m.slice(1).find((g) => g !== undefined) ?? null;
    return name === null || capitalised(text, name) ? [{ name, at: m.index, end: m.index + m[0].length }] : [];
  });
  const them = matchesOf(FOR_THEM, folded, starts).map((m) => ({ name: null, at: m.index, end: m.index + m[0].length }));
  // Cyrillic and Greek letters are outside the word-start index: their forms are scanned, on a text that has them
  if (OTHER_LETTERS.test(folded)) for (const m of folded.matchAll(FOR_THEM_SCRIPTS)) them.push({ name: null, at: m.index!, end: m.index! + m[0].length });
  them.sort((a, b) => a.at - b.at);
  const first = named[0] ?? them[0];
  if (!first) return null;
  const name = first.name ?? (named.length ? null : titledBefore(folded, text, first.at));
  return { name, at: first.at, end: first.end, spans: [...named, ...them].map(({ at, end }) => ({ at, end })) };
}

/** Someone named with a title shortly before "him" or "her" ("Mrs Okafor forwarded this to me. On her behalf, please stop…"): the last such, or null. */
const TITLES = "mr|mrs|ms|miss|dr|prof|herrn?|frau|mme|mlle|monsieur|madame|sr|sra|senor|senora|don|dona|dott|dottssa|sig|sigra|signor|signora|ing|avv|dhr|mevr|meneer|mevrouw|senhor|senhora";
const TITLED = new RegExp(`(?<![a-z'.])(?:(?:${TITLES})\\.?|m\\.) (?:(?:${TITLES})\\.? )?(?:[a-z]\\. ){0,2}(?:del |della |de |da |do )?[a-z][a-z'-]{1,30}(?: [a-z][a-z'-]{1,30})?`, "g");
function titledBefore(folded: string, text: string, at: number): string | null {
  let last: string | null = null;
  for (const m of folded.slice(Math.max(0, at - 250), at).matchAll(TITLED)) {
    // "mrs okafor forwarded": the words that are no name dropped
    const words = m[0].replace(/'s(?= |$)/g, "").split(" ");
    while (words.length > 1 && !capitalised(text, words.join(" "))) words.pop();
    if (words.length > 1) last = words.join(" ");
  }
  return last;
}

/** The name's last word is written with a capital somewhere in the text ("Greg Hall", "Herrn Albrecht"). */
function capitalised(text: string, name: string): boolean {
  const last = name.slice(name.lastIndexOf(" ") + 1);
  for (const w of text.match(/\p{Lu}[\p{L}'-]{1,30}/gu) ?? []) if (fold(w).replace(/'s$/, "") === last) return true;
  return false;
}
