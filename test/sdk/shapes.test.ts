// Each dynamic resource class of the SDK takes the inputs, and shows the outputs, of its kind's
// shape in model/shapes (the zod schemas the provider checks and stores with, which the package
// schema describes): at compile time (the tsc run of test/architecture/typecheck.test.ts checks
// this file), and at run time for the outputs a resource read from its id shows.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { SHAPES } from "../../model/shapes";
import type { ResourceKind } from "../../model/resource-kinds";
import * as wandb from "../../sdk";
import { RosterGuard } from "../../sdk/roster-guard";

/** What a program's arguments to the class hold once resolved. */
type Given<Args> = pulumi.Unwrap<Args>;
/** What each output of the class holds once resolved, for the properties of the shape's state. */
type Shown<Class, S extends z.ZodObject> = { [K in keyof z.output<S>]-?: K extends keyof Class ? pulumi.Unwrap<Class[K]> : never };
type Stored<S extends z.ZodObject> = { [K in keyof z.output<S>]-?: z.output<S>[K] };

describe("the SDK classes at compile time", () => {
  it("take the inputs of their kind's shape and show the outputs of its state", () => {
    expectTypeOf<Given<wandb.UserArgs>>().toEqualTypeOf<z.input<typeof SHAPES.User.inputs>>();
    expectTypeOf<Shown<wandb.User, typeof SHAPES.User.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.User.outputs>>();
    expectTypeOf<Given<wandb.TeamArgs>>().toEqualTypeOf<z.input<typeof SHAPES.Team.inputs>>();
    expectTypeOf<Shown<wandb.Team, typeof SHAPES.Team.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.Team.outputs>>();
    expectTypeOf<Given<wandb.TeamMemberArgs>>().toEqualTypeOf<z.input<typeof SHAPES.TeamMember.inputs>>();
    expectTypeOf<Shown<wandb.TeamMember, typeof SHAPES.TeamMember.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.TeamMember.outputs>>();
    expectTypeOf<Given<wandb.CustomRoleArgs>>().toEqualTypeOf<z.input<typeof SHAPES.CustomRole.inputs>>();
    expectTypeOf<Shown<wandb.CustomRole, typeof SHAPES.CustomRole.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.CustomRole.outputs>>();
    expectTypeOf<Given<wandb.OrganizationRoleAssignmentArgs>>().toEqualTypeOf<z.input<typeof SHAPES.OrganizationRoleAssignment.inputs>>();
    expectTypeOf<Shown<wandb.OrganizationRoleAssignment, typeof SHAPES.OrganizationRoleAssignment.outputs>>().toEqualTypeOf<
      Stored<typeof SHAPES.OrganizationRoleAssignment.outputs>
    >();
    expectTypeOf<Given<wandb.TeamRoleAssignmentArgs>>().toEqualTypeOf<z.input<typeof SHAPES.TeamRoleAssignment.inputs>>();
    expectTypeOf<Shown<wandb.TeamRoleAssignment, typeof SHAPES.TeamRoleAssignment.outputs>>().toEqualTypeOf<
      Stored<typeof SHAPES.TeamRoleAssignment.outputs>
    >();
    expectTypeOf<Given<wandb.ServiceAccountArgs>>().toEqualTypeOf<z.input<typeof SHAPES.ServiceAccount.inputs>>();
    expectTypeOf<Shown<wandb.ServiceAccount, typeof SHAPES.ServiceAccount.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.ServiceAccount.outputs>>();
    expectTypeOf<Given<wandb.RegistryRoleAssignmentArgs>>().toEqualTypeOf<z.input<typeof SHAPES.RegistryRoleAssignment.inputs>>();
    expectTypeOf<Shown<wandb.RegistryRoleAssignment, typeof SHAPES.RegistryRoleAssignment.outputs>>().toEqualTypeOf<
      Stored<typeof SHAPES.RegistryRoleAssignment.outputs>
    >();
    expectTypeOf<Given<ConstructorParameters<typeof RosterGuard>[1]>>().toEqualTypeOf<z.input<typeof SHAPES.RosterGuard.inputs>>();
    expectTypeOf<Shown<RosterGuard, typeof SHAPES.RosterGuard.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.RosterGuard.outputs>>();
    expectTypeOf<Given<wandb.OrganizationMembersArgs>>().toEqualTypeOf<z.input<typeof SHAPES.OrganizationMembers.inputs>>();
    expectTypeOf<Shown<wandb.OrganizationMembers, typeof SHAPES.OrganizationMembers.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.OrganizationMembers.outputs>>();
  });

  it("fail to compile where a class differs from its shape", () => {
    // An input the shape does not have, one it has left out, or typed otherwise.
    // @ts-expect-error the class takes an input its kind's shape does not
    expectTypeOf<Given<wandb.UserArgs & { nickName?: string }>>().toEqualTypeOf<z.input<typeof SHAPES.User.inputs>>();
    // @ts-expect-error the class lacks an input its kind's shape has
    expectTypeOf<Given<Omit<wandb.UserArgs, "importId">>>().toEqualTypeOf<z.input<typeof SHAPES.User.inputs>>();
    // @ts-expect-error the class types an input otherwise
    expectTypeOf<Given<Omit<wandb.TeamArgs, "members"> & { members?: string }>>().toEqualTypeOf<z.input<typeof SHAPES.Team.inputs>>();
    // An output the state does not hold, or typed otherwise.
    // @ts-expect-error the class lacks an output of its kind's state
    expectTypeOf<Shown<Omit<wandb.User, "etag">, typeof SHAPES.User.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.User.outputs>>();
    type TeamWithMemberIdsOtherwise = Omit<wandb.Team, "memberIds"> & { memberIds: pulumi.Output<string> };
    // @ts-expect-error the class types an output otherwise
    expectTypeOf<Shown<TeamWithMemberIdsOtherwise, typeof SHAPES.Team.outputs>>().toEqualTypeOf<Stored<typeof SHAPES.Team.outputs>>();
  });
});

