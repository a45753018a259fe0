import { describe, expect, test } from "bun:test";
import { type Hit, judgeHit } from "../../src/modules/tracking/machine.ts";
import { compileCidrs, inCidrs, parseAddress } from "../../src/modules/tracking/cidr.ts";
import { parseIp } from "../../src/lib/net/address-policy.ts";

const SENT = Date.parse("2026-03-02T09:00:00Z");
const LATER = SENT + 3_600_000;

// Real user agents, as logged by tracking servers and listed in UA databases.
const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  cubotPhone: "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  appleMailMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)",
  mppBare: "Mozilla/5.0",
  googleProxy: "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)",
  outlookProxy:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36 Edge/12.246",
  outlookDesktop: "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)",
  officeDiscovery: "Microsoft Office Existence Discovery",
};

const ADDR = {
  residential: "81.2.69.160",
  residentialV6: "2a02:c7c:5b5e:a300:1c3a:9f5e:24c1:7d12",
  apple: "17.58.101.7",
  appleMapped: "::ffff:17.58.101.7",
  eop: "40.107.22.81", // 40.107.0.0/16
  eop2: "52.101.4.9", // 52.100.0.0/14
  eop3: "104.47.17.200", // 104.47.0.0/17
  eopV6: "2a01:111:f403:c201::5",
  google: "66.249.84.12",
};

function hit(over: Partial<Hit> = {}): Hit {
  return {
    kind: "open",
    method: "GET",
    userAgent: UA.chromeWindows,
    ip: ADDR.residential,
    headers: { purpose: null, secPurpose: null, xMoz: null, secFetchMode: null },
    at: LATER,
    sentAt: SENT,
    linkIndex: null,
    links: 3,
    recentClickedLinks: 0,
    ...over,
  };
}
const click = (over: Partial<Hit> = {}) => hit({ kind: "click", linkIndex: 0, ...over });

const human = { machine: false, reason: null };
const machine = (reason: string) => ({ machine: true, reason });

describe("people", () => {
  test("a browser open and a browser click an hour after sending are human", () => {
    expect(judgeHit(hit())).toEqual(human);
    expect(judgeHit(click())).toEqual(human);
    expect(judgeHit(click({ userAgent: UA.safariIphone, ip: ADDR.residentialV6 }))).toEqual(human);
  });

  test("a phone whose model name ends in 'bot' (Cubot) is not a bot", () => {
    expect(judgeHit(click({ userAgent: UA.cubotPhone }))).toEqual(human);
  });

  test("Apple Mail without MPP, from the reader's own network, is a real open", () => {
    expect(judgeHit(hit({ userAgent: UA.appleMailMac }))).toEqual(human);
  });

  test("an image load marked no-cors by Sec-Fetch-Mode is still an open", () => {
    expect(judgeHit(hit({ headers: { purpose: null, secPurpose: null, xMoz: null, secFetchMode: "no-cors" } }))).toEqual(human);
  });
});

describe("Google Image Proxy", () => {
  test("a Gmail open through the proxy is human, from Google's network, even seconds after sending", () => {
    expect(judgeHit(hit({ userAgent: UA.googleProxy, ip: ADDR.google }))).toEqual(human);
    expect(judgeHit(hit({ userAgent: UA.googleProxy, ip: ADDR.google, at: SENT + 1_000 }))).toEqual(human);
  });
});

describe("Microsoft", () => {
  test("Outlook's image proxy opens from Exchange Online addresses are human", () => {
    for (const ip of [ADDR.eop, ADDR.eop2, ADDR.eop3, ADDR.eopV6]) {
      expect(judgeHit(hit({ userAgent: UA.outlookProxy, ip }))).toEqual(human);
    }
    expect(judgeHit(hit({ userAgent: UA.outlookDesktop }))).toEqual(human);
  });

  test("a click from Exchange Online addresses is Safe Links detonating the link", () => {
    for (const ip of [ADDR.eop, ADDR.eop2, ADDR.eop3, ADDR.eopV6, `::ffff:${ADDR.eop}`]) {
      expect(judgeHit(click({ userAgent: UA.outlookProxy, ip }))).toEqual(machine("microsoft_safe_links"));
    }
  });

  test("a click fetched by an Office app itself is a machine, wherever it comes from", () => {
    expect(judgeHit(click({ userAgent: UA.officeDiscovery }))).toEqual(machine("microsoft_safe_links"));
    expect(judgeHit(click({ userAgent: UA.outlookDesktop }))).toEqual(machine("microsoft_safe_links"));
  });

  test("addresses next to the ranges are not Microsoft's", () => {
    expect(judgeHit(click({ ip: "40.108.0.1" }))).toEqual(human); // past 40.107.0.0/16
    expect(judgeHit(click({ ip: "40.91.255.255" }))).toEqual(human); // below 40.92.0.0/15
    expect(judgeHit(click({ ip: "104.47.128.1" }))).toEqual(human); // past 104.47.0.0/17
    expect(judgeHit(click({ ip: "2a01:111:f402::1" }))).toEqual(human); // between the two /48s
  });
});

