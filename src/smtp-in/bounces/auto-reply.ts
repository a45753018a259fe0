// Auto-replies (RFC 3834): out-of-office notices, vacation responders,
// "your message was received" acknowledgements, "I have left the company"
// responders. Never bounces: they are checked only after every bounce and
// complaint format said no, because bounces carry the same headers (Postfix
// and Exim put Auto-Submitted: auto-replied on their DSNs).
//
// An auto-reply is a message with:
// - Auto-Submitted: auto-replied / auto-generated / auto-notified (RFC 3834)
//   (anything but "no"), X-Autoreply / X-Autorespond / X-Auto-Response,
//   X-Vacation, Precedence: auto_reply / bulk / junk, X-Apple-Action: vacation;
// - a subject that says so: "Automatic reply:", "Auto:", "Out of Office:",
//   "Abwesenheitsnotiz:", "Automatische Antwort:", "Réponse automatique :",
//   "Respuesta automática:", "Risposta automatica:", "Automatisch antwoord:",
//   "Resposta automática:"…;
// - a From: address that takes no replies (no-reply@, donotreply@…);
// - Microsoft's X-Auto-Response-Suppress together with an Exchange loop or
//   generated-message header; or either of them with auto-reply wording.
// Messages from a mailer daemon, postmaster or root are excluded: those are
// reports about delivery, not replies from a person's mailbox.
//
// autoReplyWording reads the wording alone (seven languages: en, de, fr, es,
// it, nl, pt; the out-of-office and leaver forms of fifteen more in
// auto-reply-languages.ts). A message is machine-written by its words when they say so
// ("this is an automatic reply"), speak of the person in the third person or
// of the mailbox ("is no longer with the company", "this mailbox is not
// monitored"), or combine the marks of an out-of-office notice (away, back on,
// limited access to e-mail, will answer on my return, for urgent matters
// contact, thank you for your message) without talking about our offer.

import { ACCESS_MORE, AWAY_MORE, BACK_MORE, ENGAGED_MORE, LEFT_THIRD_MORE, MAILBOX_GONE_MORE, NON_LATIN, RECEIVED_MORE, ROUTING_MORE, ON_RETURN_MORE, THANKS_MORE, TICKET_MORE, URGENT_MORE } from "./auto-reply-languages";
import { writeOutLetters } from "../../lib/whole-letters";
import { header, headerText, type Entity } from "./mime";
import { hasMatch, WordStarts } from "../../lib/word-starts";

// (not after "Re:" or "Fwd:": a person answering or forwarding an auto-reply, "Re: Automatic reply: …"; after a
// gateway's tag, "[EXTERNAL] Automatic reply: …", and in brackets, "[부재중 자동응답] …", "【自動返信】…")
const AUTO_SUBJECT =
  /^\s*(?:\[[^\]]{1,20}\]\s*)?[[【(（]?\s*(?:auto(?:matic)?[ -]?(?:reply|response|answer)|auto\s*:|autoreply|autoresponse|out of (?:the )?office|ooo\b|away from (?:the|my) office|on vacation|vacation (?:reply|notice|message)|abwesenheit|abwesend|automatische (?:antwort|r[üu]ckmeldung|nachricht)|r[ée]ponse automatique|absence du bureau|absent(?:e)? du bureau|respuesta autom[áa]tica|fuera de la oficina|risposta automatica|fuori (?:ufficio|sede)|automatisch antwoord|afwezig|niet aanwezig|resposta autom[áa]tica|aus[êe]ncia|ausente|fora do escrit[óo]rio|автоответ|автоматический ответ|автоматична відповідь|автоматичен отговор|automatiskt svar|automatisk svar|automaattinen vastaus|automaatvastus|automatyczna odpowied[źz]|automatick[áa] odpov[ěe][ďd]|automatikus v[áa]lasz|r[ăa]spuns automat|otomatik (?:yan[ıi]t|cevap)|automatski odgovor|samodejni odgovor|automatinis atsakymas|autom[āa]tisk[āa] atbilde|resposta autom[àa]tica|balasan otomatis|tr[ảa] l[ờo]i t[ựu] [đd][ộo]ng|αυτόματη απάντηση|תשובה אוטומטית|رد تلقائي|부재중(?:\s?자동\s?(?:응답|회신))?|자동\s?회신|자동\s?응답|自动回复|自動回覆|自動応答|自動返信|不在)(?=\s*(?:[:\-–(\[\]】)）!.,]|$|(?:re|aw|fw|fwd|wg|tr|sv|antw|until|till|through|bis|ab|vom|jusqu|du|hasta|desde|del|fino|dal|tot|vanaf|van|at[ée]|de|from|on|in|im|en|[0-9])\b))/i;

const DAEMON_FROM = /^(?:mailer-daemon|postmaster|root|mail delivery (?:system|subsystem))\b|<(?:mailer-daemon|postmaster|root)@/i;

/** A subject that answers or forwards another: "Re:", "AW:", "Fwd:", "WG:", "TR:"… */
export const ANSWERED_SUBJECT = /^\s*(?:\[[^\]]{1,20}\]\s*)?(?:re|aw|fw|fwd|wg|tr|rv|r|sv|antw|i|enc|doorst|vs)\s*:/i;

/** no-reply@, noreply-alerts@, do_not_reply@, donotreply@… */
const NO_REPLY_FROM = /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply)(?:[-_.+][a-z0-9._-]*)?@/i;

/** Whether a message is an auto-reply (see the top of this file). */
export function isAutoReply(msg: Entity, bodyText: () => string): boolean {
  const from = (headerText(msg, "from") ?? "").trim();
  if (DAEMON_FROM.test(from) || /^(?:mailer-daemon|postmaster)@/i.test(from.replace(/^.*</, ""))) return false;
  const auto = (header(msg, "auto-submitted") ?? "").trim().toLowerCase();
  if (auto && !auto.startsWith("no")) return true;
  if (header(msg, "x-autoreply") !== null || header(msg, "x-autorespond") !== null || header(msg, "x-auto-response") !== null || header(msg, "x-vacation") !== null) return true;
  const precedence = (header(msg, "precedence") ?? "").trim().toLowerCase();
  if (precedence === "auto_reply" || precedence === "bulk" || precedence === "junk") return true;
  if ((header(msg, "x-apple-action") ?? "").trim().toLowerCase() === "vacation") return true;
  // nobody writes by hand from an address that takes no replies
  if (NO_REPLY_FROM.test(from.replace(/^.*</, ""))) return true;
  const subject = headerText(msg, "subject") ?? "";
  if (AUTO_SUBJECT.test(subject)) return true;
  const suppress = header(msg, "x-auto-response-suppress") !== null;
  const exchange = header(msg, "x-ms-exchange-inbox-rules-loop") !== null || header(msg, "x-ms-exchange-generated-message-source") !== null;
  if (suppress && exchange) return true;
  if (suppress || exchange) return autoReplyWording(subject) !== null || autoReplyWording(bodyText().slice(0, 4000)) !== null;
  return false;
}

export interface AutoWording {
  kind: "out_of_office" | "left_company" | "acknowledgement";
  /** Words no person writes to us by hand: enough to call the message an auto-reply without headers. */
  unmistakable: boolean;
  /** The text names itself automatic ("automatic reply", "autoresponder"), not only an absence a person may describe. */
  automatic?: true;
}

// All phrase lists are folded: lower case, without accents, one space.
const re = (parts: string[]) => new RegExp(`(?<![a-z0-9])(?:${parts.join("|")})(?![a-z0-9])`);

/** "set an automatic reply", "does your autoresponder…", "automatic reply settings": a person talking about them (whole words: "this automatic reply" is no "his"). */
const NOT_DISCUSSED = "(?<!(?<![a-z])(?:an|the|that|your|our|my|their|his|her|set|set up|setup|configure|use|using|about|for|of|with|detect|detecting|handle|handling|filter|filtering|like|many|these|those|any) )";

// "this is an automatic reply"
// challenge-response filters (Boxbe, SpamArrest, a guest list): a machine asks the sender to prove they are human,
// acknowledging the mail without saying when anyone reads it
const CHALLENGE = re([
  "(?:prouver|confirmer) que vous (?:etes|n'etes pas) (?:un humain|une personne|un robot)|(?:demostrar|confirmar) que (?:es|eres) (?:humano|una persona)|(?:dimostrare|confermare) (?:di essere|che sei) (?:un essere umano|una persona)|(?:bestatigen|beweisen|nachweisen),? dass sie (?:ein mensch|kein (?:roboter|bot|spammer))|(?:bewijzen|bevestigen) dat u (?:een mens|geen robot)|(?:provar|confirmar) que (?:voce e|e) (?:humano|uma pessoa)|en attente de validation|(?:n'est a effectuer|n'aurez a le faire) qu'une (?:seule )?fois",
  "(?:sie )?mussen (?:dies|das) nur (?:ein ?mal|ein einziges mal) tun|vous n'aurez a le faire qu'une (?:seule )?fois|solo (?:tendras|tendra|tienes|tiene|necesitas|necesita) que hacerlo una (?:sola )?vez|(?:dovrai|dovra|devi|deve) farlo (?:solo )?una (?:sola )?volta|(?:u|je) hoeft dit (?:maar|slechts) (?:een|1) keer te doen",
  "protecting (?:myself|me|my inbox) from (?:receiving )?(?:junk|spam|unsolicited)|(?:you (?:will )?(?:only )?(?:have|need) to do this|this is (?:only )?required) (?:only )?once|(?:please |to )(?:verify|confirm|prove) (?:that )?you(?:'re| are) (?:a )?(?:human|real person|not a (?:robot|bot|spammer))|(?:senders?|you) to (?:verify|confirm|prove) (?:that )?(?:they are|they're|you are|you're) (?:a )?(?:human|real (?:person|people))|sender verification (?:request|required)|(?:add yourself to|be added to) my (?:guest|approved|allowed|safe) (?:list|senders?)|(?:your )?message (?:to [^ ]{3,80} )?has been (?:waitlisted|held|quarantined) (?:pending|until|for)|(?:your )?message (?:to [^ ]{3,80} )?has been waitlisted",
]);

