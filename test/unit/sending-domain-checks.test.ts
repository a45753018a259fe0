// The judges of a sending domain's records: what DNS answered → verified, missing or mismatch.
import { describe, expect, test } from "bun:test";
import { judgeDkim, judgeDmarc, judgeReturnPath, judgeSpf, judgeTracking, tagList } from "../../src/modules/sending/domains/checks";

const P = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA36NS+bbXvJA/Uf/BTjqnZg/UcPFcBX4rXC37bXY42125V9PTyU9kAY4/9y1x29vDINvWk2CKcGB1ZoPVJvyxxBh9PAvgabVcU14cQNxo46ds+yNFRJFpH+nTPFWdG7797cU3b4WzmY4e6eY/V9wLhw5gZS00EZdt12D5rcIbMjzVHhseqMzUCfjNRw7j/s7NJsKOYs0ypS9jR5xwiIzRxz5v4ycDtPwGg1IP+iHRYzm5+lkQIsAQA65PDL6m65PGCppd6HsOs9gcvHWxK7zqQZ4005goGd941NS1YltfWZ6lWq0hfU8ewXxrbbjno3w/eQdK4Krmv3yRYRlXjV/UaQIDAQAB";
const RSA = `v=DKIM1; k=rsa; p=${P}`;
const ED = "v=DKIM1; k=ed25519; p=tny5GChgv/8HU3a++yqG9togaezqgG72CDzAs3RoXxo=";
const HOST = "mta.nearbound.test";

describe("tagList", () => {
  test("splits on semicolons, trims around tags and values, lower-cases names", () => {
    expect([...tagList(" v=DKIM1 ;K = rsa; p= abc ;; t=s:y")]).toEqual([
      ["v", "DKIM1"],
      ["k", "rsa"],
      ["p", "abc"],
      ["t", "s:y"],
    ]);
  });
});

describe("judgeDkim", () => {
  test("our record verifies, also with other tags, tags in another order, folding whitespace in p= and k= left to its default (rsa)", () => {
    expect(judgeDkim(RSA, [RSA]).status).toBe("verified");
    expect(judgeDkim(RSA, [`p=${P.slice(0, 200)} ${P.slice(200)}; t=s; h=sha256; v=DKIM1`]).status).toBe("verified");
    expect(judgeDkim(RSA, [`v=DKIM1; p=${P}`]).status).toBe("verified");
    expect(judgeDkim(ED, ["unrelated", ED]).status).toBe("verified");
  });

  test("no record is missing; another key, another key type or another version is mismatch with the records found", () => {
    expect(judgeDkim(RSA, [])).toEqual({ status: "missing", found: null });
    expect(judgeDkim(RSA, [`v=DKIM1; k=rsa; p=${P.slice(1)}`])).toEqual({ status: "mismatch", found: [`v=DKIM1; k=rsa; p=${P.slice(1)}`] });
    expect(judgeDkim(ED, [ED.replace("k=ed25519", "k=rsa")]).status).toBe("mismatch");
    expect(judgeDkim(RSA, [RSA.replace("DKIM1", "DKIM2")]).status).toBe("mismatch");
    expect(judgeDkim(RSA, [`v=DKIM1; k=rsa; p=`]).status).toBe("mismatch"); // a revoked key
  });
});

describe("judgeSpf", () => {
  test("our a: mechanism (any case, + qualifier, trailing dot) or mx, before any all", () => {
    for (const r of [`v=spf1 a:${HOST} ~all`, `V=SPF1 +A:${HOST.toUpperCase()} -all`, `v=spf1 include:_spf.mail.test a:${HOST}. ?all`, "v=spf1 mx -all", "v=spf1 +mx"]) {
      expect(judgeSpf(HOST, [r]).status).toBe("verified");
    }
    expect(judgeSpf(HOST, ["google-site-verification=x", `v=spf1 a:${HOST} ~all`]).status).toBe("verified");
  });

  test("no SPF record is missing; one without us, with us after all, or two SPF records are mismatch", () => {
    expect(judgeSpf(HOST, ["google-site-verification=x"])).toEqual({ status: "missing", found: null });
    expect(judgeSpf(HOST, ["v=spf10 a:x"]).status).toBe("missing");
    expect(judgeSpf(HOST, ["v=spf1 include:_spf.mail.test -all"])).toEqual({ status: "mismatch", found: ["v=spf1 include:_spf.mail.test -all"] });
    expect(judgeSpf(HOST, [`v=spf1 -all a:${HOST}`]).status).toBe("mismatch");
    expect(judgeSpf(HOST, [`v=spf1 a:other.${HOST} ~all`]).status).toBe("mismatch");
    expect(judgeSpf(HOST, [`v=spf1 a:${HOST} ~all`, "v=spf1 -all"])).toEqual({ status: "mismatch", found: [`v=spf1 a:${HOST} ~all`, "v=spf1 -all"] });
  });
});

describe("judgeReturnPath", () => {
  test("this host among the most preferred MX verifies", () => {
    expect(judgeReturnPath(HOST, [{ priority: 10, exchange: HOST }]).status).toBe("verified");
    expect(judgeReturnPath(HOST, [{ priority: 5, exchange: HOST }, { priority: 5, exchange: "mx2.test" }, { priority: 20, exchange: "mx3.test" }]).status).toBe("verified");
  });

  test("no MX is missing; a backup MX, another host or a null MX is mismatch", () => {
    expect(judgeReturnPath(HOST, [])).toEqual({ status: "missing", found: null });
    expect(judgeReturnPath(HOST, [{ priority: 5, exchange: "mx1.test" }, { priority: 10, exchange: HOST }])).toEqual({ status: "mismatch", found: ["5 mx1.test", `10 ${HOST}`] });
    expect(judgeReturnPath(HOST, [{ priority: 0, exchange: "." }])).toEqual({ status: "mismatch", found: ["0 ."] });
  });
});

describe("judgeDmarc", () => {
  test("one DMARC record with a policy verifies, whatever its other tags", () => {
    for (const p of ["none", "quarantine", "reject", "Reject"]) expect(judgeDmarc([`v=DMARC1; p=${p}`]).status).toBe("verified");
    expect(judgeDmarc(["v=DMARC1;p=reject;rua=mailto:d@x.test;pct=100", "other text"]).status).toBe("verified");
  });

  test("none is missing; no policy, an unknown policy or two records is mismatch", () => {
    expect(judgeDmarc([])).toEqual({ status: "missing", found: null });
    expect(judgeDmarc(["v=spf1 -all"]).status).toBe("missing");
    expect(judgeDmarc(["v=DMARC1; rua=mailto:d@x.test"]).status).toBe("mismatch");
    expect(judgeDmarc(["v=DMARC1; p=block"]).status).toBe("mismatch");
    expect(judgeDmarc(["v=DMARC1; p=none", "v=DMARC1; p=reject"])).toEqual({ status: "mismatch", found: ["v=DMARC1; p=none", "v=DMARC1; p=reject"] });
  });
});

describe("judgeTracking", () => {
  test("verified when every address is one of the tracking host's; missing without addresses; mismatch otherwise", () => {
    expect(judgeTracking(["127.0.0.1", "::1"], ["127.0.0.1"]).status).toBe("verified");
    expect(judgeTracking(["127.0.0.1"], [])).toEqual({ status: "missing", found: null });
    expect(judgeTracking(["127.0.0.1"], ["127.0.0.1", "127.0.0.9"])).toEqual({ status: "mismatch", found: ["127.0.0.1", "127.0.0.9"] });
    expect(judgeTracking([], ["127.0.0.1"]).status).toBe("mismatch");
  });
});
