// Addresses and names a reply states, and the proposal they make: a new
// address for the writer (move) or someone else to write to (refer). Read
// from the visible text only, never the writer's own addresses nor ours (the
// domains we wrote from: the message's To, unless it is the writer's domain).
// Names are read from the original text (capitals matter): the words right
// before an address ("Maria Rossi <maria@…>", "Maria Rossi, maria@…", "Frau
// Müller (mueller@…)"), in brackets right after it, or right after a verb
// that points to someone ("talk to Maria Rossi", or past a role and a comma:
// "our head of purchasing, Dana Kim"). A name keeps the particles between its
// capitalised words ("Jan van der Berg", "Maria da Silva").
import { fold } from "./fold";
import { OWN_NEW_ADDRESS, OWN_OTHER_ADDRESS, REFERRAL_AFTER_NAME, REFERRAL_VERB } from "./cues";
import { matchesOf, WordStarts } from "../../../lib/word-starts";

export interface Mention {
  email: string;
  name: string | null;
  index: number;
}

// the last label a top-level domain's (letters, or IDNA's xn--): "image001.png@01DB673B.5E2F1A90", an inline
// image's Content-ID that Outlook writes into the text, is nobody's address
const ADDRESS = /[A-Za-z0-9._%+'-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,6}(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})(?![A-Za-z0-9-])/g;
const NAME_TOKEN = /^\p{Lu}[\p{Ll}\p{Lu}'’-]*\p{Ll}[\p{Ll}'’-]*$|^\p{Lu}\.?$/u;
const NOT_NAMES = new Set(
  (
    "please contact our my the he she they her his him mr mrs ms miss dr prof herr herrn frau m mme mlle sr sra srta sig sigra dott dhr mevr email e-mail mail address adresse colleague colleagues kollege kollegen kollegin collegue collègue colega collega team sales marketing ceo cto cfo coo cmo head director manager hi hello hallo bonjour hola ciao olá ola thanks thank regards i we you sie ihr ihre ihren ihrem unser unsere unseren unserem notre nos nuestro nuestra il la le el los las lo onze ons nosso nossa dear liebe lieber cher chère querido querida caro cara beste prezado prezada at on in for to per para an à a vous je ich yo io ik eu or and und et y e o en op em via unter chez bei presso bij com with mit avec con" +
    " vertrieb einkauf support abteilung it hr purchasing procurement ventes achats compras ventas acquisti vendite inkoop verkoop vendas info office büro geschäftsführung management direction dirección direzione directie diretoria department departement departamento dipartimento afdeling best kind monday tuesday wednesday thursday friday saturday sunday montag dienstag mittwoch donnerstag freitag lundi mardi mercredi jeudi vendredi lunes martes jueves viernes" +
    // possessives and roles that sit between a referral verb and the name ("voyez avec ma collègue Sophie")
    " ma mon mes sa son ses mi mis tu su sus mio mia miei mie mein meine meiner meinem meinen unserer mijn onze meu minha meus minhas seu sua compañero compañera companero companera collaboratrice collaborateur responsable dsi drh daf cio ciso cpo vp cmo chef chefin vorgesetzten vorgesetzte boss capo c'est c’est wer who qui quien quién chi quem wie das dies this that it er es eso esto isso isto questo quello dit dat hij zij ele ela lui lei él ella zijn wezen sein" +
    // the writer speaking of themselves: "not the right person, I'm on the finance side"
    " i i'm i’m i've i’ve i'll i’ll i'd i’d" +
    // nobody in particular: "Nobody on this team handles purchasing", "Niemand hier ist dafür zuständig"
    " nobody no-one noone someone somebody anyone anybody everyone everybody whoever whomever whatever whichever nothing niemand jemand personne quelqu'un nadie alguien nessuno qualcuno iemand ninguém ninguem alguém alguem" +
    // a sentence's first word before its clause ("Also, please stop emailing our CEO (…)")
    " also and but so then still however anyway plus besides otherwise btw ps" +
    // festivals and blessings written capitalised ("contact us after Ramadan, Insha'Allah")
    " ramadan ramzan eid diwali deepavali pongal holi navratri onam christmas easter insha'allah inshallah insha’allah"
  ).split(" "),
);

/**
 * Addresses in the text that are neither the writer's nor ours, in order, with the name stated for each.
 * One the writer calls their own other address ("my personal email: …") is theirs too.
 */
export function mentions(text: string, isExcluded: (address: string) => boolean): Mention[] {
  const out: Mention[] = [];
  if (!text.includes("@")) return out;
  const seen = new Set<string>();
  for (const m of text.matchAll(ADDRESS)) {
    // "+jake@…" at the start of a line is "+Jake" with an address (cc'ing someone in), not part of it
    const email = m[0].replace(/^[.'+-]+|[.'-]+$/g, "");
    const key = email.toLowerCase();
    if (seen.has(key) || isExcluded(key) || ownOther(text, m.index!)) continue;
    seen.add(key);
    out.push({ email, name: nameBefore(text, m.index!) ?? nameAfter(text, m.index! + m[0].length), index: m.index! });
  }
  return out;
}

const OWN_OTHER_BEFORE = new RegExp(`${OWN_OTHER_ADDRESS.source}\\s*[<(]?$`);
const ownOther = (text: string, index: number) => OWN_OTHER_BEFORE.test(fold(text.slice(Math.max(0, index - 60), index)));

/** The address the writer calls their own other one ("my personal email: …"), if any. */
export function ownOtherAddress(text: string): string | null {
  if (!text.includes("@")) return null;
  for (const m of text.matchAll(ADDRESS)) if (ownOther(text, m.index!)) return m[0].replace(/^[.'-]+|[.'-]+$/g, "");
  return null;
}

function nameBefore(text: string, index: number): string | null {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const before = text.slice(Math.max(lineStart, index - 80), index);
  // "Maria Rossi <", "Maria Rossi (", "Maria Rossi, ", "Maria Rossi: ", "Maria Rossi at ", "Maria Rossi – "
  const stripped = before
    .replace(/(?:\s|[<(\[:,;–—-]|(?<!\p{L})(?:at|via|unter|à|a|en|em|op|on|under|is|ist|est|es|è|e|é|e-?mail|mail|através|atraves|do|pelo|por|address|adresse|adres|indirizzo|endereço|correo|der)(?!\p{L}))*$/iu, "")
    // "Mrs. Funmilayo Adeyemi (Head, Business Development) at …": the title in brackets is not the name
    .replace(/\s*\([^()\n]{2,60}\)$/, "");
  if (stripped.length === before.length && before.length > 0 && !/\s$/.test(before)) return null;
  // "Sarah Lin, Head of Revenue Operations, at …", "Lucía Ortega, nuestra directora comercial: …": the name before the role
  const role = /,\s*([^,]{2,60})$/.exec(stripped);
  if (role && ROLE_WORDS.test(role[1]!)) return trailingName(stripped.slice(0, role.index)) ?? trailingName(stripped);
  return trailingName(stripped);
}

/** Words of a role set after a name: a title, or a possessive in lower case ("our head of sales", "nuestra directora"). */
const ROLE_WORDS = /(?<!\p{L})(?:head|director|directora|directeur|directrice|direttore|direttrice|manager|lead|chief|officer|vp|president|responsable|responsabile|leiter|leiterin|gerente|coordinator|our|nuestra|nuestro|onze|notre|nostra|nostro|unsere|unser|nossa|nosso)(?!\p{L})/iu;

function nameAfter(text: string, end: number): string | null {
  const m = /^\s?[(\[]([^()\[\]\n]{2,60})[)\]]/.exec(text.slice(end, end + 64));
  return m ? leadingName(m[1]!) : null;
}

/** Lower-case words inside a surname ("Jan de Vries", "Anna von Stein", "Maria da Silva"): part of a name only between two capitalised words. */
const PARTICLES = new Set(["van", "von", "de", "der", "den", "da", "di", "del", "della", "dos", "das", "do", "du", "ten", "ter", "zu"]);

const isNameWord = (t: string) => NAME_TOKEN.test(t) && !NOT_NAMES.has(t.toLowerCase()) && t.length >= 2;

/** Whether tokens[i] is a particle with more particles and then a capitalised word on the side `step` looks to. */
function particleAt(tokens: string[], i: number, step: 1 | -1): boolean {
  if (!PARTICLES.has(tokens[i]!)) return false;
  for (let k = i + step; k >= 0 && k < tokens.length && Math.abs(k - i) <= 2; k += step) {
    if (isNameWord(tokens[k]!)) return true;
    if (!PARTICLES.has(tokens[k]!)) return false;
  }
  return false;
}

/** Capitalised words at the end of `s` (up to three, with the particles between them), past words that are no names. */
function trailingName(s: string): string | null {
  const tokens = s.split(/\s+/).filter(Boolean).map((t) => t.replace(/^[("'“«]+|[)"'”»,.:]+$/g, ""));
  const name: string[] = [];
  let words = 0;
  for (let i = tokens.length - 1; i >= 0 && words < 3; i--) {
    const t = tokens[i]!;
    if (isNameWord(t)) {
      name.unshift(t);
      words++;
    } else if (words > 0 && particleAt(tokens, i, -1)) name.unshift(t);
    else break;
  }
  return name.length ? name.join(" ") : null;
}

/** Capitalised words at the start of `s` (up to three, with the particles between them), past titles and the like. */
function leadingName(s: string): string | null {
  const raws = s.split(/\s+/).filter(Boolean);
  const tokens = raws.map((raw) => raw.replace(/^[("'“«]+|[)"'”»,.:;]+$/g, ""));
  const name: string[] = [];
  let words = 0;
  let skipped = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (name.length === 0 && NOT_NAMES.has(t.toLowerCase()) && skipped < 3) {
      // "… looks after our IT. Appreciate it": the words skipped end at their sentence
      if (/[.!?]$/.test(raws[i]!)) break;
      skipped++;
      continue;
    }
    const particle = words > 0 && !/[,.:;)]$/.test(raws[i]!) && particleAt(tokens, i, 1);
    if (!particle && !isNameWord(t)) break;
    name.push(t);
    if (!particle) words++;
    if (words === 3 || /[,.:;)]$/.test(raws[i]!)) break;
  }
  return name.length ? name.join(" ") : null;
}

const MARKS = /[\u0300-\u036f]/g;

const NON_ASCII_RUN = /[^\x00-\x7f]+/g;

/** fold() that keeps every position (one UTF-16 unit in, one out), so a match points into the original. */
function foldSameLength(s: string): string {
  // ASCII runs lower-cased whole (one unit in, one out); only the other characters one by one
  let out = "";
  let from = 0;
  for (const run of s.matchAll(NON_ASCII_RUN)) {
    out += s.slice(from, run.index).toLowerCase();
    for (const ch of run[0]) {
      const base = ch.normalize("NFKD").replace(MARKS, "");
      const lower = (base.length === ch.length ? base : ch).toLowerCase();
      out += lower.length === ch.length ? lower : ch;
    }
    from = run.index! + run[0].length;
  }
  out += s.slice(from).toLowerCase();
  return out.replace(/[\u2018\u2019]/g, "'");
}

const SELF = /(?:i'll|i will|let me|we'll|we will|i need to|we need to|i have to|i must|i'd have to|ich werde|ich muss|wir werden|je vais|je dois|nous allons|voy a|tengo que|vamos a|devo|dovro|vado a|ik ga|ik moet|we gaan|vou|preciso|vamos) ?(?:first |quickly |briefly |also |just )?$/;

/** A referral verb whose object is the reader: "pass you on to", "je vous transfère à", "ti giro a", "te passar para". */
const HANDS_US_OVER = /(?<![a-z])(?:you|sie|dich|euch|vous|te|ti|vi|je|u|jullie|lhe|vos)(?![a-z])/;

const FIRST_PERSON = /(?<![a-z])(?:ich bin|bin ich|i am|i'm|je suis|soy|sono|ik ben|ben ik|sou)(?![a-z])/;

/** The folded text from the start of its clause to `index`. */
function clauseBefore(f: string, index: number): string {
  const before = f.slice(Math.max(0, index - 100), index);
  return before.slice(Math.max(before.lastIndexOf("."), before.lastIndexOf(","), before.lastIndexOf(";"), before.lastIndexOf("!"), before.lastIndexOf("?")) + 1);
}

/** A role or a department after a referral verb, when no name is given ("talk to our Head of Marketing", "wenden Sie sich an den Einkauf"). */
const ROLE = new RegExp(
  "^\\s*(?:(?:rather|instead|directly|bitte|eher|lieber|direkt|plutot|directement|mejor|directamente|meglio|direttamente|liever|beter|direct|melhor|diretamente)\\s+)?(?:(?:(?:our|my|the|your|unser(?:e|en|em|er)?|meine[nm]?|den|die|der|dem|notre|nos|mon|ma|le|la|les|l'|nuestr[oa]s?|mi|el|al|(?:il |la |i |le |al |alla |col |con il |con la )?(?:nostr[oaie]|mio|mia)|onze|ons|mijn|de|het|(?:o |a |com o |com a )?(?:noss[oa]s?|meu|minha))\\s+)" +
    "(?:[a-z'-]+\\s+){0,3}?" +
    "(?:head|director|vp|vice president|manager|ceo|cfo|cto|cmo|coo|cro|cio|ciso|founder|co-?founder|owner|boss|buyer|procurement|purchasing|colleagues?|department|husband|wife|son|daughter|brother|sister|dad|mum|mom|father|mother|nephew|niece|business partner|other half|(?:marketing|sales|it|legal|hr|finance|ops|operations|revops|partnerships?|security|growth|commercial|support) team" +
    // German compounds: "IT-Leiter", "Vertriebsleiterin", "Einkaufschef"
    "|[a-z]*-?leiter(?:in)?|[a-z]*-?chef(?:in)?|[a-z]+-manager(?:in)?|geschaftsfuhr(?:er|erin|ung)|geschaeftsfuehr(?:er|erin|ung)|einkauf|einkaufer(?:in)?|abteilung|vorgesetzten?|inhaber(?:in)?|kolleg(?:e|en|in)" +
    "|directeur|directrice|responsable|service (?:achats?|commercial|marketing|informatique|juridique)|departement|achats|acheteur|collegue" +
    "|director(?:a)?|departamento|jefe|jefa|compras|gerente|companer[oa]" +
    "|responsabile|direttore|direttrice|ufficio (?:acquisti|commerciale|marketing|it)|reparto|acquisti|titolare|collega" +
    "|afdeling|inkoop|inkoper|leidinggevende|eigenaar" +
    "|diretor(?:a)?|responsavel|chefe|colega)" +
    // a department named bare, as the end of the pointer: "talk to procurement", "neem contact op met inkoop", "hable con compras"
    "|(?:procurement|purchasing|legal|finance|accounting|accounts payable|compliance|hr|human resources|sales|marketing|infosec|einkauf|achats|compras|acquisti|inkoop)" +
    "(?= ?[.,;:!?)\u2014\u2013-]| ?$| (?:about|for|on|regarding|instead|directly|first|team|department|dept|folks|people|guys|direkt|plutot|directamente|direttamente)(?![a-z]))" +
    // someone in a team: "try someone in IT", "talk to anyone on the sales team", "jemand aus dem Einkauf"
    "|(?:someone|somebody|anyone|the folks|the people|jemand(?:en)?|quelqu'un|alguien|qualcuno|iemand|alguem)\\s+(?:in|on|from|at|im|vom|aus dem|aus der|de|du|dans|en|del|della|nel|van|bij|da|do|na|no)\\s+(?:(?:the|our|unser(?:e|em|er)?|notre|nuestr[oa]|il nostro|la nostra|onze|nosso|nossa|le|la|el|l')\\s+)?(?:[a-z-]+\\s+){0,2}?(?:team|department|dept|ops|revops|it|finance|procurement|purchasing|legal|hr|security|engineering|marketing|sales|operations|einkauf|vertrieb|achats|compras|acquisti|inkoop|vendas|ventes|ventas|vendite|verkoop))(?![a-z])",
);

/** What places a name after "try" in a team or a role: "Jordan in RevOps", "Dana, our CFO", "Jan vom Einkauf". */
const PLACED = new RegExp(
  "^\\s*(?:\\s+(?:in|from|on|at|over in|im|vom|von der|aus dem|de|du|dans|en|del|della|dal|nel|van|bij|da|do|na|no)\\s+(?:(?:the|our|my|unser(?:e|em|er)?|notre|nuestr[oa]|il nostro|la nostra|onze|nosso|nossa|le|la|el|l')\\s+)?" +
    "(?:[a-z-]+\\s+){0,2}(?:team|department|dept|ops|revops|salesops|sales|marketing|it|finance|procurement|purchasing|legal|hr|security|engineering|product|operations|growth|partnerships|einkauf|vertrieb|achats|compras|acquisti|inkoop|vendas|ventes|ventas|vendite|verkoop)" +
    // "Dana, our CFO": a role after a comma, ending the phrase
    "|,\\s*(?:(?:the|our|my|unser(?:e|em|er)?|notre|nuestr[oa]|il nostro|la nostra|onze|nosso|nossa)\\s+)?(?:[a-z-]+\\s+){0,2}(?:head of [a-z]+|director|vp|manager|cfo|cto|ceo|coo|cmo|cro|founder|buyer)(?=\\s?[.,;!)]|\\s?$|\\s(?:who|she|he))" +
    // "try Maria, she does all our payroll": what the named person does
    "|\\s*[,;:\u2014\u2013-]?\\s*(?:she|he)(?: does| handles| runs| looks after| manages| owns| deals with| takes care of| covers| sorts| knows| would know|(?:'s| is) (?:our|the|in charge|responsible)))(?![a-z])",
);

/** Pointing to a role with a verb that never takes a name here ("try our IT manager", "you want our CFO", "prova con il nostro responsabile"). */
const ROLE_POINTER = /(?<![a-z])(?:try|you(?:'d| would|'ll| will)? (?:probably |likely |really )?want|versuchen sie es (?:bei|mit)|probieren sie es bei|essayez|tentez|voyez plutot|pruebe con|prueba con|intente con|intenta con|prova con|provi con|prova a sentire|probeer|tente|tenta)(?![a-z])/g;

/**
 * The person a referral verb points to ("talk to Maria Rossi", "wenden Sie sich an Frau Müller"), with where it is;
 * a role alone ("talk to our CTO") points to someone too, with no name to propose.
 */
/** A person named after "to", "an", "à", "a", "para", "naar"…: "I'll pass it on to Maria Lopez" (not "to my boss"). */
export function namedAfterTo(text: string): string | null {
  for (const m of text.matchAll(/(?:^|\s)(?:to|an|à|a|al|alla|ai|para|naar|aan)\s+/gi)) {
    const name = leadingName(text.slice(m.index! + m[0].length, m.index! + m[0].length + 120));
    if (name) return name;
  }
  return null;
}

export function referredName(text: string): { name: string | null; index: number } | null {
  let role: number | null = null;
  let offset = 0;
  for (const line of text.split("\n")) {
    const f = foldSameLength(line);
    const starts = new WordStarts(f);
    for (const m of matchesOf(REFERRAL_VERB, f, starts)) {
      // "I'll talk to Omar and get back to you": the writer consulting someone, not pointing us to them
      // (unless the verb hands us over: "I'll pass you on to Dana", "vou te passar para o João")
      if (!HANDS_US_OVER.test(m[0]) && SELF.test(f.slice(Math.max(0, m.index! - 24), m.index!))) continue;
      const after = line.slice(m.index! + m[0].length, m.index! + m[0].length + 120);
      const name = leadingName(after) ?? appositiveName(after);
      if (name) return { name, index: offset + m.index! };
      // "loop in my colleague", "check with my boss": the writer stays in the conversation
      if (role === null && !/^(?:loop in|check with)/.test(m[0]) && ROLE.test(foldSameLength(after))) role = offset + m.index!;
    }
    // the name stated first: "Nathalie Roux handles this", "c'est Paul Girard qui s'occupe de ça"
    for (const m of matchesOf(REFERRAL_AFTER_NAME, f, starts)) {
      // "ich bin … für Softwarelizenzen zuständig": the writer is the one in charge (German capitalises every noun)
      if (FIRST_PERSON.test(clauseBefore(f, m.index!))) continue;
      const before = line.slice(Math.max(0, m.index! - 60), m.index!);
      // "Sarah Jennings in HR looks after it": the name before where they sit
      // "our parent company in Shenzhen handles all analytics": a place, no one named ("Dana Whitfield in Finance": the name before it)
      const placed = (n: string | null) => n !== null && PLACE_BEFORE.test(before.slice(0, before.lastIndexOf(n.split(" ")[0]!)));
      let name = trailingName(before.replace(/[\s,]+$/, ""));
      if (name === null || placed(name)) name = trailingName(before.replace(/\s+(?:in|from|on|at|aus|von|vom|im)(?: (?:the|our|my|dem|der|den|unserem|unserer))? [\p{L}&]{2,30}(?: [\p{L}&]{2,30})?(?: team)?[\s,]*$/u, ""));
      if (placed(name)) continue;
      if (name) return { name, index: offset + m.index! - before.length + Math.max(0, before.lastIndexOf(name.split(" ")[0]!)) };
    }
    if (role === null) {
      for (const m of f.matchAll(ROLE_POINTER)) {
        const end = m.index! + m[0].length;
        // "try Jordan in RevOps", "you want Dana, our CFO": a name placed in a team or a role (not "try Slack")
        const name = leadingName(line.slice(end, end + 120));
        if (name) {
          const rest = line.slice(end).replace(/^\s+/, "").slice(name.length);
          if (PLACED.test(foldSameLength(rest))) return { name, index: offset + m.index! };
        }
        if (ROLE.test(f.slice(end, end + 120))) {
          role = offset + m.index!;
          break;
        }
      }
    }
    offset += line.length + 1;
  }
  return role === null ? null : { name: null, index: role };
}

/** A preposition of place just before a capitalised word: "in Shenzhen", "at Head Office", "from Berlin". */
const PLACE_BEFORE = /(?:^|\s)(?:in|at|from|near|based in|located in)\s+$/i;

/** The name set after a role in lower case and a comma: "our head of sales, Dana Kim", "onze inkoper zijn, Sanne de Boer". */
function appositiveName(s: string): string | null {
  const m = /^\s*(?:[\p{Ll}'’-]+\s+){0,5}[\p{Ll}\p{Lu}'’-]+,\s+/u.exec(s);
  return m ? leadingName(s.slice(m[0].length)) : null;
}

export interface Writer {
  /** The writer's addresses (From, Reply-To, Sender), lower case. */
  addresses: string[];
  /** The writer's display name, when the From header gives one. */
  name: string | null;
}

/** Whether an address looks like the writer's own (another mailbox of theirs): its local part carries their name or their old local part. */
export function looksLikeWriter(address: string, writer: Writer): boolean {
  const local = fold(address.split("@")[0]!);
  const words = new Set<string>();
  for (const a of writer.addresses) {
    const l = fold(a.split("@")[0]!);
    if (l === local) return true;
    for (const w of l.split(/[._+-]/)) if (w.length >= 3) words.add(w);
  }
  for (const w of fold(writer.name ?? "").split(/[^a-z]+/)) if (w.length >= 3) words.add(w);
  // "sanne.devries@" beside Pieter de Vries: another given name before the shared family name is a relative or colleague
  const first = local.split(/[._+-]/)[0]!;
  if (first.length >= 3 && first !== local && ![...words].some((w) => first.includes(w) || w.includes(first))) return false;
  // a whole part of the local name, or a longer word inside it ("pnair" for Priya Nair); "jan" is not inside "jana.dvorakova"
  const parts = new Set(local.split(/[._+-]/));
  // "priya.raman" beside Priya Menon: the same first name, another family name, another person
  const named = [...parts].filter((p) => p.length >= 3 && !/[0-9]/.test(p));
  if (named.length >= 2 && named.some((p) => !words.has(p))) return false;
  for (const w of words) if (parts.has(w) || (w.length >= 4 && local.includes(w))) return true;
  return false;
}

/**
 * Whether the words just before an address say it is the writer's new one ("my new address is", "reach me at"),
 * or, with `others`, that of the person they write about ("her new address", "reach him at").
 */
export function statedAsOwn(text: string, index: number, opts: { others: boolean } = { others: true }): boolean {
  // the words after the last address before this one: "my new email is a@…; the new person is Johan (johan@…)" says nothing of Johan's
  // (a cue that runs across that address, "address a@… has changed to:", is this one's)
  const window = text.slice(Math.max(0, index - 100), index);
  const lastAddress = /[^\s<>()]+@[^\s<>()]+(?![\s\S]*@)/.exec(window);
  const before = fold(window);
  const cut = lastAddress ? fold(window.slice(0, lastAddress.index + lastAddress[0].length)).length : 0;
  OWN_NEW_ADDRESS.lastIndex = 0;
  for (const m of before.matchAll(OWN_NEW_ADDRESS)) if (m.index! + m[0].length > cut && (opts.others || !REACH_OTHER.test(m[0]))) return true;
  return false;
}

/** How to reach someone else: a referral ("Tom runs procurement, reach him at …") unless something says they left. */
const REACH_OTHER = /(?:reach|contact|e-?mail|write to|find) (?:him|her)|erreichen sie (?:ihn|sie)|sie erreichen (?:ihn|sie)|ist (?:ab sofort |jetzt |nun )?(?:unter|erreichbar unter)|(?:le|la) joindre/;
