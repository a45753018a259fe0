// The replies bench:inbound sends (inbound-replies.ts): what people write back
// to a cold email, in seven languages and the intents the inbox tells apart,
// above the quoted history of our message as mail clients quote it — plain
// text with "> " lines (~5 KB), or multipart/alternative with Gmail's or
// Outlook's HTML quote markup and inline images (~48 KB). None asks to be
// unsubscribed and none is an auto-reply: every one should be classified
// `reply` and end its enrollment as `replied`.
import { deflateSync, crc32 } from "node:zlib";
import { randomBytes } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";

export interface Original {
  /** Our message's Message-ID, without <>. */
  messageIdHeader: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: number;
}

export interface Writer {
  email: string;
  givenName: string;
  familyName: string;
  company: string;
}

export interface Sender {
  email: string;
  name: string;
}

type Lang = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt";

interface Language {
  lang: Lang;
  prefix: string;
  hello: (name: string) => string;
  bye: string[];
  attribution: (date: string, who: string) => string;
  /** Outlook's header block above the quoted message. */
  outlook: { from: string; sent: string; to: string; subject: string };
  bodies: { intent: string; text: string }[];
}

const LANGUAGES: Language[] = [
  {
    lang: "en",
    prefix: "Re: ",
    hello: (n) => `Hi ${n},`,
    bye: ["Best,", "Thanks,", "Cheers,", "Kind regards,"],
    attribution: (d, w) => `On ${d}, ${w} wrote:`,
    outlook: { from: "From", sent: "Sent", to: "To", subject: "Subject" },
    bodies: [
      { intent: "interested", text: "Thanks for reaching out, the timing is actually good. We have been looking at how to tighten up our outbound process before next quarter, and what you describe sounds close to what we need. Could you send over pricing for a team of about twelve people?" },
      { intent: "meeting_request", text: "Happy to talk. Would Thursday at 3pm CET work for a 30-minute call? If not, feel free to grab any slot on my calendar next week and I will make it work." },
      { intent: "not_interested", text: "Appreciate the note, but we are not looking at anything in this area right now. We signed a two-year contract with another vendor last spring, so this is not a fit for us." },
      { intent: "question", text: "Interesting. Before we go further: does this integrate with HubSpot, and where is the data hosted? Our security team will ask about both, and about SSO." },
      { intent: "later", text: "Not the right moment for us, we are in the middle of a reorg. Could you follow up in September? We should have budget clarity by then." },
      { intent: "referral", text: "I am not the one handling this; my colleague Priya Raman runs sales operations and would be the right person to talk to. I have copied her here so you two can connect." },
      { intent: "wrong_person", text: "I think you have the wrong person. I work in finance and have nothing to do with sales tooling, but good luck with it." },
    ],
  },
  {
    lang: "de",
    prefix: "AW: ",
    hello: (n) => `Hallo ${n},`,
    bye: ["Viele Grüße", "Beste Grüße", "Mit freundlichen Grüßen"],
    attribution: (d, w) => `Am ${d} schrieb ${w}:`,
    outlook: { from: "Von", sent: "Gesendet", to: "An", subject: "Betreff" },
    bodies: [
      { intent: "interested", text: "danke für Ihre Nachricht. Das Thema ist bei uns tatsächlich gerade aktuell – wir überarbeiten unseren Vertriebsprozess für das nächste Quartal. Können Sie mir ein Angebot für etwa zehn Nutzer schicken?" },
      { intent: "meeting_request", text: "gerne können wir kurz telefonieren. Passt Ihnen Dienstag um 14 Uhr? Alternativ schlagen Sie mir gern zwei, drei Termine in der nächsten Woche vor." },
      { intent: "not_interested", text: "vielen Dank, aber wir haben derzeit keinen Bedarf. Wir sind mit unserer aktuellen Lösung zufrieden und planen keinen Wechsel." },
      { intent: "question", text: "klingt interessant. Wie sieht es mit dem Datenschutz aus – werden die Daten in der EU gespeichert, und gibt es einen Vertrag zur Auftragsverarbeitung?" },
      { intent: "later", text: "im Moment passt es leider nicht, wir stecken mitten in der Budgetplanung. Melden Sie sich gern im Frühjahr noch einmal bei mir." },
    ],
  },
  {
    lang: "fr",
    prefix: "RE : ",
    hello: (n) => `Bonjour ${n},`,
    bye: ["Bien cordialement,", "Cordialement,", "Bonne journée,"],
    attribution: (d, w) => `Le ${d}, ${w} a écrit :`,
    outlook: { from: "De", sent: "Envoyé", to: "À", subject: "Objet" },
    bodies: [
      { intent: "interested", text: "Merci pour votre message. Le sujet nous intéresse : nous cherchons justement à mieux structurer notre prospection. Pourriez-vous m'envoyer une présentation et vos tarifs ?" },
      { intent: "meeting_request", text: "Avec plaisir. Seriez-vous disponible jeudi à 11 h pour un appel d'une trentaine de minutes ? Sinon, proposez-moi un créneau la semaine prochaine." },
      { intent: "not_interested", text: "Merci, mais ce n'est pas une priorité pour nous en ce moment. Nous avons déjà un outil en place et l'équipe en est satisfaite." },
      { intent: "question", text: "Est-ce que votre solution s'intègre avec Salesforce ? Et quel est le délai de mise en place habituel pour une équipe de quinze personnes ?" },
      { intent: "referral", text: "Ce n'est pas moi qui gère ce sujet ; je vous mets en relation avec Claire Dubois, notre responsable commerciale, qui pourra vous répondre." },
    ],
  },
  {
    lang: "es",
    prefix: "RE: ",
    hello: (n) => `Hola ${n}:`,
    bye: ["Un saludo,", "Saludos cordiales,", "Gracias,"],
    attribution: (d, w) => `El ${d}, ${w} escribió:`,
    outlook: { from: "De", sent: "Enviado el", to: "Para", subject: "Asunto" },
    bodies: [
      { intent: "interested", text: "Gracias por escribir. Justo estamos revisando cómo hacemos la prospección y nos interesa saber más. ¿Me puedes enviar información sobre precios y casos de clientes parecidos a nosotros?" },
      { intent: "meeting_request", text: "Me parece bien hablarlo. ¿Te viene bien el miércoles a las 16:00 para una llamada corta? Si no, dime qué día te encaja mejor." },
      { intent: "not_interested", text: "Gracias, pero ahora mismo no nos interesa. Ya trabajamos con otro proveedor y estamos contentos con el servicio." },
      { intent: "later", text: "Ahora no es buen momento, estamos cerrando el trimestre. Escríbeme de nuevo en enero, por favor, y lo vemos con calma." },
      { intent: "wrong_person", text: "Creo que te has equivocado de persona: yo llevo la parte de recursos humanos, no la de ventas." },
    ],
  },
  {
    lang: "it",
    prefix: "R: ",
    hello: (n) => `Buongiorno ${n},`,
    bye: ["Cordiali saluti,", "Un saluto,", "Grazie,"],
    attribution: (d, w) => `Il giorno ${d} ${w} ha scritto:`,
    outlook: { from: "Da", sent: "Inviato", to: "A", subject: "Oggetto" },
    bodies: [
      { intent: "interested", text: "grazie per il messaggio, l'argomento ci interessa. Potrebbe mandarmi qualche caso di studio e un'indicazione dei costi per un team di otto persone?" },
      { intent: "meeting_request", text: "volentieri, possiamo sentirci venerdì mattina alle 10? Mi mandi pure un invito sul calendario." },
      { intent: "not_interested", text: "la ringrazio, ma al momento non siamo interessati. Abbiamo appena rinnovato il contratto con il nostro fornitore attuale." },
      { intent: "question", text: "quanto tempo serve per l'integrazione con il nostro CRM? E offrite supporto in italiano?" },
    ],
  },
  {
    lang: "nl",
    prefix: "RE: ",
    hello: (n) => `Hoi ${n},`,
    bye: ["Groet,", "Met vriendelijke groet,", "Groetjes,"],
    attribution: (d, w) => `Op ${d} schreef ${w}:`,
    outlook: { from: "Van", sent: "Verzonden", to: "Aan", subject: "Onderwerp" },
    bodies: [
      { intent: "interested", text: "Bedankt voor je bericht. We zijn inderdaad op zoek naar iets dergelijks. Kun je me wat meer informatie en een prijsindicatie sturen?" },
      { intent: "meeting_request", text: "Prima, laten we even bellen. Schikt dinsdag om 10:30? Anders hoor ik graag wat jou past." },
      { intent: "not_interested", text: "Dank je, maar we hebben hier op dit moment geen behoefte aan. We doen dit voorlopig zelf." },
      { intent: "later", text: "Op dit moment komt het niet goed uit. Kun je na de zomer nog eens contact opnemen?" },
    ],
  },
  {
    lang: "pt",
    prefix: "RE: ",
    hello: (n) => `Olá ${n},`,
    bye: ["Abraço,", "Atenciosamente,", "Obrigado,"],
    attribution: (d, w) => `Em ${d}, ${w} escreveu:`,
    outlook: { from: "De", sent: "Enviado", to: "Para", subject: "Assunto" },
    bodies: [
      { intent: "interested", text: "Obrigado pelo contato. Temos interesse, sim, estamos reorganizando o time comercial. Pode me enviar uma proposta?" },
      { intent: "meeting_request", text: "Podemos conversar na quinta-feira às 15h? Me envie um convite, por favor." },
      { intent: "not_interested", text: "Obrigado, mas no momento não temos interesse. Já usamos outra ferramenta para isso." },
      { intent: "question", text: "Vocês têm integração com o Pipedrive? E como funciona o suporte, por chat ou por e-mail?" },
    ],
  },
];

