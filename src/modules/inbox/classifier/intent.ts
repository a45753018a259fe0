// A reply's intent and sentiment: a deterministic scorer over the folded
// visible text (fold.ts) with the phrase lists of cues.ts. Every cue found is
// kept in `hits`, so a verdict can be explained.
//
// Negation: idioms whose "no"/"not" negates nothing ("no problem", "not a bad
// idea", "why not") are masked first; then "not now" forms (counted as later),
// so "por ahora no, gracias" is not read as "no, gracias"; explicit refusals ("not interested",
// "kein Interesse", "no gracias") are counted and masked, and so is being
// content with what they have ("happy with our provider", "zufrieden mit
// unserem Anbieter") unless negated ("not happy with our vendor" is an
// opening); "send me the invite" counts as a meeting and is masked; then an interest or
// meeting cue with a negation word shortly before it in its clause (not,
// never, kein, pas, no, non, niet, não… — or nicht/niet/keine/geen right after it, as
// German and Dutch put it: "interessiert uns nicht") counts as a refusal.
// A request after a contrast that follows the last refusal ("not interested in
// the suite, but could you send pricing for the API?") cancels the refusal.
//
// Precedence (the first that holds wins), and why:
// 1. moved — the person is gone: nothing else they say concerns us.
// 2. referral — they name someone else (or passed it on): the thread moves.
//    Not their own assistant named to book a meeting (index.ts): that is a meeting.
// 3. wrong_person — not them, nobody named; unless a meeting or a request follows a
//    contrast ("not the decision maker, but happy to hop on a call").
// 4. later when a far-off time is stated (next quarter, in January, after the
//    summer; or a date with its day beside a deferral, "write me again on 3 March"):
//    it defers a refusal ("not now, try again in Q3"), a meeting
//    ("let's talk in January") or a plain remark ("maybe next year"). Not
//    when the time is a deadline ("before next quarter", "ahead of Q3", "by
//    January": a plan, not a deferral), nor when interest is stated with the
//    time and nothing defers it (no "after …", "maybe", "not now", "revisit").
// 5. refusal beats interest and meeting when stronger or equal.
// 6. meeting_request — a call/meeting/demo word, or times and days beside
//    talking: more concrete than interest. Words that also describe a product
//    ("available", "calendar", "Teams", "disponível") count only beside a day
//    or an hour, and opening hours ("Monday to Friday", "24h") are no time.
// 7. interested (positive; neutral when it is only "we'll take a look").
// 8. later without a time ("not right now", "let me think about it").
// 9. not_interested (weak refusals, hostility alone).
// 10. question — "?" or a sentence opening with an interrogative. An opening
//    courtesy ("Interesting — how does it …?", "Interessant. Wie …?") is
//    interest only when nothing is asked; before a question it is a question.
// Nothing found: no intent (a plain acknowledgement), neutral.
import { fold, inQuotes, quotedSpans } from "./fold";
import { readOtherScripts } from "./other-scripts";
import { matchesOf, WordStarts } from "../../../lib/word-starts";
import {
  AFTER_TIME,
  ASSISTANT,
  ATTENDEE,
  HANDOFF,
  SELF_CONTACT,
  BARE_NO,
  FINAL_NO,
  DATED,
  HEDGE,
  HEDGED_DAY,
  COURTESY_OPENING,
  DEADLINE_BEFORE,
  MEETING_VAGUE,
  NOT_NOW,
  ON_MY_RETURN,
  WEEKDAY_RANGE,
  TIME_SPAN,
  FAR_FUTURE,
  FORWARDED,
  GREETING_WORDS,
  HOSTILE,
  INTEREST,
  INTEREST_WEAK,
  LATER,
  MEETING,
  AT_OUR_STAND,
  BOOK_NOW,
  MEETING_CLOCK,
  MEETING_TIME,
  MEETING_WEAK,
  PONDER,
  REVIEW,
  MOVED,
  NEED,
  NEUTRAL_IDIOMS,
  NO_CALL_NOW,
  POSITIVE_IDIOMS,
  QUESTION_INDIRECT,
  QUESTION_START,
  REFUSAL,
  COVERED_IN_HOUSE,
  SATISFIED,
  SEND_INVITE,
  WRONG_PERSON,
} from "./cues";

export type Intent = "interested" | "meeting_request" | "not_interested" | "wrong_person" | "referral" | "moved" | "question" | "later";
export type Sentiment = "positive" | "neutral" | "negative";

export interface Scores {
  refusal: number;
  interest: number;
  /** How much of `interest` is only "we'll take a look". */
  review: number;
  /** 0 unless something says meeting (see score()); then how strongly. */
  meeting: number;
  later: number;
  farFuture: boolean;
  /** A meeting proposed for a day or an hour ("a call next Wednesday", "Thursday at 3"). */
  meetingDay: boolean;
  /** A date with its day is stated ("3 March"): far off enough to defer only beside a deferral. */
  dated: boolean;
  /** Something that makes a far-off time a deferral: "after …", "maybe". */
  deferral: boolean;
  /** Interest hedged ("possibly interested", "vielleicht interessant"): what the writer then asks is the answer they want first. */
  tentative: boolean;
  wrongPerson: boolean;
  moved: boolean;
  /** Questions asked before any call is agreed ("before we schedule anything: …?"). */
  asksFirst?: boolean;
  /** The move is the writer's own ("I left …"), not a colleague's. */
  movedSelf?: boolean;
  forwarded: boolean;
  /** The writer's assistant is named ("book time with my assistant"). */
  assistant: boolean;
  /** Someone is added to the thread (looped in, copied), not handed it. */
  adds: boolean;
  /** The writer leaves two others to it ("I'll let you two take it from here"). */
  handoff: boolean;
  /** The writer says they are the one to talk to ("I'm the right contact for this"). */
  selfContact: boolean;
  /** The writer asks for something (material, pricing, a trial): interest they act on. */
  requested: boolean;
  question: number;
  hostile: boolean;
  /** The cues found, as "kind:phrase", in order of kind. */
  hits: string[];
}

