// A request not to be mailed again, in the seven languages: "unsubscribe",
// "remove me from your list", "stop emailing me", "take me off", "bitte
// austragen", "désinscrire", "ne plus recevoir", "darme de baja",
// "cancellami", "afmelden", "descadastrar", and wanting no more mail ("we do not
// wish to receive more emails", "ne souhaite plus recevoir", "non voglio più
// ricevere", "não quero mais receber", "I'd rather not receive these", "leave me
// alone")… Unsubscribing someone else ("unsubscribe my colleague tom@…") is not
// the writer's request. Read on the visible text only, so
// our own quoted footer ("unsubscribe here") never counts. A plain "not
// interested" or "please don't follow up" is a refusal, not a removal request.
import { anyOf } from "./fold";
import { hasMatch, WordStarts } from "../../../lib/word-starts";

/** "unsubscribe" or "opt-out" naming a thing ("unsubscribe links", "opt-out rates"): a product question, not a request. */
const AS_MODIFIER = "(?! (?:links?|buttons?|headers?|requests?|rates?|pages?|handling|management|footers?|options?|process(?:ing)?|flows?|settings?|features?|compliance|lists?)(?![a-z]))";

/** "unsubscribe my colleague", "unsubscribe him", "unsubscribe tom@…": someone else's removal, not the writer's. */
const SOMEONE_ELSE = "(?! (?:my|our) (?:colleague|coworker|co-worker|boss|manager|assistant|predecessor|wife|husband|partner|former)|(?: him| her| them)(?![a-z])| [^ @]+@)";
/** "does it support one-click unsubscribe?", "votre outil gère-t-il la désinscription automatique ?": a feature asked about. */
const AS_FEATURE = "(?<!(?:one|1)[- ]click |(?:support|supports|supporting|handle|handles|handling|manage|manages|managing|offer|offers|honou?r|honou?rs|respect|respects|automatic|automated|bulk|instant) (?:(?:the |an? |for )?(?:(?:one|1)[- ]click |automatic |automated |bulk |instant )?)?)";
const AS_FEATURE_FR = "(?<!(?:gere|gerez|gerer|gestion|gerent|gere-t-il|gere-t-elle|gerez-vous|gerer la|gestion de|gestion des|automatiser|automatisez|automatisation de) (?:la |les |des |de la )?)";

/** "make it easy to unsubscribe contacts", "stop emailing people who opted out": what the writer does to others, no request. */
const OTHERS = "(?! (?:(?:all |the |our |your |any |those |these |many |other |inactive |old )?(?:contacts?|people|users?|subscribers?|customers?|clients?|leads?|recipients?|prospects?|members?|folks|others|everyone|anyone|someone|addresses|lists?)|those|these)(?![a-z]))";