const TITLES = ["Head of Sales", "VP Marketing", "Founder & CEO", "Operations Manager", "Sales Director", "Growth Lead"];

/** The language and wording of reply i (deterministic, so runs compare). */
function wordingOf(i: number) {
  const l = LANGUAGES[i % LANGUAGES.length]!;
  const b = l.bodies[Math.floor(i / LANGUAGES.length) % l.bodies.length]!;
  return { l, body: b.text, intent: b.intent, bye: l.bye[i % l.bye.length]! };
}

export const languages = LANGUAGES.map((l) => l.lang);

const dateOf = (ms: number) => new Date(ms).toUTCString().replace(" GMT", " +0000");
/** Lines folded at `width` on spaces, as mail clients wrap plain text. */
const wrap = (text: string, width = 76) =>
  text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .flatMap((line) => {
      const out: string[] = [];
      let rest = line;
      while (rest.length > width) {
        const cut = rest.lastIndexOf(" ", width);
        if (cut <= 0) break;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut + 1);
      }
      out.push(rest);
      return out;
    })
    .join("\n");
const quoted = (text: string) =>
  wrap(text, 74)
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const bodyOf = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;

function headersOf(i: number, w: Writer, to: Sender, o: Original, l: Language) {
  const domain = w.email.split("@")[1]!;
  return {
    from: { name: `${w.givenName} ${w.familyName}`, address: w.email },
    to: { name: to.name, address: to.email },
    subject: `${l.prefix}${o.subject}`,
    messageId: `<${crypto.randomUUID()}@${domain}>`,
    inReplyTo: `<${o.messageIdHeader}>`,
    references: [`<${o.messageIdHeader}>`],
    date: new Date(o.sentAt + 3_600_000 + (i % 50) * 60_000),
  };
}

