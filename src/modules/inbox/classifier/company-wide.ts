// A removal asked for the writer's whole company, in the seven languages:
// "remove everyone at our company from your lists", "take all @acme.com
// addresses off", "schreiben Sie niemanden aus unserem Unternehmen mehr an",
// "ne plus contacter personne chez nous", "ni yo ni nadie de mi equipo
// deseamos recibir más correos", "non contattare più nessuno della nostra
// azienda", "niemand van ons bedrijf meer mailen", "não enviem mais e-mails
// para ninguém da nossa empresa". The ingest proposes suppressing the
// writer's domain (never a free-mail one). A request that says it all, or a
// removal request beside words that widen it ("… and my colleagues as well").
import { anyOf } from "./fold";
import { COMPANY_SCRIPTS, OTHER_LETTERS } from "./other-scripts";
import { matchesOf, type WordStarts } from "../../../lib/word-starts";

const COMPANY_EN = "(?:company|firm|organi[sz]ation|business|team|office|domain|agency|group|staff)";
const EVERYONE_EN = "(?:everyone|everybody|anyone|anybody|any of us|all of us)";
const A_DOMAIN = "@[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}";
/** A domain written bare ("every acme.com contact") or a company's name of up to three words. */
const DOMAIN_OR_NAME = "(?:[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}|[a-z0-9&'-]{2,30}(?: (?:&|[a-z0-9&'-]{2,30})){0,3})";
const PEOPLE_EN = "(?:contacts?|address(?:es)?|adress(?:es)?|e-?mail addresses|emails?|e-?mails?|employees?|people|staff|persons?|colleagues|coworkers|co-workers|(?:e-?mail |mail )?ids)";

/** Not the thread, the invite or the Cc ("remove all of us from the invite"): a removal from the mail only. */
const NOT_A_THREAD = "(?! (?:the |this |that )?(?:cc|bcc|thread|chain|invite|invitation|loop|conversation|meeting|call|group)(?![a-z]))";

