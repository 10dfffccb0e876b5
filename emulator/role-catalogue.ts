/**
 * Predefined roles and the permission catalogue. W&B publishes no complete permission list,
 * so this one holds every name seen in the docs plus the obvious neighbours of each object.
 */
export const ORG_ROLES = ["admin", "member", "viewer"] as const;
export type OrgBuiltinRole = (typeof ORG_ROLES)[number];
export const TEAM_ROLES = ["admin", "member", "viewer"] as const;
export const REGISTRY_ROLES = ["admin", "member", "viewer", "restricted viewer"] as const;
export const BASE_ROLES = ["member", "viewer"] as const;
export type BaseRole = (typeof BASE_ROLES)[number];

const operations: Record<string, readonly string[]> = {
  artifact: ["read", "create", "update", "delete"],
  project: ["read", "create", "update", "delete"],
  run: ["read", "create", "update", "stop", "delete"],
  sweep: ["read", "create", "update", "stop", "delete"],
  launchagent: ["read", "create", "update", "delete"],
  report: ["read", "create", "update", "delete"],
  registry: ["read", "create", "update", "delete"],
  team: ["read", "update"],
};

export const PERMISSIONS: ReadonlySet<string> = new Set(
  Object.entries(operations).flatMap(([object, ops]) => ops.map((op) => `${object}:${op}`)),
);

const VIEWER_PERMISSIONS = [
  "artifact:read",
  "project:read",
  "run:read",
  "sweep:read",
  "report:read",
  "registry:read",
  "team:read",
];

/** What a custom role inherits; listed in role bodies with isInherited: true. */
export const INHERITED_PERMISSIONS: Record<BaseRole, readonly string[]> = {
  viewer: VIEWER_PERMISSIONS,
  member: [
    ...VIEWER_PERMISSIONS,
    "artifact:create",
    "artifact:update",
    "project:create",
    "run:create",
    "run:update",
    "run:stop",
    "sweep:create",
    "sweep:update",
    "sweep:stop",
    "report:create",
    "report:update",
    "launchagent:read",
  ],
};

/** Predefined role names are case-insensitive; this returns the canonical form or undefined. */
export function canonicalBuiltin<T extends string>(roles: readonly T[], name: string): T | undefined {
  const lower = name.trim().toLowerCase();
  return roles.find((r) => r === lower);
}
