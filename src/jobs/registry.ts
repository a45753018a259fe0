// Every job kind the runner knows: a flat list, one line per handler.
import type { JobHandler } from "./types";

export const jobHandlers: JobHandler[] = [];