describe("Apple Mail Privacy Protection", () => {
  test("an open from Apple's 17/8 with the MPP user agent is the proxy prefetching", () => {
    expect(judgeHit(hit({ userAgent: UA.mppBare, ip: ADDR.apple }))).toEqual(machine("apple_mpp"));
    expect(judgeHit(hit({ userAgent: UA.appleMailMac, ip: ADDR.apple }))).toEqual(machine("apple_mpp"));
    expect(judgeHit(hit({ userAgent: UA.mppBare, ip: ADDR.appleMapped }))).toEqual(machine("apple_mpp"));
  });

  test("the same user agent outside Apple's network, or a Safari click from it, is not MPP", () => {
    expect(judgeHit(hit({ userAgent: UA.mppBare, ip: ADDR.residential }))).toEqual(human);
    expect(judgeHit(hit({ userAgent: UA.safariIphone, ip: ADDR.apple }))).toEqual(human);
    expect(judgeHit(click({ userAgent: UA.appleMailMac, ip: ADDR.apple }))).toEqual(human);
  });
});

describe("request shape", () => {
  test("HEAD is a link checker, for opens and clicks", () => {
    expect(judgeHit(hit({ method: "HEAD" }))).toEqual(machine("head_request"));
    expect(judgeHit(click({ method: "head" }))).toEqual(machine("head_request"));
  });

  test("prefetch markers: Purpose, Sec-Purpose (with parameters), X-Moz", () => {
    const h = (headers: Partial<Hit["headers"]>) => ({ purpose: null, secPurpose: null, xMoz: null, ...headers });
    expect(judgeHit(click({ headers: h({ purpose: "prefetch" }) }))).toEqual(machine("prefetch"));
    expect(judgeHit(click({ headers: h({ secPurpose: "prefetch;prerender" }) }))).toEqual(machine("prefetch"));
    expect(judgeHit(hit({ headers: h({ xMoz: "prefetch" }) }))).toEqual(machine("prefetch"));
  });

  test("no user agent at all, or a blank one", () => {
    expect(judgeHit(hit({ userAgent: null }))).toEqual(machine("no_user_agent"));
    expect(judgeHit(click({ userAgent: "  " }))).toEqual(machine("no_user_agent"));
  });
});

describe("scanner user agents", () => {
  const scanners = [
    "curl/8.5.0",
    "Wget/1.21.4",
    "python-requests/2.31.0",
    "Python-urllib/3.11",
    "Go-http-client/1.1",
    "Java/17.0.2",
    "okhttp/4.12.0",
    "Apache-HttpClient/4.5.14 (Java/17.0.8)",
    "libwww-perl/6.72",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36",
    "Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)",
    "Barracuda Sentinel (EE)",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Mimecast-URL-Protect",
    "Proofpoint URL Defense",
    "Cisco IronPort URL Filter",
    "Symantec Web Security Service",
    "Trend Micro URL Scanner",
    "Sophos Email URL Scanner",
    "FortiGuard URL Rating",
  ];
  for (const ua of scanners) {
    test(ua, () => {
      expect(judgeHit(click({ userAgent: ua }))).toEqual(machine("scanner_user_agent"));
      expect(judgeHit(hit({ userAgent: ua }))).toEqual(machine("scanner_user_agent"));
    });
  }
});