/** A request not to mail anyone at the company, complete in itself. */
const COMPANY_REQUEST = anyOf([
  // en
  `(?:remove|delete|take|drop|unsubscribe|exclude) (?:${EVERYONE_EN}|all (?:our|my) (?:staff|employees|people|colleagues|team|addresses|contacts|coworkers|co-workers)|(?:all|every|any) (?:contacts?|addresses|e-?mail addresses|emails|people|staff|employees)) (?:at|from|in|of) (?:our|my|this) ${COMPANY_EN}`,
  `(?:remove|delete|take|drop|pull|unsubscribe|exclude) ${EVERYONE_EN} (?:at |with an? |on |under )?${A_DOMAIN}`,
  `(?:remove|delete|take|drop|pull|unsubscribe|exclude) (?:[a-z'-]{2,30},? (?:and|as well as|along with) )?${EVERYONE_EN}(?: else)? (?:at|from|in) (?:[a-z0-9&.'-]{2,30} ){0,2}[a-z0-9&.'-]{2,63}(?: \\([^)]{1,60}\\))?,? (?:from|off) (?:your|the|all your|any of your) (?:mailing |contact |e-?mail |distribution )?(?:lists?|database|crm|system|records)`,
  `(?:remove|delete|purge|erase|take|drop|unsubscribe|exclude|block) (?:all|every|any) (?:single )?(?:${A_DOMAIN}|${DOMAIN_OR_NAME})(?: \\([^)]{1,60}\\))? ${PEOPLE_EN}|(?:remove|delete|purge|erase|take|drop|unsubscribe) (?:all|every|any) ${PEOPLE_EN} (?:at|on|from|under|with|of) (?:the )?(?:${A_DOMAIN}|[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4})(?: domain)?`,
  // "remove all addresses at Harlow & Prentice LLP (harlowprentice.example) from your lists"
  `(?:remove|delete|purge|erase|take|drop|unsubscribe) (?:all|every|any) ${PEOPLE_EN} (?:at|from|of) ${DOMAIN_OR_NAME}(?: \\([^)]{1,60}\\))?,? (?:from|off) (?:your|the|all your|any of your) (?:mailing |contact |e-?mail |distribution )?(?:lists?|databases?|crm|systems?|records)`,
  `(?:remove|delete|purge|take|drop|unsubscribe) (?:all(?: of)?|every one of|each of) (?:us|our (?:${PEOPLE_EN}|team|people))(?: (?:at|from|in)${NOT_A_THREAD} ${DOMAIN_OR_NAME})?(?:,? [-–—] [^-–—\n]{1,60} [-–—],?| \\([^)\n]{1,60}\\))?(?: (?:off|from|out of)${NOT_A_THREAD}|${"(?= ?[.!,;]| ?$)"})|(?:take|remove|drop|delete) (?:our|my) (?:whole|entire) ${COMPANY_EN} (?:off|from|out of)`,
  `(?:none of us|nobody|no one|noone)(?: here| (?:at|from|in) ${DOMAIN_OR_NAME})? (?:wants?|wishes?|needs?|would like) (?:to (?:receive|get) )?(?:(?:any|these|your|such|more) ){0,2}(?:e-?mails|emails|mails|messages|outreach)|no (?:more|further) (?:e-?mails|emails|mails|messages) to (?:our|my|this) ${COMPANY_EN}`,
  `(?:remove|delete|take|drop|unsubscribe|exclude|block) (?:all|every|any) (?:of the )?${A_DOMAIN} (?:addresses|emails|e-?mails|contacts)|(?:remove|delete|take|drop) (?:our|the) (?:whole |entire )?(?:company|firm|organi[sz]ation|business|domain) (?:from|off)`,
  `(?:(?:do not|don'?t|never) (?:e-?mail|email|contact|message|write to|mail|spam)|(?:stop|quit|cease) (?:e-?mailing|emailing|contacting|messaging|writing to|mailing|spamming)) (?:${EVERYONE_EN}(?! else)(?: (?:at|from|in) [a-z0-9&.-]{2,40}| here)|(?:any|all) of (?:my|our) (?:colleagues|coworkers|co-workers|team|staff|employees|people|attorneys|lawyers|solicitors|doctors|physicians|clinicians|teachers|faculty|members|associates|advisers|advisors|agents|brokers)|(?:my|our) (?:whole |entire )?(?:company|firm|organi[sz]ation))(?![a-z])`,
  // a lawyer's letter: "cease and desist from sending any further unsolicited marketing communications to any employee of X"
  "(?:cease|stop|refrain from|desist from|quit)(?: and desist)?(?: from)?(?: [a-z-]+){0,2} (?:sending|e-?mailing|emailing|contacting|messaging|writing to)(?: [a-z-]+){0,5} (?:to )?(?:any|all|every|each) (?:employees?|members? of (?:our |my )?(?:staff|team)|staff(?: members?)?|colleagues|people|persons?)(?![a-z])",
  // de: "schicken Sie niemandem bei uns im Haus mehr etwas"
  "(?:schicken|senden|schreiben) sie (?:bitte )?niemandem (?:bei uns|in unserem haus|aus unserem (?:haus|unternehmen)|in unserer firma)(?: im haus)? (?:mehr|noch)",
  // "verwijder al onze adressen (@x.example) uit uw bestand"
  "(?:verwijder|verwijdert|haal|schrap) (?:al onze|alle onze|onze) (?:e-?mail)?adressen(?: \\([^)]{1,60}\\))? (?:uit|van)(?= )",
  // de
  "(?:kontaktieren|schreiben|mailen) sie (?:(?:bitte|kunftig|kuenftig|in zukunft) )*(?:keinen|keine|niemanden) (?:mehr )?(?:unserer|von unseren|aus unserer|aus unserem|bei uns|von uns) ?(?:mitarbeiter|mitarbeitenden|kollegen|kolleginnen|leute|firma|unternehmen|haus|team)?|(?:samtliche|saemtliche|alle) (?:adressen|kontakte|e-?mail-adressen) (?:mit |unter |der domain )?" + A_DOMAIN + "|(?:samtliche|saemtliche|alle) (?:adressen|kontakte|e-?mail-adressen|mitarbeiter|mitarbeiterinnen) (?:unseres|unserer) (?:unternehmens|firma|hauses|teams|organisation|konzerns)(?: \\([^)]{1,60}\\))?[^.!?\\n]{0,50}? zu (?:entfernen|loschen|loeschen|streichen)|(?:samtliche|saemtliche|alle) (?:adressen|kontakte|e-?mail-adressen) (?:der domain|unter|mit|von|bei) (?:der )?@?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}|lassen sie (?:bitte )?(?:mich und )?(?:meine|unsere|mein|unser) (?:mitarbeiter|mitarbeitenden|kollegen|kolleginnen|firma|team|unternehmen)(?: [a-z]+){0,3} (?:(?:bitte|kunftig|kuenftig|in zukunft) )*in ruhe",
  "(?:schreiben|kontaktieren|mailen) sie (?:bitte )?(?:niemanden|keinen|keine) (?:mehr )?(?:aus|von|bei|in) (?:unserem|unserer|unseren) (?:unternehmen|firma|haus|team|organisation|abteilung)|(?:niemanden|keinen) (?:aus|von|bei) (?:unserem|unserer) (?:unternehmen|firma|haus|team|organisation) (?:mehr )?(?:anzuschreiben|zu kontaktieren|anzumailen)",
  "(?:entfernen|loschen|loeschen|streichen|nehmen|tragen) sie (?:bitte )?(?:alle|samtliche|saemtliche) (?:adressen|kontakte|mitarbeiter|mitarbeiterinnen|mitarbeitenden|personen|e-?mail-adressen) (?:unserer|unseres|von unserer|von unserem|aus unserem|aus unserer) (?:firma|unternehmens|unternehmen|hauses|teams|organisation|domain)|(?:unsere|unser) (?:firma|unternehmen|domain|domane|organisation) (?:bitte )?(?:komplett |ganz |vollstandig )?aus (?:ihrem|dem|ihrer|der) (?:verteiler|liste|datenbank|system)",
  // "keine Werbung mehr an irgendeine Adresse unter @…", "sperren Sie die komplette Domain"
  "(?:an|fur|fuer) (?:irgendeine|keine|eine|jede|alle) (?:adresse|adressen|e-?mail-adressen?) (?:unter|mit|bei|der domain|auf) " + A_DOMAIN + "|(?:sperren|blockieren) sie (?:bitte )?(?:die|unsere) (?:komplette |gesamte |ganze )?(?:domain|domane)(?![a-z])",
  // fr
  "ne (?:plus )?(?:contacter|ecrire a|solliciter) (?:plus )?(?:personne|qui que ce soit|aucun de nos (?:collaborateurs|salaries|employes)) (?:chez nous|de (?:notre|chez nous)|chez [a-z0-9&.-]{2,40})|ne (?:contactez|sollicitez) plus (?:personne|qui que ce soit) (?:chez|de)|(?:supprimez|retirez|effacez|supprimer|retirer|effacer) (?:toutes nos adresses|tous nos contacts|l'ensemble de nos (?:adresses|contacts|collaborateurs))",
  "(?:retirer|retirez|supprimer|supprimez|enlever|enlevez|desinscrire|desinscrivez) (?:toutes les adresses|tous les contacts|tous les collaborateurs|toute l'equipe|notre (?:societe|entreprise|domaine)|toute notre (?:societe|entreprise|equipe)) (?:de notre (?:societe|entreprise|organisation|equipe|domaine) )?(?:de|des) (?:vos|votre) (?:listes?|fichiers?|bases?)",
  "(?:retirer|retirez|supprimer|supprimez|desinscrire|desinscrivez) (?:l'ensemble des|tous les|toutes les) (?:collaborateurs|salaries|contacts|adresses|employes|personnes)(?: du domaine @?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}| (?:de|du|des|d') ?[a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2})? (?:de|des) (?:vos|votre) (?:listes?|fichiers?|bases?)",
  // "nous vous mettons en demeure de cesser immédiatement tout envoi de communications commerciales à l'ensemble des collaborateurs"
  "(?:cesser|cessez|arreter|arretez)(?: [a-z]+){0,2} (?:tout|toute|tous|toutes) (?:envois?|communications?|sollicitations?|messages?|courriels?)(?: [a-z'-]+){0,4} (?:a|aupres de) (?:l'ensemble des|tous les|toutes les|chacun des|aucun des) (?:collaborateurs|collaboratrices|salaries|employes|membres|personnes)",
  // es
  "(?:ni yo ni nadie|nadie) (?:de|en) (?:(?:mi|nuestro|nuestra|la) (?:equipo|empresa|compania|organizacion|oficina)|[a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2}) (?:desea|deseamos|quiere|queremos) (?:seguir )?recibir",
  `(?:eliminen|elimine|eliminar|borren|borre|borrar|quiten|quitar|den de baja|dar de baja) (?:a )?(?:todas las direcciones|todos los contactos|todos los correos|todos los empleados|todo el equipo|toda la empresa|nuestra empresa)(?: de correo(?: electronico)?)? (?:de (?:nuestra|la) (?:empresa|compania|organizacion) |${A_DOMAIN} |de @?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4} |de [a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2} (?:\\(@?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}\\) )?)?de (?:su|sus|tu|tus|vuestra|vuestras) (?:lista|listas|base de datos|base|bases)`,
  // "eliminar de sus bases de datos y listas de distribución todas las direcciones de correo electrónico del dominio corporativo"
  "(?:eliminar|eliminen|elimine|borrar|borren|borre|quitar|quiten|suprimir|supriman) (?:de (?:sus|su|tus|vuestras?) (?:bases de datos|base de datos|listas?(?: de distribucion)?)(?: y (?:listas?|bases?)(?: de [a-z]+)?)? )?todas las direcciones(?: de correo(?: electronico)?)? (?:del dominio|de (?:nuestra|la) (?:empresa|compania|organizacion))",
  // "que se abstenga de enviar comunicaciones comerciales a cualquier empleado de Grupo Alcor"
  "(?:se abstenga|se abstengan|abstengase|abstenganse) de (?:enviar|remitir|mandar|dirigir) (?:[a-z]{1,15} ){0,3}a (?:cualquier|ningun|ninguna) (?:empleado|empleada|trabajador|trabajadora|persona|miembro|direccion) de",
  "no (?:volvais|vuelvan|vuelva) a (?:escribir|contactar|escribirle|enviar (?:correos|e-?mails|mensajes)) a (?:nadie|ninguno) de (?:(?:nuestra|nuestro|la|mi) (?:empresa|compania|equipo|organizacion)|[a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2})",
  "no (?:contacten|escriban|envien|manden) (?:mas )?(?:(?:correos|e-?mails|mensajes) )?(?:a nadie|a ninguno) de (?:(?:nuestra|nuestro|la|mi) (?:empresa|compania|equipo|organizacion)|[a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2})",
  "(?:eliminen|elimine|borren|borre|quiten|quite|saquen|saque|supriman|suprima) (?:de inmediato |inmediatamente |cuanto antes )?de (?:su|sus|tu|tus|vuestra) (?:base de datos|base|lista|listas) (?:a )?(?:todas las direcciones|todos los contactos|todos los correos|todos los empleados)|(?:eliminen|borren|quiten|saquen) (?:a )?(?:todas las direcciones|todos los contactos|todos los correos|todos los empleados) de [a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2},? de (?:su|sus|tu|tus|vuestra) (?:base de datos|base|lista|listas)|(?:borren|eliminen|quiten) de (?:su|sus|tu|tus) (?:lista|listas|base) (?:a )?(?:todos|todas) (?:los|las) (?:contactos|direcciones|correos) de",
  // it
  "(?:non|piu) contattare (?:piu )?nessuno (?:della|del|dalla) (?:nostra|nostro) (?:azienda|societa|team|ufficio|organizzazione)|non (?:contattate|scrivete) piu (?:a )?nessuno (?:della|del) (?:nostra|nostro) (?:azienda|societa|team)",
  "(?:rimuovete|rimuovere|cancellate|cancellare|eliminate|eliminare) tutti gli (?:indirizzi|contatti) (?:della nostra|del nostro|di) (?:azienda|societa|team|dominio)",
  "non (?:mandate|inviate|scrivete|mandare|inviare|scrivere) piu (?:(?:e-?mail|mail|messaggi) )?a nessuno (?:della|del|di|dello) [a-z0-9&'-]{2,30}|tutti gli (?:indirizzi|contatti) (?:" + A_DOMAIN + "|di [a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}) (?:dalle|dai|dalla|dal) (?:vostre|vostri|vostra|vostro)",
  // nl: "alle e-mailadressen eindigend op @… verwijderen", "wij als organisatie … geen … e-mails meer wensen te ontvangen"
  "(?:alle|al onze) (?:e-?mailadressen|adressen|contacten) (?:eindigend op|op|met|onder|van het domein) " + A_DOMAIN + "|(?:wij|we) als (?:organisatie|bedrijf|onderneming) (?:[a-z]+ ){0,4}(?:mails|e-?mails|berichten) meer (?:wensen|willen) (?:te )?ontvangen",
  // "verwijder ons hele domein (x.example) uit uw bestand"
  "(?:verwijder|verwijdert|haal|schrap) (?:ons|onze) (?:hele |gehele |volledige |complete )?(?:domein|bedrijf|organisatie)(?: \\([^)]{1,60}\\))? (?:uit|van)(?= )",
  // nl
  "niemand (?:van|bij|binnen) (?:ons|onze) (?:bedrijf|organisatie|team|kantoor) (?:meer )?(?:te )?(?:mailen|e-?mailen|benaderen|contacteren)|niemand (?:van|bij) [a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30}){0,2} (?:nog|meer) te (?:contacteren|mailen|e-?mailen|benaderen)|al onze (?:adressen|e-?mailadressen|contacten|medewerkers) te verwijderen",
  "(?:verwijder|haal) (?:alle (?:adressen|contacten|medewerkers)|ons (?:hele |gehele )?bedrijf|onze (?:hele |gehele )?organisatie) (?:van (?:ons|onze) (?:bedrijf|organisatie) )?(?:uit|van) (?:uw|je|jullie|de) (?:lijst|bestand|database|mailinglijst)",
  "(?:haal|verwijder) (?:alsjeblieft |alstublieft |aub |graag )?(?:al onze|alle) (?:medewerkers|collega's|adressen|contacten)(?: (?:van|bij) [a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30})?)? (?:uit|van) (?:jullie|uw|je|de) (?:lijst|lijsten|bestand|database|mailinglijst)|(?:wij|we) willen als (?:bedrijf|organisatie) niet meer (?:benaderd|gemaild|gecontacteerd|lastiggevallen) worden",
  // sv, hu: "ta bort samtliga adresser på @…", "minden @… végződésű e-mail-címet … törölje"
  "(?:ta bort|radera|stryk) (?:samtliga|alla) (?:adresser|kontakter|e-?postadresser) (?:pa|med|under) " + A_DOMAIN + "|(?:slet|slette|fjern|fjerne) (?:alle|samtlige) (?:adresser|kontakter) (?:pa|med) " + A_DOMAIN +
    // "slet venligst alle adresser på domænet sjaellandsfragt.example", "ta bort alla adresser på domänen …", "fjern alle adresser hos oss"
    "|(?:slet|slette|fjern|fjerne|ta bort|radera)(?: (?:venligst|vennligst|gerne|gjerne|garna))? (?:alle|alla|samtlige|samtliga) (?:adresser|kontakter|e-?mailadresser|e-?postadresser|medarbejdere|medarbeidere|medarbetare) (?:pa|med|under) (?:domaenet|domenet|domanen|vores domaene|vart domene|var doman) @?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}" +
    "|(?:minden|valamennyi|osszes) " + A_DOMAIN + " (?:vegzodesu )?(?:e-?mail-?cimet|cimet|cimunket)|cegunk (?:valamennyi|minden|osszes) munkatars(?:at|anak|ainak)",
  // "všechny adresy v doméně moravia-foods.example vyřadili ze své databáze"
  "(?:vsechny|vsetky) (?:e-?mailove |emailove )?(?:adresy|kontakty) (?:v|na|z|s) (?:domene|domeny|domenou) @?[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}",
  // pl, cs, sk, ro, hr: "wszystkie adresy naszej firmy", "všechny adresy naší společnosti", "všetky e-mailové adresy našej spoločnosti",
  // "toate adresele de e-mail ale companiei noastre", "sve adrese naše tvrtke"
  "(?:wszystkie|wszystkich) (?:adresy|adresow|kontakty)(?: e-?mail(?:owe)?)? (?:z )?naszej (?:firmy|spolki|organizacji)" +
    "|(?:vsechny|vsetky) (?:e-?mailove |emailove )?(?:adresy|kontakty) (?:z )?(?:nasi|nasej) (?:spolecnosti|spolocnosti|firmy|organizace|organizacie)" +
    "|toate adresele(?: de e-?mail)? ale (?:companiei|firmei|societatii) noastre" +
    "|sve (?:e-?mail )?(?:adrese|kontakte) (?:nase|iz nase) (?:tvrtke|firme|kompanije)",
  // pt: "parem de mandar e-mail para todo mundo da empresa", "tirem o domínio x.example inteiro da lista"
  "(?:parem|pare|parar|deixem|deixe) de (?:mandar|enviar|escrever)(?: (?:e-?mails?|emails?|mensagens))? (?:para|a) (?:todo mundo|todos|toda a (?:empresa|equipe)|qualquer pessoa)(?: (?:aqui )?(?:da|de|na) (?:empresa|firma|organizacao|equipe))?|(?:tirem|tire|removam|remova|excluam|exclua|retirem|retire) (?:o|nosso) dominio(?: [a-z0-9.-]+)?(?: inteiro| todo| completo)?(?= (?:da|de|do)|[.,;!]|$)",
  // pt: "que nenhum colaborador da Martins & Filhos volte a ser contactado", "todos os endereços @… sejam retirados"
  "nenhum (?:colaborador|funcionario|contato|endereco|membro) (?:da|de|do) [a-z0-9&' -]{2,40} (?:volte|voltem|deve voltar|pode voltar) a ser (?:contactad|contatad)[oa]|todos os (?:enderecos|contatos|contactos|e-?mails) (?:com |do dominio |de )?" + A_DOMAIN + " (?:sejam|devem ser) (?:retirad|removid|excluid|apagad|eliminad)os",
  // pt
  "nao (?:enviem|envie|mandem|mande) (?:mais )?(?:e-?mails |mensagens )?(?:para|pra|a) (?:ninguem|nenhum) (?:da|de|do) (?:nossa|nosso|minha|meu) (?:empresa|equipe|time|organizacao)|nao (?:contatem|contate|escrevam) (?:mais )?(?:ninguem|nenhum) (?:da|de|do) (?:nossa|nosso) (?:empresa|equipe|time)",
  "(?:(?:favor|por favor|peco que|pedimos que) )?(?:removam|remova|remover|excluam|exclua|excluir|retirem|retire|retirar|tirem|tire|tirar) todos os (?:contatos|enderecos|e-?mails|colaboradores|funcionarios) (?:da nossa|do nosso|da) (?:empresa|equipe|time|dominio)|(?:removam|remova|excluam|exclua|retirem|retire|tirem|tire) todos os (?:contatos|enderecos|e-?mails|colaboradores|funcionarios) (?:da|do|de) [a-z0-9&'-]{2,30}(?: [a-z0-9&'-]{2,30})? (?:da|de|desta|dessa|do) (?:sua |vossa )?(?:base|lista|cadastro)",
]);

