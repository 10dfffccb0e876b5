// Talking to an emulator over real HTTP (tests and the bench), as a user's script would: its SCIM API for
// changes made outside Pulumi, and its control API for faults, logs and state.
import type { RunningEmulator } from "../emulator";
import type { RequestLog } from "../emulator/request-log";

export interface EmulatorApi {
  /** A SCIM request as the admin; answers the parsed body (undefined when empty). */
  scim(method: string, path: string, body?: unknown): Promise<unknown>;
  /** A control request (`/_emulator` + path) as the admin. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

type Controlled = Pick<RunningEmulator, "scimUrl" | "controlUrl" | "admin">;

export function emulatorApi(emulator: Controlled): EmulatorApi {
  const request = async (url: string, method: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${emulator.admin.apiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    scim: (method, path, body) => request(`${emulator.scimUrl}${path}`, method, body),
    control: (method, path, body) => request(`${emulator.controlUrl}${path}`, method, body),
  };
}

/** What an out-of-band request answered, whatever its status. */
export interface Answer {
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  body: any;
  etag: string | null;
}

/** An out-of-band request (path from the emulator's root) as the admin, with a SCIM body; any status is answered. */
export async function adminRequest(
  emulator: Pick<RunningEmulator, "url" | "admin">,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emulator.admin.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, etag: response.headers.get("etag") };
}

// The control API

/** The request log as `GET /_emulator/log` answers it. */
export type RequestLogSnapshot = ReturnType<RequestLog["snapshot"]>;

export const setFaults = async (emulator: Controlled, faults: unknown): Promise<void> => {
  await emulatorApi(emulator).control("PUT", "/faults", faults);
};
export const clearFaults = async (emulator: Controlled): Promise<void> => {
  await emulatorApi(emulator).control("DELETE", "/faults");
};
export const resetLog = async (emulator: Controlled): Promise<void> => {
  await emulatorApi(emulator).control("DELETE", "/log");
};
export const readLog = async (emulator: Controlled) => (await emulatorApi(emulator).control("GET", "/log")) as RequestLogSnapshot;
/** The organization as the emulator holds it (its seed form, with `seatsUsed`). */
export const readState = async (emulator: Controlled) => (await emulatorApi(emulator).control("GET", "/state")) as any;
/** A user as the emulator holds it, organization, team and registry roles included whatever the wire shows on GET. */
export const heldUser = async (emulator: Controlled, id: string) => (await emulatorApi(emulator).control("GET", `/users/${encodeURIComponent(id)}`)) as any;
