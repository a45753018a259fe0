// What an SMTP server's answer means, for the MTA (synchronous answers only:
// RCPT, DATA, the greeting, MAIL; DSNs are the inbound listener's).
//
// kind:
//   ok         2xx/3xx: accepted (3xx: go on).
//   throttle   the provider says "slow down": 421; 450/451 with 4.7.x (not
//              greylisting, nor words about authentication, reverse DNS or
//              TLS); any answer with rate wording ("rate limit",
//              "throttled", "too many connections/messages…", "sending limit
//              exceeded"; "too many recipients" is not: it asks for a smaller
//              transaction). The message is retried later; the quota scope pauses.
//              Its reason is rate_limited, or what a 421's words blame on our
//              setup (authentication, reverse DNS, TLS), or network for a
//              connection's enhanced code (4.4.0–4.4.4), or system for the
//              receiving system's (4.3.x: "421 4.3.2 Service not available"),
//              without rate words.
//   temporary  other 4xx: retried with backoff.
//   permanent  5xx: fails, with a bounce.
//
// bounce: null for ok. For permanent answers the bounce to record; for
// temporary and throttle answers what a failure would be if this answer were
// the last (always soft). Reasons (a closed list; `hard` suppresses the address):
//   user_unknown      hard  the mailbox does not exist (X.1.1, X.1.4, X.1.6, X.7.17, 551)
//   bad_domain        hard  the domain does not exist or takes no mail (X.1.2, X.1.10, X.4.4, X.7.18, 521/556 but with X.5.x)
//   bad_address       hard  the address is not valid syntax (X.1.3, 553)
//   mailbox_disabled  hard  the mailbox exists and refuses mail for good (X.2.1)
//   mailbox_full      soft  over quota (X.2.2, 552)
//   message_too_large soft  X.2.3, X.3.4
//   content           soft  the content was refused: media, virus (X.6.x)
//   spam              soft  the message was judged spam
//   blocked           soft  the sending host or domain is on a block list or has a poor reputation
//   policy            soft  refused by local policy (X.7.x otherwise, relaying, 554)
//   auth_required     soft  the server wants authentication or refused ours (X.7.0 with those words, X.7.8, 530/535)
//   dmarc             soft  sender authentication failed: SPF, DKIM, DMARC, reverse DNS (X.7.20–X.7.26)
//   tls_required      soft  the server requires encryption we did not offer (X.7.10, X.7.30)
//   rate_limited      soft  a throttle answer, or a recipient receiving mail too fast (not ours to pause for)
//   greylisted        soft  greylisting: try again later
//   network           soft  routing or connection trouble (X.4.x)
//   protocol          soft  a protocol or syntax error (X.5.x, 500–504)
//   system            soft  the receiving system's own trouble (X.3.x, 451)
//   expired           soft  delivery time expired (X.4.7)
//   other             soft  nothing above says more
//
// Order: a specific enhanced status code (RFC 3463, RFC 7372, RFC 7505)
// decides; a generic one (X.n.0, and X.7.1, X.2.1, X.7.9, which servers use for
// any refusal) yields to the text's wording; then the generic code's subject,
// then the basic reply code. A hard verdict also needs the words not to
// contradict it: "553 5.1.3 … spamhaus" is `blocked`, and a 5xx that says
// "temporarily" or "try again" is soft (a wrong hard bounce loses a contact for
// good; a wrong soft one costs a retry). The basic code's class decides
// temporary vs permanent (RFC 5321 clients act on it): "450 5.1.1" is temporary.
// Also throttles: X.4.5 (mail system congestion) on a 4xx.
import { HARD_REASONS, type BounceReason } from "./bounce-reason";
import { phraseReason } from "../smtp-in/bounces/phrases";

export interface Answer {
  /** The basic reply code, or null when the text is not an SMTP reply. */
  code: number | null;
  /** The RFC 3463 enhanced status code ("5.1.1"), when the server gave one. */
  enhanced: string | null;
  /** The human text, every line's, codes removed, joined with spaces. */
  text: string;
}

export { HARD_REASONS, type BounceReason } from "./bounce-reason";

export interface Classification {
  kind: "ok" | "throttle" | "temporary" | "permanent";
  bounce: null | { kind: "hard" | "soft"; reason: BounceReason };
}

const ENHANCED = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/;
const REPLY_LINE = /^(\d{3})(?:([ -])(.*))?$/;

