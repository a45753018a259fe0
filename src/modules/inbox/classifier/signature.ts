// The signature cut from a reply's new text: the "-- " delimiter, a mobile
// client's "Sent from my iPhone" line (and its translations), a confidentiality
// disclaimer, or a sign-off ("Best regards", "Mit freundlichen Grüßen",
// "Cordialement"…) followed by a short name block, or the writer's own name on
// a line of its own ("Priya", "Priya Nair | VP Sales") followed by one: what
// follows a name is a signature's (a booking link, a company newsletter's
// footer), not what they wrote to us. A sign-off that is the whole message
// ("Thanks!") is the message, and stays.
import { GREETING_WORDS } from "./cues";
import { fold } from "./fold";
import { MOBILE_MORE, SIGNOFFS_MORE } from "./more-languages";

const DELIMITER = /^(?:-- ?|--|—|__)$/;
const MOBILE = new RegExp(
  `^(?:sent from|sent with|sent via|sent using|get outlook for|outlook (?:fur|pour|para|per) (?:ios|android)|obtenir outlook|this message was sent using |von meinem .{1,40} gesendet|gesendet (?:von|mit|vom|via) |envoye (?:de|depuis|a partir de|avec) |telecharger outlook|enviado (?:desde|do|de|a partir do|pelo|con) |obtener outlook|inviato (?:da|dal|con) |scarica outlook|verzonden (?:vanaf|met|van|via) |verstuurd (?:vanaf|met|van|via) |outlook voor |enviada do |baixe o outlook|obter o outlook|${MOBILE_MORE})`,
);
const DISCLAIMER =
  /^(?:confidential(?:ity)? notice|disclaimer|legal (?:notice|disclaimer)|aviso legal|rechtlicher hinweis|haftungsausschluss|avis (?:juridique|de confidentialite)|mentions legales|nota legale|avvertenza legale|juridische (?:kennisgeving|mededeling)|privileged (?:and|&) confidential|this (?:e-?mail|email|message|communication)(?: and any (?:files|attachments)(?: transmitted with it)?)? (?:is|are|may|contains?|and)\b.{0,60}(?:confidential|privileged|intended)|the information (?:contained )?in this (?:e-?mail|email|message)|la informacion contenida en este (?:mensaje|correo)|les informations contenues dans ce (?:message|courriel)|die (?:in dieser (?:e-?mail|nachricht) enthaltenen )?informationen (?:in dieser (?:e-?mail|nachricht) )?sind vertraulich|le informazioni contenute (?:in|nel) (?:questo messaggio|questa e-?mail|presente messaggio)|de informatie (?:in|verzonden met) dit (?:bericht|e-?mailbericht)|as informacoes contidas (?:nesta mensagem|neste e-?mail)|if you (?:are not|have received this)|diese (?:e-?mail|nachricht)\b.{0,100}(?:vertraulich|enthalt|ist nur)|ce (?:message|courriel|e-?mail)\b.{0,100}(?:confidenti|destine|strictement)|este (?:mensaje|correo|e-?mail)\b.{0,100}(?:confidencial|dirigido|destinado)|questo (?:messaggio|e-?mail)\b.{0,100}(?:riservat|confidenzial|destinat)|dit (?:bericht|e-?mail(?:bericht)?)\b.{0,100}(?:vertrouwelijk|uitsluitend|bestemd)|esta mensagem\b.{0,100}(?:confidencia|destinada)|aviso de confidencialidad|avviso di riservatezza|vertraulichkeitshinweis)/;

/** A notice's two halves on one line, however it begins ("Ai sensi del GDPR, le informazioni … riservate … per errore"). */
const SECRET = /confidential|privileged|protected health information|hipaa|vertraulich|confidenti|confidencial|riservat|vertrouwelijk|sigilo|sigilos/;
const MISDELIVERED = /intended recipient|addressee|in error|by mistake|adressat|irrtumlich|falschlich|destinataire|par erreur|destinatario|por error|per errore|geadresseerde|ten onrechte|abusivement|por engano/;
const isNotice = (f: string) => f.length > 80 && SECRET.test(f) && MISDELIVERED.test(f);

