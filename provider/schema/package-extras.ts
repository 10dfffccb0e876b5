// What the package serves besides its configuration and custom resources: the functions (invokes)
// and the Organization component, from the shared definitions both front doors use.
import { FUNCTIONS } from "../../api/functions";
import { ORGANIZATION_TYPE, organizationArgsSchema, organizationOutputsSchema } from "../../api/organization";
import { token } from "./pulumi-package";
import type { SchemaExtras } from "./package-schema";

const ORGANIZATION_DESCRIPTION =
  "A W&B organization's membership from one roster: users, custom roles, teams with their members and team roles, " +
  "organization roles and registry roles, created in dependency order, each a child of the component named from stable roster keys.";

export const PACKAGE_EXTRAS: SchemaExtras = {
  functions: Object.values(FUNCTIONS).map((fn) => ({ token: token(fn.name), description: fn.description, inputs: fn.args, outputs: fn.result })),
  components: [{ token: ORGANIZATION_TYPE, description: ORGANIZATION_DESCRIPTION, inputs: organizationArgsSchema, outputs: organizationOutputsSchema }],
};
