#!/bin/sh
# Installs the Debian packages the test suite uses, when any is missing:
#   postfix           its smtp-sink is the second real SMTP peer of the MTA tests
#   python3-dkim      the independent DKIM verifier (dkimpy), with python3-nacl for
#                     ed25519-sha256 and python3-dnspython to ask the loopback DNS server
#   swaks             an SMTP client for poking the listeners by hand and in tests
#   dovecot-imapd     the IMAP server the inbox tests read (test/helpers/dovecot.ts
#                     starts it with a throwaway config; never as a system service)
#   wrk               the HTTP load generator of bench:api and bench:tracking (scripts/bench/)
# Non-interactive and idempotent: nothing happens when everything is installed;
# apt-get update runs only when something is missing. Works as root (CI) or
# through sudo. Postfix is installed with "No configuration" and is never
# started as a daemon: the tests run smtp-sink themselves. Another install in
# progress (a second checkout, a helper) is waited for on the dpkg lock.
set -eu

PACKAGES="postfix python3-dkim python3-dnspython python3-nacl swaks dovecot-imapd wrk"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-test: apt-get not found; install these Debian packages (or their equivalents) by hand:$missing" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1; then
  as_root() { sudo "$@"; }
else
  echo "setup-test: not root and no sudo; install as root:$missing" >&2
  exit 1
fi

echo "setup-test: installing$missing" >&2
log=$(mktemp)
# A policy-rc.d answering 101 keeps package scripts from starting services
# (postfix) during the install; an existing one is left alone.
policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
  policy=/usr/sbin/policy-rc.d
  printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
  as_root chmod 755 "$policy"
fi
cleanup() {
  if [ -n "$policy" ]; then as_root rm -f "$policy"; fi
  rm -f "$log"
}
trap cleanup EXIT

run() {
  if ! "$@" >>"$log" 2>&1; then
    cat "$log" >&2
    echo "setup-test: failed: $*" >&2
    exit 1
  fi
}

run as_root sh -c 'echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections'
run as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=600 update
# shellcheck disable=SC2086 # one word per package
run as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold install -y $missing
echo "setup-test: done" >&2
