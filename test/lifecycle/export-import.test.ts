// The native door: `pulumi import --file` of the file `pulumi-wandb export --import-file` wrote
// (code generation off: the language hosts here cannot generate programs), with one object of each
// type the export leaves out (a membership, the three role assignments, a service account) added to
// it, against a service that shows roles (so a custom organization role is read): every entry is
// imported with inputs its check accepts, so a refresh works after it, and a program that declares
// the same objects previews no change, refreshed too. So does the program `pulumi import` would
// generate (each resource with the inputs the import recorded), after a member is removed from a
// team in it: each membership is declared once.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";
import { NativeResource } from "../support/native-resources";
import { organizationMadeByHand } from "../support/organization-by-hand";
import { tokenOf } from "../../model/tokens";
import type { ImportEntry } from "../../cli/import-file";
import { parseUrn } from "../../model/urn";

interface ImportFile {
  resources: ImportEntry[];
}

interface LiveState {
  users: { id: string; userName: string; email: string; displayName?: string }[];
  teams: { id: string; displayName: string; members: ({ user: string } | { serviceAccount: string })[] }[];
  roles: { id: string; name: string; description: string; inheritedFrom: string; permissions: string[] }[];
  serviceAccounts: { id: string; name: string; accountType: string }[];
}

/** An object of a type the export leaves out: its import entry, and its declaration as a program would write it. */
interface OtherObject {
  entry: ImportEntry;
  args: Record<string, unknown>;
}

/**
 * One object of each importable type the export leaves out, as W&B holds it, none touched by the
 * second test's edit: cy's membership of "ML Platform" and custom role there, Bo's custom
 * organization role and registry role, and the organization-scoped service account "ci-bot" of
 * "research" (W&B shows neither its scope nor its default team: the import assumes "team", as it is
 * in one team, and the program declares what W&B holds, which replaces nothing).
 */
function otherObjects(live: LiveState): OtherObject[] {
  const idOf = (userName: string) => live.users.find((user) => user.userName === userName)!.id;
  const platform = live.teams.find((team) => team.displayName === "ML Platform")!;
  const bot = live.serviceAccounts.find((account) => account.name === "ci-bot")!;
  const [cy, bo] = [idOf("cy"), idOf("Bo.Chen")];
  const other = (kind: string, name: string, id: string, args: Record<string, unknown>): OtherObject => ({ entry: { type: tokenOf(kind), name, id }, args });
  return [
    other("TeamMember", "cy-in-ml-platform", `${platform.id}/${cy}`, { teamId: platform.id, user: cy }),
    other("OrganizationRoleAssignment", "bo-run-operator", `${bo}/organization/Run operator`, { user: bo, role: "Run operator" }),
    other("TeamRoleAssignment", "cy-run-operator-in-ml-platform", `${cy}/teams/ML Platform/Run operator`, { user: cy, teamName: "ML Platform", roleName: "Run operator" }),
    other("RegistryRoleAssignment", "bo-admin-of-models", `${bo}/registries/models/admin`, { user: bo, registryName: "models", roleName: "admin" }),
    other("ServiceAccount", "ci-bot", bot.id, { name: bot.name, scope: bot.accountType === "ORG_SERVICE" ? "organization" : "team", defaultTeam: "research" }),
  ];
}

/** The object each entry of the export and each other object names, declared as a program would: the live values, members as emails. */
function declarations(exported: ImportFile, live: LiveState, others: readonly OtherObject[]): () => void {
  const emailOf = (userName: string) => live.users.find((user) => user.userName === userName)?.email;
  return () => {
    for (const { entry, args } of others) new NativeResource(entry.type.split(":").pop()!, entry.name, args, []);
    for (const { type, name, id } of exported.resources) {
      const kind = type.split(":").pop()!;
      const user = live.users.find((candidate) => candidate.id === id);
      const team = live.teams.find((candidate) => candidate.id === id);
      const role = live.roles.find((candidate) => candidate.id === id);
      if (kind === "User" && user) {
        new NativeResource(kind, name, { userName: user.userName, email: user.email, ...(user.displayName ? { displayName: user.displayName } : {}) }, []);
      } else if (kind === "Team" && team) {
        const members = team.members.flatMap((member) => ("user" in member ? [emailOf(member.user)!] : []));
        new NativeResource(kind, name, { name: team.displayName, members }, []);
      } else if (kind === "CustomRole" && role) {
        new NativeResource(kind, name, {
          name: role.name,
          ...(role.description ? { description: role.description } : {}),
          inheritedFrom: role.inheritedFrom,
          permissions: role.permissions,
        }, []);
      } else {
        throw new Error(`the import file names ${type} ${id}, which the organization does not hold`);
      }
    }
  };
}

