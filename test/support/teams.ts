// Test scaffolding for the Team and TeamMember resource tests: an emulator with a few extra users,
// an operation of the provider configured against it, and out-of-band access through the SCIM and control APIs.
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { adminRequest, readState } from "../../scripts/emulator-api";
import type { Operation } from "../../provider/operation";
import { operationFor } from "./provider";

export type Dialect = "wandb" | "rfc";
export type Deployment = "saas" | "dedicated" | "self-managed";

export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

export const EXTRA_USERS = ["alice", "bob", "carol", "dave"] as const;

export async function startTeamEmulator(dialect: Dialect, deployment: Deployment = "dedicated"): Promise<RunningEmulator> {
  const seed = defaultSeed();
  seed.users.push(...EXTRA_USERS.map((name) => ({ userName: name, email: `${name}@acme.example`, displayName: name })));
  return startEmulator({ port: 0, dialect, deployment, seed });
}

export const operationForTeams = (emu: RunningEmulator): Operation => operationFor(emu, { timeoutSeconds: "10" });

export async function userIdOf(emu: RunningEmulator, email: string): Promise<string> {
  const answer = await adminRequest(emu, "GET", `/scim/Users?filter=${encodeURIComponent(`emails.value eq "${email}"`)}`);
  const id = answer.body?.Resources?.[0]?.id;
  if (typeof id !== "string") throw new Error(`no user ${email}`);
  return id;
}

/** The SCIM ids of seeded users by name (each with the email `<name>@acme.example`). */
export async function userIdsOf<N extends string>(emu: RunningEmulator, names: readonly N[]): Promise<Record<N, string>> {
  const entries = await Promise.all(names.map(async (name) => [name, await userIdOf(emu, `${name}@acme.example`)] as const));
  return Object.fromEntries(entries) as Record<N, string>;
}

/** The team's member ids as the service lists them (both dialects). */
export async function memberIdsOf(emu: RunningEmulator, teamId: string): Promise<string[]> {
  const answer = await adminRequest(emu, "GET", `/scim/Groups/${teamId}`);
  const members: { value?: string; Value?: string }[] = answer.body.members ?? [];
  return members.map((m) => m.value ?? m.Value ?? "").sort();
}

export async function serviceAccountId(emu: RunningEmulator): Promise<string> {
  return (await readState(emu)).serviceAccounts[0].id;
}

export const patchMembers = (emu: RunningEmulator, teamId: string, ...operations: unknown[]) =>
  adminRequest(emu, "PATCH", `/scim/Groups/${teamId}`, { schemas: [PATCH_SCHEMA], Operations: operations });

export async function createTeamOutOfBand(emu: RunningEmulator, name: string, memberIds: string[]): Promise<string> {
  const answer = await adminRequest(emu, "POST", "/scim/Groups", {
    schemas: [GROUP_SCHEMA],
    displayName: name,
    members: memberIds.map((value) => ({ value })),
  });
  if (answer.status !== 201) throw new Error(`create team: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

