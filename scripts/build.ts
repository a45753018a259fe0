// `bun run build`: compiles src/main.ts into one self-contained executable,
// dist/nearbound, that runs from any directory without node_modules or sources.
// Migrations are already inside it (src/db/migrations.gen.ts imports them as text),
// and so is the reference UI (src/http/docs.ts imports Swagger UI's files with
// `type: "file"`, which --compile embeds).
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
export const BINARY = join(root, "dist", "nearbound");
/** Files started with `new Worker(new URL(…, import.meta.url))`. */
const WORKERS = [join(root, "src", "modules", "audience", "imports", "import-worker.ts"), join(root, "src", "db", "db-worker.ts"), join(root, "src", "smtp-in", "analysis-worker.ts"), join(root, "src", "mta", "render-worker.ts")];

/** Compiles entry (the CLI unless told otherwise) to outfile; returns its path. */
export async function build(outfile = BINARY, entry = join(root, "src", "main.ts")): Promise<string> {
  const args = [
    process.execPath,
    "build",
    "--compile",
    // Bytecode skips parsing at start-up. ESM keeps main.ts's top-level await
    // legal (bytecode defaults to CJS, which has none).
    "--bytecode",
    "--format=esm",
    "--minify",
    // Embedded in the executable, so stack traces name source lines.
    "--sourcemap=linked",
    // A stray bunfig.toml in the working directory must not change the appliance.
    "--no-compile-autoload-bunfig",
    "--outfile",
    outfile,
    entry,
    // Worker entrypoints are not found through imports: each is bundled as an entrypoint of its own.
    ...WORKERS,
  ];
  // Never strip the result: Bun keeps the bundle in a section strip removes.
  const proc = Bun.spawn(args, { cwd: root, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`bun build failed (exit ${code}):\n${out}${err}`);
  // The map is already embedded; the copy beside the binary only clutters dist/.
  rmSync(`${outfile}.map`, { force: true });
  return outfile;
}

if (import.meta.main) {
  const t0 = performance.now();
  const file = await build();
  const mib = statSync(file).size / 1024 / 1024;
  console.log(`built ${file} (${mib.toFixed(1)} MiB) in ${Math.round(performance.now() - t0)} ms`);
}
