export { CustomRole, type CustomRoleArgs } from "./custom-role";
export * from "./functions/models";
export * from "./functions/users";
export * from "./functions/teams";
export * from "./functions/roles";
export { WandbLookupError } from "./functions/errors";
