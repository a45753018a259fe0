// Where import sources live while their job runs: <dataDir>/imports/<imp_id>.csv
// (the uploaded file) or .json (the people of a JSON import). Deleted once the
// import has finished; the people and problems are in the database by then.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Ctx } from "../../../context";
import type { ImportSource } from "../../../db/schema";

export function importsDir(ctx: Ctx): string {
  const dir = join(ctx.config.dataDir, "imports");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function importFile(ctx: Ctx, id: string, source: ImportSource): string {
  return join(importsDir(ctx), `${id}.${source}`);
}

export function removeImportFile(ctx: Ctx, id: string, source: ImportSource): void {
  rmSync(importFile(ctx, id, source), { force: true });
}
