import { z } from "zod";
import { foldCase, sameIgnoringCase } from "./case-folding";
import type { ScimRole, ScimServiceAccount, ScimTeam, ScimUser } from "./model";

/*
 * Both SCIM dialects in the wild are accepted here and nowhere else:
 * W&B sends `emails` as one object with Capitalised keys, group members as
 * {Value, Display}, `members: null` after a remove-all, roles with
 * `schemas: [""]`, numeric error statuses and the ETag only as a header;
 * RFC 7644 servers send arrays of lowercase objects, `meta.version` and string statuses.
 */

/**
 * Lower-cases the first letter of every key, so `Value` and `value` read alike. An object or array
 * with nothing to change is returned as it is: a list of 9,999 users passes through here, and in
 * W&B's dialect only their `emails` objects have Capitalised keys.
 */
function decapitaliseKeys(input: unknown): unknown {
  if (Array.isArray(input)) {
    const items = input.map(decapitaliseKeys);
    return items.some((item, i) => item !== input[i]) ? items : input;
  }
  if (input === null || typeof input !== "object") return input;
  const entries = Object.entries(input);
  const normalised = entries.map(([key, value]): [string, unknown] => [decapitalised(key), decapitaliseKeys(value)]);
  if (normalised.every(([key, value], i) => key === entries[i]![0] && value === entries[i]![1])) return input;
  const out: Record<string, unknown> = {};
  for (const [i, [key, value]] of normalised.entries()) {
    // A lowercase key wins over a Capitalised duplicate; "__proto__" would set the prototype, not a key.
    if (key === "__proto__" || (key !== entries[i]![0] && Object.hasOwn(out, key))) continue;
    out[key] = value;
  }
  return out;
}

function decapitalised(key: string): string {
  const first = key.charAt(0);
  return foldCase(first) + key.slice(1);
}

const looseBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false", "True", "False"]).transform((v) => sameIgnoringCase(v, "true")),
]);

/** null, absent, one object or an array: always an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), item, z.null()])
    .optional()
    .transform((value): z.output<T>[] => {
      if (value === null || value === undefined) return [];
      return Array.isArray(value) ? value : [value];
    });
}

/**
 * Like listOf, but an absent key stays undefined: the body says nothing about the list (the
 * documented GET /Users/{id} carries no teamRoles or registryRoles). null is the service's
 * empty list (as with `members: null`), so it reads as [].
 */
function optionalListOf<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), item, z.null()])
    .optional()
    .transform((value): z.output<T>[] | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return [];
      return Array.isArray(value) ? value : [value];
    });
}

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : v));

const meta = z
  .object({ created: optionalText, lastModified: optionalText, version: optionalText })
  .nullish();

const email = z.object({
  value: z.string(),
  primary: looseBoolean.nullish(),
});

const teamRole = z.object({ teamName: z.string(), roleName: z.string() });
const registryRole = z.object({ registryName: z.string(), roleName: z.string() });

/** `full`, `viewer`, `none` as documented; any spelling reads in lower case, and a level not yet documented is kept. */
const accessLevel = optionalText.transform((v) => (v === undefined ? undefined : foldCase(v)));

/** A count, also when sent as a numeric string. */
const count = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]).nullish();

/** null and "" both mean never active; absent means the body does not say. */
const lastActivity = z
  .string()
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v));

const userWire = z.object({
  id: z.string().min(1),
  userName: z.string(),
  displayName: optionalText,
  active: looseBoolean.nullish(),
  emails: listOf(email),
  organizationRole: optionalText,
  teamRoles: optionalListOf(teamRole),
  registryRoles: optionalListOf(registryRole),
  modelsSeat: accessLevel,
  weaveRole: accessLevel,
  daysActive: count,
  lastActiveAt: lastActivity,
  meta,
});

/** `type` (RFC 7643: "User" or "Group"); W&B sends it empty. */
const memberWire = z.object({ value: z.string().min(1), display: optionalText, type: optionalText });

const teamWire = z.object({
  id: z.string().min(1),
  displayName: z.string(),
  members: listOf(memberWire),
  meta,
});

const permissionWire = z.union([
  z.string().transform((name) => ({ name, isInherited: false })),
  z.object({ name: z.string(), isInherited: looseBoolean.nullish() }),
]);

