// What the package serves besides its configuration and custom resources: the functions (invokes)
// and the Organization component, from the shared definitions both front doors use.
import { FUNCTIONS } from "../../model/functions";
import { organizationArgsSchema, organizationOutputsSchema } from "../../model/organization";
import { ORGANIZATION_TYPE, tokenOf } from "../../model/tokens";
import type { z } from "zod";

/** A function (invoke): its token (e.g. `wandb:index:getModels`), and the zod objects of its arguments and its result. */
export interface FunctionDefinition {
  readonly token: string;
  readonly description: string;
  readonly inputs: z.ZodType;
  readonly outputs: z.ZodType;
}

/** A component resource (Construct): its token (e.g. `wandb:index:Organization`), and the zod objects of its inputs and outputs. */
export interface ComponentDefinition {
  readonly token: string;
  readonly description: string;
  readonly inputs: z.ZodType;
  readonly outputs: z.ZodType;
}

/** What the package serves besides its configuration and custom resources. */
export interface SchemaExtras {
  readonly functions?: readonly FunctionDefinition[];
  readonly components?: readonly ComponentDefinition[];
}

const ORGANIZATION_DESCRIPTION =
  "A W&B organization's membership from one roster: users, custom roles, teams with their members and team roles, " +
  "organization roles and registry roles, created in dependency order, each a child of the component named from stable roster keys.\n\n" +
  "A change of the roster creates, updates or deletes only the children it concerns, within the guard rails " +
  "(`wandb:minAdmins`, `wandb:maxRemovalFraction`, `wandb:protectSelf`); nothing replaces the component itself.\n\n" +
  "## Import\n\n" +
  "A component is not imported. To bring an existing organization under a roster, write the roster from it with " +
  "`pulumi-wandb export` and set `adoptExisting`: the children take over the users, teams and custom roles the roster " +
  "declares instead of creating them.";

export const PACKAGE_EXTRAS: SchemaExtras = {
  functions: Object.values(FUNCTIONS).map((fn) => ({ token: tokenOf(fn.name), description: fn.description, inputs: fn.args, outputs: fn.result })),
  components: [{ token: ORGANIZATION_TYPE, description: ORGANIZATION_DESCRIPTION, inputs: organizationArgsSchema, outputs: organizationOutputsSchema }],
};
