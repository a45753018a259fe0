// A request not to be mailed again, in the seven languages (and the common
// forms in fifteen more: more-languages.ts, other-scripts.ts): "unsubscribe",
// "remove me from your list", "stop emailing me", "take me off", "bitte
// austragen", "désinscrire", "ne plus recevoir", "darme de baja",
// "cancellami", "afmelden", "descadastrar", and wanting no more mail ("we do not
// wish to receive more emails", "ne souhaite plus recevoir", "non voglio più
// ricevere", "não quero mais receber", "I'd rather not receive these", "leave me
// alone")… Unsubscribing someone else ("unsubscribe my colleague tom@…") is not
// the writer's request. Read on the visible text only, so
// our own quoted footer ("unsubscribe here") never counts. A plain "not
// interested" or "please don't follow up" is a refusal, not a removal request.
import { anyOf, inQuotes, quotedSpans } from "./fold";
import { BARE_REMOVAL_MORE, COURTESY_MORE, REMOVAL_MORE } from "./more-languages";
import { asksRemovalInOtherScripts } from "./other-scripts";
import { matchesOf, WordStarts } from "../../../lib/word-starts";

/** "unsubscribe" or "opt-out" naming a thing ("unsubscribe links", "opt-out rates"): a product question, not a request. */
const AS_MODIFIER = "(?! (?:links?|buttons?|headers?|requests?|rates?|pages?|handling|management|footers?|options?|process(?:ing)?|flows?|settings?|features?|compliance|lists?)(?![a-z]))";

/** "unsubscribe my colleague", "unsubscribe him", "unsubscribe tom@…": someone else's removal, not the writer's. */
const SOMEONE_ELSE = "(?! (?:my|our) (?:colleague|coworker|co-worker|boss|manager|assistant|predecessor|wife|husband|partner|former)|(?: him| her| them)(?![a-z])| [^ @]+@)";
/**
 * What a person may be taken off without leaving the list: "remove me from the CC", "exclude me from the invite", "take me
 * off the tuesday invite", "remove me from the weekly call" (not "the call list": a list of people to call).
 */
const WHICH_ONE = "(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|today|tomorrow|[0-9]{1,2}(?:st|nd|rd|th)?)(?:'s)? |(?:weekly|daily|monthly|quarterly|recurring|calendar|zoom|teams|team|project|kick-?off|follow-?up|intro) ){0,2}";
const A_THREAD = `(?:the |this |that |your |our |my )?${WHICH_ONE}(?:cc|bcc|thread|chain|invite(?! list)|invitation(?! list)|loop|conversation|meeting(?! list)|call(?! ?list)|check-?ins?|catch-?ups?|stand-?ups?|syncs?|sessions?|group|short ?list|long ?list|guest ?list|attendee list|participant list|registration list|pipeline|process|panel|rota|running)`;
/** "does it support one-click unsubscribe?", "votre outil gère-t-il la désinscription automatique ?": a feature asked about. */
const AS_FEATURE = "(?<!(?:one|1)[- ]click |(?:support|supports|supporting|handle|handles|handling|manage|manages|managing|offer|offers|honou?r|honou?rs|respect|respects|automatic|automated|bulk|instant) (?:(?:the |an? |for )?(?:(?:one|1)[- ]click |automatic |automated |bulk |instant )?)?)";
const AS_FEATURE_FR = "(?<!(?:gere|gerez|gerer|gestion|gerent|gere-t-il|gere-t-elle|gerez-vous|gerer la|gestion de|gestion des|automatiser|automatisez|automatisation de) (?:la |les |des |de la )?)";

/**
 * "make it easy to unsubscribe contacts", "stop emailing people who opted out": what the writer does to others, no request;
 * "stop emailing my colleagues" is their company's (company-wide.ts).
 */
const OTHERS = "(?! (?:(?:all |the |our |my |your |their |any |those |these |many |other |inactive |old )?(?:[a-z-]+ )?(?:contacts?|people|users?|subscribers?|customers?|clients?|leads?|recipients?|prospects?|members?|folks|others|everyone|anyone|someone|addresses|lists?|colleagues|coworkers|co-workers|team|staff|employees|reps|company|firm|organi[sz]ation|business|domain)|those|these|themselves|himself|herself)(?![a-z]))";

/** What the writer asks to be removed from when it is the mail itself: "removed from your list", "from the database", "from all your emails". */
const MAILED = "from (?:(?:your|the|this|these|all|any|every|each|future|our|all your|all of your) )?(?:[a-z-]+ )?(?:lists?|database|databases|e-?mails|emails|mailings?|sequences?|campaigns?|communications|outreach|crm|records|system|newsletters?|contacts|cadences?|everything)(?![a-z])";

/** "stop sending me attachments, our server blocks them": what comes with the mail, not the mail. */
const NOT_FILES = "(?! (?:(?:any|more|large|big|these|those|the|your) )*(?:attachments?|attached files|files|pdfs?|documents?|docs|zips?|zip files|images|pictures|screenshots|links)(?![a-z]))";

/** "I almost hit unsubscribe on this one, but…": a removal not made. */
const ALMOST = "(?<!(?:almost|nearly|about to|was going to|tempted to|close to|i'?d|i would|i'?d have|i would have|would have) (?:hit |hitting |click |clicking |clicked |press |pressing |pressed |use |using )?(?:the )?)";

/** "why so many candidates unsubscribe from our newsletter": others who do it, spoken of. */
const OTHERS_DO = "(?<!(?:candidates|customers|users|subscribers|people|members|recipients|contacts|clients|readers|buyers|shoppers|leads|prospects|they|many|few|some|who|that)(?: [a-z]+){0,2} )";

/** "don't stop sending these, they're useful": a stop negated asks for more, not less. */
const NOT_NEGATED = "(?<!(?:don'?t|do not|never|not|please don'?t) )";