const AUTOMATIC = re([
  "this is an? (?:automatically|system|computer)[- ]generated (?:message|e-?mail|notification|notice|reply|response)|(?:this|the) (?:message|e-?mail|notification|notice) (?:was|has been|is) (?:automatically generated|generated automatically|sent automatically|system[- ]generated)",
  "this is an? (?:automatic|automated|auto-generated|auto|system[- ]generated|computer[- ]generated) ?-?(?:reply|response|answer|message|notification|e-?mail|mail)|" + NOT_DISCUSSED + "(?:auto(?:matic)? ?-?(?:reply|response|answer)|automated (?:reply|response)|autoreply|autoresponder|out of office (?:reply|message|notice))(?!s? (?:settings?|rules?|features?|detection|handling|filters?|options?|templates?|tools?|configuration|in (?:your|the|our)|for (?:my|our|your|the|all)))|(?:this|the) (?:message|e-?mail) (?:was|is|has been) (?:sent |generated )?automatically|(?:sent|generated) automatically\\)",
  "(?<!(?<![a-z])(?:meine|mein|meiner|meinen|unsere|unserer) )(?:automatische (?:antwort|abwesenheitsnotiz|ruckmeldung|eingangsbestatigung)|abwesenheitsnotiz)|diese (?:e-?mail|nachricht) wurde automatisch(?! (?:auf|nach) (?:viren|schadsoftware|spam)| (?:gepruft|geprueft|gescannt|uberpruft|ueberpruft))|automatisch (?:generierte|erstellte|versandte) (?:nachricht|e-?mail)",
  "(?<!(?<![a-z])(?:ma|mon|votre|notre) )reponse automatique|ceci est un (?:message|courriel) automatique|(?:message|courriel) (?:genere|envoye) automatiquement",
  "(?<!(?<![a-z])(?:mi|tu|la) )respuesta automatica|este es un (?:mensaje|correo) automatico|(?:mensaje|correo) (?:generado|enviado) automaticamente",
  "(?<!(?<![a-z])(?:la mia|mia|la) )risposta automatica|questo e un messaggio automatico|(?:questa e una )?(?:comunicazione|notifica|e-?mail) (?:generata|inviata) automaticamente|messaggio (?:generato|inviato) automaticamente",
  "(?<!(?<![a-z])(?:mijn|ons|het) )automatisch antwoord|dit is een automatisch(?:e)? (?:bericht|antwoord|gegenereerd)|automatisch (?:gegenereerd|verzonden) bericht",
  "(?<!(?<![a-z])(?:minha|a) )resposta automatica|(?:so|somente|apenas) (?:precisa|precisara|tera) (?:de )?fazer isso uma (?:unica )?vez|esta e uma (?:resposta|mensagem) automatica|mensagem (?:gerada|enviada) automaticamente",
  // "your email will not be forwarded": a mailbox's rule speaks (a person forwards, or says they did)
  "(?:e-?mails?|messages?|mail) (?:will not|won't|is not|are not|will no longer) (?:be |being )?(?:automatically )?(?:forwarded|redirected)",
  "(?:e-?mails?|nachrichten|nachricht|mails?) (?:wird|werden) nicht (?:automatisch )?weitergeleitet",
  "(?:message|e-?mail|courriel|mail)s? ne (?:sera|seront|est|sont) pas (?:transferee?s?|redirigee?s?)",
  "(?:correo|mensaje|e-?mail)s? no (?:sera|seran|es|son|se) (?:reenviad[oa]s?|redirigid[oa]s?|reenviara)",
  "(?:e-?mail|mail|messaggio|messaggi|posta) non (?:verra|sara|viene|verranno|saranno) (?:inoltrat|reindirizzat)[oaie]",
  "(?:e-?mail|bericht|mail|berichten)s? (?:wordt|worden) niet (?:automatisch )?doorgestuurd",
  "(?:e-?mail|mensagem|mensagens)s? nao (?:sera|serao|e|sao) (?:encaminhad|redirecionad)[oa]s?",
  // the Scandinavian languages, Finnish, Polish, Czech, Romanian, Turkish: "vidarebefordras inte", "videresendes ikke"
  "(?:vidarebefordras|skickas vidare|videresendes|sendes videre) (?:inte|ikke)|(?:ei|eika) (?:valiteta|laheteta) (?:eteenpain|edelleen)|nie (?:beda|bedzie|jest|sa) (?:automatycznie )?przekazywan[aey]|(?:nebude|nebudou|neni|nejsou) (?:automaticky )?(?:preposlan[ay]?|preposilan[ay]?|presmerovan[ay]?)|nu (?:va|vor) fi (?:redirectionat[ea]?|transmis[ea]?|redirectionate)|(?:iletilmeyecek|yonlendirilmeyecek)",
]);

// away: out of office, on leave, on holiday
const AWAY = re([
  // the whole office away: "our studio is closed for the festive break and reopens on Monday 11 January", "offices closed until 4 January"
  "(?:our |the )?(?:office|offices|studio|shop|store|showroom|practice|team|warehouse|business) (?:is|are|will be) (?:now )?closed (?:for|until|till|over|from|between|during)|(?:we are|we're|we will be) closed (?:for|until|till|over|from|between|during) (?:the )?(?:holidays?|festive|christmas|new year|easter|summer|bank holiday|[0-9])",
  "out of (?:the )?office|ooo|(?:i am|i'm|i will be|i'll be) (?:currently |presently |now )?(?:at|attending) (?:a|an|the) (?:conference|trade ?show|offsite|off-site|summit|trade fair)|away from (?:the |my )?(?:office|desk|e-?mail)|(?:i am|i'm|i will be|i'll be|currently) (?:away|out|travell?ing|on (?:a |an )?(?:annual |parental |maternity |paternity |sick |medical |study )?(?:leave|vacation|holiday|holidays|pto|a business trip|sabbatical))|on (?:annual|parental|maternity|paternity|sick|medical) leave|(?:annual|parental|maternity|paternity) leave|(?:currently|presently) (?:away|out|unavailable|not in the office)|(?:i'?m|i am) not in (?:the |my )?office (?:today|this week|at the moment|on (?:mondays|tuesdays|wednesdays|thursdays|fridays))|(?:i am|i'm|i will be|i'll be|currently) off (?:for |on |over )?(?:the )?(?:holidays?|vacation|christmas break|winter break|summer break|festive break|break)(?![a-z])|(?:off|out|home) sick|(?:our |the )?(?:office|offices) (?:is|are|will be) (?:closed|shut)|closed (?:for|over) the (?:holidays|holiday season|christmas|christmas break|new year|summer|festive season|festive period|break)|(?:i am|i'm|i will be|i'll be|currently) (?:offline|off-?grid|unplugged)|(?<![a-z] )away until|ooo until",
  "(?:im|in einem|in meinem) sabbatical|im sabbatjahr|nicht im (?:buro|buero|hause|haus|office)|ausser haus|abwesend|im urlaub|in (?:elternzeit|mutterschutz|urlaub|karenz)|auf (?:dienstreise|geschaftsreise|reisen)|auf (?:der|einer) (?:messe|fachmesse|konferenz|tagung)|(?:bin|ist) (?:derzeit |aktuell |diese woche |bis [a-z0-9. ]{1,20} )?(?:geschaftlich |beruflich |dienstlich )?unterwegs|nicht erreichbar|nicht (?:am|im) arbeitsplatz|(?:bin|ist) (?:derzeit |aktuell |leider )?krank|krankgeschrieben|im krankenstand|(?:buro|buero|geschaft|geschaeft|betrieb|firma|unternehmen|praxis|kanzlei|haus)s? (?:ist|bleibt|sind|bleiben) (?:[a-z0-9.,]+ ){0,12}geschlossen",
  "(?:en )?(?:conge|annee) sabbatique|absente? du bureau|(?:je suis|je serai) (?:actuellement |en ce moment |momentanement )?(?:absente?|en conge|en vacances|en deplacement|hors du bureau)|actuellement absente?|en conges?(?: maternite| parental| paternite)?|en vacances|hors du bureau|en arret (?:maladie|de travail)|(?:je suis|je serai) malade|(?:je suis|je serai) (?:actuellement )?en (?:formation|seminaire|salon|conference)|(?:je suis|je serai) (?:actuellement )?sur (?:un|le) salon|(?:bureaux?|agence|magasin|entreprise|societe|cabinet|etude|boutique) (?:est|sont|sera|seront|reste|restent|resteront|restera) (?:[a-z0-9',.]+ ){0,10}fermee?s?|(?<![a-z] )absente? jusqu",
  "(?:de |en (?:mi |un )?)?(?:ano|periodo) sabatico|(?:estoy |me encuentro )?de licencia(?: por (?:vacaciones|maternidad|paternidad|enfermedad))?|fuera de la oficina|(?:estoy|estare|me encuentro) (?:actualmente |ahora |en este momento )?(?:de vacaciones|ausente|fuera|de viaje|de baja|de permiso)|de (?:vacaciones|baja|permiso)(?: maternal| paternal| por maternidad| por paternidad)?|ausente de la oficina|(?:estoy|estare) (?:en (?:una|la) (?:feria|conferencia|congreso))|(?:estoy|estare) enferm[oa]|(?:oficinas?|empresa|tienda|despacho) (?:esta|estan|estara|estaran|permanecera|permaneceran) (?:[a-z0-9.,]+ ){0,10}cerrad[ao]s?|(?<![a-z] )ausente hasta",
  "(?:in )?(?:anno|periodo) sabbatico|fuori (?:ufficio|sede)|(?:sono|saro) (?:attualmente |al momento |momentaneamente )?(?:in ferie|assente|in vacanza|in congedo|fuori|in trasferta|in maternita)|in ferie|assente dall'ufficio|(?:oggi |al momento |questa settimana )non sono in ufficio|(?:sono|saro) (?:in fiera|a una fiera|alla fiera|a un congresso|a una conferenza)|in congedo|in trasferta|in malattia|(?:uffici|ufficio|azienda|negozio|studio|sede) (?:e|sono|sara|saranno|resta|restano|restera|resteranno|rimarra|rimarranno) (?:[a-z0-9'.,]+ ){0,10}chius[oi]|(?<![a-z] )assente fino",
  "(?:heb|ben met|op) (?:een )?sabbatical|afwezig|niet (?:op kantoor|aanwezig)|(?:met|op) vakantie|met (?:verlof|zwangerschapsverlof|ouderschapsverlof)|buiten kantoor|(?:sta|ben|zit) (?:deze week |momenteel |nu )?op (?:een|de) (?:beurs|vakbeurs|conferentie|congres)|(?:zwangerschaps|ouderschaps)verlof|(?:ben|is) ziek|ziek ?gemeld|(?:kantoor|bedrijf|winkel|praktijk|zaak) (?:is|zijn|blijft|blijven) (?:[a-z0-9.,]+ ){0,10}gesloten",
  "(?:em )?(?:periodo|ano|licenca) sabatic[oa]|fora do escritorio|(?:estou|estarei|encontro-me) (?:atualmente |no momento |neste momento )?(?:de ferias|ausente|fora|em viagem|de licenca|em licenca)|(?:em|de) ferias|de licenca|em licenca|ausente do escritorio|(?:estou|estarei) (?:em uma|numa|na) (?:feira|conferencia|congresso)|de licenca medica|de atestado|(?:estou|estarei) doente|(?:escritorio|empresa|loja|sede) (?:esta|estara|estarao|encontra-se|permanecera|fica|ficara) (?:[a-z0-9.,]+ ){0,10}(?:fechad[oa]|encerrad[oa])|(?<![a-z] )ausente ate",
  ...AWAY_MORE,
]);