/** A company's register line under a name block: "Sitz: Hamburg | Amtsgericht Hamburg HRB 12345 | Vorstand: …", "SIRET", "P.IVA", "KvK". */
const REGISTER = /(?<![a-z])(?:hrb|hra|handelsregister|registergericht|amtsgericht|geschaftsfuhr\w*|geschaeftsfuehr\w*|vorstand|aufsichtsrat\w*|ust-?id\w*|siret|siren|rcs|capital social|cif|nif|nipc|p\.? ?iva|partita iva|c\.f\.|kvk|btw(?:-nummer)?|vat (?:no|number|reg\w*)|company (?:no|number|registration)|registered (?:in|office)|reg\.? no)(?![a-z])/;

// folded, without trailing punctuation
const SIGNOFFS = new Set([
  "best", "best regards", "best wishes", "kind regards", "warm regards", "warmest regards", "regards", "many thanks", "thanks", "thank you", "thanks again", "thanks in advance", "cheers", "sincerely", "yours sincerely", "yours truly", "all the best", "br", "kr", "talk soon", "take care", "with thanks", "respectfully",
  "mit freundlichen grussen", "mit freundlichem gruss", "freundliche grusse", "viele grusse", "beste grusse", "liebe grusse", "herzliche grusse", "schone grusse", "gruss", "grusse", "lg", "vg", "mfg", "danke", "vielen dank", "mit besten grussen", "mit freundlichen grussen aus", "mit freundlichen gruessen", "viele gruesse", "beste gruesse",
  "cordialement", "bien cordialement", "tres cordialement", "bien a vous", "bonne journee", "bonne soiree", "merci", "merci beaucoup", "salutations", "meilleures salutations", "sinceres salutations", "a bientot", "amicalement",
  "saludos", "un saludo", "saludos cordiales", "abrazo", "abrazos", "besos", "atentamente", "cordialmente", "gracias", "muchas gracias", "un abrazo", "reciba un cordial saludo", "un cordial saludo",
  "cordiali saluti", "saluti", "distinti saluti", "un saluto", "grazie", "grazie mille", "a presto", "buona giornata", "un caro saluto",
  "met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet", "vriendelijke groeten", "groeten", "groet", "mvg", "hartelijke groet", "groetjes", "bedankt", "dank je", "dank u", "alvast bedankt",
  "atenciosamente", "cumprimentos", "abracos", "abraco", "abs", "bjs", "beijos", "obrigado", "obrigada", "muito obrigado", "muito obrigada", "com os melhores cumprimentos", "melhores cumprimentos", "att", "grato", "grata",
  ...SIGNOFFS_MORE,
]);

// "Hi Leo," — a greeting line is not yet content a sign-off could close
const GREETING = new RegExp(`^(?:${GREETING_WORDS})\\b[^.!?]{0,40}[,!:]?$`);

/**
 * Cuts the signature. `names`: the writer's names as they may sign (folded: "priya nair", "priya"),
 * from the From header (writerNames); `continued`: the text goes on from what was written above a quote.
 */
export function cutSignature(text: string, names: readonly string[] = [], continued = false): string {
  const lines = text.split("\n");
  // `continued`: text below a quote, after what was written above it (a notice there is the mail system's footer)
  let seenContent = continued;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const f = fold(raw).trim();
    if (DELIMITER.test(raw.trimEnd()) || DELIMITER.test(f)) return join(lines, i);
    if (f.length < 100 && MOBILE.test(f)) return join(lines, i);
    if (seenContent && (DISCLAIMER.test(f) || isNotice(f))) return join(lines, i);
    if (seenContent && (isSignOff(raw, f) || isOwnName(f, names)) && shortBlockFollows(lines, i + 1)) return join(lines, i);
    if (f !== "" && !GREETING.test(f)) seenContent = true;
  }
  return text;
}

