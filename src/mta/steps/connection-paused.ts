import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/** An archived connection sends nothing more; a paused (or not yet working) one holds its mail. */
export function connectionPaused(w: Work): Verdict {
  const status = w.connection.status;
  if (status === "archived") return { kind: "fail", detail: "the connection was archived" };
  if (!w.identity.enabled) return { kind: "fail", detail: `the sender identity ${w.identity.email} is disabled` };
  if (status === "active") return CONTINUE;
  const why = status === "paused" ? "the connection is paused" : `the connection is ${status}${w.connection.lastError ? `: ${w.connection.lastError}` : ""}`;
  return hold(w, "connection_paused", why);
}
