// What the bench declares: N users and teams of 20 through each front door (the SDK's dynamic
// resources, or the native plugin by type token, run from source or as the released executable), or
// an Organization adopting a roster; and the same graph of floor resources of that door (a dynamic
// provider, or a source plugin under .work/): no-op ones that echo their inputs, and sleeping ones
// that echo them after the latency of the one request a real provider cannot avoid per change.
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { planOrganization, type OrganizationLayout } from "../../model/organization";
import { declareOrganization, type NamedResource, type OrganizationChildren, type OrganizationKinds } from "../../program/organization";
import { tokenOf } from "../../model/tokens";
import { installedPackage, repoRoot } from "../engine";
import { writePluginFixture } from "../plugin-folder";
import type { Door } from "./bench-report";
import type { PluginSource } from "./bench-stack";
import { TEAM_SIZE } from "./bench-report";

export const benchUserName = (i: number) => `bench-user-${String(i).padStart(5, "0")}`;
const userArgs = (i: number) => ({ userName: benchUserName(i), email: `${benchUserName(i)}@bench.example`, displayName: `Bench User ${i}` });
const teamName = (t: number) => `bench-team-${String(t).padStart(4, "0")}`;

/** Declares one resource of a kind with its inputs; answers its id. */
type Declare = (kind: "User" | "Team" | "OrganizationMembers", name: string, args: Record<string, pulumi.Input<unknown>>) => pulumi.Output<string>;

/**
 * N users and floor(N/20) teams, each team with 20 of the users as `members`: a User each, or
 * (compact) one OrganizationMembers whose people the teams name by email once it is written.
 */
function organization(users: number, declare: Declare, layout: OrganizationLayout): void {
  const ids = layout === "per-person" ? Array.from({ length: users }, (_, i) => declare("User", `u${i}`, userArgs(i))) : compactMembers(users, declare);
  for (let t = 0; t < Math.floor(users / TEAM_SIZE); t++) {
    declare("Team", `t${t}`, { name: teamName(t), members: ids.slice(t * TEAM_SIZE, (t + 1) * TEAM_SIZE) });
  }
}

/** The users as one OrganizationMembers; each as a reference the teams wait on: its email, once the set is written. */
function compactMembers(users: number, declare: Declare): pulumi.Output<string>[] {
  const people = Array.from({ length: users }, (_, i) => userArgs(i));
  const written = declare("OrganizationMembers", "people", { members: Object.fromEntries(people.map(({ userName, ...person }) => [userName, person])) });
  return people.map((person) => written.apply(() => person.email));
}

/** One team whose members are the given user ids, read when the program runs (so a run can change them). */
export function oneTeam(name: string, members: () => string[], declare: Declare): PulumiFn {
  return async () => void declare("Team", "team", { name, members: members() });
}

/** Floor resources that echo their inputs, after `sleepMs` in every create, update and delete (0: no-op). */
function floorDynamicProvider(sleepMs: number): pulumi.dynamic.ResourceProvider {
  const sleep = () => new Promise((resolve) => setTimeout(resolve, sleepMs));
  return {
    async create(inputs) {
      await sleep();
      return { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, outs: inputs };
    },
    async read(id, props) {
      return { id, props };
    },
    async diff(_id, olds, news) {
      return { changes: JSON.stringify(olds) !== JSON.stringify(news) };
    },
    async update(_id, _olds, news) {
      await sleep();
      return { outs: news };
    },
    async delete() {
      await sleep();
    },
  };
}

class FloorDynamic extends pulumi.dynamic.Resource {
  constructor(provider: pulumi.dynamic.ResourceProvider, name: string, args: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, args, opts);
  }
}

/** A resource of a plugin, declared by its type token alone (no generated SDK). */
class ByToken extends pulumi.CustomResource {
  constructor(token: string, name: string, args: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) {
    super(token, name, args, opts);
  }
}

const floorPluginSource = (sleepMs: number) => `const { main } = require("@pulumi/pulumi/provider");
const sleep = () => new Promise((resolve) => setTimeout(resolve, ${sleepMs}));
let created = 0;
main({
  version: "0.0.1",
  async check(urn, olds, news) { return { inputs: news }; },
  async diff(id, urn, olds, news) { return { changes: JSON.stringify(olds) !== JSON.stringify(news) }; },
  async create(urn, inputs) { await sleep(); return { id: process.pid + "-" + Date.now() + "-" + created++, outs: inputs }; },
  async read(id, urn, props) { return { id, props }; },
  async update(id, urn, olds, news) { await sleep(); return { outs: news }; },
  async delete() { await sleep(); },
}, process.argv.slice(2));
`;

/** The floors a door is measured against: resources that do nothing, and resources that only wait the latency. */
export const FLOORS = ["no-op", "sleeping"] as const;
export type FloorKind = (typeof FLOORS)[number];