const REMOVAL = anyOf([
  // en
  `(?<!list-)${AS_FEATURE}${NOT_NEGATED}${ALMOST}${OTHERS_DO}unsubscribe(?: me|${AS_MODIFIER}${SOMEONE_ELSE}${OTHERS})|(?<!(?:ended up|end up|kept|keep|started|stopped|were|was|are|they|we|people|users|customers|subscribers|folks|of|from|about|by|after|before|for|on|without|avoid|consider|considering|think about|thinking about|not|never) )unsubscribing|(?<!(?:who|that|which|they|people|contacts|users|he|she) )(?:already |i'?ve |i have |i )unsubscribed(?! from (?:a|an|their|his|her|its|your (?:competitors?|rivals?|partners?)|(?:your |the )?[a-z0-9]+'s)(?![a-z]))|opt(?:ing)? (?:me )?out${AS_MODIFIER}|opt-out${AS_MODIFIER}`,
  "(?:remove|take|unsubscribe|delete|drop) (?:[a-z'-]{2,30} ){1,3}and (?:me|myself|us)(?= (?:from|off|out of)(?![a-z]))(?! (?:from|off|out of) " + A_THREAD + ")",
  "remove (?:both )?(?:me|us|my (?:(?:work|old|business|company|office|personal|private|other|current|previous|former) )?(?:e-?mail|email|address|name|details|contact|data|id|mail id))(?! (?:from|off) " + A_THREAD + ")|take (?:me|us|both of us|all of us|the two of us|my (?:e-?mail|email|address|name)|this (?:e-?mail |email )?address) off(?! " + A_THREAD + ")|delete (?:me|my (?:e-?mail|email|address|data|details|contact))|(?:delete|erase|remove) (?:all (?:of )?)?my (?:personal )?(?:data|information|info|details)",
  `${NOT_NEGATED}(?:stop|quit|cease) (?:(?:e-?mailing|emailing|mailing|contacting|messaging|spamming)${OTHERS}|sending (?:me|us)${NOT_FILES}|to (?:send|write to|e-?mail|mail|contact|message) (?:me|us)(?![a-z])${NOT_FILES}|writing to (?:me|us)(?![a-z])|writing to(?= ?[.!,]| ?$)|bothering${OTHERS})`,
  "(?:do not|don't|dont|never)(?: ever)? (?:e-?mail|email|mail|contact|message|write to|spam) (?:me|us)(?! (?:the|a|an|it)(?![a-z]))(?! (?:but|about|regarding|directly|here|on this|at this|back|via|over the phone|by (?:phone|telephone|text|sms|whatsapp|linkedin|mobile|cell)|on (?:my |the )?(?:phone|mobile|cell|linkedin|whatsapp)))",
  "no (?:more|further) (?:e-?mails|emails|mails|messages)|(?:don'?t|do not|never) (?:add|put) (?:me|us) (?:in|on|to|into) (?:any (?:of )?)?(?:your|the|these|those) (?:sequences?|lists?|campaigns?|mailing lists?|cadences?|databases?)|(?:do not|don'?t|dont|never) (?:reach out|get in touch)(?: (?:to|with) (?:me|us))? (?:again|any ?more)",
  "(?:be|get|been|me|us) removed from (?:your |the |this |these |future |all |any )?(?:mailing |contact |e-?mail |email |distribution )?(?:list|lists|emails|e-?mails|mailings|database|sequence|campaign|communications)|(?:don'?t|do not|no longer) (?:want|wish) to (?:receive|get) (?:(?:any|these|your|more|further|such) ){0,2}(?:e-?mails|emails|mails|messages)|(?:do not|don'?t) (?:want|wish) to be (?:contacted|e-?mailed|emailed) (?:again|any ?more|further)",
  "(?:me|us|myself|want|get|stay|keep) off (?:your|the) (?:mailing )?list|please stop(?: it)?(?= ?[.!]| ?$)|leave (?:me|us) alone(?= ?[.!]| ?$)|if you (?:e-?mail|email|contact|message|spam|write to) (?:me|us) (?:again|one more time|any ?more)(?= ?[.!,;]| ?$| (?:i'?ll|i will|we'?ll|we will) (?:report|block|flag|mark))|(?:prefer|rather) not (?:to )?(?:receive|get) (?:(?:any|these|your|more|further|such|those) ){0,2}(?:e-?mails|emails|mails|messages)|(?:prefer|rather) not (?:to )?(?:receive (?:these|those|them|this)(?= ?[.!,]| ?$)|be (?:contacted|e-?mailed|emailed)(?= ?[.!,;]| ?$| (?:again|any ?more|further|about (?:this|it|that)))|hear from you(?= ?[.!,;]| ?$| again| any ?more))",
  "cease (?:all |any |further )?(?:communications?|contact|correspondence|e-?mails|emails|outreach)(?! automatically| when| once| after| if| with (?!me|us))|cease and desist|lose my (?:number|e-?mail|email|address|details|contact)(?= ?[.!,]| ?$)",
  "(?:do not|don'?t|never) (?:want|wish) to hear from (?:you|your (?:company|team|firm))(?: again| any ?more| ever again)?(?= ?[.!,;]| ?$| again| any ?more)|(?:want|get me|let me) (?:out of|off) (?:this|your|the) (?:list|mailing list|sequence|campaign|database)|(?:purge|wipe) (?:all (?:of )?)?my (?:personal )?(?:data|information|info|details|contact|e-?mail|email|address)|(?:never|do not|don'?t) (?:e-?mail|email|mail|contact|write to|message) this (?:address|e-?mail|email|account|inbox)|(?:do not|don'?t|never) send (?:me|us) (?:anything(?: else| more)?|any ?more|(?:any )?(?:more|further) (?:e-?mails|emails|messages|mail|of (?:these|this|your (?:e-?mails|emails|messages))))(?= ?[.!,;]| ?$| (?:please|thanks|thank you|ever|again))|exclude (?:me|us|my (?:address|e-?mail|email)) from (?:(?:your|all|any|the|future) ){0,2}(?:mailings?|e-?mails|emails|lists?|communications?|campaigns?|sequences?|outreach)|(?:do not|don'?t) (?:want|wish) to be (?:contacted|e-?mailed|emailed)(?= ?[.!,;]| ?$| by you)",
  "(?:confirm|make sure|ensure|see to it) (?:that )?my (?:e-?mail |email )?(?:address|e-?mail|email|details|contact details|data) (?:has been|have been|is|be|gets|get|are) (?:removed|deleted|taken off|erased) " + MAILED + "|(?:want|would like|i'?d like|we'?d like|have|get) my (?:e-?mail |email )?(?:address|e-?mail|email|details|contact details|data) (?:removed|deleted|taken off|erased) " + MAILED + "|(?:remove|delete|erase) (?:this|that) (?:e-?mail |email )?(?:address|e-?mail|email|account)(?= from (?!" + A_THREAD + ")| ?[.!,:]| ?$)|(?:remove|delete|erase|take) it (?:from|off) (?:your|the|all your|any of your) (?:mailing |contact |e-?mail |distribution |sales |marketing )?(?:lists?|database|crm|system|records)(?![a-z])(?! of )|refrain from (?:e-?mailing|emailing|contacting|messaging|writing to|sending (?:me|us))|(?:add|put|place) (?:me|us|my (?:address|e-?mail|email)) (?:on|to) (?:your |the |a )?do[- ]not[- ](?:contact|e-?mail|email|mail|call|solicit)",
  NOT_NEGATED + "(?:stop|quit|cease|discontinue|halt)(?: (?:with|sending|all|these|those|the|your|any|further|future|me|us|of|more|marketing|sales|cold|automated|this|daily|weekly|constant|repeated|endless|unsolicited)){1,4} (?:e-?mails|emails|mails|messages|follow-?ups|outreach|communications?|spam|newsletters?)(?= ?[.!;]| ?$|,? (?:please|now|thanks|thank you|already|immediately|asap|to me|to us|to (?:this|my|our) (?:address|e-?mail(?: address)?|account|inbox)|from you|from your|for good|altogether))|(?:don'?t|do not|no longer) (?:want|need|wish to (?:receive|get))(?: (?:any|more|further|of|your|these|those|such|the))+ (?:e-?mails|emails|mails|messages|follow-?ups|outreach|communications?|spam|newsletters?)(?= ?[.!;]| ?$|,? (?:please|now|thanks|thank you|already|immediately|asap|to me|to us|to (?:this|my|our) (?:address|e-?mail(?: address)?|account|inbox)|from you|from your|for good|altogether))",
  "(?:drop|exclude|scratch|strike) (?:me|us) (?:from|off)(?![a-z])(?! " + A_THREAD + ")|(?:want|wish|like|ask|need|asked|asking) to be (?:removed|unsubscribed|taken off|deleted|opted out|erased)(?= ?[.!,;]| ?$| (?:please|now|immediately|asap)| " + MAILED + ")|(?:do not|don'?t|never) send (?:(?:any|further|more|additional) )+(?:e-?mails|emails|messages|mail) to (?:this|my|our) (?:address|e-?mail|email|inbox|account)",
  NOT_NEGATED + "stop sending (?:me |us )?(?:these|them|those|this|this stuff|any of this)(?= ?[.!,;]| ?$| or (?:i|we)(?:'ll| will|'m| am)? )|stop (?:following up|the follow-?ups|chasing (?:me|us))(?= ?[.!,;]| ?$| with (?:me|us)| please)|my (?:details|data|information|info|e-?mail|email|address|contact(?: details)?) (?:to be )?(?:deleted|removed|erased|purged)|cut (?:it )?out (?:with )?(?:the|these|your) (?:e-?mails|emails|messages)|(?:kill|end|stop|cancel) (?:the|this|your) (?:sequence|campaign|drip|cadence)(?= ?[.!,;]| ?$| for me| please| now)",
  // reported or marked as spam by the writer (not "our emails get flagged as spam": talk of the product): never mail them again
  "(?<=(?:^|[.!?;,] )(?:(?:i|we)(?:'ve| have|'ll| will)?(?: just| already| now| hereby)? )?)(?:reported|marked|flagged)(?: (?:this|you|it|them|these|your (?:e-?mails?|emails?|messages?|domain|company)|this (?:e-?mail|email|message)))? as (?:spam|junk|phishing)|(?:(?:i'?m|i am|we'?re|we are) |(?<=(?:^|[.!?;,] )))(?:reporting|marking|flagging) (?:this|you|it|your (?:e-?mails?|emails?|messages?|domain|company)) as (?:spam|junk|phishing)|(?<=(?:i|we)(?:'ve| have)? )reported (?:this|you|it|your (?:company|domain|e-?mails?|emails?)) to (?:your|the) (?:e-?mail |email |mail |hosting |domain )?(?:provider|isp|host|registrar|abuse (?:team|desk|department)|authorities|regulator|data protection (?:authority|officer)|spamhaus|spamcop|postmaster)" +
    "|(?:habe|hab|haben) (?:sie|euch|das|dies|ihre (?:e-?mail|mail|nachricht)|diese (?:e-?mail|mail|nachricht)) als spam (?:markiert|gemeldet)|(?<=(?:^|[.!?;] ))als spam (?:markiert|gemeldet)" +
    "|(?:je (?:l'ai|les ai|vous ai)|j'ai) (?:signale|marque|classe)(?:e?s?)? (?:comme|en) (?:spam|indesirables?)|(?<=(?:^|[.!?;] ))signale comme spam" +
    "|(?:lo he|los he|le he|la he|he) (?:marcado|reportado|denunciado) como spam|(?<=(?:^|[.!?;] ))(?:marcado|reportado|denunciado) como spam" +
    "|(?:l'ho|li ho|vi ho|ho) (?:segnalat|contrassegnat|marcat)[oaie] come spam|(?<=(?:^|[.!?;] ))segnalat[oaie] come spam" +
    "|(?:ik heb|heb|we hebben) (?:u|jullie|dit|het|deze (?:mail|e-?mail)) als spam (?:gemarkeerd|gemeld)|(?<=(?:^|[.!?;] ))als spam (?:gemarkeerd|gemeld)" +
    "|(?:marquei|denunciei|reportei)(?: (?:voces|vcs|isso|esse e-?mail|este e-?mail|a empresa|o e-?mail))? como spam|(?<=(?:^|[.!?;] ))(?:marcado|denunciado|reportado) como spam",
  "(?:request|demand|ask for|want) (?:the )?(?:deletion|erasure|removal) of (?:all )?(?:my|our) (?:personal )?(?:data|information|details|contact details|e-?mail(?: address)?|address)|(?:do not|don'?t|never) (?:add|put|include|enroll) (?:me|us|my (?:address|e-?mail)) (?:to|on|in|into) (?:any|your|another)(?: more| further| other| future)? (?:sequences?|lists?|campaigns?|mailings?|newsletters?|outreach|cadences?)|take (?:me|us|my (?:e-?mail|email|address|name|details|data)) out of (?:your|the|this) (?:system|database|list|lists|crm|records|mailing list|contacts)",
  "(?<=(?:if|wish|when) you (?:would |could |just )?)(?:stopped|ceased|quit) (?:e-?mailing|emailing|mailing|contacting|messaging|spamming|writing to) (?:me|us)(?![a-z])|(?<=my (?:e-?mail |email )?(?:address|details|data|info|information|contact details)(?: [a-z]+){0,6} ?[?.!]? ?)(?:delete|erase|remove) it(?= ?[.!,;]| ?$| (?:please|now|immediately|asap))|(?:mark|flag|list|tag|set) (?:me|us|my (?:address|e-?mail|email)) as (?:a )?(?:do[- ]not[- ](?:contact|e-?mail|email|mail|call|solicit)|unsubscribed|opted[- ]out)|remove (?:our|my) (?:company|firm|team|organi[sz]ation|business|domain) from (?:(?:your|the|all|any|future) ){1,2}(?:[a-z-]+ )?(?:lists?|outreach|database|mailings?|sequences?|campaigns?|e-?mails|emails|crm|communications|contacts)|(?:asked|requested|told you)(?: you)?(?: (?:[a-z0-9]+ ){0,3}?| )to be (?:removed|unsubscribed|taken off|deleted|opted out|erased)(?= ?[.!,;]| ?$| " + MAILED + "| (?:already|before|last|twice|three|several|many|multiple|repeatedly))|(?:don'?t|do not|no longer) (?:want|wish) to (?:receive|get) (?:any )?(?:more|further) (?:information|info|updates|offers|newsletters)(?= ?[.!,;]| ?$| from you| please)",
  // "kindly add my email id to your do-not-contact list"
  "add my (?:e-?mail(?: id| address)?|email(?: id| address)?|address|id) to (?:your|the) do[- ]not[- ](?:contact|e-?mail|email|mail|call) list",
  // "kindly do not send further mails on this id", "Spam. Reported.", "I've blocked your domain"
  "(?:do not|don'?t|dont|never) send (?:me |us )?(?:any ?more|any further|further|more|additional) (?:e-?mails|emails|mails|messages|promotions|marketing)(?= ?[.!,;]| ?$| (?:on|to) (?:this|my|our) (?:id|address|e-?mail|email|mail id|inbox))" +
    "|(?<=spam[.!,]? (?:(?:i|we)(?:'ve| have)? )?)reported(?: (?:it|this|you))?(?= ?[.!]| ?$)" +
    "|(?:i'?ve|i have|we'?ve|we have|i|we) (?:just |now |already )?blocked (?:you|your (?:domain|company|address|e-?mails?|emails?|messages?))(?= ?[.!,;]| ?$| (?:now|already|permanently))",
  // de
  // "hören Sie (endlich) auf, mir zu schreiben"
  "(?:horen|hoeren) sie (?:bitte |endlich |doch |jetzt )*auf,? (?:mir|uns) (?:zu )?(?:schreiben|mailen|e-?mails zu (?:schicken|senden))",
  // the separable verb: "bitte melden Sie mich ab", "tragen Sie uns aus Ihrem Verteiler aus"
  "(?:melden|tragen) sie (?:mich|uns) (?:bitte )?(?:[a-z]+ ){0,4}(?:ab|aus)(?= ?[.!,;]| ?$| bitte)|(?:meldet|tragt) (?:mich|uns) (?:bitte )?(?:[a-z]+ ){0,4}(?:ab|aus)(?= ?[.!,;]| ?$| bitte)",
  "wenn sie (?:mir|uns) (?:noch ?(?:ein)?mal|nochmals|erneut|weiter) (?:schreiben|mailen|e-?mails schicken)(?= ?[.!,;]| ?$)|(?:lassen sie|lass) (?:mich|uns) (?:(?:bitte|endlich|doch|jetzt|einfach) )*in ruhe(?= ?[.!]| ?$)|(?:mochte|moechte|mochten|moechten|wurde|wuerde) (?:diese |ihre |solche |keine )?(?:e-?mails|mails|nachrichten) (?:lieber|bitte) nicht (?:mehr )?(?:erhalten|bekommen)|(?<![\"'](?:bitte |einfach )?)(?<!(?<![a-z])(?:die|eine|der|den|einer|einen|keine|jede|jeder|ihre|unsere|automatische|automatischen|einfache|einfachen) )(?:austragen|austragung|(?:bitte )?abmelden|abmeldung)|vom verteiler|(?<!(?:nehmen|streichen|entfernen|loschen|loeschen|tragen) sie (?:ihn|sie|herrn? [a-z]+|frau [a-z]+|meinen (?:kollegen|vorganger|vorgaenger)|meine (?:kollegin|vorgangerin|vorgaengerin)) )aus (?:ihrem|dem|ihrer|der) (?:verteiler|liste|mailingliste|newsletter|datenbank)",
  "keine (?:weiteren |weitere )?(?:e-?mails|mails|nachrichten|werbung|zusendungen|angebote|[a-z]{2,12}-?(?:e-?mails|mails)) mehr|keine weiteren (?:e-?mails|mails|nachrichten|zusendungen|angebote)|(?:nicht mehr|nie wieder) (?:kontaktieren|anschreiben|schreiben|zuschicken|zusenden|mailen)",
  "(?:loschen|loeschen|entfernen) sie (?:bitte )?(?:aus (?:ihrem|dem|ihrer|der) (?:system|verteiler|crm|datenbank|liste) )?(?:mich|meine(?! (?:vorherige|vorige|letzte|erste|fruhere|fruehere|gesendete|versehentlich[a-z]*) (?:e-?mail|mail|nachricht)))|(?:meine daten|meine (?:e-?mail-?)?adresse) (?:loschen|loeschen|entfernen)|schreiben sie mir nicht mehr|loschung (?:meiner|aller meiner) (?:personenbezogenen )?daten|loeschung meiner daten",
  "(?:kontaktieren|kontaktiere|schreiben|mailen|belastigen|belaestigen|behelligen) sie (?:mich|uns) (?:bitte |in zukunft |kunftig |kuenftig |zukunftig |zukuenftig )?(?:nicht mehr|nie wieder|nicht wieder|nicht erneut|nicht weiter|nicht langer|nicht laenger)(?! nur| per| uber| ueber| via| am telefon| telefonisch| auf| unter)|(?:schreiben|mailen) sie (?:mich|uns) (?:bitte )?(?:nicht mehr|nie wieder) an|(?:kontaktier|schreib) (?:mich|uns) (?:bitte )?nicht mehr|(?:mochte|moechte|mochten|moechten|will|wollen) (?:nicht mehr|nicht weiter|nie wieder|keinesfalls|nicht) (?:kontaktiert|angeschrieben|angemailt) werden(?! (?:per|uber|ueber|via|am) )|keinen (?:weiteren )?kontakt (?:mehr|erwunscht|erwuenscht)",
  "widerspreche (?:ich )?(?:hiermit )?(?:ich )?(?:(?:gemass|gem\\.|nach|laut) (?:art\\.?|artikel) ?[0-9]+(?: abs\\.? ?[0-9]+)? (?:der )?(?:eu-)?(?:ds-?gvo|gdpr),? )?(?:der|jeglicher|einer|jeder) (?:weiteren )?(?:nutzung|verarbeitung|verwendung|speicherung|kontaktaufnahme|werblichen)|widerspruch gegen (?:die|jegliche|jede) (?:weitere )?(?:nutzung|verarbeitung|verwendung|werbung|kontaktaufnahme)|streichen sie (?:mich|uns|meine (?:adresse|daten|e-?mail-?adresse|kontaktdaten)|meinen (?:namen|kontakt|eintrag|datensatz))|unterlassen sie (?:bitte )?(?:(?:jede|jegliche|alle) )?(?:weitere|jegliche|kunftige|kuenftige|zukunftige|zukuenftige) (?:kontaktaufnahmen?|kontaktversuche|e-?mails|zusendungen|werbung|anfragen|anschreiben)",
  "(?:will|mochte|moechte|wollen|mochten|moechten|wunsche|wuensche) keine (?:werbung|werbemails|werbe-?e-?mails|e-?mails|mails|nachrichten|zusendungen|angebote)(?: mehr)?(?!,? (?:sondern|aber|nur|ausser|auser))(?= ?[.!,]| ?$| von (?:ihnen|euch|dir|ihrer firma)| (?:erhalten|bekommen|mehr))|meine (?:e-?mail-?)?(?:adresse|daten|kontaktdaten) zu (?:loschen|loeschen|entfernen|streichen)|(?:horen|hoeren) sie (?:bitte )?(?:damit )?auf,? (?:(?:mir|uns) (?:weiter |weiterhin |standig |staendig |immer wieder )?(?:zu schreiben|zu mailen|e-?mails zu (?:schicken|senden)|nachrichten zu (?:schicken|senden))|(?:mich|uns) (?:weiter |weiterhin |standig |staendig |immer wieder )?(?:zu kontaktieren|anzuschreiben|anzumailen|zu belastigen|zu belaestigen|zu nerven|zu spammen))",
  "(?:aus|von) (?:ihrer|ihren|allen|der|den|eurer|eurem|ihrem) (?:kartei|listen?|verteilern?|datenbanken?|adressliste|adressbestand|mailingliste|crm|kontaktliste) (?:(?:bitte|sofort|umgehend) )?(?:geloscht|geloescht|entfernt|gestrichen|genommen|austragen|loschen|loeschen|entfernen|streichen|nehmen)|(?:bitte )?(?:meine )?(?:adresse|daten|e-?mail-?adresse|kontaktdaten) (?:bitte |sofort |umgehend )?(?:loschen|loeschen|entfernen|streichen)(?= ?[.!,]| ?$)",
  "(?:loschen|loeschen|entfernen|streichen|sperren) sie (?:bitte )?(?:sofort |umgehend )?alle (?:meine|unsere) (?:daten|adressen|angaben|kontaktdaten)(?! aus (?:dem|meinem|unserem) (?:test|demo|probe|trial)[a-z]*)|nichts mehr von (?:ihnen|euch|dir|ihrer firma) (?:horen|hoeren|lesen|bekommen|erhalten)|unterlassen sie (?:bitte )?(?:das|dies|diese (?:e-?mails|mails|anschreiben|nachrichten|werbung))(?= ?[.!,]| ?$| (?:bitte|kunftig|kuenftig|in zukunft))",
  "(?:mochte|moechte|will|wollen|mochten|moechten) (?:aus [a-z ]{1,30} |(?:bitte|sofort) )?(?:entfernt|geloscht|geloescht|ausgetragen|gestrichen|abgemeldet) werden",
  "keine (?:weiteren |weitere )(?:kontaktversuche|kontaktaufnahmen|anfragen|anschreiben|nachfassungen)|(?:schicken|senden|mailen) sie (?:mir|uns) (?:bitte )?(?:nichts|keine (?:e-?mails|mails|nachrichten|werbung)) mehr",
  "(?:nehmen|streichen) sie (?:mich|uns) (?:bitte |sofort |umgehend )?(?:von|aus) (?:ihrer|ihren|der|den|dieser|allen|eurer|ihrem|dem|eurem) (?:liste|listen|verteiler|verteilern|kartei|datenbank|mailingliste|adressliste|kontaktliste|newsletter|crm)|(?:tragen sie|trag|tragt) (?:mich|uns) (?:(?:bitte|sofort|umgehend|doch|endlich|jetzt|einfach) )*aus(?= ?[.!,;]| ?$| (?:bitte|danke))|(?:nicht mehr|nicht weiter|nie wieder|keinesfalls) (?:kontaktiert|angeschrieben|angemailt) zu werden",
  // fr
  "si vous (?:m'|nous )(?:ecrivez|contactez|relancez) (?:encore|a nouveau|de nouveau)(?= ?[.!,;]| ?$)|laissez-(?:moi|nous) tranquilles?(?= ?[.!]| ?$)|" + AS_FEATURE_FR + "desinscri(?:re|vez|ption|s|t)(?! automatique| en (?:un|1) clic| en masse)|desabonn(?:er|ez|ement|e)|me desinscrire|ne (?:plus|pas) recevoir|ne plus (?:me |m')?(?:contacter|ecrire|envoyer)(?! (?:a|sur) (?:mon|ma|cette) (?:ancienne|vieille|precedente|ex) ?(?:adresse|boite))|ne (?:souhaite|souhaitons|veux|voulons|desire|desirons|voudrais|souhaiterais) (?:plus|pas) (?:recevoir|etre (?:contacte|sollicite))",
  "(?:retirez|supprimez|enlevez)(?:-| )moi(?! (?:[a-z]+ )?(?:de (?:la |cette |l')?|du |des )(?:copie|cc|boucle|conversation|discussion|fil|invitation|reunion|appel|rendez-vous|demo))|(?:retirer|supprimer|enlever) (?:mon adresse|mes coordonnees|mes donnees|mon e-?mail)|ne (?:me |m')?(?:contactez|ecrivez|sollicitez|envoyez) plus|(?:me retirer|m'enlever|me supprimer|me desinscrire) de (?:votre|vos|la|ces) (?:listes?|fichiers?|bases?|envois|mailings?)",
  "arretez de (?:m'|nous )(?:ecrire|envoyer|contacter|solliciter|spammer|relancer)|arretez de (?:me|nous) (?:contacter|solliciter|spammer|relancer|harceler)|cesse[rz]? (?:tout |toute |toutes |tous )?(?:contacts?|communications?|sollicitations?|envois?)(?![a-z])",
  "(?:retirez|supprimez|enlevez|effacez) (?:mon adresse|mes coordonnees|mes donnees|mon e-?mail|mon nom|cette adresse)|ne plus (?:me |m')?(?:solliciter|relancer|spammer|importuner|deranger)",
  "plus de (?:mails?|e-?mails?|messages|courriels|sollicitations|relances|spam)(?!,? (?:appelez|appele|je prefere|plutot|mieux))(?= ?[.!,]| ?$| svp| s'il vous plait| merci| de votre part| s\\.v\\.p)|assez de (?:mails|e-?mails|spam|relances)(?= ?[.!,]| ?$)",
  "(?:arretez|arreter|cessez|cesser|stoppez|stopper) (?:(?:vos|ces|les|tous|toutes|de m'envoyer|d'envoyer|de nous envoyer|votre|vos) )+(?:mails|e-?mails|messages|relances|sollicitations|envois|courriels|spam)(?= ?[.!,;]| ?$| svp| merci| s'il vous plait| de votre part| immediatement| tout de suite)|refuse (?:de )?recevoir",
  "ne (?:veux|voulons|souhaite|souhaitons|desire|desirons) plus (?:de |d')(?:vos |ces |tes )?(?:mails|e-?mails|messages|courriels|sollicitations|relances|nouvelles)|(?:veux|voudrais|souhaite|souhaiterais|demande a) etre (?:retire|supprime|desinscrit|desabonne|raye)e?s?",
  "(?:supprimez|retirez|effacez) (?:mon contact|ma fiche|mes informations)|(?:demande|demandons|exige|exigeons) (?:la )?(?:suppression|radiation|effacement) de (?:mes|mon|notre|nos) (?:donnees|coordonnees|adresse|e-?mail|contact)|(?:cesser|cessez|arreter|stopper) de (?:m'|nous )(?:ecrire|envoyer|contacter|solliciter|spammer|relancer|importuner)|(?:cesser|cessez|arreter|stopper) de (?:me|nous) (?:contacter|solliciter|spammer|relancer|harceler|importuner|deranger|mailer)|(?:stop|halte) (?:aux|a vos|a ces) (?:mails|e-?mails|messages|courriels|relances|sollicitations|spams?)(?= ?[.!,;]| ?$| svp| s'il vous plait| merci)",
  // es
  "si (?:me|nos) (?:vuelve|vuelves|vuelven) a (?:escribir|contactar|mandar)(?= ?[.!,;]| ?$)|(?:dejeme|dejame|dejenme|dejadme|dejennos|dejenos) en paz(?= ?[.!]| ?$)|(?:prefiero|preferimos|preferiria) no (?:recibir|seguir recibiendo)|dar(?:me)? de (?:baja|vaja)(?! (?:el|la|los|las|un|una|unos|unas|nuestro|nuestra|nuestros|nuestras|ese|esa|este|esta|su|sus|al|del) )|d(?:a|e|en|ad)(?:me|nos) de (?:baja|vaja)|(?:eliminame|eliminadme|elimineme|eliminenme|borrame|borradme|borreme|borrenme|quitame|quitadme|quiteme|quitenme|sacame|sacadme|saqueme|saquenme) de (?:su|la|tu|vuestra|esta|esa) (?:lista|base)|darnos de baja|(?:la |una )?baja de (?:su|la|tu|vuestra) (?:lista|base)|(?:eliminar|borrar|quitar)(?:me|nos)? de (?:su|la|tu|vuestra) (?:lista|base)",
  "no (?:me |nos )?(?:envien|envies|envie|envieis|contacten|contactes|contacte|contacteis|escriban|escribas|escriba|escribais|manden|mandes|mande|mandeis) (?:(?:mas )?(?:correos|e-?mails|mensajes) )?mas|no (?:me |nos )?(?:envie|envies|envien|mande|mandes|manden) mas (?:correos|e-?mails|mensajes)|dej(?:en|a|ad|e) de (?:enviar|escribir|contactar|mandar)(?:me|nos)?(?! (?:correos |e-?mails |mensajes )?(?:a|en) (?:esta|este|mi)(?![a-z]))|(?:solicito|pido|quiero|deseo) (?:la |mi |darme de )?baja|no (?:vuelvan|vuelvas|vuelva) a (?:escribir|contactar|enviar|mandar)(?:me|nos)|no (?:quiero|queremos|deseo|deseamos) (?:recibir|seguir recibiendo) (?:mas )?(?:sus |tus |vuestros )?(?:correos|e-?mails|mensajes)",
  "(?:borren|eliminen|borrad|eliminad|borra|elimina) mis datos|(?:solicito|pido|solicitamos|pedimos|exijo) (?:la )?(?:eliminacion|supresion|baja|cancelacion|borrado) de (?:mi|mis|nuestro|nuestros|nuestra) (?:correo|e-?mail|direccion|datos|contacto)|(?:les |le )?(?:solicito|pido|exijo) (?:que )?(?:eliminar|borrar|suprimir|eliminen|borren|supriman) (?:mi|mis) (?:correo|e-?mail|direccion|datos)|(?:cancelar|anular) (?:la |mi )?suscripcion|desuscribir(?:me)?|desuscribanme",
  "no (?:se ponga|se pongan|te pongas) (?:mas )?en contacto(?= ?[.!,;]| ?$| (?:conmigo|con nosotros|de nuevo|otra vez|nunca mas))|no (?:vuelva|vuelvas|vuelvan) a ponerse en contacto|no (?:me|nos) (?:contacte|contactes|contacten|llame|llames|llamen) mas",
  "(?:eliminen|elimine|eliminad|elimina|borren|borre|borrad|borra|quiten|quite|quita|saquen|saque|saca|supriman|suprima|eliminara|eliminaran|borrara|borraran|quitara|quitaran|suprimiera|suprimieran) (?:de inmediato |inmediatamente |cuanto antes |por favor )?(?:mi|mis) (?:direccion|correo|e-?mail|datos|contacto)|(?:se abstenga|se abstengan|abstengase|abstenganse|se abstuviera|se abstuvieran) de (?:enviarme|escribirme|contactarme|enviarnos|escribirnos|contactarnos|enviar (?:mas )?(?:comunicaciones|correos|publicidad))|no (?:quiero|queremos|deseo|deseamos) (?:volver a )?ser (?:contactad[oa]s?|molestad[oa]s?)(?! (?:por telefono|al movil|al celular|por whatsapp|por linkedin|via))",
  "(?:quitenme|quiteme|quitame|sacame|saquenme|saqueme|eliminenme|elimineme|borrenme|borreme|borrame) de (?:sus|tus|vuestros|vuestras|los|las|estos|estas|esos|su|tu|la|esta) (?:envios|correos|listas?|bases?|comunicaciones|mailings?|boletines|newsletters?|campanas?|secuencias?|contactos)|no (?:deseo|deseamos|quiero|queremos) recibir (?:mas )?(?:sus |tus |vuestras )?(?:comunicaciones|publicidad|ofertas|informacion comercial|promociones)|basta de (?:correos|e-?mails|mensajes|spam)(?!,? (?:prefiero|llamame|llameme|mejor))(?= ?[.!,]| ?$)",
  "ya no (?:me|nos) (?:escriban|escribas|escriba|escribais|contacten|contactes|contacte|contacteis|envien|envies|envie|envieis|manden|mandes|mande|mandeis)(?![a-z])|(?:quiero|queremos|deseo|pido|solicito) que (?:me|nos) (?:eliminen|borren|quiten|saquen|den de baja|excluyan)|par(?:en|a|e|ad|ar) de (?:enviar|escribir|contactar|mandar)(?:me|nos)(?= ?[.!,;]| ?$| (?:correos|e-?mails|mensajes|mas|por favor|spam|publicidad))",
  "no (?:quiero|queremos|deseo|deseamos) (?:mas|ningun|ningunos|otros) (?:correos|e-?mails|mensajes|comunicaciones)|no (?:deseo|deseamos|quiero|queremos) recibir mas (?:informacion|novedades|ofertas)|(?<!si )no (?:me |nos )?(?:enviar|mandar)(?:me|nos)? mas (?:correos|e-?mails|mensajes|informacion)|(?:quiero|queremos|deseo|pido|solicito) ser (?:eliminad[oa]s?|borrad[oa]s?|removid[oa]s?|dad[oa]s? de baja|excluid[oa]s?)",
  "no (?:me|nos) (?:vuelvan|vuelvas|vuelva) a (?:escribir|contactar|enviar|mandar|llamar)|no mas (?:correos|e-?mails|mensajes|spam)(?= ?[.!,]| ?$)",
  // it
  "se (?:mi|ci) (?:scrivete|scrivi|scrive|contattate|contatti|contatta) (?:ancora|di nuovo)(?= ?[.!,;]| ?$)|(?:lasciatemi|lasciami|mi lasci|lasciateci) in pace(?= ?[.!]| ?$)|(?:preferisco|preferiamo|preferirei) non (?:ricevere|continuare a ricevere)|cancellami|cancellatemi|cancellarmi|cancellate (?:il mio|la mia)|cancellare (?:il mio|la mia) (?:indirizzo|e-?mail|iscrizione|contatto)",
  "rimuovetemi|rimuovermi|rimuovimi|(?:rimuovere|cancellare|togliere|eliminare) (?:il mio|la mia|questo|questa) (?:indirizzo|e-?mail|contatto)(?= (?:dalle|dalla|dai|dal|dalle vostre|dai vostri) (?:vostre |vostri )?(?:liste|lista|mailing|database|elenchi|contatti|invii))|rimuovere (?:il mio|la mia) (?:indirizzo|e-?mail|contatto)|toglietemi|togliermi dalla",
  "non (?:mi |ci )?(?:scrivete|contattate|inviate|mandate|scrivere|contattare|scriva|contatti|invii|mandi) piu(?! (?:al|a questo|sul|sull') ?(?:mio |nostro )?(?:vecchio|precedente|ex) ?indirizzo)|non (?:voglio|vogliamo|desidero|desideriamo) piu ricevere|non (?:contattatemi|scrivetemi|mandatemi|inviatemi|contattarmi|scrivermi) piu|(?:cancellare|eliminare|cancellate|eliminate) i miei dati|smett(?:ete|i|a|ila|etela|ere) di (?:scriver|contattar|inviar|mandar)(?:mi|ci)|disiscrivere|disiscrivermi|(?:essere|venire) (?:rimoss[oaie]|cancellat[oaie]|tolt[oaie]) (?:dalla|dalle|dal) (?:vostra |sua |tua |vostre |vostro )?(?:mailing ?list|lista|liste|newsletter|banca dati|database|elenco|indirizzario)|annullare l'iscrizione|(?<!(?:gestisce|gestite|gestire|supporta|supportate|automatizza|automatizzate) (?:la |le )?)disiscrizion[ei](?! (?:con un|in un|automatica|in massa|delle?|dei))",
  "non (?:voglio|vogliamo|desidero|desideriamo) (?:piu )?essere (?:piu )?(?:contattat[oaie]|disturbat[oaie]|ricontattat[oaie])(?! (?:telefonicamente|per telefono|al telefono|su linkedin|via|sul cellulare))",
  "non (?:mi |ci )?(?:inviate|inviatemi|mandate|mandatemi|scrivete|scrivetemi) (?:altre|piu|ulteriori) (?:e-?mail|mail|messaggi|comunicazioni)|disiscrivetemi|disiscrivimi|disiscrivermi|basta (?:e-?mail|mail|messaggi|spam)(?!,? (?:preferisco|meglio|chiamami|chiamatemi|telefonatemi|piuttosto))(?= ?[.!,]| ?$)",
  "(?:rimuovete|rimuova|rimuovi|cancellate|cancelli|cancella|eliminate|elimini|elimina|togliete|tolga|togli) (?:il mio|i miei|la mia|le mie) (?:indirizzo|dati|contatto|contatti|email|e-mail|nominativo)|non (?:voglio|vogliamo|desidero|desideriamo) (?:piu )?ricevere (?:(?:piu|altre|ulteriori|vostre|le vostre|queste) )*(?:e-?mail|mail|messaggi|comunicazioni|newsletter|offerte|promozioni|nulla|niente)|smett(?:ete|i|a|ila|etela) (?:con|di mandare|di inviare) (?:queste|le|le vostre|tutte queste|questa) (?:e-?mail|mail|messaggi|comunicazioni)",
  "(?:voglio|vogliamo|vorrei|vorremmo|desidero|chiedo di) essere (?:rimoss[oaie]|cancellat[oaie]|eliminat[oaie]|tolt[oaie]|disiscritt[oaie])|(?:chiedo|richiedo|chiediamo|richiediamo) (?:la )?(?:cancellazione|rimozione) (?:del mio|dei miei|della mia|del nostro|dei nostri) (?:indirizzo|dati|contatto|e-?mail|nominativo)",
  "basta con (?:queste|le|le vostre|tutte queste) (?:e-?mail|mail|email|messaggi)|(?:niente|nessuna) (?:piu )?(?:e-?mail|mail|messaggi)(?= ?[.!,]| ?$)",
  // nl
  "als (?:u|je|jullie) (?:mij|me|ons) (?:nog een keer|nog eens|opnieuw|weer) (?:mailt|mailen|e-?mailt|benadert|benaderen|contacteert)(?= ?[.!,;]| ?$)|(?:laat|laten) (?:me|mij|ons) (?:alsjeblieft |aub )?met rust(?= ?[.!]| ?$)|(?:ontvang|ontvangen|krijg|krijgen) (?:deze |uw |jullie |zulke )?(?:e-?mails|mails|berichten) liever niet|afmelden|afmelding|afgemeld (?:te )?worden|uitschrijven|uit (?:jullie|uw|het|je) (?:bestand|database|mailinglijst|verzendlijst)|(?:niet meer|nooit meer) te (?:mailen|e-?mailen|benaderen|contacteren)|schrijf (?:me|mij|ons) uit|verwijder (?:mij|me|ons|mijn)|haal (?:mij|me|ons) (?:alsjeblieft |alstublieft |aub |even |graag )?(?:van|uit)",
  "geen (?:e-?mails|mails|berichten|nieuwsbrieven) meer|(?<=(?:mail|e-?mail|benader|contacteer) (?:me|mij|ons) (?:alsjeblieft |alstublieft |aub |a\\.u\\.b\\. |svp )?)(?:niet meer|nooit meer)(?= ?[.!,;]| ?$)|(?:niet meer|nooit meer) (?:mailen|benaderen|contacteren|e-?mailen)|(?:stop|stopt|stoppen) (?:(?:als(?:tu|je)blieft|aub|svp|nu|toch|graag|daar) )?met (?:het )?(?:mailen|e-?mailen|sturen|versturen|benaderen|contacteren)|mijn (?:gegevens|e-?mailadres|adres|contactgegevens|naam) (?:(?:graag|aub|svp|als(?:tu|je)blieft|even|direct|meteen) )?(?:uit (?:jullie|uw|het|je|de) (?:systeem|bestand|database|lijst|mailinglijst|verzendlijst|crm) (?:halen|verwijderen|schrappen)|verwijderen|wissen|schrappen)(?= ?[.!,;]| ?$| (?:graag|aub|svp|als(?:tu|je)blieft))",
  "(?:neem|neemt) (?:(?:als(?:tu|je)blieft|aub|svp|graag|verder) )?geen (?:verder |verdere )?contact (?:meer )?(?:met (?:mij|me|ons) )?op|(?:benader|contacteer|mail|e-?mail) (?:mij|me|ons) (?:als(?:tu|je)blieft |aub |svp |graag )?niet (?:meer|nog eens|opnieuw)|(?:wil|willen) niet (?:meer|langer) (?:benaderd|gecontacteerd|gemaild) worden",
  "stuur (?:me|mij|ons) (?:niks|niets) meer",
  "(?:haal|haalt|halen) (?:me|mij|ons) (?:van|uit) (?:de|jullie|uw|je|die|deze) (?:lijst|mailinglijst|database|bestand|verzendlijst)|(?:me|mij|ons) (?:verder |voortaan )?(?:van|uit) (?:de|jullie|uw|je) (?:lijst|mailinglijst|mailings|database|bestand|verzendlijst) (?:halen|verwijderen|schrappen)|(?:mij|me|ons) (?:uit te schrijven|af te melden)|stop (?:nu )?met (?:die|deze|de|jullie|uw|al die) (?:mails|e-?mails|berichten|spam)",
  "(?:wil|willen|graag) (?:(?:[a-z]+ ){0,3})(?:verwijderd|uitgeschreven|afgemeld) worden",
  // pt
  "se (?:me|nos) (?:escrever|escreverem|contatar|contatarem|mandar|mandarem) (?:de novo|novamente|outra vez|outro e-?mail)(?= ?[.!,;]| ?$)|(?:me deixe|me deixem|deixe-me|deixem-me|nos deixe) em paz(?= ?[.!]| ?$)|(?:prefiro|preferimos|preferiria) nao (?:receber|continuar recebendo)|descadastr(?:ar|a|e|em|o|ar-me|e-me|a-me)|descadastramento|(?:remover|remova|removam|retire|retirem|tirem|tire)(?:-me| (?:o )?meu (?:e-?mail|email|endereco|contato|nome)| me (?:da|desta|de) (?:lista|base))",
  "nao (?:me |nos )?(?:envie|enviem|mande|mandem|contate|contatem|contacte|contactem|escreva|escrevam) mais|parem? de (?:me |nos )?(?:enviar|mandar|contatar|escrever)|nao (?:quero|queremos|desejo|desejamos) (?:mais )?receber (?:mais )?(?:seus |suas |os seus |as suas )?(?:e-?mails|emails|mensagens)",
  "nao (?:entre|entrem|entra) (?:mais )?em contato(?= ?[.!,;]| ?$| (?:comigo|conosco|novamente|de novo|outra vez))|nao (?:me|nos) (?:procure|procurem|liguem|ligue) mais",
  "(?:exclua|excluam|apague|apaguem|delete|deletem|remova|removam) (?:os )?meus dados|(?:solicito|peco|solicitamos|pedimos) (?:a )?(?:remocao|exclusao|retirada) (?:do meu|dos meus|do nosso|de meu|da minha) (?:e-?mail|endereco|contato|cadastro|dados)|nao (?:me |nos )?(?:enviar|mandar) mais (?:e-?mails|emails|mensagens|nada|informacoes)|nao (?:quero|queremos|desejo|desejamos) receber mais (?:informacoes|novidades|ofertas)",
  "(?:solicito|peco|pedimos|solicitamos|requeiro) (?:a )?(?:eliminacao|exclusao|remocao|apagamento) d(?:os|e) (?:meus |nossos )?dados|(?:que )?nao me sejam (?:enviadas|enviados) (?:novas|novos|mais) (?:comunicacoes|mensagens|e-?mails)|(?:unsubcribe|unsuscribe|unsubscibe|unsubsribe|unsubscrbe|unsusbcribe|usubscribe|unsbscribe|unsubscirbe) (?:me|us)|me (?:remover|retirar|tirar|excluir|descadastrar) (?:da|de|desta|dessa|do) (?:sua |vossa )?(?:lista|base|cadastro|mailing)|(?:retirem|retire|removam|remova|eliminem|elimine|apaguem|apague|excluam|exclua) (?:o )?meu (?:contacto|contato|e-?mail|email|endereco(?: de e-?mail)?) (?:da|de|do|desta|dessa) (?:vossa |sua )?(?:lista|base|mailing|cadastro)|nao (?:quero|queremos|desejo|desejamos) (?:mais )?receber (?:mais )?(?:nada|nenhum (?:e-?mail|contato))|(?:parem|pare|para) com (?:esses|estes|os|seus|esse|este) (?:e-?mails|emails|mensagens|contatos|spam)|(?:exclua|excluam|apague|apaguem|delete|deletem|remova|removam) (?:o )?meu (?:contato|e-?mail|email|endereco|cadastro|nome)",
  "(?:quero|queremos|gostaria de|desejo|peco para) ser (?:removid[oa]s?|excluid[oa]s?|retirad[oa]s?|descadastrad[oa]s?)",
  "chega de (?:e-?mails|emails|mensagens|spam)(?!,? (?:prefiro|me liga|liguem|me ligue|melhor))(?= ?[.!,]| ?$)",
  "nao (?:quero|queremos|desejo|desejamos) (?:mais )?ser (?:mais )?(?:contatad[oa]s?|contactad[oa]s?|incomodad[oa]s?)(?! (?:por telefone|pelo telefone|no celular|pelo whatsapp|pelo linkedin|via))",
  // legal and formal forms: an objection under the GDPR with its articles between the words, a deletion demanded,
  // "Se ruega no remitir más comunicaciones", "Si richiede la cancellazione del presente indirizzo", "que mes coordonnées soient supprimées"
  "widerspreche (?:ich )?(?:hiermit )?[a-z0-9.,§ -]{0,80} (?:der|jeglicher|jeder) (?:weiteren )?(?:nutzung|verarbeitung|verwendung|speicherung) (?:meiner|unserer)|meine (?:personenbezogenen )?(?:daten|e-?mail-?adresse|adresse|kontaktdaten) [a-z0-9.,§ -]{0,80} zu (?:loschen|loeschen|entfernen|streichen)(?![a-z])" +
    "|(?:que )?mes (?:coordonnees|donnees(?: personnelles)?|informations|adresse(?: e-?mail| electronique| mail)?|e-?mail|courriel) (?:soient|soit|sont) (?:definitivement |immediatement )?(?:supprimee?s?|effacee?s?|retiree?s?|radiee?s?)|plus aucun (?:courriel|e-?mail|mail|message) ne (?:me|nous) soit (?:adresse|envoye)" +
    "|si (?:vuelvo a recibir|recibo) (?:uno|otro|alguno) (?:mas|nuevo)|(?:se ruega|rogamos|les rogamos|le rogamos|les ruego|le ruego) (?:que )?no (?:remitir|enviar|mandar|remitan|envien|manden|remita|envie|mande)(?:nos|me)? (?:mas |nuevas |ulteriores )?(?:comunicaciones|correos|e-?mails|mensajes|publicidad|informacion)" +
    "|mi oppongo(?:,? [a-z0-9.,'() /-]{0,120},?)? a(?:l| qualsiasi| ogni)? (?:ulteriore )?trattamento dei (?:miei|nostri) dati|(?:vi )?diffido (?:dall'|dal |a )(?:inviarmi|inviarci|inviare|contattarmi|contattarci|scrivermi|scriverci)" +
    "|(?:si richiede|si chiede|richiedo|chiedo|chiediamo|richiediamo) (?:la )?(?:cancellazione|rimozione|eliminazione) (?:immediata )?(?:del (?:presente|mio|nostro) indirizzo|di questo indirizzo|dei (?:miei|nostri) (?:dati|recapiti|contatti))" +
    "|(?:di )?non (?:inviare|mandare|inviate|mandate|inviarci|inviarmi|mandarci|mandarmi) piu (?:[a-z]+ ){0,2}(?:comunicazioni|e-?mail|email|messaggi|newsletter|mail)(?= ?[.!,;]| ?$| a (?:questa|questo|quest'|me|noi)| al (?:mio|nostro|presente))" +
    "|bezwaar tegen (?:de )?verwerking van (?:mijn|onze) (?:persoons)?gegevens|(?:mijn|ons) (?:e-?mailadres|adres|gegevens|persoonsgegevens) (?:[a-z]+ ){0,4}(?:uit|van) (?:uw|je|jullie|de|het) (?:bestand|bestanden|lijst|lijsten|database|mailinglijst|verzendlijst|systeem) (?:te )?(?:verwijderen|wissen|schrappen|halen)|(?:wens|wil|wensen|willen) (?:niet langer|niet meer|geen) (?:[a-z]+ ){0,3}(?:gecontacteerd|gemaild|benaderd|ge-?e-?maild) (?:te )?worden" +
    "|(?:solicito|peco|pedimos|solicitamos|requeiro) (?:a )?(?:imediata |pronta |completa |definitiva )?(?:eliminacao|exclusao|remocao|apagamento) d(?:os|e) (?:meus |nossos )?dados|(?:manifesto|declaro) (?:a )?(?:minha|nossa) oposicao (?:a|ao) (?:qualquer )?tratamento|(?:deixem|deixe) de (?:me |nos )?(?:enviar|mandar) (?:publicidade|comunicacoes|propaganda|marketing|correio|isto|isso)",
  // an address the writer asks to be taken off: "Favor remover contato@… da sua lista", "eliminare amministrazione@… da tutti i vostri elenchi"
  "(?:remover|remova|removam|retirar|retirem|excluir|excluam|apagar|apaguem|descadastrar|descadastrem|eliminare|eliminate|rimuovere|rimuovete|cancellare|cancellate|togliere|togliete|supprimer|supprimez|retirer|retirez|enlever|enlevez|desinscrire|desinscrivez|verwijder|verwijderen|schrap|borrar|borren|quitar|quiten|eliminar|eliminen) (?:l'indirizzo |o (?:e-?mail|endereco) |el correo |la direccion |l'adresse |het adres )?[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,253} (?:da|de|dai|dalla|dalle|dal|des|van|uit|del|dos|das)(?![a-z])",
  // invitations are our mail: "please don't invite me to anything else", "stop sending me invites", "take me off your invitation list"
  "(?:please )?(?:don'?t|do not|never) invite (?:me|us) (?:to anything(?: else)?|again|any ?more|to (?:any )?(?:more|further|other|future) (?:events|webinars|dinners))|(?:stop|quit) (?:sending (?:me |us )?)?(?:these |your |the )?(?:invitations|invites)(?= ?[.!,;]| ?$| (?:to me|please|thanks))|(?:take|remove) (?:me|us) (?:off|from) (?:your |the )?(?:invitation|invite|event|events) (?:list|mailing list|mailings)",
  // "take it off whatever list you bought": the address the mail came to
  "take (?:it|this|that)(?: address| e-?mail)? off (?:whatever|your|the|any|all|every) (?:[a-z-]+ )?(?:lists?|database|system|crm|spreadsheet)(?![a-z])",
  // the writer unsubscribed before and is still mailed: "habe mich schon zweimal abgemeldet", "je me suis déjà désabonné"
  "(?:habe|hatte) mich (?:(?:schon|bereits|mehrfach|mehrmals|zweimal|dreimal|doch|eigentlich) )*(?:abgemeldet|ausgetragen)|je me suis (?:(?:deja|pourtant|bien) )*(?:desabonnee?|desinscrite?)|(?:ya )?me (?:he dado|di) de baja|mi sono (?:(?:gia|pure) )*(?:disiscritt[oa]|cancellat[oa])|ik heb me (?:(?:al|toch|twee keer|drie keer) )*(?:afgemeld|uitgeschreven)|(?:ja |eu )?me descadastrei",
  // a threat to report any further mail to an authority: never mail them again
  "(?:any|every) (?:further|more|other|additional|new) (?:e-?mails?|emails?|messages?|contact|follow-?ups?)(?: from you)? (?:will|shall) be (?:reported|forwarded to (?:the )?(?:ico|authorities|regulator|ftc))" +
    "|jede (?:weitere|erneute) (?:e-?mail|mail|nachricht|kontaktaufnahme|zusendung) (?:melde|zeige|bringe) ich|jede (?:weitere|erneute) (?:e-?mail|mail|nachricht|kontaktaufnahme|zusendung) (?:wird|werde ich) (?:gemeldet|angezeigt|zur anzeige gebracht|abgemahnt)" +
    "|(?:toute|chaque) (?:nouvelle|autre) (?:relance|sollicitation|e-?mail|mail|message|prise de contact) sera (?:signalee|denoncee|transmise)" +
    "|(?:cualquier|todo) (?:otro|nuevo) (?:correo|e-?mail|mensaje|contacto) sera (?:denunciad|reportad)o" +
    "|ogni (?:ulteriore|altra|nuova) (?:e-?mail|mail|comunicazione|messaggio) (?:sara|verra) (?:segnalat|denunciat)[ao]" +
    "|elke (?:volgende|nieuwe|verdere) (?:e-?mail|mail|bericht) (?:wordt|zal worden) (?:gemeld|aangegeven)" +
    "|qualquer (?:novo|outro) (?:e-?mail|contato|mensagem) sera (?:denunciad|reportad)[oa]" +
    // …or on the next mail: "if you write to me again I'll report you", "si vuelve a escribirme lo denunciaré ante la AEPD"
    "|if you (?:e-?mail|write to|contact|message|spam) (?:me|us) (?:again|once more|one more time),? (?:i'?ll|i will|we'?ll|we will) (?:report|file a complaint)" +
    "|wenn sie (?:mir|uns|mich) (?:noch (?:einmal|ein mal)|nochmal|erneut|wieder) (?:schreiben|mailen|kontaktieren),? (?:melde|zeige) ich" +
    "|si vous (?:m'ecrivez|nous ecrivez|me recontactez|nous recontactez|m'envoyez|nous envoyez) (?:encore|a nouveau|de nouveau)[^.!?\n]{0,30}?,? je (?:vous |le |la )?(?:signalerai|denoncerai|porterai plainte|saisirai)" +
    "|si (?:vuelve|vuelven|vuelves) a (?:escribirme|escribirnos|contactarme|contactarnos|enviarme|enviarnos)[^.!?\n]{0,30}?,? (?:le |lo |la |les )?(?:denunciare|reportare|voy a denunciar|presentare (?:una )?(?:reclamacion|denuncia|queja))" +
    "|se (?:mi|ci) (?:scrivete|scrive|scrivi|contattate|contatta|ricontattate|ricontatta) (?:ancora|di nuovo|nuovamente),? (?:vi |la |lo |li )?(?:segnalero|denuncero)" +
    "|als (?:u|je|jullie) (?:mij|ons|me) (?:nog een keer|nogmaals|opnieuw|weer) (?:mailt|mailen|schrijft|schrijven|benadert|benaderen),? (?:meld|doe) ik" +
    "|se (?:voltar|voltarem|voce voltar|voces voltarem) a (?:me |nos )?(?:escrever|contactar|contatar|enviar)[^.!?\n]{0,30}?,? (?:vou|irei) (?:denunciar|reportar)",
  // asked as a favour, in the subjunctive: "we would appreciate it if you could refrain from further outreach", "vi sarei grato se
  // cancellaste i miei dati", "agradeceria que removessem os meus dados"
  "refrain from (?:any )?(?:further|future|additional) (?:outreach|contact|e-?mails?|emails?|communications?|correspondence|messages|solicitations?)(?![^.!?\\n]{0,60}(?<![a-z])(?:until|till|unless|before)(?![a-z]))" +
    "|(?:cancellaste|cancellasse|eliminaste|eliminasse|rimuoveste|rimuovesse) (?:i miei|il mio|la mia|i nostri) (?:dati|indirizzo|contatto|e-?mail|recapiti)" +
    "|(?:removessem|removesse|apagassem|apagasse|eliminassem|eliminasse|excluissem|excluisse|retirassem|retirasse) (?:os |o |a )?(?:meus|meu|minha|nossos) (?:dados|e-?mail|endereco|contacto|contato)",
  "(?:que )?nao (?:voltem|volte|tornem|torne) a (?:contactar|contatar|escrever|enviar)(?:-me|-nos| me| nos)?(?![a-z])|cancel(?:ar|em|e) (?:a )?(?:minha )?inscricao|sair da (?:lista|sua lista)|me (?:tira|tire|tirem|retira|retire|retirem|remove|remova|removam|exclui|exclua|excluam) (?:da|desta|dessa|de|do)(?: sua| vossa)? (?:lista|base|cadastro|mailing)|(?:ja )?pedi (?:pra|para|que) (?:voces |vcs |vc |voce )?(?:parar|pararem|parassem) de me (?:mandar|enviar|escrever|contatar)",
  // wanting no more mail said politely or legally, threats made on the next mail (a helper's batch of 2026-11-29)
  "(?:appreciate|prefer) (?:it if you (?:didn'?t|did not|would not|wouldn'?t|do not|don'?t) (?:contact|e-?mail|email|write to|message) (?:me|us)|not hearing from you)(?: again| any ?more| in (?:the )?future)?(?= ?[.!,;]| ?$| again)" +
    "|object(?:,? (?:under|pursuant to|in accordance with) [^.;\\n]{3,80},)? to (?:the )?(?:processing|use) of (?:my|our) (?:personal )?(?:data|information|details)|object to (?:receiving|getting) (?:any )?(?:(?:marketing|promotional|sales|cold|unsolicited) )?(?:e-?mails|emails|messages|communications)" +
    "|(?:erasure|deletion) of (?:all )?(?:the )?(?:my )?(?:personal )?(?:data|information) (?:relating to|concerning|about|regarding) (?:me|us)(?![a-z])|(?:delete|erase|remove|purge) (?:everything|anything|whatever|all) (?:you|that you) (?:hold|have|keep|store|'ve got|have got) (?:on|about) (?:me|us)(?![a-z])|(?:erasure|deletion) of (?:all )?(?:the )?(?:personal )?(?:data|information) you hold (?:about|on) (?:me|us)|(?:delete|erase|remove|purge) (?:all )?(?:the )?(?:personal )?(?:data|information|details) (?:you hold|you have|you store|you keep|held) (?:about|on|of) (?:me|us)|(?:confirm|ensure|make sure)(?: in writing)? that (?:i|we) (?:will not|won'?t) be (?:contacted|e-?mailed|emailed) (?:again|any ?more|further)|(?:delete|erase) (?:this|that) (?:e-?mail )?address(?= from (?!(?:the |this |that )?(?:cc|bcc|thread|chain|loop|invite))| ?[.!,]| ?$)" +
    "|one more (?:of these|e-?mail|email|message)(?: from you)?,? and (?:i'?m|i am|i'?ll|i will|we'?re|we will) (?:report|reporting|block|blocking|flag|flagging)" +
    "|(?:make sure|ensure) (?:i|we) (?:don'?t|do not|no longer) (?:receive|get) (?:any )?(?:further |more )?(?:(?:marketing|sales|promotional) )?(?:e-?mails|emails|messages|mails)" +
    "|if (?:i|we) (?:get|receive) (?:another|one more|any more|any further) (?:e-?mail|email|message|mail)" +
    // "if I get a sixth one I'll be marking these as spam"
    "|if (?:i|we) (?:get|receive) (?:a|an) (?:second|third|fourth|fifth|sixth|seventh|eighth|[0-9]{1,2}(?:st|nd|rd|th)) (?:one|e-?mail|email|message|mail)[^.!?\\n]{0,40}(?:spam|junk|report|block)" +
    // "tell me the source of my details and then delete them": the data the sentence named, asked deleted
    "|(?<=(?:my|our) (?:personal )?(?:data|details|information|info|contact details|e-?mail address|e-?mail|address)(?:[^\\n]{0,160})? )(?<!(?:did|have|has|would|could|can|will|do) (?:you|they|we|i) )(?:delete|erase|purge|remove) (?:them|it)(?= ?[.!,;]| ?$| (?:immediately|now|please|afterwards|after that|thereafter|from (?:your|all|whatever|every)))" +
    // the GDPR's erasure article invoked, in any language ("die Löschung nach Art. 17 DSGVO", "erasure under Article 17")
    "|(?:erasure|deletion|loschung|loeschung|effacement|supresion|cancellazione|verwijdering|apagamento|eliminacion) (?:[a-z]+ ){0,3}(?:under|nach|gemass|gemaess|gem\\.|selon|en vertu de|conforme al|segun|ai sensi dell'|ai sensi dell|volgens|nos termos do|ao abrigo do|per) ?(?:art\\.|artikel|article|articulo|articolo|artigo|art) ?17(?![0-9])(?![^.!?\\n]*\\?)",
  "(?:nehmen sie|bitte) (?:bitte )?abstand von (?:weiteren|jeglichen|kunftigen|kuenftigen) (?:zusendungen|e-?mails|mails|kontaktaufnahmen|anschreiben|nachrichten|werbe-?mails)|sehen sie (?:bitte )?(?:kunftig |kuenftig |in zukunft )?von (?:weiteren|jeglichen|kunftigen|kuenftigen) (?:zusendungen|e-?mails|mails|kontaktaufnahmen|anschreiben|nachrichten) ab" +
    "|(?:mich|uns) (?:bitte )?aus (?:ihrer|ihren|der|dieser|eurer) (?:sequenz|sequenzen|kampagne|kampagnen|mailings?|automation) (?:zu )?(?:nehmen|entfernen|streichen|loschen|loeschen)" +
    "|sollten sie (?:mir|uns) (?:noch ?(?:ein)?mal|nochmals|erneut|weiter(?:hin)?) (?:schreiben|mailen|e-?mails (?:schicken|senden))",
  "(?:je m'oppose|nous nous opposons) (?:au|a tout) traitement de (?:mes|nos) donnees|(?:demande|demandons|exige|exigeons) (?:l')?effacement de (?:mes|mon|notre|nos) (?:donnees|coordonnees|adresse|e-?mail|contact)" +
    "|si (?:je recois|nous recevons) (?:encore |a nouveau |de nouveau )?(?:un seul |un autre |une autre |un nouveau |une nouvelle )?(?:mail|e-?mail|message|courriel|relance)",
  "(?:te|le|les|os) agradecer(?:ia|e) que (?:me|nos) (?:sacara|sacaras|sacaran|quitara|quitaras|quitaran|eliminara|eliminaras|eliminaran|borrara|borraras|borraran|dieran de baja|diera de baja|dieras de baja)" +
    "|si (?:vuelvo a recibir|recibo|vuelvo a recibir un|recibo un|recibo otro|vuelvo a recibir otro) (?:otro |un |nuevo )?(?:correo|e-?mail|mensaje)|(?:eliminen|elimine|borren|borre|quiten|quite) (?:esta|esa) (?:direccion|cuenta de correo|cuenta)" +
    "|me opongo al tratamiento de mis datos",
  "(?:di )?non (?:contattarmi|scrivermi|ricontattarmi|contattarci|scriverci|contattatemi|scrivetemi) (?:piu|ulteriormente|oltre)|mi oppongo al trattamento dei (?:miei|nostri) dati" +
    "|se (?:ricevo|ricevero|dovessi ricevere) (?:ancora |di nuovo )?(?:un'altra|un'ulteriore|un altro|altre|ancora una) (?:e-?mail|mail|email|comunicazione|messaggio)",
  "(?:hou|houd|houdt|houden) (?:(?:nou|nu|eens|toch|alsjeblieft|aub|gewoon) )*op met (?:mailen|e-?mailen|mails sturen|spammen|die mails|deze mails|me te mailen|mij te mailen)" +
    "|(?:haal|haalt|halen) (?:me|mij|ons) (?:verder |voortaan )?(?:van|uit) (?:de|jullie|uw|je|die|deze) (?:lijst|mailinglijst|mailings|database|bestand|verzendlijst)" +
    "|bij de (?:volgende|eerstvolgende) (?:mail|e-?mail|bericht) (?:dien|doe|meld|stap)|(?:maak|maken) bezwaar tegen (?:de )?verwerking van (?:mijn|onze) (?:persoons)?gegevens",
  "favor (?:me )?(?:retirar|remover|excluir|tirar|apagar) (?:o )?(?:meu|nosso) (?:e-?mail|endereco|contato|cadastro)|(?:agradeco|agradecemos|peco|pedimos) que (?:deixem|deixe|parem|pare) de (?:me |nos )?(?:enviar|mandar|contatar|escrever)|(?:deixem|deixe) de (?:me |nos )?(?:enviar|mandar) (?:e-?mails|emails|mensagens)" +
    "|se (?:eu )?(?:receber|recebermos) (?:mais um|outro|um novo|novamente um) (?:e-?mail|email|contato|mensagem)|(?:apaguem|apague|removam|remova|excluam|exclua) (?:esse|este) (?:endereco|e-?mail|contato)|(?:me oponho|oponho-me|opomo-nos|nos opomos) ao tratamento dos (?:meus|nossos) dados" +
    "|(?:o )?(?:meu|nosso) (?:endereco|e-?mail|contato|contacto)(?: de (?:e-?mail|correio eletronico))? (?:seja|sejam) (?:apagad|removid|eliminad|excluid|retirad)[oa]s?",
  ...REMOVAL_MORE,
  // "forget my address", "lose my email", "merci d'oublier mon adresse", "how many more of these are coming?"
  "(?:please )?(?:forget|lose|delete|bin) my (?:address|e-?mail(?: address)?|email(?: address)?|details|contact details)(?![a-z])|how many more (?:of these|e-?mails|emails|follow-?ups|messages)(?: (?:are (?:coming|there)|will (?:there be|you send|i get)|do i (?:have to|need to) (?:get|read)))?(?= ?[?.!]| ?$)" +
    "|(?:merci d'|veuillez |pourriez-vous )oublier (?:mon adresse|mes coordonnees|mon e-?mail|mon courriel)|vergessen sie (?:bitte )?meine (?:adresse|e-?mail-adresse)|olvide(?:n)? mi (?:direccion|correo)|dimenticate il mio indirizzo|vergeet (?:mijn|ons) (?:adres|e-?mailadres)|esque(?:ca|cam) o meu (?:endereco|e-?mail)",
]);

