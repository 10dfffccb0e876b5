/** The provider's view of W&B SCIM resources, free of wire-dialect quirks. */

export interface TeamRole {
  teamName: string;
  roleName: string;
}

export interface RegistryRole {
  registryName: string;
  roleName: string;
}

export interface ScimUser {
  id: string;
  userName: string;
  /** Primary email with the case the service stores. */
  email: string;
  displayName?: string;
  active: boolean;
  /** Undefined when the representation does not carry it (GET, list items): unknown, not "none". */
  organizationRole?: string;
  /** Undefined when the representation does not carry it (GET, list items): unknown; [] means in no team. */
  teamRoles?: TeamRole[];
  /** Undefined when the representation does not carry it (GET, list items): unknown; [] means no registry role. */
  registryRoles?: RegistryRole[];
  /** Models seat (`full`, `viewer`, `none` as documented), lower case; undefined when the representation does not carry it. */
  modelsSeat?: string;
  /** Weave role (`full`, `viewer`, `none` as documented), lower case; undefined when the representation does not carry it. */
  weaveRole?: string;
  /** Days the user has been active; undefined when the representation does not carry it (PATCH answers, the creation 201). */
  daysActive?: number;
  /** The last activity (ISO 8601); null for someone never active, undefined when the representation does not carry it. */
  lastActiveAt?: string | null;
  created?: string;
  lastModified?: string;
  etag?: string;
}

/**
 * A service account as W&B's create answers it. The reference documents no response body: only
 * the id is relied on (no read returns a service account).
 */
export interface ScimServiceAccount {
  id: string;
}

/** A team's own bucket ("bring your own bucket"), given when the team is created. */
export interface StorageBucket {
  name: string;
  provider: string;
  path?: string;
  kmsKeyId?: string;
  awsExternalId?: string;
  azureTenantId?: string;
  azureClientId?: string;
}

export interface TeamMember {
  id: string;
  display?: string;
  /** What kind of member the service says it is (RFC 7643 `type`, e.g. "User"); absent when it says nothing. */
  type?: string;
}

export interface ScimTeam {
  id: string;
  name: string;
  members: TeamMember[];
  created?: string;
  etag?: string;
}

export interface ScimRole {
  id: string;
  name: string;
  description: string;
  inheritedFrom: string;
  /** Custom permissions only, i.e. not inherited from `inheritedFrom`. */
  permissions: string[];
  inheritedPermissions: string[];
  created?: string;
  etag?: string;
}

export type PatchOperation =
  | { op: "add" | "replace"; path?: string; value: unknown }
  | { op: "remove"; path: string; value?: unknown };

export type GetResult<K extends string, T> =
  | ({ status: "found" } & { [P in K]: T })
  | { status: "not-modified" }
  | { status: "not-found" };

export type DeleteResult = { status: "deleted" } | { status: "already-gone" };

export interface InferenceModel {
  id: string;
  ownedBy?: string;
  created?: number;
  /** The model this one is derived from (a fine-tune's base); absent when the service does not say. */
  root?: string;
}
