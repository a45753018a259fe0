// The day an auto-reply says the person is back: "back on 12 January", "bis
// zum 15.01.2027", "de retour le 3 mars", "hasta el 20 de abril", "fino al 5
// maggio", "tot 14 juli", "até 2 de setembro", "January 12", ISO dates,
// "until Monday", "until the 18th", "until the end of the month", a calendar
// week ("wieder in KW 6"), a stay stated as a length ("for two weeks", from the
// message's day), and, when no day is stated, a month after a cue
// ("until June 2027", "bis Ende Februar"). Read from the folded visible text (fold.ts).
//
// Each date found is scored by the words around it: a return cue ("back",
// "zurück", "de retour", "rientro", "terug", "volta", "will reply"… before it, or "wieder",
// "back" right after it) beats an "until" cue (until, bis, jusqu'au, hasta,
// fino al, tot, até, the end of a range "3-12 January"; the day after when it
// is the last day away: "inclusive", "tot en met", "through"), which beats a bare
// date; a date after "from"/"ab"/"depuis"… is when the absence starts, not
// the return. The best score wins, the latest date among equals. Absolute
// dates beat weekdays; a weekday or "tomorrow" counts only after a cue.
// Without a year, the year of the message's Date; a day that would be before
// the message is next year's. Weekdays are the next such day after the
// message's day (in the writer's own time zone, from the Date header).
import { afterNextBankHoliday } from "./holidays";

export interface Reference {
  /** The message's time (ms UTC). */
  ms: number;
  /** The writer's offset from UTC in minutes (Date header), 0 when unknown. */
  offsetMinutes: number;
}

