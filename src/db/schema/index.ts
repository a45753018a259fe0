// Every table, for drizzle-kit and the typed client. Each domain owns one file.
export * from "./workspaces";
export * from "./jobs";
export * from "./events";
export * from "./idempotency";
export * from "./sending";
export * from "./messages";
export * from "./inbound";
export * from "./audience";
export * from "./suppressions";
export * from "./imports";
export * from "./exports";
export * from "./webhooks";
export * from "./campaigns";
export * from "./content";
export * from "./inbox";