interface RecordedResource {
  urn: string;
  type: string;
  inputs?: Record<string, unknown>;
}

/** The program `pulumi import` generates: every imported resource with the inputs its state records. */
function generatedProgram(resources: readonly RecordedResource[], edit: (kind: string, inputs: Record<string, unknown>) => Record<string, unknown>): () => void {
  return () => {
    for (const { urn, type, inputs } of resources) {
      if (!type.startsWith("wandb:index:")) continue;
      const kind = type.slice("wandb:index:".length);
      new NativeResource(kind, parseUrn(urn).name, edit(kind, inputs ?? {}), []);
    }
  };
}

describe("pulumi import --file of an exported organization", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let file: ImportFile;
  let program: () => void = () => undefined;

  beforeAll(async () => {
    // Roles shown on GET, as some W&B versions show them: Bo's custom organization role is read.
    emulator = await startEmulator({ port: 0, seed: organizationMadeByHand(), userRolesOnGet: "shown" });
    const folder = scratchFolder();
    const run = await runCommand(["export", "--import-file", "import.json"], exportEnvironment(emulator), folder);
    expect(run.code).toBe(0);
    const exported = JSON.parse(readFileSync(path.join(folder, "import.json"), "utf8")) as ImportFile;
    const live = (await readState(emulator)) as LiveState;
    const others = otherObjects(live);
    file = { resources: [...exported.resources, ...others.map(({ entry }) => entry)] };
    program = declarations(exported, live, others);
    stack = await openStack(
      { projectName: "export-import", inline: async () => program() },
      { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await closeAllPools();
    await emulator?.close();
  });

  it("imports every entry without a write, with inputs its check accepts: a refresh, and a preview --refresh of the program declaring the same objects, change nothing", async () => {
    await resetLog(emulator);
    // What `pulumi import --file <file> --generate-code=false` runs: the Automation API writes the entries to a file and passes it.
    const imported = await stack.stack.import({ resources: file.resources, protect: false, generateCode: false });
    expect(imported.summary.result).toBe("succeeded");
    expect(imported.summary.resourceChanges).toMatchObject({ import: file.resources.length });
    expect(imported.stdout).not.toContain("failed to validate");
    // What the service account's import assumed, named in its warning.
    expect(imported.stdout).toContain('scope "team" and defaultTeam "research", assumed.');
    // Each refresh diffs the inputs the import recorded, as news, against what it reads.
    await stack.refresh();
    await stack.stack.preview({ refresh: true, expectNoChanges: true, color: "never" });
    expect((await readLog(emulator)).counters.writes).toBe(0);
  });

  it("declares each membership once: a member removed from the Team in the generated program leaves it, and nothing puts it back", async () => {
    const { resources } = (await stack.exportState()) as { resources: RecordedResource[] };
    const users = resources.filter((resource) => resource.type === "wandb:index:User");
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expect(user.inputs).not.toHaveProperty("teams");
    program = generatedProgram(resources, (kind, inputs) =>
      kind === "Team" && inputs["name"] === "research"
        ? { ...inputs, members: (inputs["members"] as string[]).filter((email) => email !== "ana@example.com") }
        : inputs,
    );
    expect(await stack.previewSteps()).toEqual([{ name: "team-research", op: "update", diffs: ["members"] }]);

    await resetLog(emulator);
    expect((await stack.up()).changes).toMatchObject({ update: 1 });
    const live = (await readState(emulator)) as LiveState;
    const research = live.teams.find((team) => team.displayName === "research")!;
    expect(research.members).not.toContainEqual(expect.objectContaining({ user: "ana" }));
    expect(live.users.map((user) => user.userName)).toContain("ana");
    expect(await stack.previewSteps()).toEqual([]);
    await stack.refresh();
    expect(await stack.previewSteps()).toEqual([]);
  });
});
