// The scope registry (DESIGN.md §3). Every route names one of these.
export const SCOPES = [
  "people:read",
  "people:write",
  "campaigns:read",
  "campaigns:write",
  "messages:read",
  "messages:write",
  "inbox:read",
  "inbox:write",
  "connections:read",
  "connections:manage",
  "automation:read",
  "automation:manage",
  "content:write",
  "analytics:read",
  "workspace:read",
] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "people:read": "Read people, fields, groups, segments, suppressions, imports and people exports",
  "people:write": "Create and change people, fields, groups, segments, suppressions, imports; verify addresses",
  "campaigns:read": "Read campaigns and enrollments",
  "campaigns:write": "Create, change, start, pause and delete campaigns; enroll and stop people",
  "messages:read": "Read messages, attempts and delivery events, and their exports",
  "messages:write": "Send, cancel and resolve messages",
  "inbox:read": "Read inbound messages and threads, and their exports",
  "inbox:write": "Classify, review and organise inbound messages and threads",
  "connections:read": "Read connections, sending domains and quota scopes",
  "connections:manage": "Create and change connections, sending domains and quota scopes",
  "automation:read": "Read events, jobs, webhook endpoints and deliveries",
  "automation:manage": "Manage webhook endpoints, create synthetic events, cancel jobs",
  "content:write": "Upload and delete images",
  "analytics:read": "Read campaign analytics",
  "workspace:read": "Read the workspace",
};

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
