#!/usr/bin/python3
"""The independent DKIM verifier of the tests: Debian's python3-dkim (dkimpy).

Reads a message on stdin and verifies every DKIM-Signature in it, asking for
the keys the loopback DNS server of the test (test/helpers/dns.ts) at
127.0.0.1:<port>. Prints one JSON line per signature, top first:
{"d": ..., "s": ..., "a": ..., "pass": true|false, "error": null|"..."}

usage: dkim-verify.py <dns port>
"""
import json
import re
import sys

import dkim
import dns.resolver


def main():
    port = int(sys.argv[1])
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers = ["127.0.0.1"]
    resolver.port = port
    resolver.lifetime = 5

    def dnsfunc(name, timeout=5):
        # dkimpy asks for b"selector._domainkey.domain."; a long TXT record comes
        # back truncated over UDP and dnspython asks again over TCP by itself.
        qname = name.decode("ascii") if isinstance(name, bytes) else name
        try:
            answer = resolver.resolve(qname, "TXT", lifetime=timeout)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return None
        for rdata in answer:
            return b"".join(rdata.strings)
        return None

    message = sys.stdin.buffer.read()
    d = dkim.DKIM(message, minkey=1024)
    count = len([1 for name, _ in d.headers if name.lower() == b"dkim-signature"])
    for idx in range(count):
        d = dkim.DKIM(message, minkey=1024)
        result = {"d": None, "s": None, "a": None, "pass": False, "error": None}
        try:
            result["pass"] = bool(d.verify(idx=idx, dnsfunc=dnsfunc))
        except dkim.DKIMException as e:
            result["error"] = str(e)
        fields = d.signature_fields or {}
        for tag in ("d", "s", "a"):
            value = fields.get(tag.encode())
            result[tag] = re.sub(rb"\s+", b"", value).decode() if value else None
        print(json.dumps(result))


if __name__ == "__main__":
    main()
