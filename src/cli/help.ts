export const COMMON = `Every command accepts --data-dir DIR (NEARBOUND_DATA_DIR, default ./data).`;

export const HELP: Record<string, string> = {
  main: `Usage: nearbound <command> [options]

Commands:
  serve                      Run HTTP, the job runner and the scheduler (migrates first)
  workspace create --name N  Create a workspace and its test-mode twin; prints keys as JSON
  key create                 Create an API key or token
  key list --workspace ID    List a workspace's keys (never the tokens)
  key revoke ID              Revoke a key at once
  migrate                    Apply pending database migrations and exit
  backup --to FILE           Write a consistent copy of the database, also while serve runs

Run 'nearbound <command> --help' for a command's options. ${COMMON}`,
  serve: `Usage: nearbound serve [--port N] [--smtp-port N] [--host ADDR] [--base-url URL] [--data-dir DIR]

Runs the HTTP APIs, the job runner and periodic tasks. Configuration comes from
flags, then NEARBOUND_* variables, then defaults (see README). SIGTERM/SIGINT stop
it gracefully: no new connections, in-flight requests and job chunks finish.`,
  "workspace create": `Usage: nearbound workspace create --name NAME [--data-dir DIR]

Creates a live workspace and its test-mode twin and prints one JSON object:
{"workspace_id","test_workspace_id","api_key","test_api_key","verification_key"}.
The keys carry every scope and are shown only this once.`,
  "key create": `Usage: nearbound key create --workspace ID --scopes a,b[,...] [--kind api|workspace|cli|verification]

Prints {"id","token","scopes"}. --kind api (default) makes nb_live_ keys, or
nb_test_ for a test-twin workspace; workspace (nbs_) and cli (nbc_) tokens carry
every scope; verification makes an API A key (ak_live_, or ak_test_ for a twin).`,
  "key list": `Usage: nearbound key list --workspace ID

Prints a JSON array of the workspace's keys: id, kind, token prefix, scopes,
created_at, revoked_at. Tokens are never stored, so never shown.`,
  "key revoke": `Usage: nearbound key revoke KEY_ID

Revokes the key; the next request with it answers 401. Prints the key as JSON.`,
  migrate: `Usage: nearbound migrate [--data-dir DIR]

Applies pending migrations (embedded in the binary) and exits. serve does this too.`,
  backup: `Usage: nearbound backup --to FILE [--data-dir DIR]

Writes a consistent copy of the database with VACUUM INTO. Safe while serve runs.
Refuses to overwrite an existing file.`,
};
