// Export files live under <dataDir>/exports/<exp_id>.<csv|jsonl> from ready
// until expires_at; `.part` while the job writes them.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";

export function exportsDir(ctx: Ctx): string {
  const dir = join(ctx.config.dataDir, "exports");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function exportFile(ctx: Ctx, id: string, format: ExportFormat): string {
  return join(exportsDir(ctx), `${id}.${format}`);
}

export function removeExportFiles(ctx: Ctx, id: string, format: ExportFormat): void {
  const path = exportFile(ctx, id, format);
  rmSync(path, { force: true });
  rmSync(`${path}.part`, { force: true });
}