const NEGATOR = /(?<![a-z])(?:not|no|never|dont|doesnt|didnt|isnt|arent|wasnt|wont|cannot|cant|without|hardly|nicht|kein|keine|keinen|keinerlei|nie|niemals|pas|jamais|aucun|aucune|sans|nunca|ni|sin|tampoco|non|mai|nessun|nessuna|senza|niet|geen|nooit|zonder|nao|nem|sem|nenhum|nenhuma|inte|ikke|ej|nisam|nismo|nejsem|nejsme)(?![a-z])|n't(?![a-z])/;
/** "Not interested in a …" right before a meeting word (the refusal's words masked by then). */
const NOT_INTERESTED_IN = /(?<![a-z])(?:not|no longer|never) (?:really |particularly )?(?:interested|keen) (?:in|on) (?:a |an |any |the |another |further |more )?(?:[a-z-]+ )?$|kein interesse an (?:einem |einer |einen )?$|pas (?:interesse|interessee)s? par (?:un |une )?$|no (?:me |nos )?interesa (?:un |una )?$/;
const AFTER_NEGATOR = /^(?: [a-z']{1,15}){0,2} (?:nicht|nichts|keine|keinen|niet|geen|inte|ikke|ej|degil)(?![a-z])|^ (?:is|would be|seems|feels)(?: (?:probably|likely|a bit|somewhat|still|really))? (?:premature|too early|unnecessary|overkill|not (?:needed|necessary|required))(?![a-z])/;
/** French negation is "ne" (spoken: often only the subject, "ça m'intéresse pas") before the verb and "pas" (or "plus", "jamais", Québec's "pantoute") after it. */
const FRENCH_NE = /(?<![a-z])(?:n(?:e |')|(?:ca|cela|je|on|nous|vous) )(?:[a-z']{1,12} ?){0,2}$/;
const FRENCH_PAS = /^(?: [a-z']{1,15})? (?:pas|plus|jamais|guere|point|pantoute)(?![a-z])/;
/** Words that set what follows against what came before; they end a clause too. */
const CONTRAST_WORDS = "but|aber|mais|pero|ma|maar|mas|however|that said|having said that|that being said|jedoch|allerdings|cependant|toutefois|sin embargo|tuttavia|echter|porem|contudo";
// a dash between spaces ("I'd rather not wait - let's talk Monday") ends a clause too; a hyphen inside a word does not
const CLAUSE_END = new RegExp(`[.!?;,:\\n]| -(?= )|(?<![a-z])(?:${CONTRAST_WORDS})(?![a-z])`, "g");
/** The tools they already use, in the seven languages (a REFUSAL match that names their stack). */
const ALREADY_USING = /^(?:already (?:have|use|using|work with|working with)|(?:haben|nutzen|verwenden) (?:bereits|schon)|(?:avons|utilisons|travaillons) deja|ya (?:tenemos|contamos|usamos|trabajamos|laburamos)|(?:abbiamo|usiamo|utilizziamo) gia|lavoriamo gia con|(?:hebben|gebruiken) (?:al|reeds)|(?:we|wij) werken (?:al|reeds)|werken (?:we|wij) (?:al|reeds)|ja (?:temos|usamos|utilizamos|trabalhamos))/;
/** Fitting into their stack: an integration, a connector, compatibility. */
const AT_COLLEAGUE = /(?:^|\n)@[a-z]{2,20} ?[:,]/;
/** What the offer would add to what they have, asked: "what would you give us that we don't get today?", "how is it different?". */
const WHAT_MORE = /(?<![a-z])(?:what would (?:you|it|this|[a-z]+) (?:give|add|offer|bring|do for) us|how (?:is|would) (?:it|this|that|yours|[a-z]+) (?:be )?(?:different|better)|what (?:does|do|would|can|could) (?:you|it|this|(?:your |the )?[a-z]+) (?:do|offer|give us|add|bring) that (?:we|i|it|they|[a-z]+) (?:can'?t|cannot|can not|don'?t|do not|doesn'?t|does not|couldn'?t|could not|won'?t)|what (?:do|would|can) (?:you|it|[a-z]+) do (?:better|differently))(?![a-z])/;
const INTEGRATION = /(?<![a-z])(?:integr\w*|connect(?:s|or|ors)?(?: to| with)?|sync(?:s|ing)? with|compatib\w*|plug(?:s)? into|works? with|api|anbindung|schnittstelle|funktioniert (?:das|es) mit|s'integre|connecter|fonctionne avec|conectar|funciona con|collegare|funziona con|koppel\w*|gekoppeld|werkt (?:het|dat|dit) met|funciona com)(?![a-z])/;
/** A count of messages just before a span of time: "four emails in two weeks". */
const COUNTED = /(?:e-?mails?|messages?|mails?|calls?|times|follow-?ups?|reminders?|pings?)(?: (?:i'?ve|i have|we'?ve|we have|i|we) (?:gotten|got|received|had))?(?: from (?:you|your (?:team|company)))? $|(?<![a-z])(?:second|third|fourth|fifth|sixth|zweite|dritte|vierte|funfte|fuenfte|deuxieme|troisieme|quatrieme|segundo|segunda|tercer|tercero|tercera|cuarto|cuarta|secondo|seconda|terzo|terza|quarto|quarta|tweede|derde|vierde|terceiro|terceira)(?![a-z])[^.!?\n]{0,30}$/;
/**
 * Someone else's absence just before a span of time: "Ruth is on parental leave until April", "er ist bis zum
 * 22. März im Urlaub": when they are back, not when the writer wants to be written to.
 */
/** The writer's own plan to read what they get: "I'll look at it", "ich schaue es mir", "je le regarderai", "lo leeré". */
const READING_PLAN =
  /(?<![a-z])(?:(?:i'?ll|i will|i'?m going to|we'?ll|we will) (?:(?:have|take) a (?:proper |closer )?look at|look at|read|review|go through|check out)|(?:ich|wir) (?:schaue|schauen|sehe|sehen|lese|lesen)|je (?:le |la |les )?(?:regarderai|lirai)|(?:lo|la|los|las) (?:mirare|leere|revisare)|(?:lo|la|li|le) (?:guardero|leggero)|ik (?:bekijk|lees)|(?:vou|vamos) (?:ver|ler|analisar))(?: (?:it|them|this|that|these|those|es|sie|das|mir|uns|het|ze|dat|isso|isto|properly|carefully|in ruhe|genauer|dann))*[ ,]*$/;
const SOMEONE_AWAY = /(?<![a-z])(?:(?:he|she|they|[a-z]{2,20})(?:'s| is|'re| are) (?:currently |still |now )?(?:on (?:[a-z]+ )?(?:leave|vacation|holiday|sabbatical)|away|out of (?:the )?office|off|out)|(?:er|sie) ist (?:noch |derzeit |aktuell )?|(?:il|elle) est (?:encore |actuellement )?(?:en (?:conge|vacances)|absente?)|(?:el|ella) esta (?:de (?:vacaciones|baja|permiso)|ausente)|(?:hij|zij|ze) is (?:nog |momenteel )?(?:met verlof|op vakantie|afwezig)|(?:ele|ela) esta (?:de ferias|de licenca|ausente))[^.!?\n]{0,30}$/;

/** After "send the invite": to someone besides the writer ("to me and to Tom", "also to Hannah", "to priya@… too"), not instead of them. */
const INVITE_ALSO_TO = /^ (?:also to |to (?:me|us) (?:and|&|as well as) (?:to )?(?:also )?)(?!me(?![a-z])|us(?![a-z]))[a-z0-9]|^ to (?:[^.!?\n]|\.(?=[a-z0-9])){1,60}? (?:too|as well)(?![a-z])/;

/** "the old address will be switched off at the end of the month": when a mailbox closes, not when to write. */
const CLOSES = /(?<![a-z])(?:switched off|shut (?:off|down)|closed|deactivated|disabled|deleted|removed|stop(?:s)? working|no longer (?:be )?(?:monitored|read|active|work))(?![a-z])[^.!?;\n]{0,20}$/;
/** "not now, not in Q2, not ever": a time denied is no time to come back. */
const NOT_THEN = /(?<![a-z])(?:not|nor|nicht|niet|pas)(?: (?:in|im|until|till|before|even in))? ?$/;
/** "we had a demo from them …": a meeting held, before its time. */
const HAD_A = /(?<![a-z])(?:i|we) (?:already )?had (?:a|an|the|our) (?:demo|call|meeting|trial|pilot|presentation|workshop|review)(?![a-z])[^.!?,;\n]{0,40}$/;
/**
 * A past event just before a span of time, in its clause: "I moved to Brightline in December", "we switched in March",
 * the subject dropped at a sentence's start ("Told your colleague no in October"; the caller marks where the text begins).
 */
const HAPPENED = /(?:(?<![a-z])(?:i|we|he|she|they|and) |[.!?\n] ?)(?:(?:actually|just|already|only|recently|finally) ){0,2}(?:standardi[sz]ed on|renewed|extended|moved|joined|started|left|switched|changed|bought|signed|went|came|took over|hired|launched|looked at|evaluated|tested|trialled|trialed|piloted|reviewed|compared|assessed|wasn'?t interested|was not interested|weren'?t interested|were not interested|implemented|rolled out|deployed|went live with|fired|dropped|cancell?ed|lost|got hit|were hit|was hit|saw|said no|told (?:you|them|your (?:colleague|team)) no|declined|turned (?:it|this|you|that) down|replied|answered|responded|wrote back)(?![a-z])[^.!?,;\n]{0,60}$/;

/** A Polish or Czech past tense just after a time: "podpisaliśmy", "wybrałem", "jsme podepsali", "podepsali jsme". */
const SLAVIC_PAST_AFTER = /^[ ,]{0,2}(?:[a-z]+ )?(?:[a-z]{3,}(?:lismy|lysmy|liscie|lyscie|lem|lam)|(?:jsme|jsem|sme|som) [a-z]{3,}(?:li|ly|l|la)|[a-z]{3,}(?:li|ly|l|la) (?:jsme|jsem|sme|som))(?![a-z])/;
/** A German or Dutch perfect around a time ("haben uns im Dezember hängen lassen", "hebben in december opgezegd"): done, not to come. */
const PERFECT_AUX = /(?<![a-z])(?:haben|hat|hatten|hatte|habe|sind|ist|war|waren|bin|heeft|hebben|heb|zijn|werd)(?![a-z])[^.!?,;\n]{0,40}$/;
const PERFECT_PARTICIPLE = /^[^.!?,;\n]{0,30}?(?<![a-z])(?:ge[a-z]{3,}(?:t|en)|[a-z]{3,}iert|lassen|verloren|verlassen|bekommen|erhalten|begonnen|ontvangen|vertrokken|verhuisd)(?![a-z])/;

/** A need supposed, not said: "if we ever", "should we", "in case we", "wenn wir (jemals)", "si un jour nous". */
const IF_EVER = /(?<![a-z])(?:if|should|whenever|in case|wenn|falls|sollten|si|se|als|mocht|mochten) (?:we|i|you|wir|ich|nous|je|nosotros|noi|wij|we ooit|nos)(?: (?:ever|do|should|might|jemals|irgendwann|un jour|alguna vez|mai|ooit|algum dia))? $/;

/** The start of a clause that makes what follows its condition: "without that", "otherwise", "ohne das", "sem isso", "sans cela". */
const ONLY_WITHOUT = /(?:^|[.!?;:]\s|\n)\s*(?:without (?:that|this|those|these|it|them|answers?)|otherwise|ohne (?:das|dies|diese|sie|antworten)|sonst|sem isso|sin eso|sin esto|sans (?:cela|ca|ces (?:reponses|informations))|senza (?:questo|queste|di cio)|zonder (?:dat|dit|deze))(?![a-z])[^.!?;\n]*$/;

/** Interest hedged, in the seven languages. */
/** Questions put before a call: "before we schedule anything", "before I commit half an hour", "antes de agendar nada", "bevor wir einen Termin ansetzen". */
const ASKS_FIRST = /(?<![a-z])(?:before (?:we|i)(?: can| could| would)?(?: even| really)? (?:schedule|book|set up|plan|commit|agree to|lock in|talk about|discuss|think about|consider|entertain) (?:anything|a (?:call|meeting|demo|time)|time|half an hour|an hour|[0-9]+ minutes)|before (?:we|i) can (?:go|move|take (?:this|it)) (?:any )?further|before (?:we|i) (?:go|move) (?:any )?further|before going (?:any )?further|before anything else|before (?:i|we) (?:share|send) (?:my|our) (?:cv|resume|details|profile)|before (?:i|we) (?:get|jump|hop) on a call|before (?:i|we)(?:'d| would)? go (?:anywhere )?near a (?:call|meeting|demo)|before (?:anyone|anybody|someone|we|i|he|she|they)(?: here)? (?:spends?|wastes?|invests?|puts? in) (?:any )?(?:time|[0-9]+ minutes|an hour|half an hour)|before (?:anyone|anybody|someone|we|i|he|she|they)(?: here| on (?:our|my|the|this) (?:side|end|team))? (?:takes?|gets? on|jumps? on|hops? on|books?|schedules?) (?:a|any) (?:call|meeting|demo)|before (?:a|any) (?:call|demo|meeting|trial|pilot) can (?:take place|happen|be (?:scheduled|arranged|booked))|before (?:we|i|anyone|anybody|someone|he|she|they)(?: can| could| would)?(?: even| really)? (?:[a-z]+ [^.!?\n]{0,40}? or )?(?:commit(?:ting)? (?:any |my |our )?time to|consider(?:ing)? (?:scheduling |booking |setting up )?|think(?:ing)? about (?:scheduling |booking )?|agree(?:ing)? to) (?:a|any|the) (?:call|meeting|demo|conversation)|(?:a few|some|several|(?:a )?couple of) questions (?:first|up ?front|beforehand)|(?:een paar |enkele |wat )?vragen vooraf|vorab (?:ein paar |einige |noch )?fragen|quelques questions (?:au prealable|prealables|avant tout)|(?:algunas|unas) preguntas (?:previas|antes)|(?:alcune|qualche) domand[ae] (?:preliminar[ei]|prima)|(?:algumas|umas) perguntas (?:previas|antes)|antes de (?:falarmos|conversarmos|pensarmos) (?:de|em|sobre) (?:uma |qualquer )?(?:reuniao|call|ligacao|conversa)|antes de hablar de (?:una |cualquier )?(?:reunion|llamada|demo)|avant de parler (?:d'un |d'une |de )(?:rendez-vous|appel|reunion|demo)|prima di parlare di (?:una |un )?(?:call|riunione|incontro|demo)|bevor wir (?:uber|ueber) (?:einen |ein )?(?:termin|gesprach|gespraech|meeting|call) (?:sprechen|reden)|voordat we verder (?:praten|gaan)|antes de qualquer (?:conversa|reuniao|call|ligacao)|bevor (?:ich|wir) (?:aber )?(?:uberhaupt |ueberhaupt )?(?:einen termin|ein gesprach|ein gespraech|einen call) (?:mache|machen|vereinbare|vereinbaren)|voordat (?:ik|we) (?:ook maar )?iets (?:met (?:uw|je|jullie) (?:mail|e-?mail|bericht) )?doe|avant d'aller plus loin|antes de (?:seguir|avanzar)|bevor wir weitermachen|antes de (?:agendar|programar|concertar|cuadrar) (?:nada|algo|una (?:llamada|reunion))|bevor wir (?:einen termin|etwas|ein meeting|einen call) (?:ansetzen|planen|vereinbaren|ausmachen)|avant de (?:planifier|caler|fixer|programmer) (?:quoi que ce soit|un (?:appel|rendez-vous|creneau))|prima di (?:fissare|organizzare|programmare) (?:qualsiasi cosa|(?:una|qualsiasi) (?:call|chiamata|riunione))|voordat we (?:iets|een (?:afspraak|call|gesprek)) (?:inplannen|plannen)|antes de (?:agendarmos|marcarmos) (?:qualquer coisa|uma (?:call|reuniao)))(?![a-z])/;
const TENTATIVE = /(?<![a-z])(?:maybe|perhaps|possibly|potentially|vielleicht|eventuell|moglicherweise|peut-etre|eventuellement|quizas|quiza|tal vez|posiblemente|forse|eventualmente|misschien|mogelijk|eventueel|talvez|possivelmente) (?:(?:be|sein|etre|ser|essere|zijn|estar|somewhat|a bit|ein wenig|etwas) )?(?:interested|interessiert|interesse|interessee|interesado|interesada|interessato|interessata|geinteresseerd|interessado|interessada)(?![a-z])|(?<![a-z])(?:(?:could|might) (?:well )?(?:be of interest|interest us)|pourrai(?:t|ent) (?:nous |m')?interesser|podria(?:n)? interesarnos|potrebbe(?:ro)? interessarci|(?:konnte|koennte) (?:fur uns |fuer uns )?interessant sein|zou (?:voor ons )?interessant kunnen zijn|poderia(?:m)? nos interessar)(?![a-z])/;

/** Someone else just before a forwarding verb: "a colleague forwarded this", "my boss just forwarded your e-mail". */
const FORWARDED_BY_OTHER = /(?<![a-z])(?:a|my|our|the|one of (?:my|our)) (?:[a-z-]+ )?(?:colleague|coworker|co-worker|boss|manager|assistant|friend|team ?mate|ceo|cto|cfo|coo|cmo|founder|partner)s? (?:just |kindly |has |had |already )?$/;

/** What a forwarding verb was done for: the writer ("forwarded your message to me"). */
const TO_THE_WRITER = /^ (?:on |along |over )?to (?:me|us|myself)(?![a-z])/;
/** A sentence that opens with a name or two, not the writer: "Charlotte ", "Emma Lowe " (before "forwarded your email"). */
const NAMED_SUBJECT = /(?:^|[.!?;:]\s|\n)\s*(?!(?:i|we|i've|we've|i'll|we'll|i have|we have|i just|we just|just|also|and|so|then|today|yesterday)\s$)[a-z][a-z'-]{1,20}(?: [a-z][a-z'-]{1,20})?\s$/;

const GREEK = /[\u0370-\u03ff]/;
/** A Greek question mark (";", or its own U+037E) after a Greek word. */
const ASSENT_EMOJI = /^\s*(?:(?:\u{1F44D}|\u{1F44C}|\u2705|\u2714\uFE0F?)\p{Emoji_Modifier}?\s*)+[.!]*\s*$/u;
/** "do you (just) …", "does it …": the product's behaviour asked about, before a verb of sending. */
const HOW_IT_BEHAVES = /(?<![a-z])(?:do|does|did) (?:you|it|they|your [a-z]+|the [a-z]+)(?: (?:just|only|also|then|automatically|ever|still))? $/;
const GREEK_QUESTION = /[\u0370-\u03ff][)"\u00bb]?[;\u037e](?=\s|$)/gu;

/** Copied to be kept informed: "(looping in Sarah) for visibility", "FYI", "to keep her in the loop", "zur Info", "pour info". */
const FOR_INFORMATION =
  /^(?: [^ .!?\n]{1,20}){0,4}?,? (?:for (?:visibility|awareness|transparency|her information|his information|their information|info|information|reference|context|the record)|fyi|fya|to keep (?:her|him|them) (?:in the loop|informed|posted)|so (?:she|he|they)(?:'s| is| are)? (?:aware|in the loop)|zur (?:info|kenntnis|information)|pour info(?:rmation)?|para (?:su )?(?:informacion|conocimiento)|per (?:conoscenza|info|informazione)|ter info(?:rmatie)?|para (?:conhecimento|informacao))(?![a-z])/;

/** The same said before the verb: "ich setze ihn zur Info in Kopie", "je mets Paul en copie pour info" (after: above). */
const INFORMATION_BEFORE = /(?:zur (?:info|kenntnis|information)|pour info(?:rmation)?|per conoscenza|ter info(?:rmatie)?|fyi|for (?:visibility|awareness|your information))[^.!?\n]{0,30}$/;

/** Forwarding verbs that add a colleague beside the writer (loop in, copy) rather than pass the thread on. */
const ADDS = /loop|cc|cop(?:y|ied|ying|ia|ie)|kopie|\+/;
const CONTRAST = new RegExp(`(?<![a-z])(?:${CONTRAST_WORDS})(?![a-z])`, "g");

/** Reads the visible text; `folded` is fold(visible) when the caller has it already. */
/** `starts`: the folded text's word starts, when the caller built them (score blanks what it masks in them). */
export function score(visible: string, folded = fold(visible), starts = new WordStarts(folded)): Scores {
  let f = folded;
  const hits: string[] = [];
  const s: Scores = { refusal: 0, interest: 0, review: 0, meeting: 0, later: 0, farFuture: false, meetingDay: false, dated: false, deferral: false, tentative: false, wrongPerson: false, moved: false, forwarded: false, assistant: false, adds: false, handoff: false, selfContact: false, requested: false, question: 0, hostile: false, hits };
  // every list below runs only where its first letters stand (lib/word-starts.ts); mask() keeps that index true
  const each = (re: RegExp, kind: string, fn: (m: RegExpMatchArray) => void): RegExpMatchArray[] => {
    const found = matchesOf(re, f, starts);
    for (const m of found) {
      hits.push(`${kind}:${m[0].trim()}`);
      fn(m);
    }
    return found;
  };
  /** Blanks what `each` just found (the same matches a replace would make: f has not changed since), so later lists do not read it again. */
  const mask = (found: RegExpMatchArray[]) => {
    if (found.length === 0) return;
    let out = "";
    let from = 0;
    for (const m of found) {
      out += f.slice(from, m.index) + " ".repeat(m[0].length);
      from = m.index! + m[0].length;
    }
    f = out + f.slice(from);
    for (const m of found) starts.blanked(f, m.index!, m.index! + m[0].length);
  };

  // «our SDRs hear "not interested" all day»: refusals and deferrals quoted are mentioned, not said
  const quotes = quotedSpans(f);
  const said = (m: RegExpMatchArray) => !inQuotes(quotes, m.index!, m.index! + m[0].length);
  mask(each(NEUTRAL_IDIOMS, "idiom", () => {}));
  // "a call won't work this week, but send me a deck … on the flight home Thursday": the day and time it names besides
  // ask no meeting when material is asked instead ("… but Thursday next week at 10 would" still is one)
  let noCallNow = false;
  mask(each(NO_CALL_NOW, "no_call", () => (noCallNow = true)));
  mask(each(POSITIVE_IDIOMS, "interest", () => (s.interest += 2)));
  // "not now" before refusals: the "no" of "por ahora no, gracias" is not "no, gracias"
  // where the last "not now" or time to come back stands: a meeting offered after a "but" past it is what is wanted now
  let lastDeferral = -1;
  mask(
    each(NOT_NOW, "later", (m) => {
      if (!said(m)) return void hits.push(`quoted:${m[0]}`);
      s.later += 2;
      lastDeferral = Math.max(lastDeferral, m.index!);
    }),
  );
  // "Interesting — how does it …?": a courtesy, counted as interest below only if nothing is asked
  // (past a salutation line: "Hi Rachel,\n\nInteresting. Before we go further: …?")
  const opening = f.trimStart().replace(SALUTATION, "");
  const courtesy = COURTESY_OPENING.exec(opening);
  const courtesyEnd = courtesy ? f.length - opening.length + courtesy[0].length : -1;
  // refusals counted, then masked so their "interested" is not read again
  let lastRefusal = -1;
  // "we already use HubSpot": their stack, a refusal unless they ask how we fit into it (below)
  let stackPoints = 0;
  mask(each(REFUSAL, "refusal", (m) => {
    if (!said(m)) return void hits.push(`quoted:${m[0]}`);
    s.refusal += 3;
    if (ALREADY_USING.test(m[0])) stackPoints += 3;
    lastRefusal = m.index!;
  }));
  each(COVERED_IN_HOUSE, "refusal", (m) => {
    if (said(m)) s.refusal += 2;
  });
  mask(each(SATISFIED, "satisfied", (m) => {
    if (negated(f, m.index!, m[0].length)) return;
    s.refusal += 3;
    lastRefusal = Math.max(lastRefusal, m.index!);
  }));
  if (BARE_NO.test(f.trimStart()) || FINAL_NO.test(f.trimEnd().slice(-40))) {
    hits.push("refusal:no");
    s.refusal += 3;
    lastRefusal = Math.max(lastRefusal, 0);
  }
  // Russian, Ukrainian, Bulgarian and Greek (other-scripts.ts): their own lists, counted as the ones here
  const scripts = readOtherScripts(f);
  if (scripts) {
    hits.push(...scripts.hits);
    s.refusal += 3 * scripts.refusal;
    lastRefusal = Math.max(lastRefusal, scripts.lastRefusal);
    s.later += 2 * scripts.later;
    s.interest += 2 * scripts.interest;
    if (scripts.wrongPerson) s.wrongPerson = true;
    if (scripts.handoff) s.handoff = true;
    if (scripts.farFuture) s.farFuture = true;
    s.question += 2 * scripts.question;
    if (scripts.moved) s.moved = s.movedSelf = true;
  }
  each(MOVED, "moved", (m) => {
    s.moved = true;
    // "I left …", "dort bin ich nicht mehr": the writer's own move, whatever they say they look after now
    if (/(?<![a-z])(?:i|i'?ve|i'?m|ich|je|j'|yo|io|ik|eu|my|mein|meine)(?![a-z])/.test(m[0])) s.movedSelf = true;
  });
  let lastWrong = -1;
  mask(each(WRONG_PERSON, "wrong_person", (m) => {
    s.wrongPerson = true;
    lastWrong = m.index!;
  }));
  // "I'm not the decision maker, but I'd be happy to hop on a call": a meeting or a request after the contrast is what they want
  const contrastAfterWrong = lastWrong >= 0 ? lastContrast(f, lastWrong) : -1;
  let wantsAfterWrong = false;
  each(FORWARDED, "forwarded", (m) => {
    // "if the material looks good I'll loop in our lead": a promise on a condition, nobody passed on yet
    if (conditional(f, m.index!)) return;
    // "a colleague forwarded this one (to me)": passed on to the writer, not by them
    const before = f.slice(Math.max(0, m.index! - 40), m.index!);
    if (FORWARDED_BY_OTHER.test(before) || TO_THE_WRITER.test(f.slice(m.index! + m[0].length, m.index! + m[0].length + 16))) return void hits.push(`to_writer:${m[0].trim()}`);
    // "Charlotte forwarded your email.": someone named at the sentence's start passed it to the writer
    if (/^forward/.test(m[0]) && NAMED_SUBJECT.test(before)) return void hits.push(`to_writer:${m[0].trim()}`);
    // "looping in Sarah for visibility", "cc'ing my boss FYI": copied to be informed, not handed the thread
    const informed = FOR_INFORMATION.test(f.slice(m.index! + m[0].length, m.index! + m[0].length + 40)) || INFORMATION_BEFORE.test(f.slice(Math.max(0, m.index! - 40), m.index!));
    if (ADDS.test(m[0]) && informed) return void hits.push(`informed:${m[0].trim()}`);
    s.forwarded = true;
    if (ADDS.test(m[0])) s.adds = true;
  });
  each(LATER, "later", (m) => {
    if (negated(f, m.index!, m[0].length)) return;
    s.later += m[0].trim() === "later" ? 1 : 2;
    lastDeferral = Math.max(lastDeferral, m.index!);
  });
  each(FAR_FUTURE, "far_future", (m) => {
    // "before next quarter", "ahead of Q3", "by January": a deadline for a plan, not a deferral
    const deadline = DEADLINE_BEFORE.test(f.slice(Math.max(0, m.index! - 25), m.index!)) || /^by /.test(m[0]);
    // "four emails in two weeks": how often, not when
    const count = COUNTED.test(f.slice(Math.max(0, m.index! - 30), m.index!));
    const before = f.slice(Math.max(0, m.index! - 80), m.index!);
    const someoneAway = SOMEONE_AWAY.test(before);
    // "I moved to Brightline in December": when something happened, not when to write
    // "we signed with them back in October", "we had a demo from them in November": when something happened
    const after = f.slice(m.index! + m[0].length, m.index! + m[0].length + 40);
    // "w grudniu podpisaliśmy umowę", "v prosinci jsme podepsali": a Polish or Czech past right after the month
    const perfect = (PERFECT_AUX.test(before) && PERFECT_PARTICIPLE.test(after)) || SLAVIC_PAST_AFTER.test(after);
    // "seit Anfang Januar", "since December": a time gone by, up to now
    const past = /(?<![a-z])(?:seit|since|depuis|sinds) (?:(?:anfang|ende|mitte|early|late|mid|debut|fin|begin|eind) )?$/.test(before) || HAPPENED.test((m.index! > 80 ? "" : "\n") + folded.slice(Math.max(0, m.index! - 80), m.index!)) || /(?<![a-z])back $/.test(before) || HAD_A.test(folded.slice(Math.max(0, m.index! - 80), m.index!)) || perfect;
    if (NOT_THEN.test(before)) hits.push(`not_then:${m[0].trim()}`);
    else if (CLOSES.test(before)) hits.push(`closes:${m[0].trim()}`);
    else if (deadline) hits.push(`deadline:${m[0].trim()}`);
    else if (count) hits.push(`count:${m[0].trim()}`);
    else if (someoneAway) hits.push(`absent:${m[0].trim()}`);
    else if (past) hits.push(`past:${m[0].trim()}`);
    else {
      s.farFuture = true;
      lastDeferral = Math.max(lastDeferral, m.index!);
      // "send me the deck, I'll look at it after the holidays": when the writer reads it, nothing put off
      if (AFTER_TIME.test(m[0]) && !READING_PLAN.test(before)) s.deferral = true;
    }
  });
  if (TENTATIVE.test(f)) s.tentative = true;
  // "before we schedule anything – does the demo need read access?": the answers come before any call
  // (read as written: "before anyone here spends 15 minutes on a call" is also an idiom the lists above blanked)
  if (ASKS_FIRST.test(folded)) s.asksFirst = true;
  each(HEDGE, "hedge", (m) => {
    // "maybe thurs or fri morning": a day offered tentatively, nothing put off
    if (!HEDGED_DAY.test(f.slice(m.index! + m[0].length, m.index! + m[0].length + 30))) s.deferral = true;
  });
  // a date is a concrete day, as a weekday is: "Can we do March 3rd at 2pm?"
  let dates = 0;
  each(DATED, "date", () => {
    s.dated = true;
    dates++;
  });
  // "send me the invite": a meeting, and not the "send me …" of interest
  let invites = 0;
  mask(
    each(SEND_INVITE, "meeting", (m) => {
      invites++;
      // "send the invite to me and to priya@…": a colleague added to the meeting, the thread stays with the writer
      if (INVITE_ALSO_TO.test(f.slice(m.index! + m[0].length, m.index! + m[0].length + 40))) s.adds = true;
    }),
  );
  let requestAfterContrast = false;
  let requested = false;
  const contrast = lastRefusal >= 0 ? lastContrast(f, lastRefusal) : -1;
  each(INTEREST, "interest", (m) => {
    if (m.index! < courtesyEnd) hits.push(`courtesy:${m[0].trim()}`);
    // "do you just send us an alert, or isolate the machine?": how the product behaves, asked
    else if (REQUEST.test(m[0]) && HOW_IT_BEHAVES.test(f.slice(Math.max(0, m.index! - 40), m.index!))) hits.push(`asked:${m[0].trim()}`);
    else if (negated(f, m.index!, m[0].length)) {
      // "not interested unless it integrates with Pipedrive": a condition stated, no refusal
      if (!EXCEPT.test(f.slice(m.index! + m[0].length, m.index! + m[0].length + 24))) s.refusal += 2;
    } else {
      s.interest += 2;
      if (REQUEST.test(m[0])) requested = s.requested = true;
      if (contrast >= 0 && m.index! > contrast && REQUEST.test(m[0])) requestAfterContrast = true;
      if (contrastAfterWrong >= 0 && m.index! > contrastAfterWrong && REQUEST.test(m[0])) wantsAfterWrong = true;
    }
  });
  // "not interested in another dashboard, but could you send me material on that one piece?": the
  // request after the contrast is what they want; praise after it ("but it sounds interesting") is not
  if (requestAfterContrast) {
    hits.push("contrast:request");
    s.refusal = 0;
  }
  each(INTEREST_WEAK, "interest_weak", (m) => {
    if (!negated(f, m.index!, m[0].length)) s.interest += 1;
  });
  // a thumbs-up (or an OK hand, a tick) as the whole answer: a yes
  if (ASSENT_EMOJI.test(f)) {
    hits.push("interest_weak:emoji");
    s.interest += 1;
  }
  // a meeting: a call/demo/calendar word, or talking with a time, or a day and an hour
  let words = invites + (scripts?.meeting ?? 0);
  let vague = 0;
  let talk = 0;
  let clock = 0;
  let near = 0;
  let meetingAfterContrast = false;
  let meetingAt = -1;
  each(MEETING, "meeting", (m) => {
    if (negated(f, m.index!, m[0].length)) return;
    // a refusal read (and masked) before it still says no to it: "not interested in a call right now"
    if (NOT_INTERESTED_IN.test(folded.slice(Math.max(0, m.index! - 40), m.index!))) return;
    // 'if the answer is "let's discuss on a call", we're done': a call quoted, not proposed
    if (!said(m)) return void hits.push(`quoted:${m[0].trim()}`);
    // "send the pricing; if it looks good I'll set up a call": the request is what they want now, the call a maybe
    if (requested && conditional(f, m.index!)) {
      hits.push(`conditional:${m[0].trim()}`);
      return;
    }
    words++;
    meetingAt = Math.max(meetingAt, m.index!);
    if (contrastAfterWrong >= 0 && m.index! > contrastAfterWrong) wantsAfterWrong = true;
    if (contrast >= 0 && m.index! > contrast && !conditional(f, m.index!) && !conditionFollows(f, m.index! + m[0].length)) meetingAfterContrast = true;
  });
  // "not interested in the product, but I'd love to chat about a partnership": the meeting after the contrast is
  // what they want ("…but happy to chat if things change" only promises one)
  if (meetingAfterContrast) {
    hits.push("contrast:meeting");
    s.refusal = 0;
  }
  // "not the right time for a big project this spring. But a 15-minute intro next week is fine": the call after the "but"
  const afterDeferral = lastDeferral >= 0 ? lastContrast(f, lastDeferral) : -1;
  if (afterDeferral >= 0 && meetingAt > afterDeferral) {
    hits.push("contrast:meeting_now");
    s.later = 0;
    s.farFuture = false;
    s.deferral = false;
  }
  if (wantsAfterWrong) {
    hits.push("contrast:wants");
    s.wrongPerson = false;
  }
  each(MEETING_VAGUE, "vague", (m) => {
    if (!negated(f, m.index!, m[0].length)) vague++;
  });
  each(MEETING_WEAK, "talk", (m) => {
    if (!negated(f, m.index!, m[0].length) && said(m)) talk++;
  });
  // an event's booth is met on the event's day, a booking page's slot now: a meeting with a day, not a deferral ("at SaaStr in March, stop by our booth")
  let dayFixed = false;
  each(AT_OUR_STAND, "stand", (m) => {
    if (negated(f, m.index!, m[0].length)) return;
    words++;
    dayFixed = true;
  });
  // a slot to book on the writer's calendar now: a meeting with a day, as a stand's is
  each(BOOK_NOW, "book_now", (m) => {
    if (negated(f, m.index!, m[0].length)) return;
    // the page is the meeting's place, as a calendar link is
    words++;
    dayFixed = true;
  });
  mask(matchesOf(WEEKDAY_RANGE, f, starts));
  // "Mo-Fr 9:00-17:00", "our desk is staffed 8am to 6pm": a working day's hours, not a time to meet (a slot is shorter)
  mask(matchesOf(TIME_SPAN, f, starts).filter(workingHours));
  each(MEETING_CLOCK, "clock", () => clock++);
  clock += dates + (scripts?.days ?? 0);
  each(MEETING_TIME, "time", () => near++);
  const when = clock + near;
  // a vague word ("available", "calendar", "disponível") is a meeting only beside a time or talking
  // (a call declined for now beside material asked: the talking and the days named are no meeting either)
  if (words > 0 || (!(noCallNow && requested) && (((talk > 0 || vague > 0) && when > 0) || (clock > 0 && when >= 2)))) s.meeting = 2 * words + talk + vague + when;
  s.meetingDay = s.meeting > 0 && (clock > 0 || dayFixed);
  each(REVIEW, "review", () => {
    s.interest += 1;
    s.review += 1;
  });
  each(NEED, "need", (m) => {
    // "if we ever need something like this, we'll get in touch": a need supposed, none said
    if (IF_EVER.test(f.slice(Math.max(0, m.index! - 30), m.index!))) hits.push(`supposed:${m[0].trim()}`);
    else if (!negated(f, m.index!, m[0].length)) s.interest += 1;
    // "Ohne das brauchen wir gar nicht weiterzureden": no need to talk only without the answers asked for
    else if (ONLY_WITHOUT.test(folded.slice(Math.max(0, m.index! - 60), m.index!))) hits.push(`only_without:${m[0].trim()}`);
    else s.refusal += 3;
  });
  each(PONDER, "ponder", () => (s.later += 1));
  // "interesting, but I'll look at it when I'm back": put off after a contrast, with nothing asked of us now
  const contrasted = firstContrast(f);
  each(ON_MY_RETURN, "later", (m) => (s.later += contrasted >= 0 && contrasted < m.index! && !requested ? 2 : 1));
  each(HOSTILE, "hostile", () => (s.hostile = true));
  each(ASSISTANT, "assistant", () => (s.assistant = true));
  // "please add my colleague Tom (tom@…) to the invite": another attendee, the writer stays the contact
  each(ATTENDEE, "attendee", () => (s.adds = true));
  each(HANDOFF, "handoff", () => (s.handoff = true));
  // a line addressed to a colleague copied in ("@Markus: kannst du dir das anschauen?"): handed to them
  if (AT_COLLEAGUE.test(folded)) {
    hits.push("handoff:@");
    s.handoff = true;
  }
  each(SELF_CONTACT, "self", () => (s.selfContact = true));
  each(QUESTION_INDIRECT, "question", () => (s.question += 1));
  // "?" outside links; a sentence opening with an interrogative
  const noLinks = f.replace(/(?:https?:\/\/|www\.)\S{1,2000}/g, " ");
  for (let i = noLinks.indexOf("?"); i >= 0; i = noLinks.indexOf("?", i + 1)) s.question += 2;
  // Greek asks with ";" ("Πώς αποκτήσατε τη διεύθυνσή μου;")
  if (GREEK.test(noLinks)) for (const _ of noLinks.matchAll(GREEK_QUESTION)) s.question += 2;
  for (const sentence of noLinks.split(/[.!?\n]/)) {
    if (QUESTION_START.test(sentence.trim())) {
      hits.push(`question:${sentence.trim().slice(0, 30)}`);
      s.question += 1;
    }
  }
  if (s.question > 0 && !hits.some((h) => h.startsWith("question:"))) hits.push("question:?");
  // "we already use HubSpot — do you integrate with it?": a question about fitting in, not a no; so is
  // "we already have Power BI — what would Brightpath give us that we don't get today?"
  if (stackPoints > 0 && s.question > 0 && (INTEGRATION.test(f) || WHAT_MORE.test(f))) {
    hits.push("stack:integration");
    s.refusal -= stackPoints;
  }
  if (courtesy && s.question === 0) s.interest += 2;
  return s;
}

/** A span of five hours or more with minutes or a unit at one end at least ("9:00-17:00", "8-18 uhr", "9am to 5pm"). */
function workingHours(m: RegExpMatchArray): boolean {
  const ends = /^([0-9]{1,2})([:.h][0-9]{2})? ?(am|pm|h|uhr|uur)?.*?([0-9]{1,2})([:.h][0-9]{2})? ?(am|pm|h|uhr|uur)?$/.exec(m[0]);
  if (!ends || !(ends[2] || ends[3] || ends[5] || ends[6])) return false;
  const hour = (h: string, unit: string | undefined) => (unit === "pm" ? (Number(h) % 12) + 12 : unit === "am" ? Number(h) % 12 : Number(h));
  let start = hour(ends[1]!, ends[3]);
  let end = hour(ends[4]!, ends[6]);
  // "2-4pm": the afternoon's; "9-5": to five in the afternoon
  if (!ends[3] && ends[6] === "pm" && start + 12 <= end) start += 12;
  if (end <= start && !ends[6]) end += 12;
  return end - start >= 5;
}

/** A salutation on a line of its own ("Hi Rachel,", "Sehr geehrte Frau Hartmann,", "Bonjour Sophie,"). */
const SALUTATION = new RegExp(`^(?:${GREETING_WORDS})(?![a-z])[^\\n]{0,60}\\n\\s*`);

// a cue that asks for something (material, details, more): what the writer wants, not a compliment
const REQUEST = /send|share|forward|e-?mail|tell me|schick|sende|zukommen|envoy|transmet|adresser|mand|envi|pasar|inv[ia]|gir[ai]|stuur|toestur|encaminh|passa|^more (?:info|information|details)$/;

/** Where the last contrast word after `from` stands ("… not interested, but …"), or -1. */
function firstContrast(f: string): number {
  CONTRAST.lastIndex = 0;
  return CONTRAST.exec(f)?.index ?? -1;
}

function lastContrast(f: string, from: number): number {
  let at = -1;
  CONTRAST.lastIndex = from;
  for (let m = CONTRAST.exec(f); m; m = CONTRAST.exec(f)) at = m.index;
  return at;
}

/** A refusal made conditional right after it: "not interested unless …", "kein Interesse, es sei denn …". */
const EXCEPT = /^,? (?:unless|except if|except when|but only if|es sei denn|ausser wenn|auser wenn|nur wenn|sauf si|a moins que|a moins d'|a menos que|salvo que|excepto si|a meno che|salvo che|tenzij|behalve als|a nao ser que|salvo se|exceto se)(?![a-z])/;

// words that only open a condition ("si" and "se" are also "yes" and a pronoun, so they are left out)
const CONDITION = /(?<![a-z])(?:if|once|wenn|falls|sobald|zodra|mocht|caso|qualora|s'il)(?![a-z])/;

/** Whether the sentence before `index` opens a condition ("if …, I'll loop in …"). */
function conditional(f: string, index: number): boolean {
  const before = f.slice(Math.max(0, index - 120), index);
  const start = Math.max(before.lastIndexOf("."), before.lastIndexOf("!"), before.lastIndexOf("?"), before.lastIndexOf("\n"));
  return CONDITION.test(before.slice(start + 1));
}

/** A condition or an open time after an offer: "happy to chat if things change", "… down the road". */
const LATER_CONDITION = /(?<![a-z])(?:when|should|in case|down the (?:road|line)|sometime|some day|someday|another time|in the future)(?![a-z])/;

/** Whether a condition follows in the same sentence. */
function conditionFollows(f: string, index: number): boolean {
  const after = f.slice(index, index + 80);
  const end = after.search(/[.!?\n]/);
  const rest = end < 0 ? after : after.slice(0, end);
  return CONDITION.test(rest) || LATER_CONDITION.test(rest);
}

/** Whether the cue at [index, index+length) is negated in its clause. */
function negated(f: string, index: number, length: number): boolean {
  let before = f.slice(Math.max(0, index - 30), index);
  CLAUSE_END.lastIndex = 0;
  let cut = -1;
  for (const m of before.matchAll(CLAUSE_END)) cut = m.index! + m[0].length;
  if (cut >= 0) before = before.slice(cut);
  if (NEGATOR.test(before)) return true;
  let after = f.slice(index + length, index + length + 30);
  const end = after.search(/[.!?;,:\n]| -(?= )/);
  if (end >= 0) after = after.slice(0, end);
  // French "ne … pas" around the cue ("ça ne nous intéresse pas")
  return AFTER_NEGATOR.test(after) || (FRENCH_NE.test(before) && FRENCH_PAS.test(after));
}

export interface Decision {
  intent: Intent | null;
  sentiment: Sentiment;
}

/** The intent (by the precedence at the top of this file) and the sentiment it carries. */
export function decide(s: Scores, referral: boolean): Decision {
  const intent = pickIntent(s, referral);
  return { intent, sentiment: sentimentOf(intent, s) };
}

function pickIntent(s: Scores, referral: boolean): Intent | null {
  // "Herr Krause is no longer with us; I'm responsible for this now": someone else left, the writer stays
  if (s.moved && (!s.selfContact || s.movedSelf)) return "moved";
  if (referral) return "referral";
  if (s.wrongPerson) return "wrong_person";
  // a far-off time defers a refusal, a meeting or a plain remark ("not now, try in Q3", "let's talk in January",
  // "maybe next year"); stated interest with a time and no deferral is a plan ("interested, we start in Q3")
  // …unless a meeting is proposed for a day with nothing deferring ("we review our stack next month — a call next Wednesday?")
  const meetingSoon = s.meetingDay && s.meeting >= 2 && !s.deferral && s.later === 0;
  // …or two refusals and nothing deferring ("we're shutting down in March, so no")
  const firmNo = s.refusal >= 6 && !s.deferral && s.later === 0;
  // …or material asked for now beside a plan and a courtesy ("send me the pricing; we hire in spring; I'll get back to you")
  const asksNow = s.requested && !s.deferral && s.later < 2 && s.refusal === 0;
  if (s.farFuture && !meetingSoon && !firmNo && !asksNow && (s.deferral || s.later > 0 || s.refusal > 0 || s.meeting > 0 || s.interest < 2)) return "later";
  // "write me again on 3 March": a date is a deferral's time when something defers; "let's talk on March 3rd at 10" is a meeting
  if (s.dated && (s.deferral || s.later > 0) && s.refusal < 3) return "later";
  const positive = Math.max(s.interest, s.meeting);
  if (s.refusal >= 3 && s.refusal >= positive) return "not_interested";
  // (details asked for before the call are questions too: "before we set up a call, could you share: the range? equity? remote from India?")
  if (s.asksFirst && s.question >= 2 && (!s.requested || s.question >= 6) && s.refusal < 3) return "question";
  if (s.meeting >= 2 && s.meeting >= s.interest - 2) return s.later >= 2 && s.meeting < 3 ? "later" : "meeting_request";
  // "possibly interested, but first: what's the minimum term? per user or per invoice?": the answers come first
  if (s.tentative && s.interest <= 2 && s.question >= 4 && !s.requested && s.later === 0) return "question";
  // "what is your lawful basis? I'd like to see your legitimate interests assessment": a challenge, asked as questions
  if (s.hostile && s.question >= 2 && s.interest <= 2 && s.meeting === 0 && s.later === 0) return "question";
  if (s.interest >= 2) return s.later >= 2 ? "later" : "interested";
  if (s.later > 0) return "later";
  if (s.refusal > 0 || (s.hostile && s.question === 0)) return "not_interested";
  if (s.question > 0) return "question";
  if (s.interest >= 1) return "interested";
  return null;
}

function sentimentOf(intent: Intent | null, s: Scores): Sentiment {
  if (s.hostile && intent !== "meeting_request" && intent !== "interested") return "negative";
  switch (intent) {
    case "interested":
      // "we'll take a look" leans no way yet
      return s.interest - s.review >= 1 ? "positive" : "neutral";
    case "meeting_request":
      return "positive";
    case "not_interested":
      return "negative";
    default:
      return "neutral";
  }
}
