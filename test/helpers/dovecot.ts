// A real IMAP server for tests: Debian's dovecot (dovecot-imapd, installed by
// scripts/setup-test.sh) started in the foreground on 127.0.0.1 with a
// throwaway configuration in a temporary directory — plaintext passwords in a
// passwd-file, one static userdb with maildirs under the directory, IMAP on a
// free port and, with `tls`, IMAPS on another (the test certificate). Runs as
// root (CI: mail processes as `nobody`, internal and login processes as
// dovecot's users when they exist) and as any other user (everything as that
// user). Mail is put in with imapflow (append, create, delete) as the owner.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { until } from "./http";

const DOVECOT = "/usr/sbin/dovecot";
const TLS_DIR = join(import.meta.dir, "../fixtures/tls");

export interface Dovecot {
  host: "127.0.0.1";
  /** IMAP (cleartext; STARTTLS too with `tls`). */
  port: number;
  /** IMAPS (implicit TLS) with `tls`, else 0. */
  tlsPort: number;
  /** A logged-in client of `user`'s mailbox (one per user, kept until stop). */
  owner(user: string): Promise<ImapFlow>;
  /** Appends a message to `folder` (created when missing): its UID and the folder's UIDVALIDITY. */
  append(user: string, folder: string, raw: string | Buffer): Promise<{ uid: number; uidValidity: bigint }>;
  /** Deletes `folder` and creates it again, empty: a new UIDVALIDITY. */
  recreate(user: string, folder: string): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** /etc/passwd and /etc/group entries by name (no getpwnam in Bun). */
function account(file: "/etc/passwd" | "/etc/group", name: string): string[] | null {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const f = line.split(":");
    if (f[0] === name) return f;
  }
  return null;
}

function identities(): { internal: string; internalGroup: string; login: string; mail: { uid: number; gid: number } } {
  const me = userInfo();
  if (me.uid !== 0) {
    const group = readFileSync("/etc/group", "utf8").split("\n").map((l) => l.split(":")).find((f) => Number(f[2]) === me.gid)?.[0] ?? me.username;
    return { internal: me.username, internalGroup: group, login: me.username, mail: { uid: me.uid, gid: me.gid } };
  }
  // root: dovecot never lets mail processes run as root
  const nobody = account("/etc/passwd", "nobody");
  if (!nobody) throw new Error("dovecot test helper: no 'nobody' user to own the test mailboxes");
  const internal = account("/etc/passwd", "dovecot") ? "dovecot" : "nobody";
  const internalGroup = account("/etc/group", internal) ? internal : account("/etc/group", "nogroup") ? "nogroup" : "nobody";
  return { internal, internalGroup, login: account("/etc/passwd", "dovenull") ? "dovenull" : "nobody", mail: { uid: Number(nobody[2]), gid: Number(nobody[3]) } };
}

function config(dir: string, ports: { imap: number; imaps: number }, tls: boolean): string {
  const who = identities();
  return `# throwaway configuration of one test run
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
default_internal_user = ${who.internal}
default_internal_group = ${who.internalGroup}
default_login_user = ${who.login}
first_valid_uid = 1
first_valid_gid = 1
disable_plaintext_auth = no
# a refused login answers at once (the default waits 2 s)
auth_failure_delay = 0
auth_mechanisms = plain login
${tls ? `ssl = yes\nssl_cert = <${dir}/tls.crt\nssl_key = <${dir}/tls.key` : "ssl = no"}
mail_location = maildir:~/Maildir
# new mail is noticed at once (inotify), else within a second
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${who.mail.uid} gid=${who.mail.gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    port = ${ports.imap}
  }
  inet_listener imaps {
    port = ${ports.imaps}
    ssl = yes
  }
}
# no penalty for the refused logins a test makes on purpose (each would delay the next login from 127.0.0.1 by up to 15 s)
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
  mailbox Junk {
    special_use = \\Junk
    auto = create
  }
  mailbox Trash {
    special_use = \\Trash
    auto = create
  }
}
`;
}

