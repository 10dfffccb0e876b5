// An organization as people make one in the web application, before any Pulumi: users with and
// without display names, a custom organization role, team roles (one custom), a registry role, a
// break-glass admin, an empty team, and a service account in a team. Seeds the export's tests.
import type { Seed } from "../../emulator";
import { defaultSeed } from "../../emulator";

export function organizationMadeByHand(): Seed {
  const seed = defaultSeed();
  const admin = seed.users.find((user) => user.userName === "admin")!;
  return {
    ...seed,
    registries: ["models"],
    serviceAccounts: [{ name: "ci-bot", apiKey: "sa-key-1111111111111111111111111111111111" }],
    users: [
      admin,
      // The emulator needs a member with a key; the export never uses it.
      { userName: "ana", displayName: "Ana Lima", email: "ana@example.com", apiKey: "ana-key-000000000000000000000000000000000" },
      {
        userName: "Bo.Chen",
        displayName: "Bo Chen",
        email: "Bo.Chen@Example.com",
        organizationRole: "Run operator",
        registryRoles: [{ registryName: "models", roleName: "admin" }],
      },
      { userName: "cy", email: "cy@example.com" },
      { userName: "breakglass-admin", displayName: "Break glass", email: "breakglass@example.com", organizationRole: "admin" },
    ],
    teams: [
      { displayName: "research", members: [{ user: "ana", role: "admin" }, { user: "Bo.Chen" }, { serviceAccount: "ci-bot" }] },
      { displayName: "ML Platform", members: [{ user: "cy", role: "Run operator" }, { user: "admin" }] },
      { displayName: "empty-team", members: [] },
    ],
    roles: [
      { name: "Run operator", description: "Members who may stop and delete runs", inheritedFrom: "member", permissions: ["run:delete"] },
      { name: "Auditor", inheritedFrom: "viewer", permissions: ["project:update"] },
    ],
  };
}