// back: "back on", "return on", "until"
const BACK = re([
  "be back|back (?:in the office|in office|at (?:my desk|work|the office)|on|from|monday|tuesday|wednesday|thursday|friday|tomorrow|next week)|reopen(?:s|ing)? (?:on|in|from)|back(?= [0-9])|(?:will )?return(?:ing)? (?:to the office |to work )?(?:on|at|from)|returning|return date|until|till|through",
  "wieder (?:im buro|im buero|erreichbar|da|zuruck|zurueck|verfugbar|im haus|im office)|wieder (?:fur|fuer) (?:sie|euch|dich) (?:da|erreichbar)|(?<![a-z])ab (?:dem |den )?[0-9]{1,2}\\.[0-9]{1,2}\\.?|(?:bin|ist) (?:ab|bis)|zuruck|zurueck|bis(?: zum| einschliesslich| und mit| inklusive)?",
  "de retour|je serai de retour|retour (?:le |prevu (?:le )?)?(?:lundi|mardi|mercredi|jeudi|vendredi|[0-9]{1,2}(?![0-9]))|je reviens|je rentre|jusqu'(?:au|a|le)|reprendrai",
  "de (?:vuelta|regreso)|regresare|volvere|vuelvo|regreso (?:el|al|a la)|hasta el|hasta|me reincorporo",
  "rientrero|rientro|di ritorno|fino al|fino a|tornero|(?:di nuovo|nuovamente) in ufficio|riapriremo|riapre",
  "weer (?:aanwezig|op kantoor|terug|bereikbaar|beschikbaar)|terug op|ben ik weer|(?:ben ik|ik ben) terug|tot en met|t/m|tot",
  "estarei de volta|de volta|retorno|retornarei|retornaremos|retomamos|volto|voltarei|regresso|regressarei|ate",
  ...BACK_MORE,
]);

// limited access to e-mail
const ACCESS = re([
  "(?:limited|no|intermittent|restricted|occasional|without|spotty|patchy|sporadic|minimal|little) access to (?:my )?(?:e-?mails?|mail|messages|the internet|my inbox)|(?:limited|no|intermittent|restricted|occasional|spotty|patchy|sporadic|minimal|little) (?:e-?mail|internet|wi-?fi) access|(?:not|won't be|will not be) (?:checking|reading|monitoring) (?:my )?(?:e-?mails?|mail|messages)|slow (?:to|in) (?:respond|responding|reply|replying)|(?:responses?|replies) (?:will|may) be (?:delayed|slow)|limited (?:connectivity|internet|wi-?fi|availability)|(?:expect|there (?:may|will) be) (?:some )?(?:delays?|a delay|delayed (?:responses?|replies))|checking (?:e-?mails?|my inbox|messages) (?:only )?(?:sporadically|intermittently|occasionally|infrequently|periodically)|(?:only )?(?:intermittently|occasionally|sporadically) (?:reachable|available|contactable)",
  "(?:eingeschrankte?[mn]?|eingeschraenkte?[mn]?|keine?[mn]?|begrenzte?[mn]?) zugriff auf (?:meine )?(?:e-?mails?|mails|nachrichten|das postfach)|(?:e-?mails?|nachricht(?:en)?|post) (?:wird|werden) (?:wahrend meiner abwesenheit )?nicht (?:gelesen|weitergeleitet|bearbeitet)|(?:lese|checke|prufe|pruefe|bearbeite) (?:keine (?:e-?mails?|mails|nachrichten)|(?:meine |die )?(?:e-?mails?|mails|nachrichten) nicht)|(?:nur )?(?:eingeschrankt|eingeschraenkt|begrenzt|sporadisch|bedingt|schwer|unregelmassig) erreichbar",
  "acces (?:limite|restreint|reduit|intermittent) (?:a|aux) (?:mes )?(?:e-?mails?|courriels|messages|ma messagerie)|ne (?:pourrai|pourrais|peux|serai) (?:pas )?(?:en mesure de )?(?:consulter|lire|traiter) mes (?:e-?mails?|mails|courriels|messages)|sans acces (?:a|aux) (?:mes )?(?:e-?mails?|courriels|messages|ma messagerie)|ne (?:lis|lirai|consulte|consulterai|regarde|regarderai) pas (?:mes )?(?:e-?mails?|mails|courriels|messages)|(?:difficilement|peu|ponctuellement) joignable|joignable de (?:maniere|facon) (?:limitee|ponctuelle|intermittente)",
  "no (?:leo|leere|reviso|revisare|consulto) (?:el |mi |mis |los )?(?:correos?|e-?mails?|email)|acceso limitado (?:al|a mi|a mis|a) (?:correo|correos|e-?mail|email)|sin acceso (?:al|a mi|a) (?:correo|e-?mail|email)|(?:con )?disponibilidad limitada|dificilmente localizable",
  "non (?:leggo|leggero|controllo|controllero|consulto) (?:la |le |la mia |le mie )?(?:posta|e-?mail|email)|non (?:posso|potro|potro) (?:leggere|controllare|consultare) (?:la |le |la mia |le mie )?(?:posta|e-?mail|email)|accesso limitato (?:alla|alle|alla mia|alle mie) (?:posta|e-?mail|email)|senza accesso (?:alla|alle) (?:posta|e-?mail|email)|(?:difficilmente|saltuariamente|poco) raggiungibile|raggiungibile (?:in modo limitato|saltuariamente)",
  "(?:lees|bekijk|check) (?:mijn |de )?(?:e-?mail|mail|berichten) niet|lees geen (?:e-?mail|mail|berichten)|beperkte? toegang tot (?:mijn )?(?:e-?mail|mail|berichten)|geen toegang tot (?:mijn )?(?:e-?mail|mail)|(?:beperkt|slecht|moeilijk|sporadisch) bereikbaar",
  "nao (?:leio|lerei|verifico|consulto|vou ler) (?:os |meus |o |meu )?(?:e-?mails?|correio|mensagens)|acesso limitado (?:ao|aos|a|ao meu|aos meus) (?:e-?mails?|correio|mensagens)|sem acesso (?:ao|aos|a) (?:e-?mails?|correio)|(?:com )?disponibilidade limitada|dificilmente (?:contactavel|contatavel|encontrad[oa])",
  ...ACCESS_MORE,
]);

