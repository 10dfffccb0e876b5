// `export --admins`: the organization admins as the web application's user list shows them, given
// where the service's SCIM does not show roles, so that the roster carries them and its adoption
// writes nothing. A list on the command line, or a file of one userName or email per line.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { ScimUser } from "../service/model";
import { identityOf, sameIdentity } from "../model/identity";

/** `--admins ana,bo@x.io` or `--admins admins.txt` (one per line; blank lines and `#` comments skipped). */
export function adminNames(value: string, cwd: string): string[] {
  const file = path.resolve(cwd, value);
  const text = existsSync(file) ? readFileSync(file, "utf8") : value.replace(/,/g, "\n");
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter((line) => line !== "");
}

/**
 * The ids of the users `names` lists (by userName or email, case ignored), or why the list cannot
 * be taken: a name that is no exported user (a typo, or someone --exclude left out), or a user the
 * service shows in another role.
 */
export function adminIds(names: readonly string[], users: readonly ScimUser[]): Set<string> | { problem: string } {
  const byName = new Map(users.flatMap((user) => [[identityOf("userName", user.userName), user], [identityOf("email", user.email), user]] as const));
  const unknown = names.filter((name) => !byName.has(identityOf("userName", name)));
  if (unknown.length > 0) {
    return { problem: `--admins names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, not among the users exported: check the spelling, or --exclude` };
  }
  const listed = names.map((name) => byName.get(identityOf("userName", name))!);
  const otherwise = listed.filter((user) => user.organizationRole !== undefined && !sameIdentity("organizationRole", user.organizationRole, "admin"));
  if (otherwise.length > 0) {
    return {
      problem: `--admins names ${otherwise.map((user) => `${user.userName} (the service shows ${JSON.stringify(user.organizationRole)})`).join(", ")}: ` +
        "the service's own role is written; leave them out of --admins",
    };
  }
  return new Set(listed.map((user) => user.id));
}
