import { SCOPES, SCOPE_DESCRIPTIONS } from "../modules/workspaces/scopes";

/** [command, arguments, summary]: the top-level and group help are generated from this list. */
const COMMANDS: [string, string, string][] = [
  ["serve", "", "Run HTTP, the job runner and the scheduler (migrates first)"],
  ["workspace create", "--name N", "Create a workspace and its test-mode twin; prints keys as JSON"],
  ["key create", "--workspace ID", "Create an API key or token"],
  ["key list", "--workspace ID", "List a workspace's keys (never the tokens)"],
  ["key revoke", "ID", "Revoke a key at once"],
  ["migrate", "", "Apply pending database migrations and exit"],
  ["backup", "--to FILE", "Write a consistent copy of the database, also while serve runs"],
  ["shaping", "", "Print the MTA's traffic-shaping limits per receiving provider (JSON lines)"],
];

/** Commands that take a subcommand (`nearbound key create`). */
export const GROUPS = ["workspace", "key"];

const table = (rows: [string, string][]) => rows.map(([a, b]) => `  ${a.padEnd(27)}${b}`).join("\n");

const DATA_DIR = `Every command accepts --data-dir DIR (NEARBOUND_DATA_DIR, default ./data). The
commands work on the database in that directory: pass the same --data-dir (or
NEARBOUND_DATA_DIR) as serve.`;

function groupHelp(group: string): string {
  const rows = COMMANDS.filter(([c]) => c.startsWith(group + " ")).map(([c, a, s]): [string, string] => [`${c.slice(group.length + 1)} ${a}`.trim(), s]);
  return `Usage: nearbound ${group} <subcommand> [options]

Subcommands:
${table(rows)}

Run 'nearbound ${group} <subcommand> --help' for its options.`;
}

export const MAIN_HELP = `Usage: nearbound <command> [options]

Commands:
${table(COMMANDS.map(([c, a, s]) => [`${c} ${a}`.trim(), s]))}

Run 'nearbound <command> --help' for a command's options.
${DATA_DIR}`;

/** Each command's help, and each group's (`key`, `workspace`): its subcommands. */
export const HELP: Record<string, string> = {
  workspace: groupHelp("workspace"),
  key: groupHelp("key"),
  serve: `Usage: nearbound serve [--port N] [--smtp-port N] [--host ADDR] [--base-url URL] [--data-dir DIR]

Runs the HTTP APIs, the job runner and periodic tasks. Configuration comes from
flags, then NEARBOUND_* variables, then defaults (see README). SIGTERM/SIGINT stop
it gracefully: no new connections, in-flight requests and job chunks finish.`,
  "workspace create": `Usage: nearbound workspace create --name NAME [--data-dir DIR]

Creates a live workspace and its test-mode twin and prints one JSON object:
{"workspace_id","test_workspace_id","api_key","test_api_key","verification_key"}.
The keys carry every scope and are shown only this once. Creates the database
in --data-dir if there is none yet.`,
  "key create": `Usage: nearbound key create --workspace ID --scopes a,b[,...] [--kind api|workspace|cli|verification]

Prints {"id","token","scopes"}. --kind api (default) makes nb_live_ keys, or
nb_test_ for a test-twin workspace; workspace (nbs_) and cli (nbc_) tokens carry
every scope and take no --scopes; verification makes an API A key (ak_live_, or
ak_test_ for a twin), people:write unless --scopes says otherwise.

Scopes:
${table(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]]))}`,
  "key list": `Usage: nearbound key list --workspace ID

Prints a JSON array of the workspace's keys: id, kind, token prefix, scopes,
created_at, revoked_at. Tokens are never stored, so never shown.`,
  "key revoke": `Usage: nearbound key revoke KEY_ID

Revokes the key; the next request with it answers 401. Prints the key as JSON.`,
  migrate: `Usage: nearbound migrate [--data-dir DIR]

Applies pending migrations (embedded in the binary) and exits. serve does this too.`,
  shaping: `Usage: nearbound shaping [--data-dir DIR]

Prints one JSON object per receiving provider the MTA has sent to (MX hosts
rolled up: google, microsoft, yahoo, apple, else the MX host's domain):
max_connections and messages_per_minute in force, their base values,
cool_off_until (limits cut by a throttling answer stay cut until then),
clean_deliveries counted toward the next step back up, last_throttle (the
provider's answer that cut them) and updated_at. Read-only; safe while serve runs.`,
  backup: `Usage: nearbound backup --to FILE [--data-dir DIR]

Writes a consistent copy of the database with VACUUM INTO. Safe while serve runs.
The copy holds every workspace's data, so it is created readable by its owner
only (0600), like the secret key file. Refuses to overwrite an existing file.`,
};