// will answer on my return
const ON_RETURN = re([
  "(?:upon|on|after) (?:my )?return|when i (?:return|am back)|when i(?:'m| get) back|as soon as (?:possible|i can|i am back|i'm back|i return|i get back)|at my earliest convenience|(?:will|shall) (?:respond|reply|answer|get back to you|attend to your (?:e-?mail|message)) (?:to your (?:e-?mail|message) )?(?:as soon as|when|upon|on my|after)",
  "nach meiner (?:ruckkehr|rueckkehr)|(?:ich )?(?:werde|melde) mich (?:nach|ab|sobald|umgehend)|schnellstmoglich|so bald wie moglich|sobald ich (?:wieder|zuruck)",
  "(?:des|a|apres) mon retour|je vous repondrai|je (?:traiterai|prendrai connaissance de) votre|des que possible",
  "a mi (?:regreso|vuelta|retorno)|cuando (?:regrese|vuelva)|(?:le |te )?respondere|lo antes posible|en cuanto (?:regrese|vuelva|pueda)",
  "al mio (?:rientro|ritorno)|appena (?:possibile|rientrato|rientrata|tornato|tornata)|rispondero|prima possibile",
  "na (?:mijn )?(?:terugkomst|terugkeer)|bij (?:mijn )?terugkomst|(?:zo )?spoedig mogelijk|zo snel mogelijk|(?:ik )?(?:zal|kom) (?:zo snel mogelijk |spoedig )?(?:reageren|antwoorden|terug)",
  "(?:no|apos o|ao) meu (?:retorno|regresso)|quando (?:eu )?(?:retornar|voltar|regressar)|responderei|assim que (?:possivel|retornar|voltar)|o mais breve possivel",
  ...ON_RETURN_MORE,
]);

// for urgent matters contact
const URGENT = re([
  "(?:for|in case of|regarding|with) (?:urgent|immediate|pressing|time-sensitive) (?:matters|requests|inquiries|enquiries|issues|questions|assistance|needs|help)|(?:if|should) (?:it is|this is|your (?:matter|request) is) urgent|in my absence|urgent matters|please contact (?:my colleague|my assistant|our office)",
  "in dringenden (?:fallen|faellen|angelegenheiten)|bei dringenden (?:anliegen|fragen|angelegenheiten|fallen)|in meiner abwesenheit|meine vertretung|wenden sie sich (?:bitte )?an",
  "en cas d'urgence|pour toute (?:urgence|demande urgente|question urgente)|pour les (?:urgences|demandes urgentes)|en mon absence|merci de contacter|veuillez contacter|vous pouvez contacter",
  "(?:para|en) (?:asuntos|temas|consultas|casos) urgentes|en caso de urgencia|en mi ausencia|puede contactar|contacte con|pongase en contacto",
  "per (?:questioni|urgenze|comunicazioni|richieste) urgenti|per urgenze|in caso di urgenza|in mia assenza|(?:potete|puo|si prega di) (?:contattare|rivolgersi)",
  "voor dringende (?:zaken|vragen|kwesties)|in dringende gevallen|bij dringende (?:zaken|vragen)|tijdens mijn afwezigheid|neem (?:dan )?contact op met|kunt u contact opnemen",
  "para assuntos urgentes|em caso de urgencia|na minha ausencia|(?:entre|entrar) em contato com|contacte",
  ...URGENT_MORE,
]);

const THANKS = re([
  "thank(?:s| you) for (?:your|the) (?:e-?mail|email|message|mail|note|inquiry|enquiry|request)|thank(?:s| you) for (?:reaching out|contacting us|getting in touch)",
  "(?:vielen )?dank fur (?:ihre|die) (?:e-?mail|nachricht|mail|anfrage)|danke fur (?:ihre|die) (?:e-?mail|nachricht|mail|anfrage)",
  "merci (?:pour|de) (?:votre|le|ce) (?:message|e-?mail|courriel|mail|demande|prise de contact)|merci de nous avoir contactee?s?",
  "gracias por (?:su|tu|el|la) (?:correo|mensaje|e-?mail|email|consulta|solicitud)|gracias por (?:contactarnos|escribirnos|ponerte en contacto|ponerse en contacto|comunicarte|comunicarse|comunicarnos)",
  "grazie per (?:la sua|la tua|il suo|il tuo|la|il|l'|questo|questa) ?(?:e-?mail|email|mail|messaggio|richiesta)|grazie per (?:averci contattat[oaie]|averci scritto)",
  "(?:bedankt|dank) voor (?:uw|je|jouw|het|de) (?:e-?mail|bericht|mail|aanvraag|vraag)|bedankt voor het contact",
  "obrigad[oa] (?:pela|pelo|por) (?:sua |seu |tua |teu )?(?:e-?mail|email|mensagem|contato|contacto|solicitacao)|obrigad[oa] por entrar em contato",
  ...THANKS_MORE,
]);
// "we will answer as soon as possible": a service desk's formula, not a person's reply (a person says
// when and why: "within two days, once we've discussed it")
const PROMISE = re([
  "we (?:typically|usually|normally|generally|aim to) (?:reply|respond|answer|get back)|(?:we'?ll|we will) (?:reply|respond|answer|get back to you|be in touch|contact you)(?: to you)? (?:as soon as possible|asap|as quickly as possible|shortly|soon)|(?:(?:someone|a member|one) (?:from|on|of) (?:our|the) (?:[a-z]+ ){0,3}team|our (?:[a-z]+ ){0,3}team|a (?:real )?(?:human|person)) will (?:reply|respond|answer|get back to you|be in touch|contact you|follow up)(?: to you| with you)? (?:as soon as possible|asap|as quickly as possible|shortly|soon|within (?:one|a|an|\\d{1,2}(?:-\\d{1,2})?) (?:business |working )?(?:hours?|days?))|(?:we|our (?:[a-z]+ ){0,3}team) (?:typically|usually) (?:replies|reply|responds|respond) (?:in|within) (?:under |less than |about |around )?(?:a few|an?|\\d{1,2})",
  "wir (?:melden uns|antworten|werden uns)(?: bei ihnen)? (?:schnellstmoglich|so schnell wie moglich|baldmoglichst)|(?:melden|antworten) (?:wir )?uns (?:schnellstmoglich|so schnell wie moglich|baldmoglichst)",
  "(?:nous vous repondrons|nous reviendrons vers vous|nous vous recontacterons) (?:dans les (?:plus )?brefs delais|au plus vite|des que possible)",
  "nos pondremos en contacto con (?:usted|vosotros|ustedes|contigo) (?:en breve|lo antes posible|a la (?:mayor )?brevedad)|(?:un membro del nostro team|un nostro (?:operatore|consulente)) (?:ti|la|le|vi) (?:rispondera|contattera|ricontattera) (?:al piu presto|a breve|quanto prima)|(?:ti|le|vi) (?:risponderemo|ricontatteremo) (?:al piu presto|a breve|quanto prima)",
  "(?:te|le|les|os) (?:responderemos|contestaremos|contactaremos) (?:lo antes posible|a la (?:mayor )?brevedad|lo mas pronto posible)|(?:te|le|les|os) (?:respondera|responderan|contestara|contactara) en (?:un plazo (?:maximo )?de |menos de |las proximas )?\\d{1,2} horas",
  "(?:le|ti|vi) (?:risponderemo|ricontatteremo|contatteremo) (?:al piu presto|quanto prima|il prima possibile)",
  "(?:wij|we) (?:nemen|reageren|antwoorden)(?: zo spoedig mogelijk| zo snel mogelijk)",
  "(?:responderemos|retornaremos|entraremos em contato)(?: com voce)? (?:o mais breve possivel|assim que possivel|o quanto antes)",
]);
// a person writes as themselves; a desk as "we"
/** A colleague reading an absent person's mail, who writes to us by hand: "I'm keeping an eye on her inbox", "ich schaue solange in ihr Postfach". */
const COVERING = re([
  "(?:i'?m|i am|i'?ll be|i will be) (?:keeping an eye on|checking|monitoring|looking after|covering|going through|watching|minding) (?:his|her|their|[a-z]{2,20}'s) (?:inbox|e-?mails?|emails?|mail(?:box)?|messages)",
  "(?:ich|und ich) (?:schaue|sehe|kummere|kuemmere|betreue|bearbeite|lese|prufe|pruefe) (?:mich )?(?:solange |derzeit |in der zwischenzeit |vertretungsweise )?(?:um |in )?(?:ihr|ihre|sein|seine|ihren|seinen) (?:postfach|e-?mails|mails|nachrichten)",
  "je (?:consulte|surveille|gere|traite|lis|releve|m'occupe de) (?:sa|ses) (?:boite|messagerie|mails|e-?mails|courriels|messages)",
  "(?:yo )?(?:reviso|estoy revisando|atiendo|gestiono|leo|llevo) (?:su|sus) (?:correo|correos|buzon|e-?mails|mensajes)",
  "(?:controllo|gestisco|seguo|leggo|guardo) (?:io )?(?:la sua|le sue) (?:casella|posta|e-?mail|mail|messaggi)",
  "ik (?:houd|hou) (?:haar|zijn) (?:mailbox|inbox|mail|e-?mail|postvak) in de gaten|ik (?:beheer|lees|bekijk|check) (?:haar|zijn) (?:mailbox|inbox|mail|e-?mail|postvak)",
  "(?:estou|fico|vou ficar) (?:de olho|acompanhando|cuidando|olhando|verificando) (?:n?a caixa(?: de entrada)?|n?os e-?mails|n?as mensagens) (?:dela|dele)",
  // "I have read your message" (a notice says it will be read on the return)
  "(?:i'?ve|i have) read your (?:message|e-?mail|email|note)|ich habe ihre (?:nachricht|e-?mail|mail) gelesen|j'ai lu votre (?:message|e-?mail|courriel)|he leido (?:su|tu) (?:mensaje|correo)|ho letto (?:il suo|la sua|il tuo|la tua) (?:messaggio|e-?mail|mail)|ik heb (?:uw|je) (?:bericht|e-?mail|mail) gelezen|li (?:a sua|sua|tua|o seu|seu) (?:mensagem|e-?mail)",
]);

