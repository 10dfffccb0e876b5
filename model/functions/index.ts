// The package's functions, shared by the SDK and the native plugin. The plugin serves each as the
// invoke `wandb:index:<name>`.
import { getCustomRoleFunction } from "./roles";
import { getModelFunction, getModelsFunction } from "./models";
import { getTeamFunction } from "./teams";
import { getUserFunction, getUsersFunction } from "./users";

export type { FunctionAccess, InferenceAccess, InferenceTarget, ScimAccess } from "./access";
export { inferenceWhere, scimWhere, targetedConfig } from "./access";
export type { WandbFunction } from "./define";
export { WandbLookupError } from "./errors";

/** Every function by name. */
export const FUNCTIONS = {
  getModels: getModelsFunction,
  getModel: getModelFunction,
  getUser: getUserFunction,
  getUsers: getUsersFunction,
  getTeam: getTeamFunction,
  getCustomRole: getCustomRoleFunction,
} as const;

export type FunctionName = keyof typeof FUNCTIONS;