function signatureOf(i: number, w: Writer): string[] {
  return [`${w.givenName} ${w.familyName}`, `${TITLES[i % TITLES.length]} | ${w.company}`, `+49 30 ${String(1_000_000 + ((i * 7919) % 9_000_000))}`];
}

/** The company's footer under every mail its people write. */
const DISCLAIMER =
  "CONFIDENTIALITY NOTICE: This e-mail and any files transmitted with it are confidential and intended solely for the use of the individual or entity to whom they are addressed. If you have received this e-mail in error, please notify the sender immediately and delete it from your system. Any views or opinions presented are solely those of the author and do not necessarily represent those of the company. Please consider the environment before printing this e-mail.";

/** A plain-text reply of about 5 KB: the person's words, their signature, then our message quoted with "> ". */
export async function plainReply(i: number, w: Writer, to: Sender, o: Original): Promise<{ raw: Buffer; intent: string }> {
  const { l, body, intent, bye } = wordingOf(i);
  const text = [
    l.hello(to.name.split(" ")[0]!),
    "",
    body,
    "",
    bye,
    w.givenName,
    "",
    "-- ",
    ...signatureOf(i, w),
    "",
    DISCLAIMER,
    "",
    l.attribution(dateOf(o.sentAt), `${to.name} <${to.email}>`),
    quoted(o.text),
    "",
  ].join("\n");
  const raw = await new MailComposer({ ...headersOf(i, w, to, o, l), text: wrap(text) }).compile().build();
  return { raw, intent };
}

