// Permissions W&B does not document: not refused, since W&B publishes no complete list, but told at
// preview, since the service refuses at `up` a permission that does not exist.
import type * as pulumi from "@pulumi/pulumi";
import { DOCUMENTED_PERMISSIONS, PERMISSION_NAME } from "../api/vocabulary";

const DOCUMENTED: readonly string[] = DOCUMENTED_PERMISSIONS;

/**
 * One warning for each permission, given as plain text, that W&B does not document. Permissions
 * still unknown in the program (Outputs, promises) are not looked into, and malformed ones are
 * left to the provider's check, which refuses them.
 */
export function undocumentedPermissionWarnings(permissions: pulumi.Input<pulumi.Input<string>[]> | undefined): string[] {
  if (!Array.isArray(permissions)) return [];
  const names = permissions.filter((name): name is string => typeof name === "string").map((name) => name.trim());
  return [...new Set(names)]
    .filter((name) => PERMISSION_NAME.test(name) && !DOCUMENTED.includes(name))
    .map(
      (name) =>
        `permission "${name}" is not among the permissions W&B documents: if it does not exist, the service will refuse it at \`pulumi up\`. ` +
        `The documented permissions are ${DOCUMENTED.join(", ")} (W&B publishes no complete list).`,
    );
}
