// Test scaffolding for the Team and TeamMember resource tests: an emulator with a few extra users,
// the provider configured against it, and out-of-band access through the SCIM and control APIs.
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { configure } from "../../provider/runtime";

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

export async function configureFor(emu: RunningEmulator): Promise<void> {
  const values: Record<string, string> = {
    "wandb:baseUrl": emu.url,
    "wandb:apiKey": emu.admin.apiKey,
    "wandb:username": emu.admin.username,
    "wandb:deployment": emu.deployment,
    "wandb:timeoutSeconds": "10",
  };
  await configure({
    config: {
      get: (key: string) => values[key],
      require: (key: string) => {
        const value = values[key];
        if (value === undefined) throw new Error(`missing ${key}`);
        return value;
      },
    },
  } as never);
}

export interface Answer {
  status: number;
  body: any;
  etag: string | null;
}

/** An out-of-band SCIM or control request as the admin. */
export async function api(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emu.admin.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, etag: response.headers.get("etag") };
}

export interface LogSnapshot {
  requests: { method: string; route: string; path: string; status: number }[];
  counters: { writes: number; total: number; byMethod: Record<string, number>; byRoute: Record<string, number> };
}

export const resetLog = async (emu: RunningEmulator) => void (await api(emu, "DELETE", "/_emulator/log"));
export const requestLog = async (emu: RunningEmulator): Promise<LogSnapshot> => (await api(emu, "GET", "/_emulator/log")).body;
export async function setFaults(emu: RunningEmulator, faults: unknown): Promise<void> {
  const answer = await api(emu, "PUT", "/_emulator/faults", faults);
  if (answer.status >= 300) throw new Error(`faults: ${answer.status} ${JSON.stringify(answer.body)}`);
}
export const clearFaults = async (emu: RunningEmulator) => void (await api(emu, "DELETE", "/_emulator/faults"));

export async function userIdOf(emu: RunningEmulator, email: string): Promise<string> {
  const answer = await api(emu, "GET", `/scim/Users?filter=${encodeURIComponent(`emails.value eq "${email}"`)}`);
  const id = answer.body?.Resources?.[0]?.id;
  if (typeof id !== "string") throw new Error(`no user ${email}`);
  return id;
}

/** The team's member ids as the service lists them (both dialects). */
export async function memberIdsOf(emu: RunningEmulator, teamId: string): Promise<string[]> {
  const answer = await api(emu, "GET", `/scim/Groups/${teamId}`);
  const members: { value?: string; Value?: string }[] = answer.body.members ?? [];
  return members.map((m) => m.value ?? m.Value ?? "").sort();
}

export async function serviceAccountId(emu: RunningEmulator): Promise<string> {
  const state = (await api(emu, "GET", "/_emulator/state")).body;
  return state.serviceAccounts[0].id;
}

export const patchMembers = (emu: RunningEmulator, teamId: string, ...operations: unknown[]) =>
  api(emu, "PATCH", `/scim/Groups/${teamId}`, { schemas: [PATCH_SCHEMA], Operations: operations });

export async function createTeamOutOfBand(emu: RunningEmulator, name: string, memberIds: string[]): Promise<string> {
  const answer = await api(emu, "POST", "/scim/Groups", {
    schemas: [GROUP_SCHEMA],
    displayName: name,
    members: memberIds.map((value) => ({ value })),
  });
  if (answer.status !== 201) throw new Error(`create team: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;