/** A successor who writes by hand: "I've taken over his accounts", "ich habe seine Kunden übernommen", "yo asumí sus funciones" (the inbox's classifier reads them as the writer being the contact). */
export const TOOK_OVER_PHRASES = [
  "(?:i'?ve|i have|i) (?:now )?(?:taken over|took over|inherited) (?:his|her|their) (?:accounts?|role|duties|responsibilities|position|portfolio|clients|customers|work|inbox)",
  "ich habe (?:seine|ihre|seinen|ihren) (?:aufgaben|kunden|position|bereich|job|stelle|posten|accounts) (?:ubernommen|uebernommen)",
  "j'ai (?:repris|herite de) (?:ses|son|sa) (?:fonctions|dossiers|poste|clients|portefeuille|missions)",
  "(?:yo )?(?:asumi|he asumido|tome|he tomado) (?:sus|su) (?:funciones|cuentas|puesto|cartera|clientes|responsabilidades)",
  "ho (?:preso|assunto|ereditato) (?:io )?(?:il suo|le sue|i suoi) (?:posto|funzioni|clienti|ruolo|compiti|incarichi)",
  "ik heb (?:zijn|haar) (?:taken|klanten|functie|rol|accounts|werk) overgenomen",
  "(?:eu )?(?:assumi|herdei) (?:as funcoes|a carteira|o cargo|os clientes|as contas|o lugar) (?:dele|dela)|(?:eu )?(?:assumi|herdei) (?:as suas|a sua|o seu|os seus) (?:funcoes|carteira|cargo|clientes|contas)",
];
const TOOK_OVER = re(TOOK_OVER_PHRASES);

const FIRST_PERSON = /(?<![a-z])(?:i|i'm|i'll|i've|my|ich|mein|meine|je|j'|moi|yo|io|ik|mijn|eu|meu|minha)(?![a-z])/;

// the person left (third person, or the mailbox itself speaks); never the first person's forms
// ("I no longer work at", "je ne travaille plus"): those a person writes by hand (LEFT_FIRST)
const LEFT_THIRD = re([
  "(?:is|are) no longer (?:with|at|employed|working|part of|a member of|associated with|affiliated with)|no longer works (?:at|for|with)|(?:has|have) left (?<!(?:^|[^a-z'])(?:i|we) (?:has|have) left )(?:the company|the organi[sz]ation|the firm|the business|the team|our company)|(?:has|have) left (?<!(?:^|[^a-z'])(?:i|we) (?:has|have) left )(?!a |an |for |the |you |me |us |it |this |that |his |her |their |our |early|today)[a-z0-9&.-]{2,30}(?: (?:and|as of|effective|on|in|since|at the end))?(?=[ .,;!]|$)|(?:has|have) moved on",
  "(?:ist|sind) nicht mehr (?:im unternehmen|bei|fur|tatig|taetig|beschaftigt|beschaeftigt|in unserem)|hat (?:das unternehmen|die firma|uns) verlassen|arbeitet nicht mehr",
  "(?<!je )ne fait plus partie|n'est plus (?:chez|dans|au sein|en poste|salarie)|(?<!je )ne travaille plus|a quitte (?:la societe|l'entreprise|la structure|le groupe|nos effectifs)",
  "ya no (?:trabaja|forma parte|esta en|esta con|pertenece)|ha dejado (?:la empresa|la compania|de trabajar)",
  "non (?:fa|lavora) piu|non e piu (?:in|presso|con|parte)|ha lasciato (?:l'azienda|la societa|l'organizzazione)",
  "(?:is|zijn) niet (?:meer|langer) (?:werkzaam|in dienst|bij)|heeft (?:het bedrijf|de organisatie|ons) verlaten|werkt niet (?:meer|langer)",
  "nao (?:faz|trabalha) mais|ja nao (?:faz|trabalha|esta)|deixou (?:a empresa|a companhia|de trabalhar|de colaborar|de fazer parte)|saiu da empresa",
  // in languages we do not otherwise read (Polish, Czech, Slovak): "nie jest już pracownikiem", "již není zaměstnancem"
  "nie jest juz (?:naszym )?(?:pracownikiem|pracownica)|(?:jiz|uz) (?:neni|nie je) (?:nasim |nasou |nasim )?(?:zamestnancem|zamestnankyni|zamestnancom|zamestnankynou)",
  ...LEFT_THIRD_MORE,
]);
const MAILBOX_GONE = re([
  // (a mailbox "not monitored" is no leaver's: a shared inbox's notice says so, an acknowledgement below)
  "this (?:e-?mail |email )?(?:address|mailbox|account|inbox) (?:is|will) (?:no longer |not (?:being )?|not be )(?:active|in use|valid)|this (?:e-?mail |email )?(?:address|mailbox|account|inbox) (?:is|will) (?:no longer |not be )(?:monitored|read|checked|be monitored|be read|be checked)|(?:mailbox|inbox|address) is no longer (?:being )?monitored|(?:mailbox|inbox|address) (?:isn'?t|is not) (?:being )?monitored any ?more|this (?:e-?mail |email )?(?:address|mailbox|account|inbox) will be (?:closed|deactivated|deleted|shut down|switched off|removed)",
  "(?:dieses postfach|diese (?:e-?mail-?)?adresse) (?:ist|wird) nicht mehr|postfach wird nicht mehr (?:gelesen|uberwacht|ueberwacht|bearbeitet)",
  "cette (?:adresse|boite)(?: mail| e-?mail| aux lettres)? n'est plus|boite (?:mail )?n'est plus (?:consultee|active|lue)|(?:cette (?:adresse|boite)(?: mail| e-?mail| aux lettres)?|boite (?:mail )?) n'est pas (?:consultee|surveillee|lue|relevee)",
  "(?:esta|este) (?:direccion|cuenta|buzon|correo)(?: de correo)? ya no|(?:buzon|cuenta) no (?:se )?(?:revisa|monitoriza|supervisa)|(?:esta|este) (?:direccion|cuenta|buzon|correo)(?: de correo)? no (?:se )?(?:revisa|monitoriza|supervisa|lee|atiende)",
  "questo indirizzo(?: e-?mail| email| di posta)? non e piu|questo indirizzo(?: e-?mail| email| di posta)? non (?:e|viene) (?:monitorato|letto|controllato|presidiato)|casella (?:di posta )?non (?:e piu|viene) (?:attiva|monitorata|letta)",
  "dit (?:e-?mail)?adres (?:is|wordt) niet meer|mailbox wordt niet (?:meer )?(?:gelezen|gecontroleerd)",
  "este (?:endereco|e-?mail|email|caixa)(?: de e-?mail)? (?:ja )?nao (?:esta|e|sera) (?:mais )?(?:ativo|monitorad|lido|utilizado)|este (?:endereco|e-?mail|email)(?: de e-?mail)? (?:sera|vai ser) (?:desativad|encerrad|desligad)[oa]|este (?:endereco|e-?mail|email)(?: de e-?mail)? (?:deixara|vai deixar) de (?:estar ativo|funcionar|ser (?:lido|monitorad))",
  ...MAILBOX_GONE_MORE,
]);
const LEFT_FIRST = re([
  "i(?: have|'ve) finished up at|i(?: have|'ve)(?: now| just| recently| since)? left|i(?: have|'ve) (?:said goodbye to|moved on from)|i left (?:the company|the organi[sz]ation|the firm|my (?:role|position|job))|i left (?!a |an |the |you |it |this |that |my |your |our |his |her |them |him |for |on |at |in |out|off|early|work|home|office|town|yesterday|today|voicemail|message)[a-z0-9&.-]{2,30}(?= (?:last|in|a|this|at|and|to|for|back|over|some|recently)|[.,;!]|$)|i(?:'m| am) no longer (?:with|at|working|employed|part of)|i no longer work",
  "(?:ich )?(?:habe|hab) (?:das unternehmen|die firma|[a-z]{2,30}) verlassen|(?:ich )?bin nicht mehr (?:bei|im unternehmen|fur|tatig)|ich arbeite nicht mehr",
  "j'ai quitte (?:la societe|l'entreprise|mes fonctions|mon poste|[a-z]{2,30} (?:le|en|depuis|pour))|je ne (?:fais|travaille) plus|je ne suis plus (?:chez|dans|au sein)",
  "he dejado (?:la empresa|la compania|mi puesto|de trabajar)|ya no (?:trabajo|laboro|estoy en|formo parte)",
  "ho lasciato (?:l'azienda|la societa|l'organizzazione|il mio (?:ruolo|incarico|lavoro))|non (?:lavoro|faccio) piu|non sono piu (?:in|presso|con)",
  "(?:ik ben|ben ik) niet (?:meer|langer) (?:werkzaam|in dienst|bij)|ik heb (?:het bedrijf|de organisatie|[a-z]{2,30}) verlaten|(?:ik werk|werk ik) niet (?:meer|langer)",
  "(?:deixei|sai da|sai de) (?:a empresa|empresa|a companhia|o cargo|o emprego)|nao (?:trabalho|faco) mais|ja nao (?:trabalho|estou)|deixei de (?:colaborar|trabalhar) (?:com|na|no|para|em)",
  // "j'ai cessé de collaborer avec", "dejé de colaborar con", "ho smesso di collaborare con"
  "i (?:have |'ve )?(?:stopped|ceased) (?:working (?:for|at)|collaborating with) (?!you|your|them|him|her|it|this|that|these|those|agencies|vendors|suppliers)[a-z0-9&.-]{2,30}|j'ai (?:cesse|arrete) de (?:collaborer|travailler) (?:avec|chez|pour)|je ne collabore plus avec|(?:deje|he dejado) de (?:colaborar|trabajar) (?:con|en|para)|ho smesso di (?:collaborare|lavorare) (?:con|per|presso)|ik (?:ben gestopt met|werk niet meer) (?:samenwerken |werken )?(?:met|bij|voor)",
  // in languages we do not otherwise read: Danish, Norwegian, Swedish, Finnish, Polish, Czech, Slovak, Romanian,
  // Hungarian, Slovenian, Croatian, Turkish
  "jeg er (?:ikke laengere ansat|ikke lenger ansatt|fratradt)|jeg har (?:sagt op|sluttet|forladt)|jag (?:har slutat|arbetar inte langre|ar inte langre anstalld)|(?:en|ei) enaa tyoskentele|olen lopettanut" +
    "|(?:nie pracuje juz|juz nie pracuje)|(?:nie jestem juz|juz nie jestem) (?:pracownikiem|pracownica|zatrudnion[ya])|(?:jiz|uz) (?:nepracuji|nepracujem)|(?:nejsem|nie som) (?:jiz|uz) zamestnan" +
    "|nu mai (?:lucrez|lucreaza|fac parte|face parte)|mar nem dolgoz(?:om|ik)|nisem vec zaposlen[a]?|vise nisam zaposlen[a]?|vise ne radim|artik (?:[a-z]+ ){0,3}(?:calismiyorum|calismamaktayim)",
]);

