// Which reading of the wire the emulators of this test run serve by default (see vitest.config.ts):
// the documented one (no roles on GET), or, in the "roles shown" project, roles on every representation.

/** Whether emulators started without `userRolesOnGet` show organizationRole, teamRoles and registryRoles on GET. */
export const rolesShownByDefault = process.env["WANDB_TEST_ROLES_SHOWN"] === "1";
