// Access changed outside code by a second admin, with that admin's own key, as in the web
// application (issue 43), on the outside-code organization (outside-code-organization.ts): an
// admin granted to a declared member, a team made by hand, a declared user deactivated, and a
// custom role made by hand. What W&B's audit log then says of each, as the emulator logged it.
import { defaultSeed, type RunningEmulator } from "../../emulator";
import { minuteOf } from "../../model/audit-attribution";
import { WIRE } from "./audit-log-wire";
import { basic } from "./emulator-calls";

const second = defaultSeed().users.find((user) => user.userName === "second-admin");
/** The admin who changes things by hand. */
export const SECOND_ADMIN = { userName: "second-admin", email: second?.email ?? "", apiKey: second?.apiKey ?? "" };

/** What the second admin changes, by name. */
export const BY_HAND = { grantedAdmin: "u1", team: "skunkworks", teamMember: "u2", deactivated: "u3", customRole: "Exporter" } as const;

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** A SCIM request (path under the SCIM root) with the second admin's key; its parsed answer. */
export async function asSecondAdmin(emulator: RunningEmulator, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.scimUrl}${path}`, {
    method,
    headers: { authorization: basic(SECOND_ADMIN.userName, SECOND_ADMIN.apiKey), "content-type": "application/scim+json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} as ${SECOND_ADMIN.userName}: ${response.status} ${text}`);
  return text === "" ? undefined : JSON.parse(text);
}

export async function userId(emulator: RunningEmulator, userName: string): Promise<string> {
  const found = (await asSecondAdmin(emulator, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, undefined)) as { Resources: { id: string }[] };
  const id = found.Resources[0]?.id;
  if (id === undefined) throw new Error(`no user ${userName}`);
  return id;
}

/** Makes the four changes with the second admin's key. */
export async function changeByHand(emulator: RunningEmulator): Promise<void> {
  const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });
  await asSecondAdmin(emulator, "PATCH", `/Users/${await userId(emulator, BY_HAND.grantedAdmin)}`, patch({ op: "replace", path: "organizationRole", value: "admin" }));
  const member = await userId(emulator, BY_HAND.teamMember);
  await asSecondAdmin(emulator, "POST", "/Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: BY_HAND.team, members: [{ value: member }] });
  await asSecondAdmin(emulator, "PATCH", `/Users/${await userId(emulator, BY_HAND.deactivated)}`, patch({ op: "replace", value: { active: false } }));
  await asSecondAdmin(emulator, "POST", "/Roles", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Role"], name: BY_HAND.customRole, description: "", inheritedFrom: "viewer", permissions: [{ name: "project:update" }] });
}

/** An entry of the emulator's audit log, as the page names its keys. */
export interface LoggedEntry {
  action: string;
  actor_email?: string;
  user_email?: string;
  entity_name?: string;
  timestamp: string;
}

/** When the emulator's audit log says the second admin made `action` (the last such entry `matches`), as the review writes a time. */
export async function loggedAt(emulator: RunningEmulator, action: string, matches: (entry: LoggedEntry) => boolean): Promise<string> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${emulator.url}${WIRE.paths[emulator.deployment]}?startDate=${yesterday}&numDays=1&limit=1000`, {
    headers: { authorization: basic(emulator.admin.username, emulator.admin.apiKey) },
  });
  const entries = ((await response.json()) as { audit_logs: LoggedEntry[] }).audit_logs;
  const entry = entries.findLast((each) => each.action === action && each.actor_email === SECOND_ADMIN.email && matches(each));
  if (entry === undefined) throw new Error(`no ${action} by ${SECOND_ADMIN.email} in the emulator's audit log`);
  return minuteOf(entry.timestamp);
}

/** When the emulator's audit log says the second admin made each change of changeByHand. */
export async function changedAt(emulator: RunningEmulator): Promise<{ grantedAdmin: string; team: string; deactivated: string }> {
  return {
    grantedAdmin: await loggedAt(emulator, "organization:update_member", (entry) => entry.user_email === `${BY_HAND.grantedAdmin}@acme.example`),
    team: await loggedAt(emulator, "team:create", (entry) => entry.entity_name === BY_HAND.team),
    deactivated: await loggedAt(emulator, "user:deactivate", (entry) => entry.user_email === `${BY_HAND.deactivated}@acme.example`),
  };
}