/**
 * "Stop emailing my team": for the company too, but a writer who then asks for something themselves ("I'm the one
 * who handles this, send me the deck") wants the mail routed to them, not stopped.
 */
const TEAM_REQUEST = anyOf([
  "(?:(?:do not|don'?t|never) (?:e-?mail|email|contact|message|write to|mail|spam)|(?:stop|quit|cease) (?:e-?mailing|emailing|contacting|messaging|writing to|mailing|spamming)) (?:my|our) (?:colleagues|coworkers|co-workers|team|staff|employees|people|reps|sales team)(?![a-z])",
]);

/** Words that widen the writer's own removal request to the company: "and my colleagues as well", "our whole team". */
const COMPANY_SCOPE = anyOf([
  `${EVERYONE_EN} (?:else )?(?:at|in|from) (?:our|my|this) ${COMPANY_EN}|(?:anyone|everyone|anybody|everybody) with an? (?:${A_DOMAIN}|[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,4}) (?:address|e-?mail|email)|(?:the )?same (?:goes|applies) (?:for|to) (?:my|our) (?:colleagues|coworkers|co-workers|team|staff|employees)|(?:our|my) (?:whole|entire) ${COMPANY_EN}|(?:my|our) (?:colleagues|coworkers|co-workers|team|staff) (?:as well|too)|(?:all|every|any) (?:of the )?${A_DOMAIN} (?:addresses|emails|e-?mails|contacts)`,
  "(?:unser|unsere) (?:gesamtes|ganzes|gesamte|ganze) (?:unternehmen|team|firma|haus|belegschaft)|(?:alle|samtliche) (?:kollegen|kolleginnen|mitarbeiter|mitarbeitenden) (?:auch|ebenfalls)",
  "(?:toute|tout) (?:notre|l') ?(?:entreprise|societe|equipe)|(?:mes|nos) collegues (?:aussi|egalement)",
  "(?:toda|todo) (?:nuestra|nuestro|mi|la) (?:empresa|compania|equipo|organizacion)|(?:mis|nuestros) (?:companeros|colegas) (?:tambien)",
  "(?:tutta|tutto) (?:la nostra|il nostro|l') ?(?:azienda|societa|team|ufficio)|(?:i miei|i nostri) colleghi (?:anche|pure)",
  "(?:ons|onze) (?:hele|gehele|volledige) (?:bedrijf|team|organisatie)|(?:mijn|onze) collega's (?:ook)",
  "(?:toda a|todo o) (?:nossa |nosso )?(?:empresa|equipe|time|organizacao)|(?:meus|nossos) colegas (?:tambem)",
]);

/**
 * A removal asked for everyone at the writer's company, complete in itself or the writer's own (`asksForSelf`)
 * widened: where it stands in the folded text, and whether it only names their team (`team`); else null.
 */
export function companyWide(folded: string, starts: WordStarts, asksForSelf: boolean): { at: number; end: number; team: boolean } | null {
  const m = matchesOf(COMPANY_REQUEST, folded, starts)[0] ?? (asksForSelf ? matchesOf(COMPANY_SCOPE, folded, starts)[0] : undefined);
  if (m) return { at: m.index, end: m.index + m[0].length, team: false };
  // Cyrillic and Greek (outside the word-start index): scanned on a text that has such letters
  const c = OTHER_LETTERS.test(folded) ? COMPANY_SCRIPTS.exec(folded) : null;
  COMPANY_SCRIPTS.lastIndex = 0;
  if (c) return { at: c.index, end: c.index + c[0].length, team: false };
  const t = matchesOf(TEAM_REQUEST, folded, starts)[0];
  return t ? { at: t.index, end: t.index + t[0].length, team: true } : null;
}
