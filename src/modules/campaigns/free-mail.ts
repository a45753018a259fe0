// Mailbox providers where one address says nothing about a company: a reply
// from jane@gmail.com must never stop everyone else at gmail.com
// (company_on_reply). The big consumer providers and their country domains.
const FREE_MAIL = new Set([
  "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "hotmail.co.uk", "hotmail.fr", "hotmail.de", "hotmail.it", "hotmail.es",
  "live.com", "live.co.uk", "live.fr", "live.de", "msn.com", "yahoo.com", "yahoo.co.uk", "yahoo.fr", "yahoo.de", "yahoo.es", "yahoo.it",
  "yahoo.co.jp", "yahoo.com.br", "ymail.com", "rocketmail.com", "aol.com", "aim.com", "icloud.com", "me.com", "mac.com", "proton.me",
  "protonmail.com", "pm.me", "tutanota.com", "tuta.io", "gmx.com", "gmx.net", "gmx.de", "gmx.at", "gmx.ch", "web.de", "t-online.de",
  "freenet.de", "posteo.de", "mailbox.org", "mail.com", "zoho.com", "zohomail.com", "yandex.com", "yandex.ru", "mail.ru", "inbox.ru",
  "bk.ru", "list.ru", "rambler.ru", "qq.com", "163.com", "126.com", "sina.com", "naver.com", "daum.net", "hanmail.net", "orange.fr",
  "wanadoo.fr", "free.fr", "laposte.net", "sfr.fr", "libero.it", "virgilio.it", "alice.it", "tiscali.it", "btinternet.com", "sky.com",
  "virginmedia.com", "comcast.net", "verizon.net", "att.net", "sbcglobal.net", "bellsouth.net", "cox.net", "charter.net", "earthlink.net",
  "rediffmail.com", "seznam.cz", "wp.pl", "o2.pl", "interia.pl", "onet.pl", "bluewin.ch", "telenet.be", "skynet.be", "ziggo.nl",
  "kpnmail.nl", "hetnet.nl", "xs4all.nl", "uol.com.br", "bol.com.br", "terra.com.br", "fastmail.com", "fastmail.fm", "hey.com", "duck.com",
]);

export const isFreeMail = (domain: string) => FREE_MAIL.has(domain.toLowerCase());