const MONTHS: [number, string[]][] = [
  [1, ["january", "jan", "januar", "janner", "janvier", "janv", "enero", "ene", "gennaio", "gen", "januari", "janeiro"]],
  [2, ["february", "feb", "februar", "fevrier", "fevr", "fev", "febrero", "febbraio", "februari", "fevereiro", "fev"]],
  [3, ["march", "mar", "marz", "maerz", "mars", "marzo", "maart", "marco", "mrt"]],
  [4, ["april", "apr", "avril", "avr", "abril", "abr", "aprile"]],
  [5, ["may", "mai", "mayo", "maggio", "mag", "mei", "maio"]],
  [6, ["june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho"]],
  [7, ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho"]],
  [8, ["august", "aug", "aout", "agosto", "ago", "augustus"]],
  [9, ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "set", "setembro"]],
  [10, ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro"]],
  [11, ["november", "nov", "novembre", "noviembre", "novembro"]],
  [12, ["december", "dec", "dezember", "dez", "decembre", "diciembre", "dic", "dicembre", "dezembro"]],
];
/**
 * The months in languages we do not read, folded (a notice's return date is still one): Polish, Czech, Slovak,
 * Russian, Ukrainian, Bulgarian, Turkish, Romanian, Croatian, Slovenian, Scandinavian, Finnish, Estonian,
 * Lithuanian, Latvian, Greek, Catalan, Hungarian; nominative and genitive ("20 stycznia", "до 25 января", "18. tammikuuta").
 * Croatian's "listopad" (October) is left out: it is November in Polish and Czech.
 */
const MONTHS_ELSEWHERE: [number, string[]][] = [
  [1, ["gener", "styczen", "stycznia", "leden", "ledna", "januara", "январь", "января", "янв", "січень", "січня", "януари", "ocak", "ianuarie", "sijecanj", "sijecnja", "januarja", "tammikuu", "tammikuuta", "jaanuar", "jaanuari", "sausis", "sausio", "janvaris", "janvari", "ιανουαριος", "ιανουαριου"]],
  [2, ["febrer", "luty", "lutego", "unor", "unora", "februara", "февраль", "февраля", "лютий", "лютого", "февруари", "subat", "februarie", "veljaca", "veljace", "februarja", "helmikuu", "helmikuuta", "veebruar", "veebruari", "vasaris", "vasario", "februaris", "φεβρουαριος", "φεβρουαριου"]],
  [3, ["marc", "marcius", "marzec", "marca", "brezen", "brezna", "marec", "март", "марта", "березень", "березня", "mart", "martie", "ozujak", "ozujka", "maaliskuu", "maaliskuuta", "marts", "kovas", "kovo", "μαρτιος", "μαρτιου"]],
  [4, ["aprilis", "kwiecien", "kwietnia", "duben", "dubna", "aprila", "апрель", "апреля", "квітень", "квітня", "април", "nisan", "aprilie", "travanj", "travnja", "huhtikuu", "huhtikuuta", "aprill", "balandis", "balandzio", "aprilis", "απριλιος", "απριλιου"]],
  [5, ["maig", "majus", "maj", "maja", "kveten", "kvetna", "май", "мая", "травень", "травня", "mayis", "svibanj", "svibnja", "toukokuu", "toukokuuta", "geguze", "geguzes", "maijs", "μαιος", "μαιου"]],
  [6, ["juny", "junius", "czerwiec", "czerwca", "cerven", "cervna", "juna", "июнь", "июня", "червень", "червня", "юни", "haziran", "iunie", "lipanj", "lipnja", "junij", "junija", "kesakuu", "kesakuuta", "juuni", "birzelis", "birzelio", "junijs", "ιουνιος", "ιουνιου"]],
  [7, ["juliol", "julius", "lipiec", "lipca", "cervenec", "cervence", "jula", "июль", "июля", "липень", "липня", "юли", "temmuz", "iulie", "srpanj", "srpnja", "julij", "julija", "heinakuu", "heinakuuta", "juuli", "liepa", "liepos", "julijs", "ιουλιος", "ιουλιου"]],
  [8, ["agost", "augusztus", "sierpien", "sierpnia", "srpen", "srpna", "augusta", "август", "августа", "серпень", "серпня", "agustos", "kolovoz", "kolovoza", "avgust", "avgusta", "elokuu", "elokuuta", "augusti", "rugpjutis", "rugpjucio", "augusts", "αυγουστος", "αυγουστου"]],
  [9, ["setembre", "wrzesien", "wrzesnia", "zari", "septembra", "сентябрь", "сентября", "вересень", "вересня", "септември", "eylul", "septembrie", "rujan", "rujna", "syyskuu", "syyskuuta", "rugsejis", "rugsejo", "septembris", "σεπτεμβριος", "σεπτεμβριου"]],
  [10, ["pazdziernik", "pazdziernika", "rijen", "rijna", "oktobra", "октябрь", "октября", "жовтень", "жовтня", "октомври", "ekim", "octombrie", "lokakuu", "lokakuuta", "oktoober", "spalis", "spalio", "oktobris", "οκτωβριος", "οκτωβριου"]],
  [11, ["listopad", "listopada", "listopadu", "novembra", "ноябрь", "ноября", "листопад", "листопада", "ноември", "kasim", "noiembrie", "studeni", "studenog", "marraskuu", "marraskuuta", "lapkritis", "lapkricio", "novembris", "νοεμβριος", "νοεμβριου"]],
  [12, ["desembre", "grudzien", "grudnia", "prosinec", "prosince", "decembra", "декабрь", "декабря", "грудень", "грудня", "декември", "aralik", "decembrie", "prosinac", "prosinca", "joulukuu", "joulukuuta", "detsember", "gruodis", "gruodzio", "decembris", "desember", "δεκεμβριος", "δεκεμβριου"]],
];
const MONTH_OF = new Map<string, number>();
// folded as the text is ("лютий" reads "лютии", "май" "маи")
const folded = (name: string) => name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
for (const [n, names] of [...MONTHS, ...MONTHS_ELSEWHERE]) for (const name of names.map(folded)) if (!MONTH_OF.has(name)) MONTH_OF.set(name, n);
const MONTH = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join("|");

const WEEKDAYS: [number, string[]][] = [
  [0, ["sunday", "sonntag", "dimanche", "domingo", "domenica", "zondag"]],
  [1, ["monday", "montag", "lundi", "lunes", "lunedi", "maandag", "segunda-feira", "segunda"]],
  [2, ["tuesday", "dienstag", "mardi", "martes", "martedi", "dinsdag", "terca-feira", "terca"]],
  [3, ["wednesday", "mittwoch", "mercredi", "miercoles", "mercoledi", "woensdag", "quarta-feira", "quarta"]],
  [4, ["thursday", "donnerstag", "jeudi", "jueves", "giovedi", "donderdag", "quinta-feira", "quinta"]],
  [5, ["friday", "freitag", "vendredi", "viernes", "venerdi", "vrijdag", "sexta-feira", "sexta"]],
  [6, ["saturday", "samstag", "sonnabend", "samedi", "sabado", "sabato", "zaterdag"]],
  // in the languages more-languages.ts reads, in the cases a return takes ("do piątku", "till fredag", "до пятницы")
  [0, ["niedziela", "niedzieli", "niedziele", "nedele", "nedeli", "nedela", "sondag", "sondagen", "sunnuntai", "sunnuntaina", "sunnuntaihin", "duminica", "vasarnap", "vasarnapig", "pazar", "diumenge", "nedjelja", "nedjelje", "nedjelju", "воскресенье", "воскресенья", "неділя", "неділі", "неділю", "κυριακη"]],
  [6, ["sobota", "soboty", "sobote", "lordag", "lordagen", "lauantai", "lauantaina", "lauantaihin", "sambata", "szombat", "szombaton", "szombatig", "cumartesi", "dissabte", "subota", "subote", "subotu", "суббота", "субботы", "субботу", "субота", "суботи", "суботу", "σαββατο"]],
  [1, ["poniedzialek", "poniedzialku", "pondeli", "pondelok", "pondelka", "mandag", "mandagen", "maanantai", "maanantaina", "maanantaihin", "luni", "hetfo", "hetfon", "pazartesi", "dilluns", "ponedjeljak", "ponedjeljka", "понедельник", "понедельника", "понеділок", "понеділка", "δευτερα"]],
  [2, ["wtorek", "wtorku", "utery", "uteri", "utorok", "utorka", "tisdag", "tisdagen", "tirsdag", "tirsdagen", "tiistai", "tiistaina", "tiistaihin", "marti", "kedd", "kedden", "sali", "dimarts", "utorak", "вторник", "вторника", "вівторок", "вівторка", "τριτη"]],
  [3, ["sroda", "srody", "srode", "streda", "stredy", "stredu", "onsdag", "onsdagen", "keskiviikko", "keskiviikkona", "keskiviikkoon", "miercuri", "szerda", "szerdan", "carsamba", "dimecres", "srijeda", "srijede", "srijedu", "среда", "среды", "среду", "середа", "середи", "середу", "τεταρτη"]],
  [4, ["czwartek", "czwartku", "ctvrtek", "ctvrtka", "stvrtok", "stvrtka", "torsdag", "torsdagen", "torstai", "torstaina", "torstaihin", "joi", "csutortok", "csutortokon", "persembe", "dijous", "cetvrtak", "cetvrtka", "четверг", "четверга", "четвер", "πεμπτη"]],
  [5, ["piatek", "piatku", "patek", "patku", "piatok", "fredag", "fredagen", "perjantai", "perjantaina", "perjantaihin", "vineri", "pentek", "penteken", "cuma", "divendres", "petak", "petka", "пятница", "пятницы", "пятницу", "п'ятниця", "п'ятниці", "п'ятницю", "παρασκευη"]],
];
const WEEKDAY_OF = new Map<string, number>();
for (const [n, names] of WEEKDAYS) for (const name of names.map(folded)) WEEKDAY_OF.set(name, n);
const WEEKDAY = [...WEEKDAY_OF.keys()].sort((a, b) => b.length - a.length).join("|");
// and in the fifteen more languages ("zpět zítra", "holnaptól", "i morgen", "завтра")
const TOMORROW = "tomorrow|morgen|demain|manana|domani|amanha|zitra|zajtra|jutro|imorgon|i morgen|huomenna|huomisesta|maine|holnap|holnaptol|yarin|yarindan|dema|sutra|завтра|αυριο";

// "20 January 2027", "20. Januar", "20 de enero de 2027", and the dashed "20-Jan-2027"
const DAY_MONTH = new RegExp(`(?<![0-9])([0-9]{1,2})(?:st|nd|rd|th|er|eme|e|o|a|\\.)?(?: ?|-)(?:of |de )?(${MONTH})\\.?(?:(?:,? |-)(?:de |del )?([0-9]{4}))?(?![a-z])`, "g");
const MONTH_DAY = new RegExp(`(?<![a-z])(${MONTH})\\.? ([0-9]{1,2})(?:st|nd|rd|th)?(?:,? ([0-9]{4}))?(?![0-9])`, "g");
/** "Jan 11–13", "January 11-13", Hungarian "augusztus 9-től 20-ig": the month, the first day away and the last. */
const MONTH_DAY_RANGE = new RegExp(`(?<![a-z])(${MONTH})\\.? [0-9]{1,2}(?: ?[-–] ?([0-9]{1,2})(?![0-9])|\\.?-?j?[ae]?tol ([0-9]{1,2})\\.?-?j?[ae]?ig(?![a-z]))`, "g");
const ISO = /(?<![0-9])([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?![0-9])/g;
/** The year first with slashes or dots, as East Asia and Hungary write it: "2027/1/20", "2027. 01. 20.". */
const YEAR_FIRST = /(?<![0-9./])([0-9]{4})(?:\/|\. ?)([0-9]{1,2})(?:\/|\. ?)([0-9]{1,2})(?![0-9])/g;
/** Chinese, Japanese and Korean: "2027年1月20日", "1月19日", "1월 15일". */
// (the text is folded, NFKD: Hangul syllables are decomposed into their letters)
const hangul = (s: string) => s.normalize("NFKD");
const CJK = new RegExp(`(?:([0-9]{4}) ?(?:年|${hangul("년")}) ?)?([0-9]{1,2}) ?(?:月|${hangul("월")}) ?([0-9]{1,2}) ?(?:日|${hangul("일")})`, "g");
/** A CJK date's own cue, read after it (the words follow the date there), or null. */
interface Cue {
  score: number;
  /** The last day away: the return is the day after. */
  through: boolean;
}
const CJK_WEEKDAY = /^ ?\([^)]{1,4}\)/;
// (the text is folded, NFKD: "で" is "て" and its mark, so each pattern is decomposed too)
/** "まで", "迄", "까지": until (the day itself, as "until" is read; the end of a range, "12月29日から1月5日まで", the day after). */
const CJK_UNTIL = new RegExp(`^ ?(?:まで|迄|까지)`.normalize("NFKD"));
/** "より", "から", "以降", "부터": from. */
const CJK_FROM = new RegExp(`^ ?(?:より|から|以降|以后|부터|이후)`.normalize("NFKD"));
/** Back at work: "通常営業", "出社", "復帰", "戻ります", "順次対応", "順次返信", "上班", "恢复", "返回", "정상 근무", "복귀", "출근". */
const CJK_BACK = new RegExp(`^ ?(?:に|には|起|开始)?.{0,8}?(?:通常|営業|出社|復帰|戻|再開|出勤|対応|返信|連絡|上班|恢复|回复|回到|返回|정상|복귀|출근|업무)`.normalize("NFKD"));
/** "12月29日至1月5日", "12月29日～1月5日": the end of a range, after "至", "到" or a tilde or dash. */
const CJK_RANGE_END = /(?:至|到|~|〜|[-–]) ?$/;
/** A date and "から"/"부터" just before: the date that follows ends the range. */
const CJK_RANGE_FROM = new RegExp(`[0-9]{1,2} ?(?:日|일) ?(?:\\([^)]{1,4}\\))? ?(?:から|より|부터) ?$`.normalize("NFKD"));

function cjkCue(t: string, start: number, end: number): Cue | null {
  let after = t.slice(end, end + 40);
  const weekday = CJK_WEEKDAY.exec(after);
  if (weekday) after = after.slice(weekday[0].length);
  const ranged = CJK_RANGE_END.test(t.slice(Math.max(0, start - 3), start)) || CJK_RANGE_FROM.test(t.slice(Math.max(0, start - 12), start));
  if (CJK_UNTIL.test(after)) return { score: 2, through: ranged };
  const from = CJK_FROM.exec(after);
  // "12月29日から1月5日まで": the start of the range; "1月6日より通常営業": the return
  if (from) return /^ ?[0-9]/.test(after.slice(from[0].length)) ? { score: 0, through: false } : { score: CJK_BACK.test(after.slice(from[0].length)) ? 3 : 0, through: false };
  if (CJK_BACK.test(after)) return { score: 3, through: false };
  if (ranged) return { score: 2, through: true };
  return null;
}

// (after a dash only when a day ends before it: the end of "11.-22.01.2027", "11.01.-22.01.", not the inside of "2027-01-20")
/** "22. 1.", "22. 1. 2027": Czech, Slovak and Croatian write a space after the day's dot. */
const SPACED = /(?<![0-9./])([0-9]{1,2})\. ([0-9]{1,2})\.(?: ?([0-9]{4}))?(?![0-9])/g;
/**
 * A numeric range's last day, "11/01–15/01", "11–22.01", "11.–22.1.2027": NUMERIC does not read a date right
 * after a digit and a dash (inside "2027-01-22" or a telephone number), so the range is read whole.
 */
const RANGE_NUMERIC = /(?<![0-9./-])[0-9]{1,2}(?:[./][0-9]{1,2})?[./]? ?[-–] ?([0-9]{1,2})([./])([0-9]{1,2})(?:\2([0-9]{4}|[0-9]{2}))?(?![0-9])/dg;
/** "od 11. do ": a range's start before a day. */
const RANGE_START = /[0-9]{1,2}\.? (?:do|till|til|bis|to|a|al|au|tot|ate|до|по|εως) $/;
const NUMERIC = /(?<![0-9./]|[0-9]-)([0-9]{1,2})([./-])([0-9]{1,2})(?:\2([0-9]{4}|[0-9]{2}(?![0-9]))?)?(?![0-9])/g;
/**
 * English written from North America's time zones (UTC-4 to UTC-10 in the Date header): "until 2/3" is
 * February 3rd there, where the rest of the world (and Latin America's Spanish and Portuguese) reads the day first.
 */
const ENGLISH = /(?<![a-z])(?:the|until|back|out|office|returning|through|i'm|i am|will)(?![a-z])/;
const monthFirst = (t: string, offsetMinutes: number) => offsetMinutes <= -240 && offsetMinutes >= -600 && ENGLISH.test(t);
/**
 * A month without a day, after a cue only: "until June 2027", "back in September", "bis Ende Februar",
 * "jusqu'à mi-mars". Its first day; "end of" is the next month's first, "mid" the 15th. Full names only,
 * and May ("may", "mai": a verb, Italian "never") only with a year, a part ("end of May") or a
 * preposition that takes a month ("back in May", "bis Mai", "en mai").
 */
const MONTH_PREPOSITION = /(?<![a-z])(?:in|until|till|im|bis|en|ab|nach|after|apres|through|thru)[ -]$/;
// names of four letters or more ("juni", "mars", "sept"), and Dutch "mei", which is nothing else
const MONTH_FULL = [...MONTHS, ...MONTHS_ELSEWHERE]
  .flatMap(([, names]) => names.map(folded).filter((n) => n.length >= 4))
  .concat("mei")
  .sort((a, b) => b.length - a.length)
  .join("|");
const MONTH_PART = "end|ende|fin|fim|finales|finals|fine|eind|final|late|konca|konce|slutet|slutten|udgangen|utgangen|sfarsitul|kraja|конца|кінця|mid|mi|mitte|mediados|meados|meta|half|polowy|poloviny|mitten|midten|mijlocul|sredine|середины|середини|early|anfang|debut|principios|inizio|begin|inicio|comeco";
const MONTH_ALONE = new RegExp(`(?<![0-9] ?)(?<![a-z])(?:(${MONTH_PART})(?:-| )(?:(?:of|de|di|del|des|van|do|da|the|o|av|af|lui) ){0,2})?(${MONTH_FULL}|may|mai)(?:,? ([0-9]{4}))?(?! ?[0-9])(?![a-z])`, "g");
const MONTH_END = new Set(["end", "ende", "fin", "fim", "finales", "finals", "fine", "eind", "final", "late", "konca", "konce", "slutet", "slutten", "udgangen", "utgangen", "sfarsitul", "kraja", "конца", "кінця"]);
const MONTH_MID = new Set(["mid", "mi", "mitte", "mediados", "meados", "meta", "half", "polowy", "poloviny", "mitten", "midten", "mijlocul", "sredine", "середины", "середини"]);

/** The end of the current month, after a cue only: the next month's first day. */
const MONTH_END_NOW = /(?<![\p{L}])(?:(?:the )?end of (?:the|this) month|(?:ende (?:des|dieses) monats|monatsende)|(?:la )?fin (?:du|de ce) mois|(?:el )?(?:final|fin|finales) de(?:l| este) mes|(?:la )?fine (?:del |di questo )?mese|(?:het )?eind(?:e)? van (?:de|deze) maand|(?:o )?(?:final|fim) (?:do|deste) mes|fin de mes|final de mes|(?:sfarsitul|finalul) lunii|konca (?:tego )?miesiaca|konce (?:tohoto )?mesice|konca (?:tohto )?mesiaca|slutet av (?:manaden|denna manad)|(?:udgangen|slutningen) af maneden|(?:slutten|utgangen) av maneden|kuun loppuun|honap vegeig|ay sonuna kadar|kraja mjeseca|конца месяца|кінця місяця|τελος του μηνα)(?![\p{L}])/gu;
/** A calendar week ("KW 6", "Kalenderwoche 6", "week 6", "semaine 6"): its Monday (ISO 8601 weeks), after a cue only. */
/** The end of this week as the end of an absence. */
const WEEK_END_NOW = /(?<![a-z])(?:(?:until|till) the end of (?:the|this) week|bis ende (?:der|dieser) woche|jusqu'a la fin de la semaine|hasta (?:el )?final de (?:la|esta) semana|fino alla fine della settimana|tot het einde van de week|ate o (?:fim|final) da semana|do konca tygodnia|do konce tydne|do konca tyzdna|till slutet av veckan|resten av veckan|ut uken|resten af ugen|viikon loppuun|pana la sfarsitul saptamanii|a het vegeig|hafta sonuna kadar|fins a final de setmana|do kraja tjedna|до конца недели|до кінця тижня|μεχρι το τελος της εβδομαδας)/g;
const CALENDAR_WEEK = /(?<![a-z])(?:kw|kalenderwoche|week|wk|v\.|semaine|semana|settimana|tydzien|tygodniu|tyden|tydnu|tyzden|tyzdni|vecka|uge|uke|viikko|viikolla|saptamana|hafta|setmana|tjedan|tjednu) ?([0-9]{1,2})(?![0-9])/g;

/** The words before a calendar week the writer is away during ("i uke 9", "in der KW 9", "during week 9", "w tygodniu 9"). */
const DURING_WEEK = /(?<![a-z])(?:in|i|w|v|im|en|na|nella|tijdens|during|durante|pendant)(?: (?:der|de|la|the))? $/;

/** How long the writer is away, from the message's day: "for two weeks", "für 3 Tage", "pendant deux semaines", "per due settimane". */
const DURATION_COUNT = "([0-9]{1,2}|one|two|three|four|five|six|zwei|drei|vier|funf|fuenf|sechs|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|seis|due|tre|quattro|cinque|sei|twee|drie|vijf|zes|duas|quatro)";
const DURATION_UNIT = "(days?|weeks?|tage|tagen|wochen|jours|semaines|dias|semanas|giorni|settimane|dagen|weken)";
const THE_NEXT = "(?:the next |the coming |die nachsten |die naechsten |les prochains |les prochaines |los proximos |las proximas |i prossimi |le prossime |de komende |os proximos |as proximas )";
const DURATION = new RegExp(`(?<![a-z])(?:(?:for|fur|fuer|pendant|pour|durante|per|voor|por) ${THE_NEXT}?|${THE_NEXT})${DURATION_COUNT} ${DURATION_UNIT}(?![a-z])`, "g");
/** …or said before being away, without a preposition: "zwei Wochen im Urlaub", "twee weken met vakantie". */
const DURATION_AWAY = new RegExp(
  `(?<![a-z])${DURATION_COUNT} ${DURATION_UNIT} (?=(?:lang |long )?(?:im urlaub|in urlaub|urlaub|abwesend|nicht im buro|met vakantie|op vakantie|afwezig|away|off|out of (?:the )?office|on (?:vacation|holiday|leave)|en vacances|en conges|absente?|in ferie|in vacanza|assente|de vacaciones|ausente|de ferias|fora))`,
  "g",
);
/** "back in two weeks", "de retour dans deux semaines", "rientro tra due settimane"; "in zwei Wochen wieder da", "over twee weken terug". */
const RETURN_WORDS = "back|return|returning|zuruck|zurueck|wieder (?:da|im buro|im buero|erreichbar)|de retour|je reviens|je rentre|de vuelta|vuelvo|regreso|rientro|torno|di ritorno|terug|de volta|volto|retorno";
const IN_DURATION = `(?:in|dans|en|tra|fra|over|em|nach) (?:about |roughly |ca\\.? |ongeveer |environ |circa |cerca de |unos |unas )?${DURATION_COUNT} ${DURATION_UNIT}(?![a-z])`;
const BACK_IN = new RegExp(`(?<![a-z])(?:${RETURN_WORDS}) (?:[a-z]+ ){0,1}${IN_DURATION}`, "g");
const IN_BACK = new RegExp(`(?<![a-z])${IN_DURATION} (?:[a-z]+ ){0,2}(?=(?:${RETURN_WORDS})(?![a-z]))`, "g");
const COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, zwei: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, sechs: 6, deux: 2, trois: 3, quatre: 4, cinq: 5, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, twee: 2, drie: 3, vijf: 5, zes: 6, duas: 2, quatro: 4 };
const WEEK_WORDS = new Set(["week", "weeks", "wochen", "semaines", "semanas", "settimane", "weken"]);

/**
 * A day of the month alone, "the 18th", "dia 18", or a bare number after "until" in the other languages
 * ("fino al 20", "hasta el 20", "jusqu'au 20", "bis zum 20.", "tot de 20e", "ab dem 15.", "de retour le 18", "rientro il giorno 2";
 * not a time, an amount, a
 * telephone number "au 01 23 45 67 89" or a day with its month): the next such day, after a cue only.
 */
const DAY_ONLY = /(?<![0-9])(?:([0-9]{1,2})(?:st|nd|rd|th)|dia ([0-9]{1,2})|(?<=(?:^|[^0-9a-z'])(?:al|el|au|jusqu'au|zum|dem|de|le|bis|tot|ate|o|giorno) )([0-9]{1,2})(?:e|\.)?(?=[ ,;!)]|[.](?![0-9])|$)(?! ?[0-9])(?! ?(?:uhr|h|hours?|horas?|ore|uur|heures?|am|pm|%|min|euros?|eur)(?![a-z])))(?![0-9a-z])(?!\.? ?[/-])/g;
/** A day of the month right after a weekday ("lunes 14", "Monday the 14th", "Montag, 14."), not a time ("Monday 10am", "lundi 14h"). */
const DAY_AFTER_WEEKDAY = /^,? (?:the |den |dem |le |el |il |de )?([0-9]{1,2})(?:st|nd|rd|th|e|\.)?(?![0-9:a-z])(?!\.?[0-9/-])(?! ?(?:h|uhr|am|pm|hrs?|horas?|ore|uur|heures?)(?![a-z]))/;
const RELATIVE = new RegExp(`(?<![\\p{L}])(${WEEKDAY}|${TOMORROW})(?![\\p{L}])`, "gu");

const UNTIL = new Set(["until", "till", "til", "through", "thru", "to", "bis", "jusqu'au", "jusqu'a", "jusqu'aux", "jusqu'en", "au", "hasta", "al", "fino", "a", "tot", "t/m", "ate", "-", "and", "do", "tom", "t.o.m", "pana", "fins", "до", "по", "εως", "μεχρι", "before", "vor", "avant", "przed", "pred", "innan"]);
const BACK = /^(?:back|reply|respond|revert|resume|resuming|resumes|antworte|beantworte|repondrai|respondere|rispondero|beantwoord|responderei|return|returning|returns|zuruck|zurueck|retour|reviens|rentre|rentrerai|regreso|regresare|regresa|vuelta|volvere|vuelvo|rientro|rientrero|rientra|ritorno|tornero|terug|weer|volta|volto|voltarei|voltando|retorno|retornarei|retornando|regresando|volviendo|rientrando|tornando|regresso|reprendrai|reincorporo|reincorporare|reachable|available|erreichbar|bereikbaar|disponible|disponibile|disponivel|wieder|nuovo|nuovamente|wracam|wroce|vracim|vratim|vraciam|tillbaka|tilbage|tilbake|palaan|revin|revenim|reluam|visszaterek|tornare|vracam|zpet|spat|vissza|torna|tornara|donuyor|связи|επιστρεφει|επιστροφη|navrat|powrot|возвращение|повернення|biurze|kancelari|kancelarii|kontoret|opat|opet|znow|igen|igjen|jalleen|torno|irodaban|ofiste|uredu|birou|toimistolla|офисе|офісі|γραφειο|вернусь|повернуся|повернусь|επιστρεφω|reopen|reopens|reopening|riapriremo|riapre|riapriamo|rouvrirons|rouvre|reabriremos|reabrimos|reabre|retomamos|retornaremos|heropenen)$/;
const STARTS = new Set(["from", "since", "ab", "seit", "vom", "von", "depuis", "du", "des", "desde", "del", "dal", "dalla", "vanaf", "van", "sinds", "partir", "partire", "starting", "beginning", "od", "fran", "fra", "с", "от", "з", "απο"]);
const FILLER = new Set(["on", "the", "of", "ad", "και", "zum", "zur", "dem", "den", "der", "am", "le", "la", "el", "il", "lo", "o", "ao", "dia", "de", "op", "em", "no", "na", "en", "met", "und", "mit", "einschliesslich", "inklusive", "including", "inclusive", "incluido", "incluso", "compreso", "inclus", "office", "in", "im", "buro", "work", "bureau", "oficina", "ufficio", "kantoor", "escritorio", "be", "will", "i'll", "ich", "bin", "je", "serai", "sero", "saro", "estare", "estarei", "ik", "ben", "of", "mijn", "sono", "di", "again", "et", "y", "e", "next", "this", "coming", "nachsten", "nachster", "kommenden", "prochain", "prochaine", "proximo", "proxima", "prossimo", "prossima", "volgende", "aanstaande", "dnia", "dne", "dna", "biura", "pracy", "kancelare", "kontoret", "w", "v", "u", "pe", "och", "og", "med", "в", "у", "офис", "την", "τις", "το"]);
/** "…, then", "danach", "ensuite": what follows comes after the date. */
const THEN = /^[ ,.;]{0,3}(?:and )?(?:then|afterwards|after that|thereafter|danach|anschliessend|ensuite|apres|despues|luego|dopo|poi|daarna|depois|potem|pak|sedan|derefter|deretter|sitten|apoi|utana|sonra|despres|nakon toga|затем|после этого|потім|μετα)(?![a-z])/;
const WEEKDAY_NAMED = new RegExp(`(?<![\\p{L}])(?:${WEEKDAY})(?![\\p{L}])`, "u");
/** A day named right after a return word: the return is that day's, not the date before it. */
const DAY_FOLLOWS = new RegExp(`^[ ,.]{0,3}(?:[a-z']+ ){0,6}(?:[0-9]|(?:${WEEKDAY})(?![a-z]))`);
// Hungarian "01. 11. és 01. 15. között" (between … and …): after the range's last day
const UNTIL_AFTER = /^(?:[ .]{0,2}(?:asti|saakka|kozott)|-?(?:ig|eig|aig|jeig))(?![a-z])/;
const AFTER_BACK = /^[ ,.]{0,3}(?:[a-z0-9'.\u0370-\u03ff\u0400-\u04ff]+,? ){0,3}(?:снова|вновь|опять|знову|знов|ξανα|wieder|zuruck|zurueck|back|de retour|terug|weer|di ritorno|de vuelta|de volta|again|ujra|ismet|zpet|spat|tillbaka|tilbage|tilbake|takaisin|inapoi|din nou|ponovno|znow|ponownie|opet|opat|jalleen|igen|igjen|torna|ofise|ofiste|donuyor|donecek|k dispozic)/;
/** "ab Dienstag, 12. Januar, 13 Uhr, bin ich wieder erreichbar": the return stated a few words after a start. */
const BACK_AFTER_START = /^[ ,.]{0,3}(?:(?!(?:pas|not|nicht|niet|non|nao|no|ne|until|bis|avant|before)(?![a-z]))[a-z0-9'.]+,? ){0,5}(?:wieder|back|de retour|terug|di nuovo|de vuelta|de volta)(?![a-z])/;
/** Working days and hours named before a range of weekdays. */
const OFFICE_HOURS = /(?<![a-z])(?:(?:office|working|business|work|opening) (?:hours|days)|i work|my (?:hours|days)|arbeitszeiten|arbeitstage|burozeiten|buerozeiten|werkdagen|werktijden|horaires?|heures de bureau|jours de travail|horario|dias laborables|orario|giorni lavorativi|horario de trabalho|dias de trabalho)(?![a-z])[^.!?\n]{0,30}$/;
/** "from Thursday I'll answer every email", "ab Donnerstag beantworte ich", "з четверга відповім": the day the replies start. */
const REPLIES_AFTER = /^[ ,.]{0,3}(?:[a-z'\u0400-\u04ff]+ ){0,3}(?:answer|reply|respond|beantworte|antworte|repondrai|respondere|rispondero|beantwoord|responderei|odpowiem|odpovim|odpovem|svarar|svarer|відповім|відповідатиму|отвечу)(?![a-z])/;

const AFTER_BANK_HOLIDAY = /(?<![a-z])after the (?:(?:easter|may|early may|spring|late may|whit|august|summer|christmas|long|next) )?bank holidays?(?![a-z])/;

interface Candidate {
  ms: number;
  score: number;
  /** A weekday named without its day of the month (0–6). */
  weekday?: number;
}

export function returnDate(text: string, ref: Reference): number | null {
  const t = text.length > 16000 ? text.slice(0, 16000) : text;
  const local = new Date(ref.ms + ref.offsetMinutes * 60000);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // a part-timer's days and "my next working day": the next of those days
  const worked = partTimeReturn(t, today, local.getUTCDay());
  if (worked !== null) return worked;
  const absolute: Candidate[] = [];
  const add = (index: number, length: number, y: number | null, m: number, d: number, cue: Cue | null = null) => {
    // a past day its weekday names is the notice's own, as stated (an effect pauses nothing for it)
    const past = y === null ? pastNamed(t, index, m, d, today) : pastWithYear(t, index, y, m, d, today);
    const ms = past ?? dayOf(y, m, d, today);
    if (ms === null) return;
    const score = cue?.score ?? cueScore(t, index, index + length);
    const after = cue ? (cue.through ? 86400000 : 0) : dayAfter(t, index, index + length, score);
    if (score > 0) absolute.push({ ms: ms + after, score: ms < today && past === null ? score - 0.5 : score });
  };
  for (const m of t.matchAll(DAY_MONTH)) add(m.index!, m[0].length, year(m[3]), MONTH_OF.get(m[2]!)!, Number(m[1]));
  for (const m of t.matchAll(MONTH_DAY)) add(m.index!, m[0].length, year(m[3]), MONTH_OF.get(m[1]!)!, Number(m[2]));
  // "visiting clients Jan 11–13": away through the 13th (the range's end is read as "11–22 January"'s is)
  for (const m of t.matchAll(MONTH_DAY_RANGE)) {
    const end = dayOf(null, MONTH_OF.get(m[1]!)!, Number(m[2] ?? m[3]), today);
    if (end !== null) absolute.push({ ms: end + 86400000, score: 2 });
  }
  for (const m of t.matchAll(ISO)) add(m.index!, m[0].length, Number(m[1]), Number(m[2]), Number(m[3]));
  // the year first (Hungarian "2027. 01. 11.", "2027/1/20"): its month and day are no "01. 11." of their own, and a
  // "01. 15." that goes on from it ("… és 01. 15. között", "…–01. 15.") is month first too
  const yearFirst: [number, number, number][] = [];
  for (const m of t.matchAll(YEAR_FIRST)) {
    yearFirst.push([m.index!, m.index! + m[0].length, Number(m[1])]);
    add(m.index!, m[0].length, Number(m[1]), Number(m[2]), Number(m[3]));
  }
  const inYearFirst = (at: number) => yearFirst.some(([from, to]) => at >= from && at < to);
  const goesOnFrom = (at: number) => yearFirst.find(([, to]) => to <= at && at - to <= 8 && /^\.? ?(?:es|[-–]|tol|-tol) ?$/.test(t.slice(to, at)));
  for (const m of t.matchAll(CJK)) add(m.index!, m[0].length, year(m[1]), Number(m[2]), Number(m[3]), cjkCue(t, m.index!, m.index! + m[0].length));
  const us = monthFirst(t, ref.offsetMinutes);
  for (const m of t.matchAll(NUMERIC)) {
    const sep = m[2]!;
    // "our 24/7 line": round the clock, not the 24th of July
    if (m[0] === "24/7") continue;
    // "15.01." and "15/01" without a year; "3-12" is a range, "10.30" a time, unless a range's end ("11–22.01")
    // ("до 14.02 включительно", "bis 28.02": no hour is followed by "inclusive" or past 24)
    const dottedDay = Number(m[1]) > 24 || THROUGH_AFTER.test(t.slice(m.index! + m[0].length, m.index! + m[0].length + 20));
    if (m[4] === undefined && (sep === "-" || (sep === "." && !m[0].endsWith(".") && !dottedDay && !RANGE_START.test(t.slice(Math.max(0, m.index! - 8), m.index!))))) continue;
    let d = Number(m[1]);
    let mo = Number(m[3]);
    // US order when only it makes sense, or when it is the writer's ("25/1" stays day first)
    if ((mo > 12 && d <= 12) || (us && sep !== "." && d <= 12)) [d, mo] = [mo, d];
    add(m.index!, m[0].length, year(m[4]), mo, d);
  }
  for (const m of t.matchAll(SPACED)) {
    if (inYearFirst(m.index!)) continue;
    const from = goesOnFrom(m.index!);
    if (from && m[3] === undefined) add(m.index!, m[0].length, from[2], Number(m[1]), Number(m[2]));
    else add(m.index!, m[0].length, year(m[3]), Number(m[2]), Number(m[1]));
  }
  for (const m of t.matchAll(RANGE_NUMERIC)) {
    let [d, mo] = [Number(m[1]), Number(m[3])];
    if ((mo > 12 && d <= 12) || (us && m[2] !== "." && d <= 12)) [d, mo] = [mo, d];
    const from = m.indices![1]![0];
    add(from, m.index! + m[0].length - from, year(m[4]), mo, d);
  }
  const best = pick(absolute);
  if (best !== null && best.score >= 3) return best.ms;

  const relative: Candidate[] = [];
  const weekday = local.getUTCDay();
  for (const m of t.matchAll(RELATIVE)) {
    const score = cueScore(t, m.index!, m.index! + m[0].length);
    if (score < 2) continue;
    const wd = WEEKDAY_OF.get(m[1]!);
    // "hasta el lunes 14", "Monday the 14th": the day of the month the weekday names
    const day = wd === undefined ? null : DAY_AFTER_WEEKDAY.exec(t.slice(m.index! + m[0].length, m.index! + m[0].length + 16));
    const days = wd === undefined ? 1 : (wd - weekday + 7) % 7 || 7;
    const ms = day ? nextDayOfMonth(Number(day[1]), today) : today + days * 86400000;
    if (ms !== null) relative.push({ ms: ms + dayAfter(t, m.index!, m.index! + m[0].length + (day ? day[0].length : 0), score), score, weekday: day ? undefined : wd });
  }
  for (const m of t.matchAll(DAY_ONLY)) {
    const score = cueScore(t, m.index!, m.index! + m[0].length);
    const ms = score >= 2 ? nextDayOfMonth(Number(m[1] ?? m[2] ?? m[3]), today) : null;
    if (ms !== null) relative.push({ ms: ms + dayAfter(t, m.index!, m.index! + m[0].length, score), score });
  }
  for (const m of t.matchAll(MONTH_END_NOW)) {
    if (cueScore(t, m.index!, m.index! + m[0].length) < 2) continue;
    const d = new Date(today);
    relative.push({ ms: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), score: 2 });
  }
  // "until the end of the week", "do konca týždňa": back the Monday after
  for (const _ of t.matchAll(WEEK_END_NOW)) relative.push({ ms: today + ((8 - weekday) % 7 || 7) * 86400000, score: 2 });
  for (const m of t.matchAll(CALENDAR_WEEK)) {
    const score = cueScore(t, m.index!, m.index! + m[0].length);
    const ms = score >= 2 ? isoWeekMonday(Number(m[1]), today) : null;
    // "bis einschließlich KW 3", "t.o.m. vecka 6": away that whole week, back the Monday after
    const through = THROUGH_BEFORE.test(t.slice(Math.max(0, m.index! - 40), m.index!)) || THROUGH_AFTER.test(t.slice(m.index! + m[0].length, m.index! + m[0].length + 20));
    if (ms !== null) relative.push({ ms: through && score === 2 ? ms + 7 * 86400000 : ms, score });
    // "på vinterferie i uke 9", "in KW 9 im Urlaub": away during that week, back the Monday after
    const during = score < 2 && DURING_WEEK.test(t.slice(Math.max(0, m.index! - 12), m.index!)) ? isoWeekMonday(Number(m[1]), today) : null;
    if (during !== null) relative.push({ ms: during + 7 * 86400000, score: 2 });
  }
  for (const m of [...t.matchAll(DURATION), ...t.matchAll(DURATION_AWAY), ...t.matchAll(BACK_IN), ...t.matchAll(IN_BACK)]) {
    const n = COUNT[m[1]!] ?? Number(m[1]);
    const days = n * (WEEK_WORDS.has(m[2]!) ? 7 : 1);
    if (n >= 1 && days <= 180) relative.push({ ms: today + days * 86400000, score: 2 });
  }
  // "until after the bank holiday": the first working day after the next one (holidays.ts)
  if (AFTER_BANK_HOLIDAY.test(t)) {
    const ms = afterNextBankHoliday(today, 10);
    if (ms !== null) relative.push({ ms, score: 2 });
  }
  const near = pick(relative);
  // a date with no cue of its own ("join our webinar on 28 January" in the signature) gives way to a day back stated,
  // unless that day is the date's own weekday, which then carries the cue ("til og med torsdag d. 14/1": the 15th;
  // "2027. január 21-én, csütörtökön leszek újra elérhető": the 21st)
  if (best !== null && best.score < 2 && near !== null && near.score >= 2) {
    const namesTheDate = near.weekday !== undefined && new Date(best.ms).getUTCDay() === near.weekday;
    return namesTheDate ? Math.max(best.ms, near.ms) : near.ms;
  }
  // "out until 15 January, back on Monday the 18th": the day back stated beats the last day away
  // "away until 22 January, back on Monday": the first Monday from that date ("20-án, szerdán": the 20th itself)
  if (best !== null && near !== null && near.score >= 3 && near.weekday !== undefined && near.ms < best.ms) {
    return best.ms + ((near.weekday - new Date(best.ms).getUTCDay() + 7) % 7) * 86400000;
  }
  if (best !== null) return near !== null && near.score >= 3 && near.ms > best.ms ? near.ms : best.ms;
  if (near !== null) return near.ms;

  const months: Candidate[] = [];
  for (const m of t.matchAll(MONTH_ALONE)) {
    const name = m[2]!;
    if ((name === "may" || name === "mai") && !m[3] && !m[1] && !MONTH_PREPOSITION.test(t.slice(Math.max(0, m.index! - 8), m.index!))) continue;
    const score = cueScore(t, m.index!, m.index! + m[0].length);
    const ms = score >= 2 ? monthStart(MONTH_OF.get(name)!, year(m[3]), m[1], today) : null;
    if (ms !== null) months.push({ ms, score });
  }
  return pick(months)?.ms ?? null;
}

const PART_TIME = /(?<![a-z])(?:i work|i'?m in (?:the office )?on|my (?:working|work|office) days are|part-?time|ich arbeite|je travaille|trabajo|lavoro|ik werk|trabalho)(?![a-z])/;
const NEXT_WORKING_DAY = /(?<![a-z])(?:(?:pick up|get to|deal with|answer|respond to|reply to) (?:your|the|all) (?:message|e-?mail|email|mail|enquiry|inquiry)s? on (?:my next|the next|monday|tuesday|wednesday|thursday|friday)|next working day|next work ?day|next business day|when i'?m next in|nachsten arbeitstag|naechsten arbeitstag|prochain jour (?:de travail|ouvre|travaille)|proximo dia (?:laborable|de trabajo|habil|util)|prossimo giorno lavorativo|volgende werkdag)(?![a-z])/;
/** Short day names a part-timer lists ("Tue/Wed/Thu", "ma/di/do", "Mo–Mi"); the two-letter ones only in a list with "/". */
const DAY_ABBR = new Map<string, number>([["sun", 0], ["mon", 1], ["tue", 2], ["tues", 2], ["wed", 3], ["weds", 3], ["thu", 4], ["thur", 4], ["thurs", 4], ["fri", 5], ["sat", 6]]);
const DAY_ABBR_2 = new Map<string, number>([["mo", 1], ["ma", 1], ["di", 2], ["mi", 3], ["wo", 3], ["do", 4], ["fr", 5], ["vr", 5]]);

/** The next day a part-timer works, when the notice lists their days and promises an answer on the next of them; else null. */
function partTimeReturn(t: string, today: number, weekday: number): number | null {
  const cue = PART_TIME.exec(t);
  if (!cue || !NEXT_WORKING_DAY.test(t)) return null;
  const span = t.slice(cue.index, cue.index + 100);
  const slashed = span.includes("/");
  const named: number[] = [];
  // (a dash between two days is a token of its own: "mon-thu", "Mo–Mi")
  for (const [i, tok] of span.split(/[\s,/()&+.;:]+|(?=[-–])|(?<=[-–])/).entries()) {
    const d = WEEKDAY_OF.get(tok) ?? DAY_ABBR.get(tok) ?? (slashed ? DAY_ABBR_2.get(tok) : undefined);
    if (d !== undefined) named.push(d);
    else if (named.length && i > 0 && /^(?:to|through|thru|bis|au|al|a|tot|[-–])$/.test(tok)) named.push(-1);
  }
  const days = new Set<number>();
  named.forEach((d, k) => {
    // "Monday to Wednesday", "Mo–Mi": every day of the range
    if (d === -1 && k > 0 && k + 1 < named.length && named[k - 1]! >= 0 && named[k + 1]! >= 0) for (let x = named[k - 1]!; x !== named[k + 1]!; x = (x + 1) % 7) days.add(x);
    else if (d >= 0) days.add(d);
  });
  if (days.size === 0 || days.size === 7) return null;
  for (let k = 1; k <= 7; k++) if (days.has((weekday + k) % 7)) return today + k * 86400000;
  return null;
}

/** The Monday of ISO week `week` (this year's, or next year's when it has passed), or null when there is no such week. */
function isoWeekMonday(week: number, today: number): number | null {
  if (week < 1 || week > 53) return null;
  for (const y of [new Date(today).getUTCFullYear(), new Date(today).getUTCFullYear() + 1]) {
    // week 1 holds 4 January; its Monday, then whole weeks on
    const jan4 = Date.UTC(y, 0, 4);
    const monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86400000 + (week - 1) * 7 * 86400000;
    if (new Date(monday + 3 * 86400000).getUTCFullYear() !== y) return null; // week 53 of a year without one
    if (monday + 7 * 86400000 > today) return monday;
  }
  return null;
}

/** The day a month-only date means (see MONTH_ALONE), or null: a month without a year that is today's is no date. */
function monthStart(month: number, y: number | null, part: string | undefined, today: number): number | null {
  const t = new Date(today);
  let yy = y ?? t.getUTCFullYear();
  if (y === null) {
    // this month: its end or middle ahead ("bis Ende Januar" in January), not the month itself
    if (month === t.getUTCMonth() + 1) {
      if (part && MONTH_END.has(part)) return Date.UTC(yy, month, 1);
      if (part && MONTH_MID.has(part) && t.getUTCDate() < 15) return Date.UTC(yy, month - 1, 15);
      return null;
    }
    if (month < t.getUTCMonth() + 1) yy++;
  }
  if (part && MONTH_END.has(part)) return Date.UTC(yy, month, 1);
  return Date.UTC(yy, month - 1, part && MONTH_MID.has(part) ? 15 : 1);
}

function pick(cs: Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const c of cs) if (!best || c.score > best.score || (c.score === best.score && c.ms > best.ms)) best = c;
  return best;
}

function year(s: string | undefined): number | null {
  if (!s) return null;
  const n = Number(s);
  return s.length === 2 ? 2000 + n : n;
}

const DAYS_NAMED_BEFORE = new RegExp(`(?<![\\p{L}])(?:${WEEKDAY}|today|heute|aujourd'hui|hoy|oggi|vandaag|hoje) (?:and|&|to|through|thru|bis|und|et|au|y|al|e|en|tot) $`, "u");
const WORKING_DAYS_TO = new RegExp(`(?<![\\p{L}])(?:${WEEKDAY}) (?:through|thru|to|till|until|and|bis|und|au|a|al|e|tot|en|t/m) $`, "u");
const WEEKDAY_BEFORE = new RegExp(`(?<![a-z])(${WEEKDAY}),? (?:the |den |der |le |el |il |de )?$`);
/**
 * "back in the office on Monday 4th January", read on the 11th: a notice left on since, this year's 4 January
 * (a Monday) and not next year's (a Tuesday); null when no weekday names the date or it names next year's.
 */
function pastNamed(text: string, index: number, m: number, d: number, today: number): number | null {
  const named = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, index - 24), index));
  if (!named) return null;
  const past = Date.UTC(new Date(today).getUTCFullYear(), m - 1, d);
  if (past >= today || new Date(past).getUTCDate() !== d) return null;
  const next = dayOf(null, m, d, today);
  const wd = WEEKDAY_OF.get(named[1]!);
  return new Date(past).getUTCDay() === wd && (next === null || new Date(next).getUTCDay() !== wd) ? past : null;
}

/** "back on Monday 4th January 2027", read on the 11th: a past day its weekday names, as stated (else null). */
function pastWithYear(text: string, index: number, y: number, m: number, d: number, today: number): number | null {
  const named = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, index - 24), index));
  const ms = dayOf(y, m, d, today);
  return named && ms !== null && ms < today && new Date(ms).getUTCDay() === WEEKDAY_OF.get(named[1]!) ? ms : null;
}

/** The day (ms UTC, 00:00), or null when it is no date; no year: the next such day from today. */
function dayOf(y: number | null, m: number, d: number, today: number): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const ty = new Date(today).getUTCFullYear();
  let yy = y ?? ty;
  if (yy < 1970 || yy > 2200) return null;
  let ms = Date.UTC(yy, m - 1, d);
  if (new Date(ms).getUTCDate() !== d) return null;
  if (y === null && ms < today) {
    yy++;
    ms = Date.UTC(yy, m - 1, d);
    if (new Date(ms).getUTCDate() !== d) return null;
  }
  return ms;
}

/** The next day `d` of a month after today (ms UTC), or null when no month has it soon. */
function nextDayOfMonth(d: number, today: number): number | null {
  const t = new Date(today);
  for (let k = 0; k < 3; k++) {
    const ms = Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + k, d);
    if (new Date(ms).getUTCDate() === d && ms > today) return ms;
  }
  return null;
}

