// What the bench declares: N users and teams of 20 through each front door (the SDK's dynamic
// resources, or the native plugin by type token, run from source or as the released executable),
// and the same graph of no-op resources (a dynamic provider, or a source plugin under .work/, that
// echoes its inputs) as the floor of that door.
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { tokenOf } from "../model/tokens";
import { installedPackage, repoRoot } from "./engine";
import { writePluginFixture } from "./plugin-folder";
import type { Door } from "./bench-report";
import type { PluginSource } from "./bench-stack";
import { TEAM_SIZE } from "./bench-report";

export const benchUserName = (i: number) => `bench-user-${String(i).padStart(5, "0")}`;
const userArgs = (i: number) => ({ userName: benchUserName(i), email: `${benchUserName(i)}@bench.example`, displayName: `Bench User ${i}` });
const teamName = (t: number) => `bench-team-${String(t).padStart(4, "0")}`;

/** Declares one resource of a kind ("User", "Team") with its inputs; answers its id. */
type Declare = (kind: "User" | "Team", name: string, args: Record<string, pulumi.Input<unknown>>) => pulumi.Output<string>;

/** N users and floor(N/20) teams, each team with 20 of the users as `members`. */
function organization(users: number, declare: Declare): void {
  const ids = Array.from({ length: users }, (_, i) => declare("User", `u${i}`, userArgs(i)));
  for (let t = 0; t < Math.floor(users / TEAM_SIZE); t++) {
    declare("Team", `t${t}`, { name: teamName(t), members: ids.slice(t * TEAM_SIZE, (t + 1) * TEAM_SIZE) });
  }
}

/** One team whose members are the given user ids, read when the program runs (so a run can change them). */
export function oneTeam(name: string, members: () => string[], declare: Declare): PulumiFn {
  return async () => void declare("Team", "team", { name, members: members() });
}

const noopDynamicProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, outs: inputs };
  },
  async read(id, props) {
    return { id, props };
  },
  async diff(_id, olds, news) {
    return { changes: JSON.stringify(olds) !== JSON.stringify(news) };
  },
  async update(_id, _olds, news) {
    return { outs: news };
  },
};

class NoopDynamic extends pulumi.dynamic.Resource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    super(noopDynamicProvider, name, args);
  }
}

/** A resource of a plugin, declared by its type token alone (no generated SDK). */
class ByToken extends pulumi.CustomResource {
  constructor(token: string, name: string, args: Record<string, pulumi.Input<unknown>>) {
    super(token, name, args);
  }
}

const NOOP_PLUGIN = "benchnoop";
const NOOP_PLUGIN_SOURCE = `const { main } = require("@pulumi/pulumi/provider");
let created = 0;
main({
  version: "0.0.1",
  async check(urn, olds, news) { return { inputs: news }; },
  async diff(id, urn, olds, news) { return { changes: JSON.stringify(olds) !== JSON.stringify(news) }; },
  async create(urn, inputs) { return { id: process.pid + "-" + Date.now() + "-" + created++, outs: inputs }; },
  async read(id, urn, props) { return { id, props }; },
  async update(id, urn, olds, news) { return { outs: news }; },
  async delete() {},
}, process.argv.slice(2));
`;

export interface DoorPrograms {
  /** The plugins the project needs: each a folder (Pulumi.yaml `plugins.providers`) or a release archive to install. */
  plugins: PluginSource[];
  floorPlugins: PluginSource[];
  declare: Declare;
  floorDeclare: Declare;
}

/** `releaseArchive`: the plugin archive of this machine's platform, which the `executable` door needs. */
export function doorPrograms(door: Door, releaseArchive?: () => string): DoorPrograms {
  if (door === "dynamic") {
    const wandb = installedPackage();
    return {
      plugins: [],
      floorPlugins: [],
      declare: (kind, name, args) => (kind === "User" ? new wandb.User(name, args as never) : new wandb.Team(name, args as never)).id,
      floorDeclare: (_kind, name, args) => new NoopDynamic(name, args).id,
    };
  }
  const noopPlugin = writePluginFixture({ main: NOOP_PLUGIN_SOURCE });
  return {
    plugins: [{ name: "wandb", path: door === "executable" ? executableArchive(releaseArchive) : repoRoot }],
    floorPlugins: [{ name: NOOP_PLUGIN, path: noopPlugin }],
    declare: (kind, name, args) => new ByToken(tokenOf(kind), name, args).id,
    floorDeclare: (kind, name, args) => new ByToken(`${NOOP_PLUGIN}:index:${kind}`, name, args).id,
  };
}

function executableArchive(releaseArchive: (() => string) | undefined): string {
  if (!releaseArchive) throw new Error("the executable door needs the release's plugin archive");
  return releaseArchive();
}

export const organizationProgram = (users: number, declare: Declare): PulumiFn => async () => organization(users, declare);
