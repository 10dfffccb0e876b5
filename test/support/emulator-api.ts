// Talking to an emulator from tests over real HTTP, as a user's script would: its SCIM API for
// changes made outside Pulumi, and its control API for faults, logs and state.
import type { RunningEmulator } from "../../emulator";

export interface EmulatorApi {
  /** A SCIM request as the admin; answers the parsed body (undefined when empty). */
  scim(method: string, path: string, body?: unknown): Promise<unknown>;
  /** A control request (`/_emulator` + path) as the admin. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

export function emulatorApi(emulator: Pick<RunningEmulator, "scimUrl" | "controlUrl" | "admin">): EmulatorApi {
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