const roleWire = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  inheritedFrom: z.string().nullish(),
  permissions: listOf(permissionWire),
  meta,
});

const listWire = z.object({
  resources: z.array(z.unknown()).nullish(),
  totalResults: z.coerce.number().int().nonnegative().nullish(),
  startIndex: z.coerce.number().int().nullish(),
  itemsPerPage: z.coerce.number().int().nullish(),
});

const errorWire = z.object({
  status: z.union([z.string(), z.number()]).nullish(),
  scimType: optionalText,
  detail: optionalText,
  message: optionalText,
});

export class ScimWireError extends Error {
  override readonly name = "ScimWireError";
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(decapitaliseKeys(body));
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("; ");
    throw new ScimWireError(`Unexpected ${what} from the SCIM API: ${issues}`);
  }
  return result.data;
}

/** The header wins: W&B sends the ETag only there; RFC servers also mirror it in meta.version. */
function etagOf(header: string | undefined, version: string | undefined): { etag?: string } {
  const etag = header ?? version;
  return etag === undefined ? {} : { etag };
}

function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

export function parseUser(body: unknown, etagHeader?: string): ScimUser {
  const wire = parse(userWire, body, "user");
  const primary = wire.emails.find((e) => e.primary === true) ?? wire.emails[0];
  return defined({
    id: wire.id,
    userName: wire.userName,
    email: primary?.value ?? "",
    displayName: wire.displayName,
    // Absent means active: deactivation is the exception the service reports explicitly.
    active: wire.active ?? true,
    // organizationRole, teamRoles, registryRoles: undefined when the body does not carry them
    // (GET and list items, as documented), which means "unknown", not "none".
    organizationRole: wire.organizationRole,
    teamRoles: wire.teamRoles,
    registryRoles: wire.registryRoles,
    modelsSeat: wire.modelsSeat,
    weaveRole: wire.weaveRole,
    daysActive: wire.daysActive ?? undefined,
    lastActiveAt: wire.lastActiveAt,
    created: wire.meta?.created,
    lastModified: wire.meta?.lastModified,
    ...etagOf(etagHeader, wire.meta?.version),
  });
}

/** Lenient: the reference documents no body for the create of a service account; its id is all that is needed. */
const serviceAccountWire = z.object({ id: z.string().min(1) });

export function parseServiceAccount(body: unknown): ScimServiceAccount {
  return { id: parse(serviceAccountWire, body, "service account").id };
}

export function parseTeam(body: unknown, etagHeader?: string): ScimTeam {
  const wire = parse(teamWire, body, "group");
  return defined({
    id: wire.id,
    name: wire.displayName,
    members: wire.members.map((m) => defined({ id: m.value, display: m.display, type: m.type })),
    created: wire.meta?.created,
    ...etagOf(etagHeader, wire.meta?.version),
  });
}

export function parseRole(body: unknown, etagHeader?: string): ScimRole {
  const wire = parse(roleWire, body, "role");
  return defined({
    id: wire.id,
    name: wire.name,
    description: wire.description ?? "",
    inheritedFrom: wire.inheritedFrom ?? "",
    permissions: wire.permissions.filter((p) => p.isInherited !== true).map((p) => p.name),
    inheritedPermissions: wire.permissions.filter((p) => p.isInherited === true).map((p) => p.name),
    created: wire.meta?.created,
    ...etagOf(etagHeader, wire.meta?.version),
  });
}

export interface ListPage {
  resources: unknown[];
  totalResults?: number;
}

export function parseListPage(body: unknown): ListPage {
  const wire = parse(listWire, body, "list response");
  return defined({
    resources: wire.resources ?? [],
    totalResults: wire.totalResults ?? undefined,
  });
}

export interface ScimErrorBody {
  scimType?: string;
  detail?: string;
}

/** Never throws: an unreadable error body just yields no detail. */
export function parseScimErrorBody(body: unknown, text: string): ScimErrorBody {
  const result = errorWire.safeParse(decapitaliseKeys(body));
  if (result.success) {
    const detail = result.data.detail ?? result.data.message;
    return defined({ scimType: result.data.scimType, detail });
  }
  const trimmed = text.trim();
  return trimmed === "" ? {} : { detail: trimmed.slice(0, 500) };
}
