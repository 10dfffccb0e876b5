export { CustomRole, type CustomRoleArgs } from "./custom-role";
