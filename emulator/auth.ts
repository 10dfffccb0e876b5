import type { Org, Principal } from "./org";

export type Credentials = { scheme: "basic"; user: string; key: string } | { scheme: "bearer"; key: string };

/** Basic base64(user:key) (user empty for a service account) or Bearer key. */
export function parseAuthorization(header: string | undefined): Credentials | undefined {
  if (!header) return undefined;
  const m = /^(\S+)\s+(.+)$/.exec(header.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const scheme = m[1].toLowerCase();
  if (scheme === "bearer") return { scheme: "bearer", key: m[2].trim() };
  if (scheme !== "basic") return undefined;
  const decoded = Buffer.from(m[2].trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { scheme: "basic", user: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * Resolves the caller. With Basic, the user name must be the key owner's (empty for a
 * service account key); with Bearer the key alone decides. Deactivated users are refused.
 */
export function authenticate(org: Org, creds: Credentials | undefined): Principal | undefined {
  if (!creds || creds.key === "") return undefined;
  const principal = org.principalByApiKey(creds.key);
  if (!principal) return undefined;
  if (principal.kind === "user" && !principal.user.active) return undefined;
  if (creds.scheme === "basic") {
    const expected = principal.kind === "user" ? principal.user.userName.toLowerCase() : "";
    if (creds.user.toLowerCase() !== expected) return undefined;
  }
  return principal;
}

export function isOrgAdmin(principal: Principal): boolean {
  return principal.kind === "serviceAccount" || principal.user.orgRole === "admin";
}