describe("click timing", () => {
  test("a click within 5 s of sending is a scanner at the gateway; at 5 s it is allowed", () => {
    expect(judgeHit(click({ at: SENT + 2_000 }))).toEqual(machine("click_too_soon"));
    expect(judgeHit(click({ at: SENT + 4_999 }))).toEqual(machine("click_too_soon"));
    expect(judgeHit(click({ at: SENT + 5_000 }))).toEqual(human);
  });

  test("an open soon after sending is not judged by time (people read new mail at once)", () => {
    expect(judgeHit(hit({ at: SENT + 1_000 }))).toEqual(human);
  });

  test("an unsent message's click (no sentAt) skips the timing rule", () => {
    expect(judgeHit(click({ sentAt: null, at: SENT }))).toEqual(human);
  });

  test("a third distinct link within 10 s is a scanner following every link", () => {
    expect(judgeHit(click({ linkIndex: 2, links: 3, recentClickedLinks: 2 }))).toEqual(machine("all_links_clicked"));
    expect(judgeHit(click({ linkIndex: 5, links: 12, recentClickedLinks: 4 }))).toEqual(machine("all_links_clicked"));
  });

  test("a person clicking both links of a two-link message, or a second link, is human", () => {
    expect(judgeHit(click({ linkIndex: 1, links: 2, recentClickedLinks: 1 }))).toEqual(human);
    expect(judgeHit(click({ linkIndex: 1, links: 8, recentClickedLinks: 1 }))).toEqual(human);
  });
});

describe("CIDR lists", () => {
  const list = compileCidrs(["17.0.0.0/8", "10.1.2.3/32", "2a01:111:f400::/48", "2001:db8:8000::/33"]);

  test("IPv4 bounds and exact hosts", () => {
    expect(inCidrs(parseAddress("17.0.0.0"), list)).toBe(true);
    expect(inCidrs(parseAddress("17.255.255.255"), list)).toBe(true);
    expect(inCidrs(parseAddress("16.255.255.255"), list)).toBe(false);
    expect(inCidrs(parseAddress("18.0.0.0"), list)).toBe(false);
    expect(inCidrs(parseAddress("10.1.2.3"), list)).toBe(true);
    expect(inCidrs(parseAddress("10.1.2.4"), list)).toBe(false);
  });

  test("IPv6, including a prefix that ends inside a group, and mapped IPv4", () => {
    expect(inCidrs(parseAddress("2a01:111:f400:ffff::1"), list)).toBe(true);
    expect(inCidrs(parseAddress("2A01:0111:F400::"), list)).toBe(true);
    expect(inCidrs(parseAddress("2a01:111:f401::1"), list)).toBe(false);
    expect(inCidrs(parseAddress("2001:db8:8000::1"), list)).toBe(true);
    expect(inCidrs(parseAddress("2001:db8:ffff::1"), list)).toBe(true);
    expect(inCidrs(parseAddress("2001:db8:7fff::1"), list)).toBe(false);
    expect(inCidrs(parseAddress("::ffff:17.1.2.3"), list)).toBe(true);
    expect(inCidrs(parseAddress("::ffff:1101:0203"), list)).toBe(true); // 17.1.2.3 in hex
    expect(inCidrs(parseAddress("[2a01:111:f400::9]"), list)).toBe(true);
  });

  test("non-canonical IPv4 text means what fetch and inet_aton say it means", () => {
    expect(inCidrs(parseAddress("021.1.2.3"), list)).toBe(true); // octal 021 = 17
    expect(inCidrs(parseAddress("017.1.2.3"), list)).toBe(false); // octal 017 = 15
    expect(inCidrs(parseAddress("17.0.0"), list)).toBe(true); // 17.0.0.0, short form
    expect(inCidrs(parseAddress("17"), list)).toBe(false); // 0.0.0.17
  });

  test("the fast IPv6 reading agrees with the shared parser", () => {
    const samples = ["::", "::1", "1::", "2a01:111:f400::9", "2A02:C7C:5B5E:A300:1C3A:9F5E:24C1:7D12", "fe80::1:2", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "2001:db8:0:0:1:0:0:1"];
    for (const ip of samples) {
      const shared = parseIp(ip);
      expect(shared?.version).toBe(6);
      expect(parseAddress(ip)).toEqual({ v4: -1, v6: shared?.version === 6 ? shared.groups : [] });
    }
    for (const bad of [":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::1", "1::2:3:4:5:6:7:8", "g::1", ":1::", "1:"]) {
      expect(parseAddress(bad)).toBeNull();
    }
  });

  test("garbage is in no list", () => {
    for (const bad of ["", "17.0.0.256", "17.0.0.0.1", "017.0.0.1x", "not-an-ip", "1::2::3", "17.0.0.0/8", "17.1.2.3 "]) {
      expect(inCidrs(parseAddress(bad), list)).toBe(false);
    }
  });

  test("a malformed entry is refused when compiling", () => {
    expect(() => compileCidrs(["17.0.0.0/33"])).toThrow();
    expect(() => compileCidrs(["nope/8"])).toThrow();
  });
});
