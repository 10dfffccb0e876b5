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
 * be taken: a name that is no exported user (one the export left out, with why, e.g. `--exclude`;
 * or none W&B lists: a typo), or a user the service shows in another role.
 */
export function adminIds(names: readonly string[], users: readonly ScimUser[], leftOut: Iterable<{ user: ScimUser; reason: string }> = []): Set<string> | { problem: string } {
  const keyed = <T>(entries: Iterable<T>, userOf: (entry: T) => ScimUser) =>
    new Map([...entries].flatMap((entry) => [[identityOf("userName", userOf(entry).userName), entry], [identityOf("email", userOf(entry).email), entry]] as const));
  const byName = keyed(users, (user) => user);
  const leftOutByName = keyed(leftOut, (left) => left.user);
  const unknown = names.filter((name) => !byName.has(identityOf("userName", name)));
  if (unknown.length > 0) {
    const why = unknown.map((name) => {
      const left = leftOutByName.get(identityOf("userName", name));
      return `${JSON.stringify(name)}, ${left === undefined ? "whom W&B does not list: check the spelling" : `${left.reason}: a roster holds no one it leaves out`}`;
    });
    return { problem: `--admins names ${why.join("; ")}` };
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
