import { fakeSend } from "../fake-transport";
import { newId } from "../../lib/ids";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { pendingRecipients } from "./holds";

/** A test-mode workspace's mail goes to the fake transport, never to a socket. */
export function testMode(w: Work): Verdict {
  if (!w.testMode) return CONTINUE;
  const recipients = pendingRecipients(w).map((r) => r.address);
  const { result, complaints } = fakeSend(recipients, w.message.attempts + 1);
  w.outcomes.push({ attemptId: newId("att"), transport: "test", destination: "test-mode", recipients, dataBegan: false, result });
  w.complaints = complaints;
  return { kind: "done" };
}