// "until 22 January inclusive", "bis einschliesslich 22.01.", "tot en met 22 januari", "through Friday": the last
// day away, so the return is the day after (a bare "until" is read as the day of return)
const THROUGH_BEFORE = /(?:through|thru|einschliesslich|inklusive|including|inclusive|incluido|incluso|compreso|inclus|t\/m|tot en met|bis und mit|till och med|til og med|t\.o\.m\.?|εως και|до .{0,3}включно)[^0-9]{0,24}$/;
/** "ikke … før", "inte … före": a negation shortly before the "for" the cue is. */
const NOT_BEFORE_NORDIC = /(?<![a-z])(?:ikke|inte)(?: [a-z-]+){0,5} for $/;

/** Russian and Ukrainian "по" right before the day: through it ("в отпуске по 24 января", "з 4 по 24 січня"). */
const THROUGH_PO = /(?:^|[\s(,])по\s*$/;
// (after the year's abbreviation: "do 20.01.2027 r. włącznie", "по 24.01.2027 г. включительно")
const THROUGH_AFTER = /^[ ,.]{0,3}(?:(?:r|roku|г|года|р|року)\.? ?)?\(?(?:(?:ambos|ambas|both|tous deux|toutes deux|entrambi|entrambe|beide|beiden|ambos os dias) )?(?:inclus|inclusive|incluso|incluido|incluse|included|inclusief|einschliesslich|inklusive|compreso|compresa|wlacznie|vcetne|vratane|inklusiv|dahil|inclusiv|bezarolag|ukljucivo|inclos|inclosa|kozott|включительно|включно)(?![a-z])/;

// the end of a range of days away, "from 11 to 22 January", "vom 11. bis 22. Januar", "du 11 au 22 janvier",
// "del 11 al 22", "dall'11 al 22", "van 11 tot 22", "de 11 a 22", "18-22 January", "from 2027-01-11 to 2027-01-22":
// the range's days are the absence
const RANGE_END = /(?:(?:^|[^a-z])(?:from|between|vom|von|du|del|dal|dall'|de|van|desde)\s*(?:the |dem |le |el |il |[a-z]+ )?(?:[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}|[0-9]{1,2}[./-][0-9]{1,2}[./-](?:[0-9]{4}|[0-9]{2})|[0-9]{1,2}(?:st|nd|rd|th|er|o|\.)?(?:[./][0-9]{1,2}\.?|(?: de| of)? ?[a-z]{3,9}\.?)?)\s*(?:to|until|till|and|bis(?: zum)?|au|al|a|tot|hasta(?: el)?|ate|[-–])\s*(?:the |dem |le |el |il |o |dia |[a-z]+ )?|(?:^|[^0-9])[0-9]{1,2}(?:st|nd|rd|th|\.)? ?[-–] ?(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mo|di|mi|do|fr|lun|mar|mer|jeu|ven)\.? )?)$/;

/** The same in the languages more-languages.ts reads: "od 11. do 20.1.", "från 11 till 15", "с 11 по 22", "από 11 έως 19". */
const RANGE_END_MORE = /(?:^|[\s(,])(?:od|fran|fra|de la|от|с|з|απο)\s*[0-9]{1,2}\.?\s*(?:do|till|til|pana la|до|по|εως|μεχρι)\s*$/;

/** One day (ms) when an "until" date is the last day away, else 0. */
function dayAfter(text: string, start: number, end: number, score: number): number {
  if (score !== 2) return 0;
  const before = text.slice(Math.max(0, start - 40), start);
  // "out Thursday and Friday", "out sick today and tomorrow": the days away named, the last one's
  // Hungarian "október 22-től november 1-ig": a range's end, its start a few words before
  const hungarianRange = /^-?(?:ig|eig|aig|jeig)(?![a-z])/.test(text.slice(end, end + 5)) && /-?(?:tol|tól|től|atol|etol)(?![a-z])/.test(before);
  return THROUGH_BEFORE.test(before) || THROUGH_AFTER.test(text.slice(end, end + 20)) || RANGE_END.test(before) || RANGE_END_MORE.test(before) || THROUGH_PO.test(before) || DAYS_NAMED_BEFORE.test(before) || hungarianRange ? 86400000 : 0;
}

/** 3: a return cue; 2: an "until" cue; 1: none; 0: the start of the absence. */
function cueScore(text: string, start: number, end: number): number {
  const after = text.slice(end, end + 64);
  // "22.01., danach bin ich wieder da", "15/01 inclusive, back Monday 18th", "au 15/01, de retour le lundi 18": the last
  // day away, the return stated after it or on a day of its own
  const back = THEN.test(after) || THROUGH_AFTER.test(after) ? null : AFTER_BACK.exec(after);
  // "13. 1. Od četvrtka sam ponovno u uredu": a weekday between the date and the return word has it
  if (back && !DAY_FOLLOWS.test(after.slice(back[0].length, back[0].length + 24)) && !WEEKDAY_NAMED.test(back[0])) return 3;
  // Finnish "perjantaihin asti", "18.1. saakka": "until" after the day
  if (UNTIL_AFTER.test(text.slice(end, end + 12))) return 2;
  const before = text.slice(Math.max(0, start - 60), start);
  // "my office hours are Tuesday–Thursday": the days someone works, no absence's end
  // "Mon 11 – Thu 14 Jan": the end of a range, its weekday's short name between
  if (/[-–] ?(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mo|di|mi|do|fr|lun|mar|mer|jeu|ven)\.? )?$/.test(before)) return OFFICE_HOURS.test(before) ? 1 : 2;
  // "I work Monday through Wednesday": a working week's last day, no absence's end
  if (WORKING_DAYS_TO.test(before) && OFFICE_HOURS.test(before)) return 1;
  const tokens = before.split(/[\s,;:()]+/).filter(Boolean);
  let i = tokens.length - 1;
  // the words between the cue and the date: "back in the office on Monday, 12 January"
  for (let skipped = 0; i >= 0 && skipped < 6; i--, skipped++) {
    const tok = tokens[i]!.replace(/[.!]+$/, "");
    // "back at my desk at 2pm tomorrow": an hour between the cue and the day
    if (!(FILLER.has(tok) || WEEKDAY_OF.has(tok) || /^[0-9]{1,2}(?:[:.][0-9]{2})?(?:am|pm|h)?$/.test(tok))) break;
  }
  if (i < 0) return 1;
  const cue = tokens[i]!.replace(/[.!]+$/, "");
  if (BACK.test(cue)) return 3;
  if (UNTIL.has(cue)) return 2;
  // Norwegian and Danish "før" folds to "for": "not before" only after a negation ("leser ikke e-post før mandag")
  if (cue === "for" && NOT_BEFORE_NORDIC.test(before)) return 2;
  if (STARTS.has(cue) || (cue === "a" && tokens[i - 1] === "partir")) {
    // "back in the office from 20 January", "wieder im Büro ab dem 20.01.": the day the return starts
    for (let k = i - 1; k >= Math.max(0, i - 5); k--) if (BACK.test(tokens[k]!.replace(/[.!]+$/, ""))) return 3;
    return REPLIES_AFTER.test(after) || BACK_AFTER_START.test(after) ? 3 : 0;
  }
  // "back" a little further: "I'll be back at my desk on 12 January"
  for (let k = i; k >= Math.max(0, i - 4); k--) if (BACK.test(tokens[k]!.replace(/[.!]+$/, ""))) return 3;
  return 1;
}