/** The directory's files: mailboxes, passwords, the certificate (copies the master process reads whoever runs the test). */
function prepare(dir: string, users: Map<string, string>, opts: { tls?: boolean; withoutIdle?: string[] }): void {
  chmodSync(dir, 0o755); // the mail and auth processes run as other users when we are root
  const who = identities();
  mkdirSync(join(dir, "mail"), { mode: 0o755 });
  if (userInfo().uid === 0) chownSync(join(dir, "mail"), who.mail.uid, who.mail.gid);
  // every mailbox is known from the start: dovecot looks at a changed passwd-file at most once a second
  const extra = (u: string) => (opts.withoutIdle?.includes(u) ? "userdb_imap_capability=IMAP4rev1" : "");
  writeFileSync(join(dir, "passwd"), [...users].map(([u, p]) => `${u}:{PLAIN}${p}::::::${extra(u)}\n`).join(""), { mode: 0o644 });
  if (opts.tls) {
    writeFileSync(join(dir, "tls.crt"), readFileSync(join(TLS_DIR, "localhost.crt")), { mode: 0o600 });
    writeFileSync(join(dir, "tls.key"), readFileSync(join(TLS_DIR, "localhost.key")), { mode: 0o600 });
  }
}

/** Starts dovecot in the foreground on fresh ports and waits until it listens. */
async function launch(dir: string, tls: boolean) {
  const ports = { imap: await freePort(), imaps: tls ? await freePort() : 0 };
  writeFileSync(join(dir, "dovecot.conf"), config(dir, ports, tls), { mode: 0o644 });
  const proc = Bun.spawn([DOVECOT, "-F", "-c", join(dir, "dovecot.conf")], { stdout: "pipe", stderr: "pipe" });
  const log = () => (existsSync(join(dir, "dovecot.log")) ? readFileSync(join(dir, "dovecot.log"), "utf8") : "");
  let exited = false;
  void proc.exited.then(() => (exited = true));
  try {
    for (const port of [ports.imap, ports.imaps].filter(Boolean)) {
      await until(
        async () => {
          if (exited) throw new Error(`dovecot exited (${proc.exitCode}): ${await new Response(proc.stderr).text()} ${log()}`);
          return connects(port);
        },
        `dovecot listening on ${port}`,
        15_000,
        20,
      );
    }
  } catch (err) {
    proc.kill();
    await proc.exited;
    throw err;
  }
  return { proc, ports };
}

/** `users`: mailbox name → password; `withoutIdle`: mailboxes whose logged-in sessions offer IMAP4rev1 alone (no IDLE). */
export async function startDovecot(opts: { users: Record<string, string>; tls?: boolean; withoutIdle?: string[] }): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} not found: run scripts/setup-test.sh (installs dovecot-imapd)`);
  const dir = mkdtempSync(join(tmpdir(), "nearbound-dovecot-"));
  const users = new Map(Object.entries(opts.users));
  let server: Awaited<ReturnType<typeof launch>>;
  try {
    prepare(dir, users, opts);
    // a free port may be taken before dovecot binds it: then it exits, and another pair is tried
    for (let attempt = 1; ; attempt++) {
      try {
        server = await launch(dir, !!opts.tls);
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { proc, ports } = server;

  const clients = new Map<string, ImapFlow>();
  const owner = async (user: string) => {
    let c = clients.get(user);
    if (c?.usable) return c;
    c = new ImapFlow({ host: "127.0.0.1", port: ports.imap, secure: false, doSTARTTLS: false, auth: { user, pass: users.get(user) ?? "" }, logger: false, disableAutoIdle: true });
    c.on("error", () => {});
    await c.connect();
    clients.set(user, c);
    return c;
  };

  return {
    host: "127.0.0.1",
    port: ports.imap,
    tlsPort: ports.imaps,
    owner,
    async append(user, folder, raw) {
      const c = await owner(user);
      const list = await c.list();
      if (!list.some((f) => f.path === folder)) await c.mailboxCreate(folder);
      const r = await c.append(folder, typeof raw === "string" ? Buffer.from(raw) : raw);
      if (!r || r.uid === undefined) throw new Error(`append to ${folder} answered no UID`);
      return { uid: r.uid, uidValidity: r.uidValidity! };
    },
    async recreate(user, folder) {
      const c = await owner(user);
      if (c.mailbox && c.mailbox.path === folder) await c.mailboxClose();
      await c.mailboxDelete(folder).catch(() => {});
      await c.mailboxCreate(folder);
    },
    async stop() {
      for (const c of clients.values()) await c.logout().catch(() => c.close());
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}