/** Splits a (multi-line) SMTP reply into its code, enhanced code and text. */
export function parseAnswer(reply: string): Answer {
  const lines = reply.split(/\r\n|\n|\r/).map((l) => l.trim()).filter((l) => l !== "");
  let code: number | null = null;
  let enhanced: string | null = null;
  const texts: string[] = [];
  for (const line of lines) {
    const m = REPLY_LINE.exec(line);
    let rest = line;
    if (m && (code === null || Number(m[1]) === code)) {
      code ??= Number(m[1]);
      rest = (m[3] ?? "").trim();
    }
    const e = ENHANCED.exec(rest);
    if (e && (enhanced === null || e[0] === enhanced)) {
      enhanced ??= e[0];
      rest = rest.slice(e[0].length).trim();
    }
    if (rest) texts.push(rest);
  }
  return { code, enhanced, text: texts.join(" ") };
}

// ---- wording ------------------------------------------------------------------

// (a spam filter's rule named for a URI greylist, "URIBL_GREY … listed in the URIBL greylist", is no greylisting of the mail)
const GREYLIST = /(?<!uribl |uri |url )gr[ae]y-?\s?list/;

// Rate wording means the sender (our connection or scope) goes too fast. "too
// many" alone is not enough: "too many recipients" or "too many hops" are not.
const RATE_WORDS = new RegExp(
  [
    "rate[- ]?limit",
    "throttl",
    "too many (?:(?:concurrent|simultaneous|parallel|smtp|open|inbound) )*(?:connections|sessions|messages|mails|emails|e-mails|requests|deliveries|transactions|attempts|commands)",
    "too many (?:messages|mails|connections) (?:from|in|per)",
    "too many (?:recipients|messages|mails|connections) (?:this|per|in the last|in an?|an?) (?:hour|minute|day|second)",
    "slow down",
    "too much (?:mail|traffic|email) from",
    "sending (?:rate|limit|quota)",
    "(?:message|connection|submission|send) rate (?:limit|exceeded)",
    "limit for sending",
    "(?:daily|hourly) (?:user )?(?:sending|message|submission|outbound) (?:limit|quota)",
    "exceeded (?:the |your )?(?:maximum )?(?:rate|sending|message|connection)",
    "unexpected volume",
    "temporarily (?:deferred|rate)",
    "(?:sender|ip|connection|message) (?:is )?(?:sending )?too fast",
    "frequency limit",
  ].join("|"),
);

// A text rule: the reason it names, its wording, and whether that wording
// vetoes a hard verdict of the code (the answer's own words say the refusal is
// about the sender, the content or a passing condition, not the address).
type Rule = [BounceReason, RegExp, "veto"?];