/** Declares a floor resource standing for one of the given kind. */
type FloorDeclare = (kind: string, name: string, args: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

export interface Floor {
  plugins: PluginSource[];
  declare: FloorDeclare;
}

function floorOf(door: Door, kind: FloorKind, latencyMs: number): Floor {
  const sleepMs = kind === "sleeping" ? latencyMs : 0;
  if (door === "dynamic") {
    const provider = floorDynamicProvider(sleepMs);
    return { plugins: [], declare: (_kind, name, args, opts) => new FloorDynamic(provider, name, args, opts) };
  }
  const plugin = kind === "sleeping" ? "benchsleep" : "benchnoop";
  return {
    plugins: [{ name: plugin, path: writePluginFixture({ main: floorPluginSource(sleepMs) }) }],
    declare: (resourceKind, name, args, opts) => new ByToken(`${plugin}:index:${resourceKind}`, name, args, opts),
  };
}

export interface DoorPrograms {
  /** The plugins the project needs: each a folder (Pulumi.yaml `plugins.providers`) or a release archive to install. */
  plugins: PluginSource[];
  declare: Declare;
  /** The same graph of floor resources, of this door. */
  floor(kind: FloorKind): Floor;
}

/** `releaseArchive`: the plugin archive of this machine's platform, which the `executable` door needs. */
export function doorPrograms(door: Door, latencyMs: number, releaseArchive?: () => string): DoorPrograms {
  const floor = (kind: FloorKind) => floorOf(door, kind, latencyMs);
  if (door === "dynamic") {
    const wandb = installedPackage();
    return {
      plugins: [],
      declare: (kind, name, args) => new wandb[kind](name, args as never).id,
      floor,
    };
  }
  return {
    plugins: [{ name: "wandb", path: door === "executable" ? executableArchive(releaseArchive) : repoRoot }],
    declare: (kind, name, args) => new ByToken(tokenOf(kind), name, args).id,
    floor,
  };
}

/** A floor's declare as the declaration of `oneTeam` and `organizationProgram`: the resource's id. */
export const idsOf =
  (floor: Floor): Declare =>
  (kind, name, args) =>
    floor.declare(kind, name, args).id;

function executableArchive(releaseArchive: (() => string) | undefined): string {
  if (!releaseArchive) throw new Error("the executable door needs the release's plugin archive");
  return releaseArchive();
}

export const organizationProgram = (users: number, declare: Declare, layout: OrganizationLayout = "per-person"): PulumiFn => async () => organization(users, declare, layout);

/** An Organization adopting the roster file `roster()` names when the program runs, in `layout`, through the door: the SDK's component, or the plugin's (Construct). */
export function adoptionProgram(door: Door, roster: () => string, layout: OrganizationLayout): PulumiFn {
  return async () => {
    const args = { roster: roster(), adoptExisting: true, layout };
    if (door === "dynamic") return void new (installedPackage().Organization)("acme", args);
    return void new (class extends pulumi.ComponentResource {
      constructor() {
        super(tokenOf("Organization"), "acme", args, undefined, true);
      }
    })();
  };
}

/** The graph an adoption of the roster declares, of floor resources: a component, its guard, and every child with its dependencies. */
export function adoptionFloorProgram(floor: Floor, roster: string, layout: OrganizationLayout): PulumiFn {
  return async () => {
    const component = new pulumi.ComponentResource("bench:index:Organization", "acme");
    const plan = planOrganization("acme", { roster, adoptExisting: true, layout }, () => undefined);
    const child = (kind: keyof OrganizationChildren) => (name: string, args: object, opts: pulumi.CustomResourceOptions) =>
      floor.declare(kind, name, args as Record<string, pulumi.Input<unknown>>, opts);
    // A floor resource echoes its inputs: a Team's and a CustomRole's `name` is an output as it is for ours.
    const named = (kind: "Team" | "CustomRole") => (name: string, args: object, opts: pulumi.CustomResourceOptions) => child(kind)(name, args, opts) as NamedResource;
    const kinds: OrganizationKinds = {
      User: child("User"),
      // A floor resource echoes its inputs: its people's ids are unknown to the floor, and read by no other child.
      OrganizationMembers: (name, args, opts) => child("OrganizationMembers")(name, args, opts) as OrganizationChildren["OrganizationMembers"],
      Team: named("Team"),
      CustomRole: named("CustomRole"),
      OrganizationRoleAssignment: child("OrganizationRoleAssignment"),
      TeamRoleAssignment: child("TeamRoleAssignment"),
      RegistryRoleAssignment: child("RegistryRoleAssignment"),
      RosterGuard: child("RosterGuard"),
      ServiceAccount: child("ServiceAccount"),
    };
    declareOrganization(component, "acme", plan, kinds);
  };
}