/** Leaving in Russian, Ukrainian, Greek, Chinese, Japanese and Korean (folded: Hangul decomposed). */
const LEFT_NON_LATIN = new RegExp(`больше не работа|более не работа|уже не работа|більше не працю|вже не працю|δεν εργαζομαι (?:πλεον|πια)|离职|離職|退職|${"퇴사".normalize("NFKD")}`);

// "we received your message", ticket acknowledgements
// "your request has been received" (nobody writes that by hand)
const RECEIVED_PASSIVE = re([
  "your (?:request|ticket|message|case|inquiry|enquiry|query|submission|complaint|e-?mail)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? (?:has been|was|is) (?:received|created|logged|registered|opened)|confirm(?:s|ing)? (?:the )?receipt of your|(?:this|the|our) (?:mailbox|inbox|e-?mail address|address) is (?:not|n't) (?:regularly|actively|closely|frequently|often|always|constantly) (?:monitored|checked|read)|(?:this|the|our) (?:mailbox|inbox|e-?mail address|address) is (?:not|n't) (?:being )?(?:monitored|checked|read)(?= ?[.!,;]| ?$)",
  "ihre (?:anfrage|nachricht|e-?mail)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? (?:ist|wurde) (?:bei uns )?(?:eingegangen|erhalten|registriert)|eingangsbestatigung|eingangsbestaetigung|(?:dieses|das) postfach wird nicht (?:uberwacht|ueberwacht|gelesen|bearbeitet)(?= ?[.!,;]| ?$)|(?:dieses|das) postfach wird nicht (?:regelmassig|standig|taglich) (?:gelesen|abgerufen|uberwacht|ueberwacht|betreut|gepruft)",
  "(?:nous )?accusons (?:bonne )?reception de votre|un ticket a ete (?:cree|ouvert)|votre (?:demande|message|e-?mail|courriel)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? a (?:bien )?ete (?:recue?|enregistree?)|accuse de reception",
  "(?:su|tu) (?:solicitud|consulta|mensaje|correo)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? (?:ha sido|fue) (?:recibid|registrad)[oa]|acuse de recibo",
  "(?:la sua|la tua|il suo|il tuo) (?:richiesta|messaggio|e-?mail)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? (?:e stat[oa]|e) (?:ricevut|registrat)[oa]|conferma di ricezione",
  "(?:uw|je|jouw) (?:bericht|aanvraag|e-?mail|vraag)(?: \"[^\"]{1,80}\")?(?: \\(?#?[a-z0-9-]{1,20}\\)?)? is (?:in goede orde |goed )?(?:ontvangen|geregistreerd)|ontvangstbevestiging",
  "(?:sua|seu|a sua|o seu) (?:solicitacao|pedido|mensagem|e-?mail)(?: \\(?#?[a-z0-9-]{1,20}\\)?)? foi (?:recebid|registrad)[oa]|confirmacao de recebimento",
  // a mailbox read now and then, in the five other languages ("cette adresse n'est pas consultée régulièrement")
  "cette (?:adresse|boite(?: (?:mail|aux lettres))?) n'est pas (?:consultee|relevee|surveillee|lue) (?:regulierement|quotidiennement)|este (?:buzon|correo|e-?mail) no se (?:revisa|consulta|lee) (?:con regularidad|regularmente|a diario)|questa (?:casella|e-?mail|mail) non (?:viene|e) (?:controllata|letta|monitorata) (?:regolarmente|quotidianamente)|deze (?:mailbox|inbox|e-?mailbox) wordt niet (?:regelmatig|dagelijks) (?:gelezen|gecontroleerd|bekeken)|esta caixa(?: de (?:correio|e-?mail))? nao e (?:verificada|monitorada|lida) (?:regularmente|diariamente)",
  ...RECEIVED_MORE,
]);
// "we have received your message": machine-like with a ticket or a promise to answer
const RECEIVED = re([
  "(?:we|i)(?:'ve| have)? received your (?:e-?mail|email|message|request|inquiry|enquiry|mail)|(?:we'?ve|we have) got your (?:e-?mail|email|message|note|request)|(?:a|an|one of our) (?:support |customer service |customer support |service )?(?:agent|representative|advisor|adviser|team member|specialist) will (?:respond|reply|get back|be in touch|contact you)|thank(?:s| you) for contacting (?!me(?![a-z]))[a-z]+|thank(?:s| you) for (?:writing|reaching out|your (?:e-?mail|message|enquiry|inquiry)) to (?!(?:me|us|myself|ourselves)(?![a-z]))[a-z]+|(?:someone|a member|one) (?:of|from) (?:our|the) (?:[a-z]+ )?(?:team|staff|agents) will",
  "wir haben ihre (?:nachricht|anfrage|e-?mail|mail) erhalten",
  "nous avons (?:bien )?recu votre (?:message|demande|e-?mail|courriel)",
  "(?:hemos recibido|recibimos) (?:su|tu) (?:mensaje|solicitud|correo|consulta|e-?mail)",
  "abbiamo ricevuto (?:il suo|la sua|il tuo|la tua) (?:messaggio|richiesta|e-?mail|email|ticket|segnalazione)",
  // a ticket opened for the mail: "your incident has been opened on your behalf", "se ha abierto un incidente en su nombre"
  "(?:incident|ticket|case|request|service request) (?:has been|was) (?:opened|created|logged|raised|registered)(?: on your behalf| for you)?|(?:an? |your )(?:incident|ticket|case) (?:has been|was) (?:opened|created|logged)" +
    "|se ha (?:abierto|creado|registrado) (?:un|el|su) (?:incidente|ticket|caso|solicitud)|(?:ein|ihr) (?:ticket|vorgang|incident) wurde (?:fur sie |fuer sie )?(?:erstellt|eroffnet|eroeffnet|angelegt)|un (?:ticket|incident) a ete (?:cree|ouvert)|e stato (?:aperto|creato) (?:un|il) (?:ticket|incidente)",
  "(?:we hebben|wij hebben) (?:uw|je|jouw) (?:bericht|aanvraag|e-?mail|mail|vraag) (?:in goede orde |goed )?ontvangen",
  "recebemos (?:a sua|sua|o seu|seu|a tua|o teu) (?:mensagem|solicitacao|e-?mail|email|pedido|contato|contacto)",
]);
const TICKET = re([
  "ticket (?:number|no|id|#)|ticket ?#|case (?:number|#)|reference number|(?:do not|please do not|don't) reply to this (?:e-?mail|email|message)|(?:within|in) (?:the next )?(?:\\d{1,3}|one|two|three|a few) (?:business |working )?(?:hours?|days?)|(?:this|our) (?:inbox|mailbox) is (?:checked|monitored|read) (?:by|once|twice|daily|every|during|on)",
  "ticketnummer|vorgangsnummer|innerhalb (?:von )?(?:\\d{1,3}|einem|zwei|drei) (?:stunden|werktagen|arbeitstagen|tagen)|innerhalb (?:eines|von einem) (?:werktages?|arbeitstages?|tages?)|bitte antworten sie nicht",
  "numero de (?:ticket|dossier)|(?:sous|dans les) (?:\\d{1,3}|24|48) ?(?:h|heures|jours ouvres)|merci de ne pas repondre",
  "numero de (?:ticket|caso|incidencia)|(?:en|dentro de) (?:las proximas )?(?:\\d{1,3}) (?:horas|dias habiles|dias laborables)|no responda a este",
  "numero di (?:ticket|pratica)|entro (?:\\d{1,3}) (?:ore|giorni lavorativi)|non rispondere a questo",
  "ticketnummer|binnen (?:\\d{1,3}|een|twee) (?:uur|werkdag(?:en)?|dag(?:en)?)|niet op dit bericht (?:antwoorden|reageren)",
  "numero do (?:ticket|chamado|protocolo)|protocolo|(?:em|dentro de) (?:ate )?(?:\\d{1,3}) (?:horas|dias uteis)|nao responda a este",
  ...TICKET_MORE,
]);

