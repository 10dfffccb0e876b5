// A user's TypeScript program that declares every resource a user declares by hand, an
// Organization and every function (plain and Output forms), for the two Node.js SDKs alike: what
// must compile under the TypeScript @pulumi/pulumi falls back to as under TypeScript 5. The
// functions look up what the emulator's default seed holds, plus the custom role `SEEDED_ROLE`.

/** A custom role the emulator must hold for `getCustomRole` to find it. */
export const SEEDED_ROLE = { name: "seeded-role", inheritedFrom: "member" as const, permissions: ["run:stop"] };

export interface EveryDeclarationOptions {
  /** The package the program imports: `pulumi-wandb` or the generated `@pulumi-wandb/wandb`. */
  readonly module: string;
  /** Starts every name the program gives W&B objects, so that programs on one emulator do not collide. */
  readonly prefix: string;
  /** Whether to use what only the dynamic SDK has: the Organization's children by name. */
  readonly dynamic: boolean;
}

/** The program's index.ts. */
export function everyDeclarationProgram({ module, prefix, dynamic }: EveryDeclarationOptions): string {
  const name = (what: string) => JSON.stringify(`${prefix}-${what}`);
  return [
    `import * as wandb from ${JSON.stringify(module)};`,
    "",
    `const user = new wandb.User("user", { userName: ${name("user")}, email: ${JSON.stringify(`${prefix}-user@example.com`)}, displayName: "A User", active: true, deletionPolicy: "delete" });`,
    `const team = new wandb.Team("team", { name: ${name("team")}, members: [user.id], deletionPolicy: "empty" });`,
    `const open = new wandb.Team("open", { name: ${name("open")} });`,
    `new wandb.TeamMember("member", { teamId: open.id, user: user.id });`,
    `const role = new wandb.CustomRole("role", { name: ${name("role")}, description: "Stops runs", inheritedFrom: "member", permissions: ["run:stop"] });`,
    `new wandb.OrganizationRoleAssignment("org-role", { user: user.id, role: role.name });`,
    `new wandb.TeamRoleAssignment("team-role", { user: user.id, teamName: team.name, roleName: "admin" });`,
    `new wandb.RegistryRoleAssignment("registry-role", { user: user.id, registryName: "models", roleName: "viewer" });`,
    `new wandb.OrganizationMembers("people", { members: { [${name("pam")}]: { email: ${JSON.stringify(`${prefix}-pam@example.com`)}, displayName: "Pam", organizationRole: "member" } }, deletionPolicy: "deactivate" });`,
    "",
    `const org = new wandb.Organization("org", {`,
    `  roster: {`,
    `    users: [{ userName: ${name("ada")}, email: ${JSON.stringify(`${prefix}-ada@example.com`)}, organizationRole: "member" }],`,
    `    customRoles: [{ name: ${name("org-role")}, inheritedFrom: "viewer", permissions: ["run:stop"] }],`,
    `    teams: [{ name: ${name("org-team")}, members: [${name("ada")}], roles: { [${name("ada")}]: "admin" } }],`,
    `    registryRoles: [{ user: ${name("ada")}, registry: "models", role: "viewer" }],`,
    `  },`,
    `  adoptExisting: false,`,
    `  protectAdmins: false,`,
    `  deletionPolicy: { users: "delete", teams: "empty" },`,
    `});`,
    "",
    `export const userIds = org.userIds;`,
    ...(dynamic ? [`export const orgTeamId = org.teams[${name("org-team")}]?.id;`, `export const teamRoles = user.teamRoles;`] : []),
    `export const seededUser = wandb.getUser({ userName: "member" }).then((found) => found.email);`,
    `export const seededUserId = wandb.getUserOutput({ email: "member@acme.example" }).id;`,
    `export const activeAtExample = wandb.getUsers({ filter: { emailDomain: "example.com", active: true } }).then((found) => found.userNames);`,
    `export const acme = wandb.getUsersOutput({ filter: { emailDomain: "acme.example" } }).users;`,
    `export const seededTeam = wandb.getTeam({ name: "seed-team" }).then((found) => found.memberIds);`,
    `export const seededTeamId = wandb.getTeamOutput({ name: "seed-team" }).id;`,
    `export const seededRole = wandb.getCustomRole({ name: ${JSON.stringify(SEEDED_ROLE.name)} }).then((found) => found.permissions);`,
    `export const seededRoleId = wandb.getCustomRoleOutput({ name: ${JSON.stringify(SEEDED_ROLE.name)} }).id;`,
    `export const modelIds = wandb.getModels({}).then((found) => found.ids);`,
    `export const models = wandb.getModelsOutput({}).models;`,
    `export const model = wandb.getModel({ id: "meta-llama/Llama-3.1-8B-Instruct" }).then((found) => found.root);`,
    `export const modelId = wandb.getModelOutput({ id: "meta-llama/Llama-3.1-8B-Instruct" }).id;`,
    "",
  ].join("\n");
}
