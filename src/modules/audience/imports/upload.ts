// Receives a request body into a file while counting bytes, so a body without
// Content-Length (chunked) is held to the same limit; memory stays at one chunk.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { DomainError } from "../../../lib/errors";
import { uuidv7Hex } from "../../../lib/ids";
import { readCsvRecords, type CsvRow } from "../csv/reader";

export interface Upload {
  path: string;
  bytes: number;
  /** SHA-256 of the body (hex) when asked for: the Idempotency-Key fingerprint. */
  sha256: string | null;
}

export async function receiveUpload(dir: string, body: ReadableStream<Uint8Array>, limit: number, opts: { hash: boolean }): Promise<Upload> {
  const path = join(dir, `upload-${uuidv7Hex()}.part`);
  const sink = Bun.file(path).writer({ highWaterMark: 1024 * 1024 });
  const hash = opts.hash ? new Bun.CryptoHasher("sha256") : null;
  let bytes = 0;
  try {
    for await (const chunk of body) {
      bytes += chunk.byteLength;
      if (bytes > limit) throw new DomainError("payload_too_large", `The body exceeds ${limit} bytes, the limit of this endpoint.`);
      hash?.update(chunk);
      sink.write(chunk);
    }
    await sink.end();
  } catch (err) {
    await Promise.resolve(sink.end()).catch(() => {});
    rmSync(path, { force: true });
    throw err;
  }
  return { path, bytes, sha256: hash ? hash.digest("hex") : null };
}

/** The first record of a CSV file (its header), or null when the file holds none. */
export async function readCsvHeader(path: string): Promise<CsvRow | null> {
  for await (const row of readCsvRecords(Bun.file(path).stream())) return row;
  return null;
}