// a person talking to us about our offer, not a responder
const ENGAGED = re([
  "let'?s (?:talk|chat|meet|connect|reconnect|catch up|speak|touch base|circle back|revisit|pick (?:this|it) up|discuss|do it)|ping me|sounds (?:good|great|interesting)|interested|interesting|send (?:me|us|over) (?:the|your) (?:deck|slides|material|materials|info|details|proposal|pricing|case stud(?:y|ies))|tell me more|your (?:offer|product|proposal|solution|service|pitch)|(?<![/.=-])demo(?! with (?:our|the|one of our) )|pricing|(?:happy|glad|keen|love|i'?d love|i'?d be happy) to (?:have |hop on |jump on |do |set up |schedule )?(?:a |an )?(?:quick |short )?(?:call|chat|talk|meeting|catch-up|conversation)|try me (?:again |back )?(?:after|afterwards|then|later|in)|let'?s do (?!it'?s)[a-z0-9]+|works for me|(?:can|could) you send (?:me|us|over)|(?<=^|[.!,;] |but |and )yes(?= ?[-\u2013\u2014,.!;]| please| let'?s| send| happy| sure)|not for us|(?:we'?ll|we will|i'?ll|i will) pass|no,? thanks|no,? thank you|(?:isn'?t|is not|not) (?:something|anything) (?:we|i) need|not a (?:good |great )?fit|not (?:the right|my) (?:person|area|department)|(?:isn'?t|is not) my (?:area|department|field)|(?:i'?m|i am) not the one who|(?:[0-9](?:am|pm)?|monday|tuesday|wednesday|thursday|friday|[0-9](?:st|nd|rd|th)) (?:(?:at )?[0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm)? ?(?:et|pt|ct|cet|gmt|utc)? )?works(?= ?[.!,]| ?$| for)|suits me|happy to (?:connect|chat|talk|meet)|send (?:me )?an invite|(?:i'?ve|i have) (?:copied|cc'?d) (?:in )?(?:him|her|them|[a-z]+)|(?:i'?ve|i have) (?:forwarded|passed (?:on|along)) (?:your (?:e-?mail|email|message|note)|this|it) (?:on |along )?to (?:him|her|them|[a-z]+)|(?:this|that)(?: is|'s) (?:really )?one for|talk to (?:my colleague |our )?[a-z]+",
  "lass(?:en sie)? uns|sprechen wir|interessiert|interessant|ihr angebot|klingt (?:gut|interessant|spannend|vielversprechend)|(?:schicken|senden) sie mir|unterlagen|gerne (?:ein|einen|ein kurzes|einen kurzen) (?:telefonat|gesprach|gespraech|termin|call|austausch|anruf)|(?:konnen|koennen) wir (?:gerne |gern )?(?:telefonieren|sprechen)|melden sie sich (?:danach|dann|anschliessend) (?:gerne |gern )?(?:wieder|nochmal|erneut)|(?:konnen|koennen|konnten|koennten) sie mir|(?:schaue|sehe|gucke) (?:ich )?mir (?:das|es|ihr angebot|die unterlagen) (?:[a-z]+ ){0,3}an|kein interesse|brauchen wir nicht|kein bedarf|nein,? danke|nicht zustandig|nicht zustaendig|nicht (?:der|die) richtige (?:ansprechpartner(?:in)?|person)|passt mir|schicken sie (?:mir )?(?:gern |gerne )?eine einladung|(?:habe|hab) (?:ihn|sie) (?:in (?:cc|kopie) )?(?:gesetzt|genommen)|(?:habe|hab) (?:(?:ihm|ihr|ihnen) )?(?:ihre|deine|die|diese) (?:e-?mail|mail|nachricht|anfrage) (?:an (?:ihn|sie|[a-z]+) )?weitergeleitet",
  "reparlons|parlons-en|on en reparle|interessee?s?|interessant|votre (?:offre|proposition|solution)|envoyez-moi|ca a l'air|volontiers (?:pour )?un (?:appel|echange|rendez-vous|call)|(?<=on )(?:peut|pourra) (?:s'appeler|en parler|echanger)|(?:pouvez|pourriez)-vous m'envoyer|(?:je )?(?:regarde|regarderai|jetterai un oeil a|jette un oeil a) (?:ca|cela|votre (?:offre|proposition|presentation|solution))|non,? merci|pas pour nous|pas besoin|(?:ce n'est )?pas moi qui (?:gere|m'occupe|decide|traite)|pas la bonne personne|pas le bon interlocuteur|je vous (?:transfere|redirige|mets en relation)|je lui ai (?:transmis|transfere|fait suivre) votre (?:message|mail|e-?mail|courriel)|je transmets (?:votre|ce)|voyez (?:plutot )?avec|qui s'occupe (?:des|de ce|de cela|du)",
  "hablemos|lo hablamos|interesad[oa]s?|interesante|su (?:oferta|propuesta)|me interesa|enviame|mandame|suena bien|con gusto (?:hablamos|lo hablamos|una llamada|te llamo|le llamo)|(?:podemos|podremos) (?:hablar|tener una llamada)|escribeme (?:despues|luego|mas tarde)|escribame (?:despues|luego|mas tarde)|(?:puedes|puede|podrias|podria) (?:enviarme|mandarme)|me (?:puedes|puede|podrias|podria) (?:enviar|mandar)|(?:le|lo) (?:echo|echare) un (?:vistazo|ojo)|lo (?:miro|mirare) (?:a la vuelta|cuando vuelva|despues|luego|con calma)|(?:nos|me) interesa|no,? gracias|no es para nosotros|no soy la persona|no me (?:encargo|ocupo)|no lo llevo yo|le (?:paso|reenvio|traslado) (?:su|tu|el) (?:correo|mensaje)|le he (?:reenviado|pasado) (?:su|tu) (?:correo|mensaje|e-?mail)|hable con|habla con",
  "sentiamoci|risentiamoci|parliamone|interessat[oaie]|interessante|la vostra (?:offerta|proposta)|mandami|inviami|sembra interessante|volentieri (?:una chiamata|una call|ci sentiamo|ne parliamo)|(?:possiamo|potremo) (?:sentirci|parlarne)|riscrivimi (?:dopo|poi|piu avanti)|mi riscriva (?:dopo|poi|piu avanti)|(?:puoi|potete|potresti|potreste|puo|potrebbe) (?:mandarmi|inviarmi)|mi (?:puoi|potete|potresti|puo) (?:mandare|inviare)|(?:ci|gli) (?:do|daro) un'?(?: )?occhiata|(?:lo|la) (?:guardo|guardero) (?:al (?:mio )?rientro|quando torno|dopo|con calma|volentieri)|(?:ci|mi) interessa|no,? grazie|non fa per noi|non sono la persona giusta|non (?:me ne|mi) occupo|le (?:inoltro|giro) (?:la|il) (?:sua|suo)? ?(?:mail|email|messaggio)|(?:gli|le) ho (?:inoltrato|girato) (?:la sua|la tua|il suo|il tuo) (?:mail|e-?mail|messaggio)|parli con|senta (?:il|la) (?:collega|mio|mia)",
  "laten we|spreken we|geinteresseerd|interessant|uw (?:aanbod|voorstel)|stuur me|klinkt goed|graag (?:een )?(?:gesprek|belletje|call|afspraak)|(?:kunnen|zullen) we (?:bellen|praten|afspreken)|(?<=mail me (?:daarna|dan|later) )(?:nog eens|opnieuw)|(?:kun|kunt|kan|kunnen) (?:je|u|jullie) (?:me|mij) (?:[a-z]+ ){0,3}(?:sturen|mailen|toesturen|opsturen)|kijk ik er (?:graag |dan |later |na mijn (?:vakantie|terugkomst) )*naar|geen interesse|nee,? bedankt|niet voor ons|niet de juiste persoon|ga (?:ik )?(?:daar|hier) niet over|(?:niets|niks) voor ons|(?:zijn|ben) (?:daar|er) tevreden over|nee,? dank je|ik stuur (?:je|u) door naar|ik heb (?:je|uw|jouw) (?:e-?mail|mail|bericht) (?:naar|aan) (?:hem|haar|[a-z]+) doorgestuurd",
  "vamos (?:conversar|falar|marcar|nos falar)|interessad[oa]s?|interessante|sua (?:oferta|proposta)|me (?:envie|envia|manda)|(?:podemos|poderemos) (?:conversar|falar|marcar)|com prazer (?:uma call|conversamos|falamos)|(?<=me )procure (?:depois|mais tarde)|escreva (?:depois|mais tarde)|(?:pode|podem|poderia|poderiam) me (?:mandar|enviar)|(?:dou|darei) uma olhada|(?:nos|me) interessa|nao,? obrigad[oa]|nao e para nos|nao sou a pessoa|nao cuido disso|(?:encaminhei|encaminho|repassei|repasso) (?:sua|seu|o seu|a sua|o|a) (?:e-?mail|mensagem)|fale com",
  // Brazil and Latin America: "gostei da ideia, me chama quando eu voltar que a gente marca um papo", "me gustó la idea"
  "gostei da ideia|a gente (?:marca|conversa|combina|fala)|me (?:chama|liga|procura) quando (?:eu )?voltar|me gusto la idea|me encanto la idea|lo platicamos|platiquemos",
  ...ENGAGED_MORE,
]);