/** A PNG of random pixels of about `bytes` (incompressible, like a photo or a screenshot's noise). */
export function png(bytes: number, width = 64): Buffer {
  const rowBytes = width * 3 + 1;
  const height = Math.max(1, Math.ceil(bytes / rowBytes));
  const rows = randomBytes(rowBytes * height);
  for (let y = 0; y < height; y++) rows[y * rowBytes] = 0; // filter: none
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows, { level: 1 })), chunk("IEND", Buffer.alloc(0))]);
}

const LOGO = png(5_000, 48);

/** Gmail's reply markup: the person's words in divs, the signature, then our HTML in a gmail_quote blockquote. */
function gmailHtml(i: number, w: Writer, to: Sender, o: Original, l: Language, body: string, bye: string): string {
  const sig = signatureOf(i, w).map(esc).join("<br>");
  return [
    `<div dir="ltr"><div>${esc(l.hello(to.name.split(" ")[0]!))}</div><div><br></div><div>${esc(body)}</div><div><br></div>`,
    `<div>${esc(bye)}</div><div>${esc(w.givenName)}</div><div><br></div>`,
    `<div><img src="cid:screenshot@${i}" alt="image.png" width="542" height="301"><br></div>`,
    `<span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature"><div dir="ltr"><div><font color="#888888">${sig}</font></div>`,
    `<div><img src="cid:logo@${i}" width="96" height="32" alt="${esc(w.company)}"></div><div><font size="1" color="#999999">${DISCLAIMER}</font></div></div></div></div><br>`,
    `<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${esc(l.attribution(dateOf(o.sentAt), `${to.name} <${to.email}>`))}<br></div>`,
    `<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${bodyOf(o.html ?? `<p>${esc(o.text)}</p>`)}</blockquote></div>`,
  ].join("\n");
}

/** Outlook's reply markup: WordSection1, MsoNormal paragraphs, the From/Sent/To/Subject block, our HTML below. */
function outlookHtml(i: number, w: Writer, to: Sender, o: Original, l: Language, body: string, bye: string): string {
  const p = (s: string) => `<p class="MsoNormal"><span style="font-size:11.0pt;font-family:&quot;Calibri&quot;,sans-serif;mso-fareast-language:EN-US">${s}<o:p></o:p></span></p>`;
  const h = l.outlook;
  const quotedParagraphs = bodyOf(o.html ?? `<p>${esc(o.text)}</p>`).replace(/<p>/g, '<p class="MsoNormal" style="margin-bottom:12.0pt">');
  return [
    `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">`,
    `<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="Generator" content="Microsoft Word 15 (filtered medium)">`,
    `<!--[if !mso]><style>v\\:* {behavior:url(#default#VML);} o\\:* {behavior:url(#default#VML);} w\\:* {behavior:url(#default#VML);} .shape {behavior:url(#default#VML);}</style><![endif]-->`,
    `<style><!-- /* Font Definitions */ @font-face {font-family:"Cambria Math"; panose-1:2 4 5 3 5 4 6 3 2 4;} @font-face {font-family:Calibri; panose-1:2 15 5 2 2 2 4 3 2 4;} @font-face {font-family:Aptos;}`,
    `/* Style Definitions */ p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:12.0pt; font-family:"Aptos",sans-serif; mso-ligatures:standardcontextual; mso-fareast-language:EN-US;}`,
    `a:link, span.MsoHyperlink {mso-style-priority:99; color:#467886; text-decoration:underline;} span.EmailStyle19 {mso-style-type:personal-reply; font-family:"Calibri",sans-serif; color:windowtext;}`,
    `.MsoChpDefault {mso-style-type:export-only; font-size:10.0pt; mso-ligatures:none;} @page WordSection1 {size:612.0pt 792.0pt; margin:72.0pt 72.0pt 72.0pt 72.0pt;} div.WordSection1 {page:WordSection1;} --></style>`,
    `<!--[if gte mso 9]><xml><o:shapedefaults v:ext="edit" spidmax="1026" /></xml><![endif]--><!--[if gte mso 9]><xml><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1" /></o:shapelayout></xml><![endif]--></head>`,
    `<body lang="EN-US" link="#467886" vlink="#96607D" style="word-wrap:break-word"><div class="WordSection1">`,
    p(esc(l.hello(to.name.split(" ")[0]!))),
    p("&nbsp;"),
    p(esc(body)),
    p("&nbsp;"),
    p(`<img width="542" height="301" style="width:5.6458in;height:3.1354in" id="Picture_x0020_1" src="cid:screenshot@${i}" alt="screenshot">`),
    p("&nbsp;"),
    p(esc(bye)),
    p(esc(w.givenName)),
    p("&nbsp;"),
    ...signatureOf(i, w).map((s) => p(`<span style="color:#7F7F7F">${esc(s)}</span>`)),
    p(`<img width="96" height="32" style="width:1.0in;height:.3333in" id="Picture_x0020_2" src="cid:logo@${i}" alt="${esc(w.company)}">`),
    p(`<span style="font-size:7.5pt;color:#999999">${DISCLAIMER}</span>`),
    p("&nbsp;"),
    `<div id="mail-editor-reference-message-container"><div><div style="border:none;border-top:solid #B5C4DF 1.0pt;padding:3.0pt 0cm 0cm 0cm">`,
    `<p class="MsoNormal" style="margin-bottom:12.0pt"><b><span style="color:black">${h.from}: </span></b><span style="color:black">${esc(to.name)} &lt;${esc(to.email)}&gt;<br><b>${h.sent}: </b>${esc(dateOf(o.sentAt))}<br><b>${h.to}: </b>${esc(`${w.givenName} ${w.familyName}`)} &lt;${esc(w.email)}&gt;<br><b>${h.subject}: </b>${esc(o.subject)}<o:p></o:p></span></p></div>`,
    quotedParagraphs,
    `</div></div></body></html>`,
  ].join("\r\n");
}

