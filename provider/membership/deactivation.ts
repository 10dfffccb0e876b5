// Users the roster does not keep, deactivated: one list at a time (the outside-code report's, or
// another rule's), each admitted by the guard rails at the writes (provider/removals) before its
// write, so that these deactivations count with every other removal of the run. Who is in the list
// is the caller's rule (model/outside-code): never the user the provider acts as, an ignored one or
// a service account (W&B lists no service account as a user).
import { shownName } from "../../model/shown-names";
import type { ScimUser } from "../../service";
import { SETTLED, writeGuardedByEtag } from "../kit/conflict";
import type { Operation } from "../operation";

/**
 * Sets a listed user's `active`, through the conflict rule of every write: a lost answer (or a 412)
 * is settled by reading the user again, in the same run; one already as wanted is left as it is.
 */
async function setActive(operation: Operation, user: ScimUser, active: boolean): Promise<void> {
  const directory = operation.directory();
  await writeGuardedByEtag({
    what: `user ${user.userName}`,
    signal: operation.signal,
    etag: user.etag,
    write: (etag) => directory.patchUser(user.id, [{ op: "replace", value: { active } }], etag ? { ifMatch: etag } : {}),
    reread: async () => {
      const read = await directory.userNow(user.id);
      if (read === undefined) throw new Error(`user ${user.userName} (id ${user.id}) is gone from W&B since the run listed it`);
      return read.active === active ? SETTLED : { etag: read.etag, changedFields: [] };
    },
  });
}

/** Deactivates each user of `userNames` that W&B lists as active, for Organization `organization`; `reason` says why, in what is told. */
export async function deactivateUsers(operation: Operation, organization: string, userNames: readonly string[], reason: string): Promise<void> {
  const directory = operation.directory();
  await Promise.all(
    userNames.map(async (userName) => {
      const user = await directory.userNamed(userName);
      if (user === undefined || !user.active) return;
      await operation.removals().admit({ organization, userName: user.userName, removesUser: true, demotesAdmin: user.organizationRole === "admin" });
      await setActive(operation, user, false);
      operation.tell(`Organization "${shownName(organization)}": deactivated ${shownName(user.userName)} (${shownName(user.email)}): ${reason}`);
    }),
  );
}

/** Reactivates each user of `userNames` that W&B lists as inactive, for Organization `organization`; `reason` says why. */
export async function reactivateUsers(operation: Operation, organization: string, userNames: readonly string[], reason: string): Promise<void> {
  const directory = operation.directory();
  await Promise.all(
    userNames.map(async (userName) => {
      const user = await directory.userNamed(userName);
      if (user === undefined || user.active) return;
      await setActive(operation, user, true);
      operation.tell(`Organization "${shownName(organization)}": reactivated ${shownName(user.userName)} (${shownName(user.email)}): ${reason}`);
    }),
  );
}

/** Deletes each custom role of `names` that W&B lists (its holders fall back to the role it inherits from). */
export async function deleteCustomRoles(operation: Operation, organization: string, names: readonly string[], reason: string): Promise<void> {
  const directory = operation.directory();
  for (const name of names) {
    const role = await directory.roleNamed(name);
    if (role === undefined) continue;
    await directory.deleteRole(role.id, role.etag ? { ifMatch: role.etag } : {});
    operation.tell(`Organization "${shownName(organization)}": deleted the custom role ${shownName(role.name)}: ${reason}`);
  }
}