/** A greeting's question: "¿qué tal?", "how are you?", "wie geht's?", "ça va ?", "come stai?", "hoe gaat het?", "tudo bem?". */
const GREETING_QUESTION = /(?<![a-z])(?:que tal|como estas|how are you(?: doing)?|how are things|hope you'?re well|wie geht'?s|wie geht es (?:ihnen|dir)|ca va|comment allez-vous|come stai|come va|hoe gaat het|tudo bem|como vai)(?: [a-z]+)? ?\?|(?<![a-z])(?:while you wait, )?(?:why not|ready to|want to (?:learn|see|know|find out)|looking for|did you know|have you (?:seen|tried|heard|read)|curious (?:about|how))[^?\n]{0,160}\?/g;

/** A link: its query's "?" asks nothing. */
const LINK = /(?:https?:\/\/|www\.)\S{1,2000}/g;
/** (GREETING_QUESTION also takes a marketing autoresponder's rhetorical questions: "While you wait, why not download our brochure?", "Ready to see it in action?") */
/** An address or a telephone number in the text. */
const ADDRESSED = /@|\+?[0-9][0-9 ()./-]{6,}[0-9]/;
/** A verb that sends the reader elsewhere, in the seven languages. */
const ROUTING_VERB = new RegExp(`(?<![a-z])(?:contact|reach|e-?mail|write to|get in touch|call|wenden sie sich|kontaktieren|erreichen|schreiben sie|contacter|contactez|joindre|ecrire a|ecrivez a|escriba|contacte|contactar|comuniquese|contattare|contatti|scrivere a|scrivete a|rivolgersi|contact opnemen|neem contact|mailen naar|entre em contato|contatar|escreva para|fale com|${ROUTING_MORE})(?![a-z])`);

/** The text without the sentences that send the reader to another address or number, nor the short question that leads to one ("Urgent? Call …"). */
function withoutRouting(f: string): string {
  const sentences = f.split(/(?<=[.!?;])\s+|\n/);
  const kept: string[] = [];
  for (const sentence of sentences) {
    if (!(ADDRESSED.test(sentence) && ROUTING_VERB.test(sentence))) {
      kept.push(sentence);
      continue;
    }
    const before = kept[kept.length - 1];
    if (before?.endsWith("?") && before.split(" ").length <= 4) kept.pop();
  }
  return kept.join(" ");
}

const answers = (f: string) => f.includes("?") || ENGAGED.test(f) || NON_LATIN.engaged.test(f);

const NON_ASCII = /[^\x00-\x7f]/;

function fold(s: string): string {
  // most text is ASCII: NFKD, the accents and the typographic quotes then change nothing
  if (!NON_ASCII.test(s)) return s.toLowerCase().replace(/`/g, "'").replace(/\s+/g, " ");
  return writeOutLetters(s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()).replace(/ß/g, "ss").replace(/[\u2018\u2019\u00b4`]/g, "'").replace(/\s+/g, " ");
}

/** What auto-reply wording a text has (see the top of this file), or null. */
export function autoReplyWording(text: string): AutoWording | null {
  const f = fold(text.length > 16000 ? text.slice(0, 16000) : text);
  // each list runs only at the word starts its entries can begin with (lib/word-starts.ts)
  const starts = new WordStarts(f);
  const has = (re: RegExp) => hasMatch(re, f, starts);
  // Russian, Ukrainian and Greek: their own patterns (auto-reply-languages.ts)
  const nonLatin = NON_ASCII.test(f) && /[\u0370-\u03ff\u0400-\u04ff]/.test(f);
  const either = (re: RegExp, other: RegExp) => has(re) || (nonLatin && other.test(f));
  const automatic = has(AUTOMATIC);
  // a challenge-response filter holds the mail until the sender proves they are human: no one is away, no one read it
  if (has(CHALLENGE)) return { kind: "acknowledgement", unmistakable: true, automatic: true };
  const away = either(AWAY, NON_LATIN.away);
  // "on maternity leave until May and this inbox is not being checked": away, not gone; "he is no longer with
  // us — send me the material instead": a colleague who answers about the one who left, by hand
  // a successor who says they took over writes by hand ("Mark no longer works here; I've taken over his accounts")
  if (either(LEFT_THIRD, NON_LATIN.leftThird) || (has(MAILBOX_GONE) && !away)) return { kind: "left_company", unmistakable: !has(TOOK_OVER) && !answers(ADDRESSED.test(f) ? withoutRouting(f) : f) };
  // "I have left…" in the first person: a person may write that by hand
  const leftFirst = has(LEFT_FIRST) || (NON_ASCII.test(f) && LEFT_NON_LATIN.test(f));
  if (leftFirst && automatic) return { kind: "left_company", unmistakable: true };
  const access = either(ACCESS, NON_LATIN.access);
  const onReturn = either(ON_RETURN, NON_LATIN.onReturn);
  const marks = [away, access, onReturn, either(BACK, NON_LATIN.back), either(URGENT, NON_LATIN.urgent), either(THANKS, NON_LATIN.thanks)].filter(Boolean).length;
  // a person who happens to be away writes to us about our offer, or asks something; a notice's
  // routing ("for pricing or a demo, please email sales@…") is no such answer
  // "¿qué tal?", "how are you?": a greeting's question asks nothing of us (a text that routes the reader elsewhere is
  // read by what is left without its routing, the greeting's question counted: a colleague who writes by hand greets too)
  const engaged = (away || access) && ADDRESSED.test(f) ? answers(withoutRouting(f)) : f.replace(LINK, " ").replace(GREETING_QUESTION, " ").includes("?") || either(ENGAGED, NON_LATIN.engaged);
  // a colleague who reads the absent person's mail writes by hand ("Sarah is on leave until July, I'm keeping an eye on her inbox")
  if ((away || access) && !automatic && has(COVERING)) return { kind: "out_of_office", unmistakable: false };
  if (away || access) return automatic ? { kind: "out_of_office", unmistakable: true, automatic } : { kind: "out_of_office", unmistakable: engaged ? marks >= 5 : marks >= 2 };
  // "Thank you for your email. Please note that I have left …": a notice's formula; "I have left X and joined Y, write to me at …" a person's
  if (leftFirst) return { kind: "left_company", unmistakable: has(THANKS) && !answers(ADDRESSED.test(f) ? withoutRouting(f) : f) };
  const passive = either(RECEIVED_PASSIVE, NON_LATIN.received);
  const received = passive || has(RECEIVED);
  const ticket = either(TICKET, NON_LATIN.ticket);
  // thanks for the message and a promise to answer soon, from a desk that has not read it
  if ((received || has(THANKS)) && has(PROMISE) && !engaged && !has(FIRST_PERSON)) return { kind: "acknowledgement", unmistakable: true };
  if (received || (automatic && ticket)) return { kind: "acknowledgement", unmistakable: automatic || (passive && !engaged) || (received && (ticket || onReturn)) };
  if (automatic) return { kind: "out_of_office", unmistakable: true, automatic };
  return null;
}

// A mail client's own notices, written in the person's name but by no one: Outlook's read receipt without
// a report part ("Read: …" — "Your message … was read on …") and its recall ("Recall: …" — "… would like
// to recall the message"), in the seven languages and Chinese, Japanese and Korean. The subject and the text must both say so.
const NOTICE_SUBJECT = /^\s*(?:read|not read|gelesen|ungelesen|nicht gelesen|lu|non lu|leido|no leido|letto|non letto|gelezen|niet gelezen|lida|nao lida|lido|nao lido|recall|ruckruf|rueckruf|rappel|recuperar|richiamo|terughalen|intrekken|recolher)\s*:/;
const NOTICE_TEXT = re([
  "was read on|was deleted without being read|would like to recall the message",
  "wurde am .{1,80}? (?:gelesen|ungelesen geloscht)|mochte die nachricht .{1,200}? zuruckrufen",
  "a ete lue? le|a ete supprimee? sans avoir ete lue?|souhaite rappeler le message",
  "(?:se ha leido|fue leido) el|(?:se ha eliminado|se elimino|fue eliminado) sin (?:leerse|haber sido leido)|desea recuperar el mensaje",
  "e stato letto il|e stato eliminato senza essere (?:stato )?letto|desidera richiamare il messaggio",
  "is gelezen op|is verwijderd zonder (?:te zijn|dat het is) gelezen|wil het bericht .{1,200}? (?:terughalen|intrekken)",
  "foi lida em|foi (?:eliminada|excluida|apagada) sem ser lida|gostaria de recolher a mensagem",
]);
/** The same from Chinese, Japanese and Korean clients ("已读: …" — "已于 … 被阅读", "開封されました", "읽었습니다"), folded as the text is (Hangul decomposes). */
const NOTICE_SUBJECT_CJK = new RegExp(fold("^\\s*(?:已读|已讀|既読|開封済み|開封確認|읽음|수신확인)\\s*:"));
const NOTICE_TEXT_CJK = new RegExp(fold("被阅读|被閱讀|已阅读|已閱讀|開封されました|読まれました|閲覧されました|읽었습니다|읽혔습니다"));

/** Whether a short message is a mail client's read receipt or recall notice (above). */
export function isClientNotice(subject: string, text: string): boolean {
  if (text.length >= 2000) return false;
  const [s, t] = [fold(subject), fold(text)];
  return (NOTICE_SUBJECT.test(s) && NOTICE_TEXT.test(t)) || (NOTICE_SUBJECT_CJK.test(s) && NOTICE_TEXT_CJK.test(t));
}