/** Outlook's text part: no "> " quoting, the header block and our text below a rule. */
function outlookText(w: Writer, to: Sender, o: Original, l: Language, body: string, bye: string, sig: string[]): string {
  const h = l.outlook;
  return [
    l.hello(to.name.split(" ")[0]!),
    "",
    body,
    "",
    "[screenshot]",
    "",
    bye,
    w.givenName,
    "",
    ...sig,
    "",
    DISCLAIMER,
    "",
    "________________________________",
    `${h.from}: ${to.name} <${to.email}>`,
    `${h.sent}: ${dateOf(o.sentAt)}`,
    `${h.to}: ${w.givenName} ${w.familyName} <${w.email}>`,
    `${h.subject}: ${o.subject}`,
    "",
    o.text,
    "",
  ].join("\n");
}

/**
 * A multipart/alternative reply of about `targetBytes` (48 KB): text and HTML
 * (Gmail's markup for even i, Outlook's for odd), with the sender's logo and a
 * screenshot inline (multipart/related), the screenshot sized to reach the target.
 */
export async function htmlReply(i: number, w: Writer, to: Sender, o: Original, targetBytes = 48 * 1024): Promise<{ raw: Buffer; intent: string }> {
  const { l, body, intent, bye } = wordingOf(i);
  const gmail = i % 2 === 0;
  const sig = signatureOf(i, w);
  const text = gmail
    ? [l.hello(to.name.split(" ")[0]!), "", body, "", "[image: image.png]", "", bye, w.givenName, "", "-- ", ...sig, "", DISCLAIMER, "", l.attribution(dateOf(o.sentAt), `${to.name} <${to.email}>`), "", quoted(o.text), ""].join("\n")
    : outlookText(w, to, o, l, body, bye, sig);
  const plain = wrap(text);
  const html = gmail ? gmailHtml(i, w, to, o, l, body, bye) : outlookHtml(i, w, to, o, l, body, bye);
  const build = (shot: Buffer) =>
    new MailComposer({
      ...headersOf(i, w, to, o, l),
      text: plain,
      html,
      attachments: [
        { filename: "image.png", content: shot, contentType: "image/png", cid: `screenshot@${i}`, contentDisposition: "inline" },
        { filename: "logo.png", content: LOGO, contentType: "image/png", cid: `logo@${i}`, contentDisposition: "inline" },
      ],
    })
      .compile()
      .build();
  // base64 grows by 4/3 plus a CRLF every 76 characters; the DKIM-Signature (~0.5 KB) comes on top
  const target = targetBytes - 512;
  const bytesFor = (missing: number) => Math.floor((missing * 57) / 78);
  let shot = Math.max(1_000, bytesFor(target - (await build(png(1, 1))).length));
  let raw = await build(png(shot));
  if (Math.abs(raw.length - target) > 256) raw = await build(png((shot = Math.max(1_000, shot + bytesFor(target - raw.length)))));
  return { raw, intent };
}