/**
 * "STOP" (or "remove", "unsub", "no more", and the idioms "knock it off", "cut it out") as the whole reply or its
 * last clause ("Not interested, remove.", "Stop. Just stop.", "Five emails in a week? Knock it off."), as
 * text-message opt-outs taught people to write.
 */
const BARE_STOP = /(?:^|[.!?,;:]\s*|\s[-–]\s*)(?:(?:just|pls|plz|please)\s+)?(?:stop|stopp|remove|unsub|no more|knock it off|cut it out)(?:[\s,]+(?:please|pls|plz|thanks|thank you|thx))?\s*[.!]*\s*$/;
/** A removal word as the whole reply, with a courtesy: "Baja, por favor.", "Abmelden bitte", "Désinscription svp". */
const BARE_REMOVAL = new RegExp(
  `^(?:baja|de baja|darme de baja|unsubscribe|abmelden|austragen|abmeldung|desinscription|desinscrire|desabonnement|uitschrijven|afmelden|descadastrar|descadastro|disiscrizione|cancellami|disiscrivimi|abbestellen|abbestellung|${BARE_REMOVAL_MORE})[\\s,.!]*` +
    `(?:(?:por favor|porfa|please|pls|plz|bitte|svp|s'il vous plait|merci|graag|aub|als(?:tu|je)blieft|per favore|grazie|obrigad[oa]|gracias|danke|thanks|thank you|thx|${COURTESY_MORE})[\\s,.!]*){0,2}$`,
);
/** The removal words a reply may be only, to recognise mistyped ("unsubcribe", "unsuscribe pls", "abmleden"). */
const REMOVAL_SPELLED = ["unsubscribe", "abmelden", "austragen", "abbestellen", "desinscrire", "desinscription", "desabonner", "uitschrijven", "afmelden", "descadastrar", "disiscrivimi", "cancellami"];
const COURTESY_WORDS = new Set(["please", "pls", "plz", "me", "bitte", "svp", "merci", "thanks", "thx", "ty", "danke", "gracias", "grazie", "graag", "aub", "por", "favor", "obrigado", "obrigada"]);