/** The outputs a resource object has: its properties that are Outputs, but the engine's own. */
function outputsOf(resource: pulumi.Resource): string[] {
  const engine = new Set(["id", "urn", "__provider"]);
  return Object.entries(resource)
    .filter(([name, value]) => pulumi.Output.isInstance(value) && !engine.has(name))
    .map(([name]) => name)
    .sort();
}

/** The properties of the kind's state, which the class must show as outputs. */
const stateOf = (shape: z.ZodObject) => Object.keys(shape.shape).sort();

describe("the SDK classes at run time", () => {
  beforeAll(async () => {
    await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs }, "shapes", "dev", false);
  });

  const READ: [Exclude<ResourceKind, "RosterGuard">, (name: string) => pulumi.Resource][] = [
    ["User", (name) => wandb.User.get(name, "u-1")],
    ["Team", (name) => wandb.Team.get(name, "t-1")],
    ["TeamMember", (name) => wandb.TeamMember.get(name, "t-1/u-1")],
    ["CustomRole", (name) => wandb.CustomRole.get(name, "r-1")],
    ["OrganizationRoleAssignment", (name) => wandb.OrganizationRoleAssignment.get(name, "u-1/organization")],
    ["TeamRoleAssignment", (name) => wandb.TeamRoleAssignment.get(name, "u-1/teams/squad")],
    ["RegistryRoleAssignment", (name) => wandb.RegistryRoleAssignment.get(name, "u-1/registries/models")],
    ["ServiceAccount", (name) => wandb.ServiceAccount.get(name, "sa-1")],
    ["OrganizationMembers", (name) => wandb.OrganizationMembers.get(name, "ana,bo")],
  ];

  it.each(READ)("%s read from its id shows every property of its state", (kind, read) => {
    expect(outputsOf(read(`read-${kind}`))).toEqual(stateOf(SHAPES[kind].outputs));
  });

  it("RosterGuard shows every property of its state", () => {
    const guard = new RosterGuard("guard", { organization: "acme", users: ["ana"], admins: ["ana"], teams: {} });
    expect(outputsOf(guard)).toEqual(stateOf(SHAPES.RosterGuard.outputs));
  });

  it("a class whose outputs differ from its kind's state fails the comparison", () => {
    const shown = outputsOf(wandb.User.get("read-User-again", "u-1"));
    expect(shown).not.toEqual(stateOf(SHAPES.User.outputs.omit({ etag: true })));
    expect(shown).not.toEqual(stateOf(SHAPES.User.outputs.extend({ nickName: SHAPES.User.outputs.shape.email })));
  });
});
