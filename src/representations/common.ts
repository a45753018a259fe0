// Pieces of the public JSON shapes (snake_case, as API B answers, events carry
// and exports write them). Free of HTTP: routes, events and exports import
// src/representations alike.
import { Type as t, type TSchema } from "@sinclair/typebox";
import type { LastError } from "../db/schema";
import { iso } from "../lib/clock";
import { idPattern } from "../lib/ids";
import { AT, EXAMPLE_IDS, exampleId } from "./examples";

/** The example id of a prefix: the story's (examples.ts), or one made for the prefix. */
const exampleIdOf = (prefix: string) => (EXAMPLE_IDS as Record<string, string>)[prefix] ?? exampleId(prefix, AT.workspace, "2d0bc8b1e97a3f06512");

export const Id = (prefix: string, description?: string) => t.String({ pattern: idPattern(prefix), description: description ?? `${prefix}_ id`, examples: [exampleIdOf(prefix)] });

export const Timestamp = t.String({ format: "date-time", description: "RFC 3339 timestamp (UTC)" });
export const Nullable = <T extends TSchema>(s: T) => t.Union([s, t.Null()]);
/** One of a closed list of strings. */
export const literals = (values: readonly string[], description?: string) => t.Union(values.map((v) => t.Literal(v)), { description });

export const LastErrorSchema = t.Object(
  { at: Timestamp, code: t.String(), detail: t.String() },
  { title: "LastError", examples: [{ at: "2026-03-04T09:14:02.518Z", code: "lease_expired", detail: "The lease of jobs_019cb8200a1f7d20b6c43e9a1f57d028 lapsed; its process probably stopped." }] },
);
export const lastErrorView = (e: LastError | null) => (e ? { at: iso(e.at), code: e.code, detail: e.detail } : null);
/** A string from an open enumeration: clients must tolerate values not listed. */
export const openEnum = (values: string) => t.String({ description: `${values}; new values may be added` });