/**
 * A removal word mistyped as the whole reply, a courtesy aside: one slip (a letter missing, added, changed or two
 * swapped), two in the long words, the first two letters kept ("subscribe" is not "unsubscribe", "cancellato" not
 * "cancellami").
 */
function mistypedRemoval(folded: string): boolean {
  if (folded.length > 60) return false;
  const words = folded.split(/[^a-z]+/).filter((w) => w !== "" && !COURTESY_WORDS.has(w));
  if (words.length !== 1) return false;
  const w = words[0]!;
  return REMOVAL_SPELLED.some((r) => w.length >= 7 && w.startsWith(r.slice(0, 2)) && Math.abs(w.length - r.length) <= 2 && slips(w, r) <= (r.length >= 11 ? 2 : 1));
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function slips(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * A removal asked not to be made, just before its words: "please do not remove me", "no need to take me off your
 * newsletter", "Sie müssen mich nicht austragen", "pas besoin de me retirer", "non serve togliermi", "não precisa me tirar",
 * "ikke slett oss", "ne töröljenek", "non cancellatemi!", "no quiero darme de baja, pero…".
 */
const NEGATED_BEFORE = /(?<![a-z'])(?:no|nao) $|(?<![a-z'])(?:(?:no|nao) (?:quiero|queremos|deseo|deseamos|quero|queremos|desejo|desejamos)|don'?t|do not|never|no need to|needn'?t|(?:don'?t|do not) (?:need|have) to|nicht|niet|non|pas besoin de|inutile de|non serve|non c'e bisogno di|non e necessario|niet nodig om|hoeft (?:me |mij )?niet|nao precisa(?: de)?|nao e necessario|ikke|inte|ej|nie|nem|ne) (?:[a-z']+ )?$|(?<![a-z'])(?:don'?t|do not|not|never|not that (?:i|we)) (?:want|wish|mean|plan|intend|need|trying|going|asking|looking|planning|meaning|wanting|about) to $|(?<![a-z'])ne (?:cherche|veux|souhaite|compte|vais|voulais|cherchais) (?:pas|surtout pas) (?:a |de )?(?:me |nous )?$|(?<![a-z'])(?:zich|sich) (?:[a-z]+ ){0,2}$/;
/** The removal word as a noun: "every unsubscribe we send them", "le lien de désabonnement", "el enlace de baja". */
const AS_NOUN_BEFORE = /(?<![a-z'])(?:every|each|any|their|those|these|all the|our|no|an|ein|eine|einen|einem|une|una|uma|een) $|(?<![a-z'])(?:lien|bouton|page|option|enlace|boton|link|pulsante|knop|botao|formulario) (?:de |d'|di |del |van |voor |para |do )$/;
const REMOVAL_NOUN = /^(?:unsubscri|desabonn|desinscri|baja|disiscri|afmeld|uitschrijv|descadastr|abmeld|opt[- ]?out)/;

/** "STOP STOP STOP": nothing but stops. */
const STOPS_ONLY = /^\s*(?:(?:stop|stopp|remove|unsub)[\s.!,]*){2,}$/;

/** `starts`: the folded text's word starts, when the caller has them (the list then runs only where its entries can begin). */
/**
 * A question that quotes what a prospect might write ("when a prospect replies 'remove me', does your tool…?",
 * « merci de me retirer de votre liste » ?): the quoted words are an example, not the writer's request.
 */
const QUOTED_IN_QUESTION = /(?<=^|[\s(:])(["'])[^"'\n?]{1,60}\1(?=[^.!?\n]{0,200}\?)/g;

/** The removal words whose clause and sentence withoutMentions reads. */
const REMOVAL_WORDS = /unsubscrib|opt[- ]?out|abmeld|austrag|abbestell|desinscri|desabonn|baja|disiscri|afmeld|uitschrijv|descadastr/g;
/** A right described in the removal word's clause: "you can unsubscribe at any time", "Abmeldung jederzeit möglich" (a newsletter's footer). */
const ANY_TIME = /(?<![a-z])(?:at any time|anytime|jederzeit|a tout moment|en cualquier momento|in qualsiasi momento|in ogni momento|op elk moment|a qualquer momento)(?![a-z])/;
/** A past one set against wanting more, in its sentence: "I unsubscribed from your newsletter, but I do want to continue this conversation". */
const PAST_BUT_WANTS = /(?<![a-z])(?:unsubscribed|abgemeldet|desinscrit|me di de baja|disiscritto|afgemeld|descadastrei)(?![a-z]).{0,80}, but (?:i|we) (?:do |still |really |would )?(?:want|wish|would like|'d like|am interested|are interested)/;
/**
 * A past one the sentence turns from ("je m'étais désabonné de votre newsletter l'an dernier, mais votre offre tombe à
 * pic"): a story, unless the mail went on ("… aber Sie schreiben mir immer noch": a complaint).
 */
const PAST_THEN_BUT =
  /(?<![a-z])(?:unsubscribed|opted out|abgemeldet|ausgetragen|desabonnee?s?|desinscrite?s?|di de baja|dado de baja|disiscritt[oa]|afgemeld|uitgeschreven|descadastrad[oa]|descadastrei)(?![a-z])[^.!?\n]{0,120}(?:,? but|,? aber|,? mais|,? pero|,? ma|,? maar|,? mas) (?![^.!?\n]{0,80}(?:still|keep|again|anyway|toujours|encore|continue|trotzdem|immer noch|weiterhin|wieder|todavia|sigo|sigue|siguen|ancora|continu|nog steeds|nog altijd|weer|ainda|de novo|novamente))/;
/** An event the writer withdraws from in the clause ("mich vom Webinar am Donnerstag abmelden", "me désinscrire de la formation"): not from our mail. */
const EVENT = /(?<![a-z])(?:webinar|webinaire|webinars|seminar|seminaire|seminario|event|evento|evenement|veranstaltung|termin|workshop|schulung|training|formation|formacion|formazione|kurs|curso|corso|cursus|conference|konferenz|conferenza|conferencia|congres|congreso|congresso|messe|webcast|livestream|masterclass|demo|afspraak|vergadering|gesprek|besprechung|reunion|riunione|reuniao)(?![a-z])(?! ?-?(?:invit|einladung|e-?mail|mails?|newsletter|reminder|erinnerung|uitnodiging|convit|invito))/;
/**
 * A sender's own footer, of an autoresponder or a desk: "Unsubscribe: https://…", "To unsubscribe from incident notifications,
 * update your notification preferences", "You are receiving this email because you contacted us" — a link offered, no request.
 */
const FOOTER_LINK = /(?:unsubscrib[a-z]*|opt[- ]?out|abmelden|desinscri[a-z]*|desabonn[a-z]*|darse de baja|disiscri[a-z]*|afmelden|descadastr[a-z]*)(?: or (?:update|manage|change) (?:your )?(?:preferences|settings|subscription))?\s*[:|]?\s*(?:(?:at|via|using|here at) )?(?:https?:\/\/|www\.|<https?:|here(?![a-z])|hier(?![a-z])|ici(?![a-z])|aqui(?![a-z]))|(?<![a-z])if you (?:no longer|do not|don'?t) (?:wish|want) to receive [^.!?\n]{0,80}from (?:us|[a-z0-9&.-]+)(?![a-z])|(?:afmelden|uitschrijven|abmelden|desinscri[a-z]*|desabonn[a-z]*|darse de baja|unsubscrib[a-z]*) (?:voor|van|from|von|de|del|da|dalla) (?:onze|our|unserem|unseren|notre|nos|nuestro|nuestra|nossa|nosso|la nostra) (?:nieuwsbrief|newsletters?|mailings?|communicat[a-z]*|boletin|marketing)|(?<![a-z])to (?:unsubscribe|opt[- ]?out)(?: (?:from|of) [^,.!?\n]{1,80})?,? (?:please )?(?:click|update|visit|use|go to|follow|manage|change|adjust|reply|send|log in|sign in)|(?:you are|you're) (?:receiving|getting) this (?:e-?mail|message|newsletter|notification)?/;
/** Our footer's wording quoted as a thing: the "Reply 'unsubscribe'" line, the 'opt out' link. */
const QUOTED_AS_THING = /(?:"[^"\n]{1,60}"|'[^'\n]{1,60}') (?:line|link|button|footer|option|wording|text|bit|part|sentence|paragraph|note)s?(?![a-z])/g;

const LINK = /(?:https?:\/\/|www\.)[^\s<>()"]{1,2000}/g;

/** `text` with the links found in `original` (the same text before other blanking, same length) blanked. */
function withoutLinks(text: string, original: string): string {
  if (!original.includes("://") && !original.includes("www.")) return text;
  let out = "";
  let at = 0;
  for (const m of original.matchAll(LINK)) {
    out += text.slice(at, m.index) + " ".repeat(m[0].length);
    at = m.index! + m[0].length;
  }
  return out + text.slice(at);
}

/** The text with the sentences that only speak of unsubscribing blanked (same length). */
function withoutMentions(text: string): string {
  const quoted = text.includes("'") || text.includes('"') ? text.replace(QUOTED_AS_THING, (q) => " ".repeat(q.length)) : text;
  REMOVAL_WORDS.lastIndex = 0;
  if (!REMOVAL_WORDS.test(quoted)) return quoted;
  // every boundary once, then each removal word's sentence and clause found by walking them forward: linear
  const sentences = boundaries(quoted, SENTENCE_END);
  const clauses = boundaries(quoted, CLAUSE_END);
  const spans: [number, number][] = [];
  let s = 0;
  let c = 0;
  REMOVAL_WORDS.lastIndex = 0;
  for (let m = REMOVAL_WORDS.exec(quoted); m; m = REMOVAL_WORDS.exec(quoted)) {
    while (s + 1 < sentences.length && sentences[s + 1]![0] <= m.index) s++;
    while (c + 1 < clauses.length && clauses[c + 1]![0] <= m.index) c++;
    const [from, to] = [sentences[s]![1], sentences[s + 1]?.[0] ?? quoted.length];
    const [cFrom, cTo] = [clauses[c]![1], clauses[c + 1]?.[0] ?? quoted.length];
    if (to - from <= 400 && (PAST_BUT_WANTS.test(quoted.slice(from, to)) || PAST_THEN_BUT.test(quoted.slice(from, to)) || FOOTER_LINK.test(quoted.slice(from, to)))) spans.push([from, to]);
    else if (cTo - cFrom <= 400 && (ANY_TIME.test(quoted.slice(cFrom, cTo)) || EVENT.test(quoted.slice(cFrom, cTo)))) spans.push([cFrom, cTo]);
  }
  // the spans come in order (a clause's words share its span): the text rebuilt once
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    if (from < at) continue;
    parts.push(quoted.slice(at, from), " ".repeat(to - from));
    at = to;
  }
  parts.push(quoted.slice(at));
  return parts.join("");
}

/** "How does unsubscribing work with your tool?", "Wie funktioniert das Abmelden?": how removal works, a question about the product. */
const HOW_REMOVAL_WORKS =
  /(?<![a-z])(?:how (?:does|do|is|would|will|are) (?:the |your |an? )?(?:unsubscrib[a-z]*|opt-?outs?|removals?)|wie (?:funktioniert|lauft|laeuft|klappt|geht|handhaben sie) (?:das |die |eine |bei ihnen (?:das |die )?)?(?:abmelden|abmeldung|austragen|austragung|abbestellung)|hoe (?:werkt|gaat|verloopt) (?:het )?(?:afmelden|afmelding|uitschrijven|uitschrijving)|comment (?:fonctionne|marche|se passe|gerez-vous|gere[a-z-]*) (?:la |le )?(?:desinscription|desabonnement)|como (?:funciona|se gestiona|gestionan|manejan|e feito|voces tratam) (?:la |el |o |a )?(?:baja|desuscripcion|darse de baja|descadastro|descadastramento|cancelamento)|come (?:funziona|gestite|si gestisce) (?:la |il )?(?:disiscrizione|cancellazione)|(?:if|when|se|si|wenn|falls|quando|cuando|als|lorsqu'|quand) (?:a|an|um|uma|un|una|une|ein|eine|een|one of (?:our|my)) (?:customer|client|cliente|subscriber|contact|contato|contacto|recipient|user|kunde|kundin|klant|abonnee|abonnent|assinante|suscriptor|iscritt[oa]|abbonat[oa]|destinataire|abonne)s? (?:asks? (?:to|for)|wants? to|requests?|pedir|pede|pida|pide|quiere|will|mochte|moechte|demande|vraagt|chiede)(?: [a-z]+){0,2} (?:unsubscrib[a-z]*|opt-?out|removal|descadastro|baja|abmeld[a-z]*|desinscri[a-z]*|desabonn[a-z]*|afmeld[a-z]*|disiscri[a-z]*|cancelamento))[^.!?\n]{0,200}\?/g;
/**
 * Someone else doing it, asked about ("so an individual at a client can opt out of the alert emails …?", "how would staff
 * unsubscribe from the weekly report?"), or an old account of the writer's taken off a product's list ("how do I
 * unsubscribe my old account from your product newsletter?"): a question, no removal from our mail.
 */
const OTHERS_REMOVAL_ASKED =
  /(?<![a-z])(?:unsubscrib[a-z]* (?:my|our) (?:old|other|previous|former|second) (?:account|login|user|address|e-?mail)[^.!?\n]{0,200}\?|(?:someone|anyone|an individual|individual|individuals|our|my|their|staff|employees|users|people|recipients|contacts|customers|clients|subscribers|members|team|they)(?: [a-z]+){0,4} (?:unsubscrib[a-z]*|opt[- ]?out)[^.!?\n]{0,200}\?)/g;

/**
 * Others' removal asked about, in any of the seven languages ("O colaborador consegue se descadastrar …?", "… usa
 * l'header List-Unsubscribe per disiscrivere l'utente …?"): a question about the product, unless the writer is in it.
 */
const OTHERS_IN_QUESTION = /(?<![a-z])(?:users?|staff|employees?|people|recipients|customers|clients?|subscribers|members|mitarbeiter(?:innen|in|n)?|mitarbeitenden?|nutzer(?:innen|n)?|benutzer(?:innen|n)?|kunden|empfanger(?:innen)?|utilisateurs?|collaborateurs?|salaries|destinataires|abonnes|usuarios?|clientes?|empleados?|colaboradores?|suscriptores|destinatarios|utenti|utente|clienti|dipendenti|collaboratori|iscritti|destinatari|gebruikers?|klanten|medewerkers?|ontvangers|abonnees|colaborador|funcionarios?|assinantes)(?![a-z])/;
const FIRST_PERSON = /(?<![a-z])(?:me|us|myself|mich|uns|moi|nous|mi|ci|mij|ons|nos|meine?n?|my|our|mon|mes|mis|mio|miei|mijn|meu|meus)(?![a-z])/;
const REMOVAL_WORD = /unsubscrib|opt[- ]?out|abmeld|austrag|abbestell|desinscri|desabonn|de baja|disiscri|afmeld|uitschrijv|descadastr/;
/** Its stems, looked for as substrings first (an alternation tried at every position of a long reply costs tens of µs). */
const REMOVAL_STEMS = ["unsubscrib", "opt-out", "opt out", "optout", "abmeld", "austrag", "abbestell", "desinscri", "desabonn", "de baja", "disiscri", "afmeld", "uitschrijv", "descadastr"];
/** Before a ".": an abbreviation ("bzw.", "z.B.", "etc.", "Art."), which ends no sentence. */
const ABBREVIATION = /(?:^|[^a-z])(?:bzw|usw|etc|ecc|evtl|ggf|ca|resp|vs|cf|z\.b|e\.g|i\.e|d\.h|u\.a|p\.ej|art|abs|nr)$/;

/** "Unsubscribe from what? I never signed up": the word thrown back as a question, no request. */
const FROM_WHAT = /(?<![a-z])(?:unsubscribe|opt out|remove (?:me|us)|take (?:me|us) off)(?: from)? what(?= ?\?)/g;

/** The text with others' removal asked about, and "unsubscribe from what?", blanked (same length). */
function withoutOthersAsked(text: string): string {
  let out = text.includes(" what") ? text.replace(FROM_WHAT, (q) => " ".repeat(q.length)) : text;
  // most replies name no removal at all
  if (!REMOVAL_STEMS.some((w) => out.includes(w))) return out;
  // each question back to its sentence's start: linear in the text, whatever its lines
  for (let q = out.indexOf("?"); q >= 0; q = out.indexOf("?", q + 1)) {
    let from = q;
    while (from > 0 && q - from < 400) {
      const c = out[from - 1]!;
      if (c === "!" || c === "?" || c === "\n" || (c === "." && !ABBREVIATION.test(out.slice(Math.max(0, from - 8), from - 1)))) break;
      from--;
    }
    const sentence = out.slice(from, q + 1);
    if (REMOVAL_WORD.test(sentence) && OTHERS_IN_QUESTION.test(sentence) && !FIRST_PERSON.test(sentence)) out = out.slice(0, from) + " ".repeat(sentence.length) + out.slice(q + 1);
  }
  return out;
}

const SENTENCE_END = /[.!?\n]/g;
const CLAUSE_END = /[.!?\n,;]| (?:but|aber|mais|pero|ma|maar|mas) /g;
/** [start, end of the boundary] pairs, beginning with the text's start. */
function boundaries(text: string, re: RegExp): [number, number][] {
  const out: [number, number][] = [[0, 0]];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * One event's list, not our mail: "take me off the guest list for the 18th", "streichen Sie mich von der Teilnehmerliste
 * des Workshops", "cancel my registration for the dinner", in the seven languages (not "inscripción", "inscrição",
 * "iscrizione", "inschrijving": those are a subscription too).
 */
const EVENT_LIST = /(?<![a-z])(?:(?:guest|attendee|attendees|participant|participants|delegate|rsvp|registration|dinner|waiting|wait) ?list|(?:my|our) (?:registration|booking|rsvp|seat)|teilnehmerliste|gastel?iste|gaesteliste|anmeldeliste|(?:meine|unsere) anmeldung|liste des (?:participants|invites|inscrits)|lista de (?:invitados|asistentes|participantes|convidados|inscritos)|lista (?:dei|degli) (?:partecipanti|invitati|iscritti)|(?:deelnemers|gasten|genodigden)lijst)(?![a-z])/g;

/** The text with each clause that speaks of an event's list blanked (same length). */
function withoutEventLists(text: string): string {
  EVENT_LIST.lastIndex = 0;
  if (!EVENT_LIST.test(text)) return text;
  EVENT_LIST.lastIndex = 0;
  return text.replace(/[^.!?\n,;]+/g, (clause) => {
    EVENT_LIST.lastIndex = 0;
    return EVENT_LIST.test(clause) ? " ".repeat(clause.length) : clause;
  });
}

export function asksRemoval(text: string, indexed?: WordStarts): boolean {
  // a link is no request ("…/unsubscribe" in the writer's own footer): blanked, same length, once the footers that
  // offer one were read with it ("Unsubscribe: https://…")
  const spoken = withoutEventLists(withoutLinks(withoutMentions(text), text));
  const folded = spoken.includes("?") ? withoutOthersAsked(spoken.replace(QUOTED_IN_QUESTION, (q) => " ".repeat(q.length)).replace(HOW_REMOVAL_WORKS, (q) => " ".repeat(q.length)).replace(OTHERS_REMOVAL_ASKED, (q) => " ".repeat(q.length))) : spoken;
  // the index was built for the text as given: a text with quotes blanked is scanned
  const starts = folded === text ? indexed : undefined;
  REMOVAL.lastIndex = 0;
  const found = starts ? matchesOf(REMOVAL, folded, starts) : [...folded.matchAll(REMOVAL)];
  // «a vendor ignored my 'please remove me' emails»: the words quoted, not said
  const spans = quotedSpans(folded);
  const listed = found.some((m) => {
    const before = folded.slice(Math.max(0, m.index! - 40), m.index!);
    return !inQuotes(spans, m.index!, m.index! + m[0].length) && !NEGATED_BEFORE.test(before) && !(REMOVAL_NOUN.test(m[0]) && AS_NOUN_BEFORE.test(before));
  });
  // a bare stop ends the text
  return listed || asksRemovalInOtherScripts(folded) || BARE_STOP.test(folded.slice(-80)) || (folded.length <= 200 && (STOPS_ONLY.test(folded) || BARE_REMOVAL.test(folded.trim()) || mistypedRemoval(folded)));
}