// The reasons the text can name, most telling first. Written from RFC 5321's
// and the common MTAs' (Postfix, Exim, Exchange, qmail, Sendmail) phrasings.
const TEXT_RULES: Rule[] = [
  ["greylisted", GREYLIST, "veto"],
  // our IP blocked, whatever the block is called: "Email from 203.0.113.45 is currently blocked by Verizon Online's anti-spam system", "554 BL004 blocked for spam, IP 203.0.113.45"
  ["blocked", /(?:e-?mail|mail|messages?|connections?|traffic) from (?:ip )?\[?\d{1,3}(?:\.\d{1,3}){3}\]? (?:is|are|has been|have been) (?:currently |temporarily |permanently )?blocked|blocked for spam,? (?:from )?ip\b|\d{1,3}(?:\.\d{1,3}){3}\b[^.]{0,40}\bblocked for spam/, "veto"],
  ["rate_limited", /receiving (?:mail|messages|email) (?:at a rate|too (?:quickly|fast))|(?:at a|the) rate that prevents/, "veto"],
  // what the message carries or how it is written: named before any advice about authentication or spam that follows
  ["content", /(?<![a-z]-|anti )\bvirus(?![- ](?:scanned|version|status|checked|scan))|malware|(?:encrypted|password[- ]protected) (?:archive|zip|file|attachment|document)s?|パスワード付き|暗号化ZIP|not rfc ?(?:5322|2822|822)[- ]compliant|multiple addresses in (?:the )?from|duplicate (?:[\w-]+ )?header|header (?:'[^']*'|"[^"]*"|[\w-]+) (?:appears|is present|occurs) (?:more than once|multiple times|twice)|(?:missing|invalid|malformed|duplicate|multiple) (?:from|date|message-id|sender) headers?|(?:from|date|message-id) header (?:is )?(?:missing|malformed|invalid)/, "veto"],
  // refused as spam, whatever advice (SPF, DKIM) follows
  ["spam", /(?:rejected|refused|bounced)(?: \w+){0,3} (?:as|due to|because of|for) (?:(?:suspected|possible|likely|probable) )?spam\b|spam classification/, "veto"],
  ["dmarc", /\bdmarc\b|\bdkim\b|\bspf\b|sender policy framework|unauthenticated (?:e-?mail|mail|message|sender)|is unauthenticated|reverse (?:dns|hostname|host name|lookup|mapping)|cannot find your (?:reverse )?hostname|\bptr\b|\brdns\b|authentication (?:checks? )?(?:did not pass|failed) for (?:the )?(?:sender|domain)|(?:does not have|has no|lacks|without) (?:any )?authentication information|fails? to pass authentication|ip name (?:lookup failed|possibly forged)|(?:host ?name|domain|helo)[^.;]{0,30} (?:mismatch(?:es)?|does not match) (?:the )?(?:client|connecting|sending|your) ip/, "veto"],
  ["auth_required", /(?:only accepts?|accepts only|aceita (?:somente|apenas)|s[oó] aceita|solo acepta|acepta (?:solo|[uú]nicamente)|accetta solo|n'accepte que|akzeptiert nur|accepteert alleen)(?: [a-z]+){0,3} (?:from )?(?:authenticated|autenticad[oa]s|authentifi[ée]s|authentifizierte|geauthenticeerde|autenticati)|authentication (?:is )?required|must (?:first )?(?:authenticate|log ?in)|\bnot (?:authenticated|logged in)\b|(?:authentication|auth) (?:failed|failure|unsuccessful|credentials invalid)|mechanism is too weak|invalid (?:credentials|login|username or password)|username and password not accepted|\bsmtp auth\w*\b.*\b(?:required|disabled)|(?:turn on|enable|activate) (?:smtp )?auth(?:entication)?\b/, "veto"],
  // the sender's address (ours) refused: never the recipient's fault
  ["policy", /sender address rejected|sender (?:domain|address) (?:not found|unknown|invalid|does not exist|must)|sender verify failed|verification of sender|(?:bad|invalid|unknown) sender|sender (?:is )?(?:unknown|invalid)|(?:invalid|bad|unknown|unverifiable|unroutable) return[- ]path|return[- ]path(?: address| domain)? (?:rejected|refused|invalid|unknown|not (?:found|valid|verified|accepted|resolvable)|(?:does not|doesn'?t) (?:exist|resolve)|verification)/, "veto"],
  ["tls_required", /must (?:issue a )?starttls|(?:server |peer |remote )?certificate (?:not verified|verification failed|(?:has )?expired|is (?:not trusted|untrusted|invalid|expired))|tlsa (?:records? )?(?:for [^ ]+ )?(?:did not|do not|does not|don'?t|doesn'?t) match|\bdane\b[^.;]{0,40}(?:fail|mismatch|not match)|mta-sts (?:policy )?(?:failure|violation|mismatch|validation failed)|starttls (?:is )?required|(?:wasn'?t|was not|isn'?t|is not|not) (?:sent|delivered|transmitted) over (?:a )?(?:tls|ssl|secure|encrypted)|(?:tls|encryption|secure connection) (?:is )?(?:required|needed|mandatory)|\btls ?v?1\.[0-2](?: and (?:tls ?)?v?1\.[0-2])? (?:is |are )?(?:not supported|no longer supported|deprecated|disabled)|support tls ?v?1\.[23]/, "veto"],
  // the reporting MTA gave up retrying: whatever failed last, the message outlived its queue
  ["expired", /(?:giving|gave) up(?! on (?:\[?[0-9]|[a-z0-9-]+\.[a-z]))|(?:delivery|message|mail)(?: to (?:the following recipients?|[^ ]+))? (?:failed|was aborted|aborted|abandoned|was abandoned)(?: after)? [0-9]+(?:\.[0-9]+)? ?(?:attempts|tries|retries|hours?|hour\(s\)|days?|day\(s\))|(?:could not|couldn't) be delivered (?:for|in|within) (?:the (?:last|past) )?[0-9]+ (?:hours?|days?)|retry (?:time|timeout|period|limit) (?:exceeded|expired|reached)|(?:been|was|remained) (?:in|on) (?:the )?(?:mail )?queue (?:too long|for (?:more than )?[0-9]+)|too many (?:retries|delivery attempts)|maximum (?:queue |delivery )?(?:time|lifetime|retry time|retries|number of (?:retries|attempts))|(?:delivery|queue) (?:time|period|lifetime) (?:expired|exceeded)|message (?:has )?expired|expired in (?:the )?queue/, "veto"],
  // a DNS failure on the receiving side says nothing about the domain itself (unless the name server said NXDOMAIN: it does not exist)
  ["network", /^(?!.*nxdomain)(?:.*?)(?:name ?server (?:error|failure|reply|timeout|timed out|not responding)|\bdns\b[^.;]{0,40}(?:error|fail|timeout|timed out)|servfail|malformed or unexpected)/, "veto"],
  ["message_too_large", /message (?:size|length) (?:exceeds|limit|too)|(?:message|mail|email) (?:is |was )?too (?:big|large|long)|size (?:limit )?exceed|exceeds? (?:the )?(?:maximum |max\.? )?(?:message |allowed )?size|message too big|size of (?:the )?message/, "veto"],
  ["mailbox_full", /mailbox (?:is |was )?full|(?:inbox|mailbox|account|mail ?box|user) (?:is |has )?(?:over|exceeded|full|at) ?(?:its |the |his |her |their )?(?:quota|storage|capacity|limit)|over ?quota|quota ?(?:exceeded|full|limit)|exceeded (?:the |his |her |their |its )?(?:storage|quota|mailbox|disk)|storage allocation|insufficient (?:disk )?(?:space|storage) (?:for|in) (?:the )?(?:user|mailbox|recipient)|mailbox (?:size|quota) (?:limit|exceeded)/, "veto"],
  ["mailbox_disabled", /(?:account|mailbox|user|address|recipient)(?: \S+)? (?:is |has been |was )?(?:disabled|suspended|deactivated|inactive|dormant|closed|terminated|locked|frozen|expired|not active)|(?:disabled|inactive|dormant|suspended|deactivated|closed|expired) (?:account|mailbox|user|address)|no longer (?:active|in use|accepting|accepts? (?:mail|e-?mail|messages))/],
  ["bad_domain", /(?:host|domain)(?: name)? (?:not found|unknown|does not exist|doesn't exist|lookup failed|not resolvable)|unknown (?:host|domain)|no (?:mx|mail exchanger|such domain|mail servers?)\b|nxdomain|unrouteable (?:mail )?(?:domain|address)|does not accept (?:e-?)?mail|null mx|domain (?:is )?(?:not|no longer) (?:valid|in use|registered)/],
  ["user_unknown", /user(?:name)? (?:unknown|not found|does not exist|doesn't exist|not exist|invalid)|unknown (?:user|recipient|mailbox|local[- ]?part|address|account|alias)|no such (?:user|mailbox|recipient|account|address|person|local ?user)|(?:mailbox|recipient|address|account|e-?mail (?:account|address)|addressee|alias)(?: \S+)? (?:does not|doesn't|did not) exist|(?:recipient|mailbox|address|addressee|destination)(?: address)? (?:not found|unknown|invalid|not valid|unavailable|not available|not exist)|invalid (?:recipient|mailbox|user|address|destination|e-?mail address)|(?:is not|isn't) a valid (?:mailbox|recipient|user|address)|no mailbox|bad destination mailbox|not (?:a )?(?:valid|known) (?:user|recipient)|not our customer|not listed in|undeliverable address|user not local|(?:does not|doesn't) have an? (?:\S+ )?(?:account|mailbox)|no (?:longer )?(?:valid|such) (?:e-?mail )?(?:address|user)|mailbox name not allowed|recipient verification failed|unable to verify (?:the )?(?:recipient|user|address)/],
  // a low sending reputation is a block of our host or domain, even where the message is also called suspicious
  ["blocked", /(?:low|poor|bad|negative) (?:sending |sender |ip |domain )?reputation|reputation of (?:the |your )?(?:sending|sender)|client host (?:\[[^\]]*\] )?(?:is )?(?:blocked|blacklisted|block ?listed)|(?:source |sending |client )?ip (?:address )?(?:\[?\d{1,3}(?:\.\d{1,3}){3}\]? )?(?:is |has been |was )?(?:blocked|blacklisted|block ?listed)(?! (?:by|in|on) (?:the )?(?:recipient|user)'?s? )/, "veto"],
  // a bulk sender's requirement the message does not meet (RFC 8058 one-click unsubscribe): the provider's rule, not spam
  ["policy", /one[- ]click unsubscribe|list-unsubscribe(?:-post)?|rfc ?8058|unsubscribe (?:header|link) (?:is )?(?:required|missing)/, "veto"],
  // a link in the message on a URI block list (SURBL, URIBL, Spamhaus DBL) judges the content, not our host
  ["spam", /\b(?:surbl|uribl)\b|\b(?:url|uri|link) (?:in (?:the )?(?:message |body |message body ))?(?:that )?(?:is |was )?(?:listed|black ?listed|block ?listed|(?:on|in) a (?:block|black|deny) ?list)|listed (?:url|uri|link)|\bspam(?!haus|cop)|unsolicited|junk ?mail|bulk e?-?mail|consid[ée]r[ée]e? comme ind[ée]sirable|(?:courrier|contenu|message) ind[ée]sirable|correo no deseado|posta indesiderata|ongewenste (?:e-?mail|mail|inhoud)|unerw[üu]nschte (?:e-?mail|werbung|nachricht)|phish|content (?:filter|rejected)|\bdt:spm\b|垃圾邮件|垃圾郵件|スパム|스팸|спам|message (?:content )?(?:was )?(?:rejected|refused|blocked) (?:as|because|due)(?! to (?:local |our |site |administrative )?polic)(?!(?: of| to)? (?:it |the message )?(?:contains?|contained|has|had|includes?|carries|carried) (?:an? |the |one or more )?(?:[a-z-]+ ){0,2}(?:attachments?|files?|virus|malware|macros?|executables?))(?! (?:of )?(?:its|the|your) (?:message |e-?mail )?content)|suspicious/, "veto"],
  // amavisd-new's verdict after its id ("554 5.7.0 Reject, id=28411-07 - BANNED: …", "- BAD-HEADER"): the message's parts or headers
  ["content", /\bid=[\w.-]+ - (?:banned|bad-header)\b|infected|attachment|\bmime\b|(?:content|media) (?:type )?not (?:supported|allowed|accepted)|banned (?:file|content)|content (?:violates|is (?:not allowed|prohibited|forbidden))|(?:prohibited|forbidden|disallowed) content|(?:because(?: of)?|due to|based on) (?:the |its |your )?(?:message |e-?mail )?content(?![a-z-])/, "veto"],
  ["blocked", /(?:e-?mails?|messages?|courriels?|mails?) (?:[a-z.]+ ){0,6}(?:ont|a) (?:é|e)t(?:é|e) bloqu(?:é|e)e?s?|client host (?:\[[^\]]*\] )?rejected|service refused|block ?list|black ?list|deny ?list|\bblocked\b(?! by (?:(?:the|their|our|its|your|local|site|e-?mail|mail|content|organi[sz]ation'?s?|recipient'?s?) ){0,3}polic)|\blisted\b|\bbanned\b|\brbl\b|dnsbl|spamhaus|spamcop|barracuda|sorbs|reputation|not accepting (?:mail|messages|connections) from|refused (?:to talk|connection)|dynamic (?:ip|address|pool|range)|dial-?up|residential (?:ip|address|range)|(?:smtp|mail|outgoing) (?:server|relay) of your (?:isp|provider)|your (?:isp|provider)'?s? (?:smtp|mail|outgoing|relay)|relay at your (?:service |internet )?provider|not authori[sz]ed to send (?:e-?mail )?directly|(?:traffic|mail|messages|connections) not accepted from (?:this|your) (?:ip|address|host|network)|(?:all )?(?:messages|mail|e-?mails|connections|traffic) from (?:ip )?\[?\d{1,3}(?:\.\d{1,3}){3}\]? (?:will be|are|have been|has been|is)(?: \w+)? (?:deferred|rejected|refused|blocked|denied|not accepted)/, "veto"],
  ["policy", /(?:will not|won't|cannot|can't|does not|did not) accept (?:delivery of )?(?:this|the|your) (?:message|mail|e-?mail)|polic|not (?:authori[sz]ed|permitted|allowed)|relay(?:ing)? (?:access )?(?:denied|not permitted|not allowed|prohibited)|(?:use|using) me (?:\[[^\]]*\] )?as a relay|access denied|administrative|message filtered|filtered by|prohibited|rejected|(?<!connection )refused|denied/],
  ["network", /network|unreachable|no route to host|(?:host|server) (?:is )?not responding|no response from (?:the )?(?:remote )?(?:host|server)|timed? ?out|connection (?:refused|reset|lost|closed|dropped|failed|attempts? failed)|routing|loop|did not accept (?:our )?(?:requests? to connect|(?:the )?connection)|(?:could not|couldn't|unable to|failed to|cannot) (?:connect|establish (?:a )?connection)/],
  ["protocol", /synchroni[sz]ation error|bare <?lf>?(?![a-z])|bare (?:line ?feeds?|newlines?|carriage returns?)|smtputf8 is required|syntax error|command (?:parameters? )?(?:not recogni[sz]ed|unrecogni[sz]ed|not implemented|unknown)|parameters? not (?:implemented|recogni[sz]ed)|bad sequence|bad command|protocol|pipelining|line too long|invalid command|too many recipients/],
  ["system", /system (?:error|problem|failure|is busy|not available)|internal (?:error|server)|local (?:error|problem)|temporar(?:y|ily) (?:failure|unavailable|error|problem)|try again later|service (?:(?:is |currently |temporarily )*)(?:not |un)available|resources? (?:temporarily )?unavailable|insufficient system storage/],
];

// A permanent code with these words is not a verdict on the address.
const PASSING = /temporar|try again|retry later/;

/** What a dead address's words yield to: our host blocked, our message called spam. */
const BLAME_US = new Set<BounceReason>(["blocked", "spam"]);

/**
 * The first rule the words match; a dead address's (user unknown, no such
 * domain) yields to later words that blame our host or our message ("Mailbox
 * unavailable. Your IP is blacklisted"): a wrong hard bounce loses a contact
 * for good. Not to content words: a copy of the headers ("MIME-Version") says nothing.
 */
function textRule(lower: string): Rule | null {
  let found: Rule | null = null;
  // the words besides the dead address's own ("not listed in the directory" names no block list)
  let rest = lower;
  for (const rule of TEXT_RULES) {
    if (!found) {
      if (!rule[1].test(lower)) continue;
      if (!HARD_REASONS.has(rule[0])) return rule;
      found = rule;
      rest = lower.replace(new RegExp(rule[1].source, "g"), " ");
    } else if (BLAME_US.has(rule[0]) && rule[1].test(rest)) return rule;
  }
  return found;
}

// ---- codes --------------------------------------------------------------------

// Specific enhanced codes: subject.detail → reason (RFC 3463, 5248's registry, 7372, 7505, 7293, 8689).
const SPECIFIC: Record<string, BounceReason> = {
  "1.1": "user_unknown",
  "1.2": "bad_domain",
  "1.3": "bad_address",
  "1.4": "user_unknown",
  "1.6": "user_unknown",
  "1.7": "policy", // the sender's address (ours), not the recipient's
  "1.8": "policy",
  "1.10": "bad_domain", // null MX
  "2.1": "mailbox_disabled",
  "2.2": "mailbox_full",
  "2.3": "message_too_large",
  "2.4": "policy",
  "3.1": "system",
  "3.2": "system",
  "3.3": "content",
  "3.4": "message_too_large",
  "3.5": "system",
  "4.1": "network",
  "4.2": "network",
  "4.3": "network",
  "4.4": "bad_domain", // unable to route: no MX, no address
  "4.5": "rate_limited", // mail system congestion
  "4.6": "network", // routing loop
  "4.7": "expired",
  "5.1": "protocol",
  "5.2": "protocol",
  "5.3": "protocol", // too many recipients
  "5.4": "protocol",
  "5.5": "protocol",
  "5.6": "protocol",
  "6.1": "content",
  "6.2": "content",
  "6.3": "content",
  "6.4": "content",
  "6.5": "content",
  "6.6": "content",
  // RFC 6531: an internationalised address the host cannot take (no SMTPUTF8): the protocol, not the content
  "6.7": "protocol",
  "6.8": "content",
  "6.9": "content",
  "6.10": "content",
  "7.2": "policy",
  "7.3": "content",
  "7.4": "tls_required",
  "7.5": "content",
  "7.6": "content",
  "7.7": "content",
  "7.8": "auth_required",
  // 7.9 (mechanism too weak) also answers DATA for policy refusals: the words decide
  "7.10": "tls_required",
  "7.11": "tls_required",
  "7.12": "auth_required",
  "7.13": "auth_required", // the sending account (ours) is disabled
  "7.14": "auth_required",
  "7.15": "policy",
  "7.16": "message_too_large",
  "7.17": "user_unknown", // mailbox owner has changed
  "7.18": "bad_domain", // domain owner has changed
  "7.19": "policy",
  "7.20": "dmarc",
  "7.21": "dmarc",
  "7.22": "dmarc",
  "7.23": "dmarc",
  "7.24": "dmarc",
  "7.25": "dmarc",
  "7.26": "dmarc",
  // Microsoft's sender requirements: the domain fails authentication (5.7.509 DMARC, 5.7.515 the required level)
  // Exchange Online: the recipient's hourly receiving limit, from this sender (5.2.121) or from everyone (5.2.122)
  "2.121": "rate_limited",
  "2.122": "rate_limited",
  "7.509": "dmarc",
  "7.515": "dmarc",
  "7.27": "policy", // our sender's domain has a null MX
  "7.30": "tls_required",
};

// What a generic code's subject says when the text says nothing more.
const SUBJECT_DEFAULT: Record<string, BounceReason> = {
  "1": "other", // X.1.0: may be the sender's or the recipient's address
  "2": "other",
  "3": "system",
  "4": "network",
  "5": "protocol",
  "6": "content",
  "7": "policy",
};

function basicReason(code: number): BounceReason {
  switch (code) {
    case 421:
      return "rate_limited";
    case 451:
    case 452:
    case 454:
      return "system";
    case 432:
    case 530:
    case 534:
    case 535:
    case 538:
      return "auth_required";
    case 500:
    case 501:
    case 502:
    case 503:
    case 504:
    case 555:
      return "protocol";
    case 521:
    case 556:
      return "bad_domain";
    case 551:
      return "user_unknown";
    case 552:
      return "mailbox_full";
    case 553:
      return "bad_address";
    case 554:
      return "policy";
    default:
      return "other";
  }
}

function reasonFor(code: number, enhanced: string | null, lower: string): BounceReason {
  const e = enhanced ? ENHANCED.exec(enhanced) : null;
  const key = e ? `${Number(e[2])}.${Number(e[3])}` : null;
  const rule = textRule(lower);
  // X.7.1 ("delivery not authorized") and X.2.1 (which RFC 3463 itself calls
  // permanent or transient) are used for any refusal: the words decide.
  // Exchange Online answers a recipient missing from its directory (Directory-Based Edge Blocking) with 5.4.1
  if (key === "4.1" && /recipient address rejected: access denied/.test(lower)) return "user_unknown";
  // …and a domain its tenant does not accept with "5.4.1 Relay Access Denied": X.4.1 (no answer from host) the words contradict
  if (key === "4.1" && /relay(?:ing)? (?:access )?denied|access denied/.test(lower)) return "policy";
  // …and a recipient missing from it with X.1.10 (RFC 7505's null MX elsewhere): the words say which
  if (key === "1.10" && rule?.[0] === "user_unknown") return "user_unknown";
  // 521 and 556 (RFC 7504, 7505): the host or domain takes no mail, whatever the enhanced code, unless the words say why else
  // (a protocol status, X.5.x, says why else: "521 5.5.2 Error: bare <LF> received")
  if ((code === 521 || code === 556) && (!rule || rule[0] === "bad_domain") && !(e && Number(e[2]) === 5)) return "bad_domain";
  // X.7.27 is RFC 7505's null MX of our sender's domain; Gmail also answers unauthenticated mail with it, and Yahoo its
  // DMARC refusals with 5.7.2 ("Message rejected due to the sender domain's DMARC policy"): a security code the words name
  // (and X.7.5, "cryptographic failure", is Postfix's for a TLS certificate it could not verify (DANE, MTA-STS): the words say so)
  const specific = key && key !== "7.1" && key !== "2.1" && !(key.startsWith("7.") && (rule?.[0] === "dmarc" || rule?.[0] === "tls_required")) ? SPECIFIC[key] : undefined;
  if (specific) {
    // a hard verdict needs the answer's words not to contradict it
    if (HARD_REASONS.has(specific) && rule?.[2] === "veto") return rule[0];
    return specific;
  }
  // a refusal in general words ("Message rejected: header contains raw 8-bit characters") with a media code (X.6.x): the content
  if (rule && rule[0] === "policy" && rule[2] === undefined && e && Number(e[2]) === 6) return "content";
  if (rule) return rule[0];
  // the words in another language ("550 Benutzer unbekannt", "550 Destinataire inconnu"): the report reader's phrase table
  const phrase = phraseReason(lower, enhanced);
  if (phrase) return phrase;
  if (key === "2.1") return "mailbox_disabled";
  if (e) return SUBJECT_DEFAULT[String(Number(e[2]))] ?? "other";
  return basicReason(code);
}

/**
 * Words of a 4.7.x answer that name our setup (authentication, reverse DNS, TLS) or a block of our
 * host by that receiver, not our pace: pausing the whole scope would stop mail to every other domain.
 */
const NOT_PACE = new Set<BounceReason>(["dmarc", "auth_required", "tls_required", "blocked"]);

function isThrottle(code: number, enhanced: string | null, lower: string): boolean {
  if (GREYLIST.test(lower)) return false;
  if (code === 421) return true;
  if (RATE_WORDS.test(lower)) return true;
  if (code >= 400 && code < 500 && enhanced && /^4\.4\.5$/.test(enhanced)) return true;
  if (!((code === 450 || code === 451) && enhanced !== null && enhanced.startsWith("4.7."))) return false;
  // "450 4.7.1 Client host rejected: cannot find your reverse hostname", "451 4.7.1 … blocked using zen.spamhaus.org": retried, the scope is not paused
  const rule = textRule(lower);
  return !(rule && NOT_PACE.has(rule[0]));
}

/**
 * What an answer means (see the top of this file). `code` null (no reply,
 * e.g. a dropped connection) is read by the enhanced code's class, else as
 * temporary.
 */
export function classifyAnswer(code: number | null, enhanced: string | null, text: string): Classification {
  const cls = code !== null ? Math.floor(code / 100) : enhanced ? Number(enhanced[0]) : 4;
  if (cls === 2 || cls === 3) return { kind: "ok", bounce: null };
  const basic = code ?? cls * 100;
  const lower = text.toLowerCase();
  if (isThrottle(basic, enhanced, lower)) {
    // a 421 about our authentication or TLS pauses like any other, but a failure it leads to is named for its cause
    // and one whose enhanced code names a connection problem ("421 4.4.2 … timeout exceeded": an idle session closed) is one
    const rule = textRule(lower);
    const pace = RATE_WORDS.test(lower);
    // …and one whose enhanced code names the receiving system ("421 4.3.2 Service not available") is the system's
    // ("rate limited because this message wasn't sent over a TLS connection": the cause the words give is the reason)
    const named =
      rule && NOT_PACE.has(rule[0]) && (!pace || /\bbecause\b/.test(lower)) ? rule[0] : enhanced && /^4\.4\.[0-4]$/.test(enhanced) && !pace ? "network" : enhanced && /^4\.3\.\d{1,3}$/.test(enhanced) && !pace ? "system" : "rate_limited";
    return { kind: "throttle", bounce: { kind: "soft", reason: named } };
  }
  const reason = reasonFor(basic, enhanced, lower);
  if (cls === 5) return { kind: "permanent", bounce: { kind: HARD_REASONS.has(reason) && !PASSING.test(lower) ? "hard" : "soft", reason } };
  return { kind: "temporary", bounce: { kind: "soft", reason } };
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A retry time the text states ("try again in 5 minutes", "retry after 300
 * seconds"), in milliseconds, clamped to [1 s, 24 h]; null when it states none.
 */
export function statedRetryMs(text: string): number | null {
  const m = /\b(?:try(?:ing)? again|retry|again|wait|come back|resume)\b[^.;]{0,30}?\b(?:in|after|for)\s+(\d{1,6})\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)\b/i.exec(text);
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]![0]!.toLowerCase()]!;
  return Math.min(Math.max(ms, 1_000), 86_400_000);
}
