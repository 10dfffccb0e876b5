// Permissions W&B does not document: not refused, since W&B publishes no complete list, but told at
// preview, since the service refuses at `up` a permission that does not exist.
import { DOCUMENTED_PERMISSIONS, PERMISSION_NAME } from "./vocabulary";

const DOCUMENTED: readonly string[] = DOCUMENTED_PERMISSIONS;

/** One warning for each well-formed permission W&B does not document (malformed ones are the check's to refuse). */
export function undocumentedPermissionWarnings(permissions: readonly string[]): string[] {
  return [...new Set(permissions.map((name) => name.trim()))]
    .filter((name) => PERMISSION_NAME.test(name) && !DOCUMENTED.includes(name))
    .map(
      (name) =>
        `permission "${name}" is not among the permissions W&B documents: if it does not exist, the service will refuse it at \`pulumi up\`. ` +
        `The documented permissions are ${DOCUMENTED.join(", ")} (W&B publishes no complete list).`,
    );
}
