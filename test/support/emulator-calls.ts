import type { RunningEmulator } from "../../emulator";

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: any;
}

export const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString("base64")}`;
export const bearer = (key: string) => `Bearer ${key}`;
export const adminAuth = (emu: RunningEmulator) => basic(emu.admin.username, emu.admin.apiKey);

export async function call(
  emu: RunningEmulator,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; auth?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const auth = options.auth === undefined ? adminAuth(emu) : options.auth;
  if (auth !== null) headers.Authorization = auth;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] = "application/scim+json";
  const res = await fetch(`${emu.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === "" ? undefined : JSON.parse(text) };
}

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const TEAMS_EXT = "urn:ietf:params:scim:schemas:extension:teams:2.0:User";
export const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export const patchBody = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });

export function newUserBody(userName: string, extra: Record<string, unknown> = {}) {
  return { schemas: [USER_SCHEMA], userName, emails: [{ primary: true, value: `${userName}@example.com` }], ...extra };
}

export async function createUser(emu: RunningEmulator, userName: string, extra: Record<string, unknown> = {}) {
  const res = await call(emu, "POST", "/scim/Users", { body: newUserBody(userName, extra) });
  if (res.status !== 201) throw new Error(`create user ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string } & Record<string, any>;
}

export async function createTeam(emu: RunningEmulator, displayName: string, members: string[] = []) {
  const res = await call(emu, "POST", "/scim/Groups", {
    body: { schemas: [GROUP_SCHEMA], displayName, members: members.map((value) => ({ value })) },
  });
  if (res.status !== 201) throw new Error(`create team ${displayName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string } & Record<string, any>;
}

/** The user's view after a change, whatever the dialect answered to the PATCH. */
export async function getUser(emu: RunningEmulator, id: string) {
  return (await call(emu, "GET", `/scim/Users/${id}`)).body;
}

/** A minimal error-envelope check that accepts both dialects' status types. */
export function expectScimError(res: Answer, status: number, dialect: "wandb" | "rfc") {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  const body = res.body;
  if (body?.schemas?.[0] !== "urn:ietf:params:scim:api:messages:2.0:Error") throw new Error(`not a SCIM error: ${JSON.stringify(body)}`);
  const expected = dialect === "wandb" ? status : String(status);
  if (body.status !== expected) throw new Error(`status field ${JSON.stringify(body.status)} != ${JSON.stringify(expected)}`);
  return body as { detail: string; scimType?: string };
}
