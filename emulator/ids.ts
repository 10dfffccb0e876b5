import { randomBytes } from "node:crypto";

/** Opaque ids in the style of the real service (base64 of "<Kind>:<number>", e.g. Um9sZTo3). */
export function newId(kind: string): string {
  return Buffer.from(`${kind}:${randomBytes(6).readUIntBE(0, 6)}`).toString("base64url");
}

/** A fresh ETag value; random rather than a counter so that a reset never revives an old ETag. */
export function newVersion(): string {
  return randomBytes(6).toString("base64url");
}

/** ISO 8601 with second precision, as in the documented bodies ("2023-10-01T00:00:00Z"). */
export function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}
