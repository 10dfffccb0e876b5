import type { IncomingHttpHeaders } from "node:http";
import { ScimError } from "./errors";

export const etagOf = (version: string) => `W/"${version}"`;

/** Compares by opaque value, so W/"x", "x" and x all name the same version. */
function listed(header: string, version: string): boolean {
  return header
    .split(",")
    .map((v) => v.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1"))
    .some((v) => v === "*" || v === version);
}

export function checkIfMatch(headers: IncomingHttpHeaders, version: string): void {
  const header = headers["if-match"];
  if (header === undefined || listed(header, version)) return;
  throw new ScimError(412, `Precondition failed: the resource has changed (current ETag ${etagOf(version)}, If-Match ${header})`);
}

export function isNotModified(headers: IncomingHttpHeaders, version: string): boolean {
  const header = headers["if-none-match"];
  return header !== undefined && listed(header, version);
}
