// The file `pulumi import --file` reads, for the native plugin's resources without an Organization:
// one entry per user, team and custom role, with the import ids of the README's table and names
// that are valid, unique and readable (`user-alice`, `team-ml-platform`, `role-run-operator`).
import { tokenOf } from "../model/tokens";
import type { Selection } from "./selection";
import { foldCase } from "../service/case-folding";

export interface ImportEntry {
  type: string;
  name: string;
  id: string;
}

/** `Run operator` → `run-operator`: letters, digits and single dashes, never empty. */
function slug(text: string): string {
  const words = foldCase(text).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return words === "" ? "unnamed" : words;
}

/** Entries of `kind`, each named `<prefix>-<slug>`; a slug taken already gets `-2`, `-3`, ... in the order given. */
function entries(kind: string, prefix: string, items: readonly { id: string; label: string }[], taken: Set<string>): ImportEntry[] {
  return items.map(({ id, label }) => {
    const base = `${prefix}-${slug(label)}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return { type: tokenOf(kind), name, id };
  });
}

/** The import file's text: `{ "resources": [...] }`, users, then teams, then custom roles, each sorted by name. */
export function importFileText(selection: Selection): string {
  const taken = new Set<string>();
  const resources = [
    ...entries("User", "user", selection.users.map((user) => ({ id: user.id, label: user.userName })), taken),
    // A team's members are imported with it, as emails.
    ...entries("Team", "team", selection.teams.map((team) => ({ id: team.id, label: team.name })), taken),
    ...entries("CustomRole", "role", selection.roles.map((role) => ({ id: role.id, label: role.name })), taken),
  ];
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
