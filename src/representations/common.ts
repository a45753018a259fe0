// Pieces of the public JSON shapes (snake_case, as API B answers, events carry
// and exports write them). Free of HTTP: routes, events and exports import
// src/representations alike.
import { Type as t, type TSchema } from "@sinclair/typebox";
import type { LastError } from "../db/schema";
import { iso } from "../lib/clock";
import { idPattern } from "../lib/ids";

export const Id = (prefix: string, description?: string) =>
  t.String({ pattern: idPattern(prefix), description: description ?? `${prefix}_ id`, examples: [`${prefix}_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f`] });

export const Timestamp = t.String({ format: "date-time", description: "RFC 3339 timestamp (UTC)" });
export const Nullable = <T extends TSchema>(s: T) => t.Union([s, t.Null()]);
/** One of a closed list of strings. */
export const literals = (values: readonly string[], description?: string) => t.Union(values.map((v) => t.Literal(v)), { description });

export const LastErrorSchema = t.Object({ at: Timestamp, code: t.String(), detail: t.String() }, { title: "LastError" });
export const lastErrorView = (e: LastError | null) => (e ? { at: iso(e.at), code: e.code, detail: e.detail } : null);
/** A string from an open enumeration: clients must tolerate values not listed. */
export const openEnum = (values: string) => t.String({ description: `${values}; new values may be added` });