function isSignOff(raw: string, f: string): boolean {
  if (f.length > 60) return false;
  const bare = f.replace(/[\s,.!;:-]+$/, "");
  if (SIGNOFFS.has(bare)) return true;
  // "Best, Jane" / "Grüße, Jan": a sign-off and a first name on one line
  const m = /^([^,]{2,40}),\s?(\S{2,20})$/.exec(bare);
  return !!m && SIGNOFFS.has(m[1]!) && /^\p{Lu}/u.test(raw.trim().split(/,\s*/)[1] ?? "");
}

/** The line is the writer's name alone, or their name before a separator and a title ("Priya Nair | VP Sales", "Priya - Prospect"). */
function isOwnName(f: string, names: readonly string[]): boolean {
  if (f.length > 80) return false;
  const bare = f.replace(/[\s,.!;:-]+$/, "");
  return names.some((n) => bare === n || (bare.startsWith(n) && /^\s*[|,–—-]\s/.test(bare.slice(n.length))));
}

/** The names a writer signs with, folded: the From header's display name and its first word, else the address's local part ("priya.nair" → "priya nair", "priya"). */
export function writerNames(displayName: string | null, address: string | undefined): string[] {
  const source = displayName?.includes("@") ? null : displayName;
  const words = (source ? fold(source) : fold((address ?? "").split("@")[0]!).replace(/[._-]+/g, " "))
    .replace(/[^a-z' -]/g, " ")
    .split(/\s+/)
    .filter((w) => w.length >= 2);
  if (words.length === 0) return [];
  const full = words.join(" ");
  // "T. Kaiser", "T Kaiser": an initial and the family name, as many sign
  const last = words[words.length - 1]!;
  return words.length > 1 ? [full, words[0]!, `${words[0]![0]}. ${last}`, `${words[0]![0]} ${last}`] : [full];
}

/** A firm's notice under its name block, headed in capitals ("CYBER CRIME WARNING: we will never change our bank details by email", "IMPORTANT NOTICE:"). */
const FOOTER_NOTICE = /^(?:[A-Z][A-Z&'-]+ ){0,4}(?:WARNING|NOTICE|ALERT|DISCLAIMER|IMPORTANT|PRIVACY|CONFIDENTIALITY)\b[^a-z]{0,20}:/;

/** After a sign-off: a name block (at most 8 short lines), nothing like more prose. */
function shortBlockFollows(lines: string[], from: number): boolean {
  let count = 0;
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === "") continue;
    // a delimiter, a mobile client's line, the company's disclaimer or register line under the name block ends it
    const f = fold(l);
    if (DELIMITER.test(l) || DELIMITER.test(f) || MOBILE.test(f) || DISCLAIMER.test(f) || isNotice(f) || REGISTER.test(f) || FOOTER_NOTICE.test(l)) return true;
    // a question or a long sentence after "Thanks" is more message, not a name block
    if (++count > 8 || l.length > 100 || l.includes("?")) return false;
  }
  return true;
}

/** A postscript is the writer's, even under the signature: "P.S. …", "PS:", "P.P.S.", Spanish "P.D.", Turkish "Not:". */
const POSTSCRIPT = /^(?:p(?:\.-?|-) ?(?:p\. ?)?s\.?|p\. ?d\.?|(?:p ?)?ps ?[.:-]|ps (?=(?:i|we|my|please|also|if|you|ich|wir|bitte|je|nous|yo|io|ik|eu|jag|jeg|vi)(?![a-z]))|(?:not|nb|n\.b\.?):)/;

function join(lines: string[], end: number): string {
  const ps = lines.findIndex((l, k) => k >= end && POSTSCRIPT.test(fold(l).trim()));
  if (ps < 0) return lines.slice(0, end).join("\n");
  let stop = ps;
  while (stop < lines.length && lines[stop]!.trim() !== "") stop++;
  return [...lines.slice(0, end), "", ...lines.slice(ps, stop)].join("\n");
}