const REMOVAL = anyOf([
  // en
  `${AS_FEATURE}unsubscribe(?: me|${AS_MODIFIER}${SOMEONE_ELSE}${OTHERS})|unsubscribing|(?:already |i'?ve |i have |i )unsubscribed|opt(?:ing)? (?:me )?out${AS_MODIFIER}|opt-out${AS_MODIFIER}`,
  "remove (?:me|us|my (?:e-?mail|email|address|name|details|contact|data))|take (?:me|us|my (?:e-?mail|email|address|name)) off|delete (?:me|my (?:e-?mail|email|address|data|details|contact))|(?:delete|erase|remove) (?:all (?:of )?)?my (?:personal )?(?:data|information|info|details)",
  `(?:stop|quit|cease) (?:(?:e-?mailing|emailing|mailing|contacting|messaging|spamming)${OTHERS}|sending (?:me|us)|writing to (?:me|us)(?![a-z])|writing to(?= ?[.!,]| ?$)|bothering${OTHERS})`,
  "(?:do not|don't|dont|never) (?:e-?mail|email|mail|contact|message|write to|spam) (?:me|us)(?! (?:but|about|regarding|directly|here|on this|at this|back|via|over the phone|by (?:phone|telephone|text|sms|whatsapp|linkedin|mobile|cell)|on (?:my |the )?(?:phone|mobile|cell|linkedin|whatsapp)))",
  "no (?:more|further) (?:e-?mails|emails|mails|messages)|(?:do not|don'?t|dont|never) (?:reach out|get in touch)(?: (?:to|with) (?:me|us))? (?:again|any ?more)",
  "(?:be|get|been|me|us) removed from (?:your |the |this |these |future |all |any )?(?:mailing |contact |e-?mail |email |distribution )?(?:list|lists|emails|e-?mails|mailings|database|sequence|campaign|communications)|(?:don'?t|do not|no longer) (?:want|wish) to (?:receive|get) (?:(?:any|these|your|more|further|such) ){0,2}(?:e-?mails|emails|mails|messages)|(?:do not|don'?t) (?:want|wish) to be (?:contacted|e-?mailed|emailed) (?:again|any ?more|further)",
  "off (?:your|the) (?:mailing )?list|please stop(?: it)?(?= ?[.!]| ?$)|leave (?:me|us) alone(?= ?[.!]| ?$)|if you (?:e-?mail|email|contact|message|spam|write to) (?:me|us) (?:again|one more time|any ?more)(?= ?[.!,;]| ?$)|(?:prefer|rather) not (?:to )?(?:receive|get) (?:(?:any|these|your|more|further|such|those) ){0,2}(?:e-?mails|emails|mails|messages)|(?:prefer|rather) not (?:to )?(?:receive (?:these|those|them|this)(?= ?[.!,]| ?$)|be (?:contacted|e-?mailed|emailed)(?= ?[.!,;]| ?$| (?:again|any ?more|further|about (?:this|it|that)))|hear from you(?= ?[.!,;]| ?$| again| any ?more))",
  "cease (?:all |any |further )?(?:communications?|contact|correspondence|e-?mails|emails|outreach)(?! automatically| when| once| after| if| with (?!me|us))|cease and desist|lose my (?:number|e-?mail|email|address|details|contact)(?= ?[.!,]| ?$)",
  "(?:do not|don'?t|never) (?:want|wish) to hear from (?:you|your (?:company|team|firm))(?: again| any ?more| ever again)?(?= ?[.!,;]| ?$| again| any ?more)|(?:want|get me|let me) (?:out of|off) (?:this|your|the) (?:list|mailing list|sequence|campaign|database)|(?:purge|wipe) (?:all (?:of )?)?my (?:personal )?(?:data|information|info|details|contact|e-?mail|email|address)|(?:never|do not|don'?t) (?:e-?mail|email|mail|contact|write to|message) this (?:address|e-?mail|email|account|inbox)|(?:do not|don'?t|never) send (?:me|us) (?:anything(?: else| more)?|any ?more|(?:any )?(?:more|further) (?:e-?mails|emails|messages|mail|of (?:these|this|your (?:e-?mails|emails|messages))))(?= ?[.!,;]| ?$| (?:please|thanks|thank you|ever|again))|exclude (?:me|us|my (?:address|e-?mail|email)) from (?:(?:your|all|any|the|future) ){0,2}(?:mailings?|e-?mails|emails|lists?|communications?|campaigns?|sequences?|outreach)|(?:do not|don'?t) (?:want|wish) to be (?:contacted|e-?mailed|emailed)(?= ?[.!,;]| ?$| by you)",
  // de
  "wenn sie (?:mir|uns) (?:noch ?(?:ein)?mal|nochmals|erneut|weiter) (?:schreiben|mailen|e-?mails schicken)(?= ?[.!,;]| ?$)|(?:lassen sie|lass) (?:mich|uns) (?:bitte )?in ruhe(?= ?[.!]| ?$)|(?:mochte|moechte|mochten|moechten|wurde|wuerde) (?:diese |ihre |solche |keine )?(?:e-?mails|mails|nachrichten) (?:lieber|bitte) nicht (?:mehr )?(?:erhalten|bekommen)|austragen|austragung|(?:bitte )?abmelden|abmeldung|vom verteiler|aus (?:ihrem|dem|ihrer|der) (?:verteiler|liste|mailingliste|newsletter|datenbank)",
  "keine (?:weiteren |weitere )?(?:e-?mails|mails|nachrichten|werbung|zusendungen|angebote) mehr|keine weiteren (?:e-?mails|mails|nachrichten|zusendungen|angebote)|(?:nicht mehr|nie wieder) (?:kontaktieren|anschreiben|schreiben|zuschicken|zusenden|mailen)",
  "(?:loschen|loeschen|entfernen) sie (?:bitte )?(?:mich|meine)|(?:meine daten|meine (?:e-?mail-?)?adresse) (?:loschen|loeschen|entfernen)|schreiben sie mir nicht mehr|loschung (?:meiner|aller meiner) (?:personenbezogenen )?daten|loeschung meiner daten",
  "(?:kontaktieren|kontaktiere|schreiben|mailen|belastigen|belaestigen|behelligen) sie (?:mich|uns) (?:bitte |in zukunft |kunftig |kuenftig |zukunftig |zukuenftig )?(?:nicht mehr|nie wieder|nicht wieder|nicht erneut)(?! nur| per| uber| ueber| via| am telefon| telefonisch| auf| unter)|(?:schreiben|mailen) sie (?:mich|uns) (?:bitte )?(?:nicht mehr|nie wieder) an|(?:kontaktier|schreib) (?:mich|uns) (?:bitte )?nicht mehr|(?:mochte|moechte|mochten|moechten|will|wollen) (?:nicht mehr|nicht weiter|nie wieder|keinesfalls|nicht) (?:kontaktiert|angeschrieben|angemailt) werden(?! (?:per|uber|ueber|via|am) )|keinen (?:weiteren )?kontakt (?:mehr|erwunscht|erwuenscht)",
  "widerspreche (?:hiermit )?(?:der|jeglicher|einer|jeder) (?:weiteren )?(?:nutzung|verarbeitung|verwendung|speicherung|kontaktaufnahme|werblichen)|widerspruch gegen (?:die|jegliche|jede) (?:weitere )?(?:nutzung|verarbeitung|verwendung|werbung|kontaktaufnahme)|streichen sie (?:mich|uns|meine (?:adresse|daten|e-?mail-?adresse|kontaktdaten))|unterlassen sie (?:bitte )?(?:weitere|jegliche|kunftige|kuenftige|zukunftige|zukuenftige) (?:kontaktaufnahmen?|kontaktversuche|e-?mails|zusendungen|werbung|anfragen|anschreiben)",
  "(?:will|mochte|moechte|wollen|mochten|moechten|wunsche|wuensche) keine (?:werbung|werbemails|werbe-?e-?mails|e-?mails|mails|nachrichten|zusendungen|angebote)(?: mehr)?(?!,? (?:sondern|aber|nur|ausser|auser))(?= ?[.!,]| ?$| von (?:ihnen|euch|dir|ihrer firma)| (?:erhalten|bekommen|mehr))|meine (?:e-?mail-?)?(?:adresse|daten|kontaktdaten) zu (?:loschen|loeschen|entfernen|streichen)|(?:horen|hoeren) sie (?:bitte )?(?:damit )?auf,? (?:(?:mir|uns) (?:weiter |weiterhin |standig |staendig |immer wieder )?(?:zu schreiben|zu mailen|e-?mails zu (?:schicken|senden)|nachrichten zu (?:schicken|senden))|(?:mich|uns) (?:weiter |weiterhin |standig |staendig |immer wieder )?(?:zu kontaktieren|anzuschreiben|anzumailen|zu belastigen|zu belaestigen|zu nerven|zu spammen))",
  // fr
  "si vous (?:m'|nous )(?:ecrivez|contactez|relancez) (?:encore|a nouveau|de nouveau)(?= ?[.!,;]| ?$)|laissez-(?:moi|nous) tranquilles?(?= ?[.!]| ?$)|" + AS_FEATURE_FR + "desinscri(?:re|vez|ption|s|t)(?! automatique| en (?:un|1) clic| en masse)|desabonn(?:er|ez|ement|e)|me desinscrire|ne (?:plus|pas) recevoir|ne plus (?:me |m')?(?:contacter|ecrire|envoyer)|ne (?:souhaite|souhaitons|veux|voulons|desire|desirons|voudrais|souhaiterais) (?:plus|pas) (?:recevoir|etre (?:contacte|sollicite))",
  "(?:retirez|supprimez|enlevez)(?:-| )moi|(?:retirer|supprimer|enlever) (?:mon adresse|mes coordonnees|mes donnees|mon e-?mail)|ne (?:me |m')?(?:contactez|ecrivez|sollicitez|envoyez) plus|(?:me retirer|m'enlever|me supprimer|me desinscrire) de (?:votre|vos|la|ces) (?:listes?|fichiers?|bases?|envois|mailings?)",
  "arretez de (?:m'|nous )(?:ecrire|envoyer|contacter|solliciter|spammer|relancer)|arretez de (?:me|nous) (?:contacter|solliciter|spammer|relancer|harceler|spammer)|cesse[rz]? (?:tout |toute |toutes |tous )?(?:contacts?|communications?|sollicitations?|envois?)(?![a-z])",
  "(?:retirez|supprimez|enlevez|effacez) (?:mon adresse|mes coordonnees|mes donnees|mon e-?mail|mon nom)|ne plus (?:me |m')?(?:solliciter|relancer|spammer|importuner|deranger)",
  // es
  "si (?:me|nos) (?:vuelve|vuelves|vuelven) a (?:escribir|contactar|mandar)(?= ?[.!,;]| ?$)|(?:dejeme|dejame|dejenme|dejadme|dejennos|dejenos) en paz(?= ?[.!]| ?$)|(?:prefiero|preferimos|preferiria) no (?:recibir|seguir recibiendo)|dar(?:me)? de baja|d(?:a|e|en|ad)(?:me|nos) de baja|(?:eliminame|eliminadme|elimineme|eliminenme|borrame|borradme|borreme|borrenme|quitame|quitadme|quiteme|quitenme|sacame|sacadme|saqueme|saquenme) de (?:su|la|tu|vuestra|esta|esa) (?:lista|base)|darnos de baja|(?:la |una )?baja de (?:su|la|tu|vuestra) (?:lista|base)|(?:eliminar|borrar|quitar)(?:me|nos)? de (?:su|la|tu|vuestra) (?:lista|base)",
  "no (?:me |nos )?(?:envien|envies|envie|contacten|contactes|contacte|escriban|escribas|escriba|manden|mandes|mande) (?:(?:mas )?(?:correos|e-?mails|mensajes) )?mas|no (?:me |nos )?(?:envie|envies|envien|mande|mandes|manden) mas (?:correos|e-?mails|mensajes)|dej(?:en|a|ad) de (?:enviar|escribir|contactar|mandar)(?:me|nos)?|(?:solicito|pido|quiero|deseo) (?:la |mi |darme de )?baja|no (?:vuelvan|vuelvas|vuelva) a (?:escribir|contactar|enviar|mandar)(?:me|nos)|no (?:quiero|queremos|deseo|deseamos) (?:recibir|seguir recibiendo) (?:mas )?(?:sus |tus |vuestros )?(?:correos|e-?mails|mensajes)",
  "(?:borren|eliminen|borrad|eliminad|borra|elimina) mis datos|(?:cancelar|anular) (?:la |mi )?suscripcion|desuscribir(?:me)?|desuscribanme",
  "no (?:se ponga|se pongan|te pongas) (?:mas )?en contacto(?= ?[.!,;]| ?$| (?:conmigo|con nosotros|de nuevo|otra vez|nunca mas))|no (?:vuelva|vuelvas|vuelvan) a ponerse en contacto|no (?:me|nos) (?:contacte|contactes|contacten|llame|llames|llamen) mas",
  "(?:eliminen|elimine|eliminad|borren|borre|borrad|quiten|quite|saquen|saque) (?:mi|mis) (?:direccion|correo|e-?mail|datos|contacto)|no (?:quiero|queremos|deseo|deseamos) (?:volver a )?ser (?:contactad[oa]s?|molestad[oa]s?)(?! (?:por telefono|al movil|al celular|por whatsapp|por linkedin|via))",
  // it
  "se (?:mi|ci) (?:scrivete|scrivi|scrive|contattate|contatti|contatta) (?:ancora|di nuovo)(?= ?[.!,;]| ?$)|(?:lasciatemi|lasciami|mi lasci|lasciateci) in pace(?= ?[.!]| ?$)|(?:preferisco|preferiamo|preferirei) non (?:ricevere|continuare a ricevere)|cancellami|cancellatemi|cancellarmi|cancellate (?:il mio|la mia)|cancellare (?:il mio|la mia) (?:indirizzo|e-?mail|iscrizione|contatto)",
  "rimuovetemi|rimuovermi|rimuovimi|rimuovere (?:il mio|la mia) (?:indirizzo|e-?mail|contatto)|toglietemi|togliermi dalla",
  "non (?:mi |ci )?(?:scrivete|contattate|inviate|mandate|scrivere|contattare|scriva|contatti|invii|mandi) piu|non (?:voglio|vogliamo|desidero|desideriamo) piu ricevere|non (?:contattatemi|scrivetemi|mandatemi|inviatemi|contattarmi|scrivermi) piu|(?:cancellare|eliminare|cancellate|eliminate) i miei dati|smett(?:ete|i|a|ila|etela) di (?:scriver|contattar|inviar|mandar)(?:mi|ci)|disiscrivere|disiscrivermi|(?:essere|venire) (?:rimoss[oaie]|cancellat[oaie]|tolt[oaie]) (?:dalla|dalle|dal) (?:vostra |sua |tua |vostre |vostro )?(?:mailing ?list|lista|liste|newsletter|banca dati|database|elenco|indirizzario)|annullare l'iscrizione|disiscrizione",
  "non (?:voglio|vogliamo|desidero|desideriamo) (?:piu )?essere (?:piu )?(?:contattat[oaie]|disturbat[oaie]|ricontattat[oaie])(?! (?:telefonicamente|per telefono|al telefono|su linkedin|via|sul cellulare))",
  // nl
  "als (?:u|je|jullie) (?:mij|me|ons) (?:nog een keer|nog eens|opnieuw|weer) (?:mailt|mailen|e-?mailt|benadert|benaderen|contacteert)(?= ?[.!,;]| ?$)|(?:laat|laten) (?:me|mij|ons) (?:alsjeblieft |aub )?met rust(?= ?[.!]| ?$)|(?:ontvang|ontvangen|krijg|krijgen) (?:deze |uw |jullie |zulke )?(?:e-?mails|mails|berichten) liever niet|afmelden|afmelding|afgemeld (?:te )?worden|uitschrijven|uit (?:jullie|uw|het|je) (?:bestand|database|mailinglijst|verzendlijst)|(?:niet meer|nooit meer) te (?:mailen|e-?mailen|benaderen|contacteren)|schrijf (?:me|mij|ons) uit|verwijder (?:mij|me|ons|mijn)|haal (?:mij|me|ons) (?:alsjeblieft |alstublieft |aub |even |graag )?(?:van|uit)",
  "geen (?:e-?mails|mails|berichten|nieuwsbrieven) meer|(?<=(?:mail|e-?mail|benader|contacteer) (?:me|mij|ons) (?:alsjeblieft |alstublieft |aub |a\\.u\\.b\\. |svp )?)(?:niet meer|nooit meer)(?= ?[.!,;]| ?$)|(?:niet meer|nooit meer) (?:mailen|benaderen|contacteren|e-?mailen)|stop met (?:mailen|e-?mailen|sturen|benaderen)",
  "(?:neem|neemt) (?:(?:alstublieft|aub|svp|graag|verder) )?geen (?:verder |verdere )?contact (?:meer )?(?:met (?:mij|me|ons) )?op|(?:benader|contacteer|mail|e-?mail) (?:mij|me|ons) (?:alstublieft |aub |svp |graag )?niet (?:meer|nog eens|opnieuw)|(?:wil|willen) niet (?:meer|langer) (?:benaderd|gecontacteerd|gemaild) worden",
  "stuur (?:me|mij|ons) (?:niks|niets) meer",
  // pt
  "se (?:me|nos) (?:escrever|escreverem|contatar|contatarem|mandar|mandarem) (?:de novo|novamente|outra vez|outro e-?mail)(?= ?[.!,;]| ?$)|(?:me deixe|me deixem|deixe-me|deixem-me|nos deixe) em paz(?= ?[.!]| ?$)|(?:prefiro|preferimos|preferiria) nao (?:receber|continuar recebendo)|descadastr(?:ar|a|e|em|o|ar-me|e-me|a-me)|descadastramento|(?:remover|remova|removam|retire|retirem|tirem|tire)(?:-me| (?:o )?meu (?:e-?mail|email|endereco|contato|nome)| me (?:da|desta|de) (?:lista|base))",
  "nao (?:me |nos )?(?:envie|enviem|mande|mandem|contate|contatem|contacte|contactem|escreva|escrevam) mais|parem? de (?:me |nos )?(?:enviar|mandar|contatar|escrever)|nao (?:quero|queremos|desejo|desejamos) (?:mais )?receber (?:mais )?(?:seus |suas |os seus |as suas )?(?:e-?mails|emails|mensagens)",
  "nao (?:entre|entrem|entra) (?:mais )?em contato(?= ?[.!,;]| ?$| (?:comigo|conosco|novamente|de novo|outra vez))|nao (?:me|nos) (?:procure|procurem|liguem|ligue) mais",
  "(?:exclua|excluam|apague|apaguem|delete|deletem|remova|removam) (?:os )?meus dados",
  "nao (?:quero|queremos|desejo|desejamos) (?:mais )?ser (?:mais )?(?:contatad[oa]s?|contactad[oa]s?|incomodad[oa]s?)(?! (?:por telefone|pelo telefone|no celular|pelo whatsapp|pelo linkedin|via))",
  "cancel(?:ar|em|e) (?:a )?(?:minha )?inscricao|sair da (?:lista|sua lista)|me (?:tire|tirem|retire|retirem|remova|removam|exclua|excluam) (?:da|desta|dessa|de|do)(?: sua| vossa)? (?:lista|base|cadastro|mailing)",
]);

/**
 * "STOP" (or "remove", "unsub", "no more") as the whole reply or its last clause ("Not interested, remove.",
 * "Stop. Just stop."), as text-message opt-outs taught people to write.
 */
const BARE_STOP = /(?:^|[.!,;:]\s*|\s[-–]\s*)(?:(?:just|pls|plz|please)\s+)?(?:stop|stopp|remove|unsub|no more)\s*[.!]*\s*$/;
/** "STOP STOP STOP": nothing but stops. */
const STOPS_ONLY = /^\s*(?:(?:stop|stopp|remove|unsub)[\s.!,]*){2,}$/;

/** `starts`: the folded text's word starts, when the caller has them (the list then runs only where its entries can begin). */
export function asksRemoval(folded: string, starts?: WordStarts): boolean {
  REMOVAL.lastIndex = 0;
  const listed = starts ? hasMatch(REMOVAL, folded, starts) : REMOVAL.test(folded);
  // a bare stop ends the text
  return listed || BARE_STOP.test(folded.slice(-80)) || (folded.length <= 200 && STOPS_ONLY.test(folded));
}
