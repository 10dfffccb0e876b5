import { readFileSync } from "node:fs";
import { z } from "zod";
import { DEFAULT_MODELS } from "./model-catalogue";
import { SERVICE_ACCOUNT_TYPES } from "./account-types";
import { accessLevel, activitySchema, DEFAULT_ACCESS_LEVEL, NEVER_ACTIVE, storageBucketSchema } from "./user-access";

const name = z.string().trim().min(1);
/** Timestamps and ETag values are optional in a hand-written seed and always present in a state file. */
const tracked = {
  id: name.optional(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  version: z.string().optional(),
};

const userSchema = z.strictObject({
  ...tracked,
  userName: name,
  displayName: z.string().optional(),
  email: z.string().regex(/^[^@\s]+@[^@\s]+$/, "must be an email address"),
  active: z.boolean().default(true),
  /** admin | member | viewer | a custom role name. */
  organizationRole: name.default("member"),
  /** Present for users who call the API in tests (admins and the non-admin member). */
  apiKey: name.optional(),
  registryRoles: z.array(z.strictObject({ registryName: name, roleName: name })).default([]),
  modelsSeat: accessLevel("modelsSeat").default(DEFAULT_ACCESS_LEVEL),
  weaveRole: accessLevel("weaveRole").default(DEFAULT_ACCESS_LEVEL),
  daysActive: activitySchema.shape.daysActive.default(NEVER_ACTIVE.daysActive),
  lastActiveAt: activitySchema.shape.lastActiveAt.default(NEVER_ACTIVE.lastActiveAt),
});

const teamMemberSchema = z.union([
  z.strictObject({ user: name, role: name.default("member") }),
  z.strictObject({ serviceAccount: name }),
]);

export const seedSchema = z.strictObject({
  organization: z.strictObject({ id: name.optional(), name }),
  seats: z.number().int().min(0),
  /** Entity used by the inference API when no OpenAI-Project header is sent (with project "inference"). */
  defaultEntity: name,
  entities: z.array(z.strictObject({ name, projects: z.array(name) })).default([]),
  registries: z.array(name).default([]),
  /**
   * ORG_SERVICE (organization-scoped, the default: the seed's keys call the SCIM API) or SERVICE
   * (team-scoped). One made through SCIM has no key until one is created in the W&B App.
   */
  serviceAccounts: z
    .array(z.strictObject({ id: name.optional(), name, accountType: z.enum(SERVICE_ACCOUNT_TYPES).default("ORG_SERVICE"), apiKey: name.optional() }))
    .min(1),
  users: z.array(userSchema),
  teams: z
    .array(z.strictObject({ ...tracked, displayName: name, members: z.array(teamMemberSchema), storageBucket: storageBucketSchema.optional() }))
    .default([]),
  roles: z
    .array(
      z.strictObject({
        ...tracked,
        name,
        description: z.string().default(""),
        inheritedFrom: z.enum(["member", "viewer"]),
        permissions: z.array(name).default([]),
      }),
    )
    .default([]),
  /** The inference catalogue; default: the six models of the spec's table. */
  models: z
    .array(
      z.strictObject({
        id: name,
        created: z.number().int().min(0).default(0),
        ownedBy: name.default("system"),
        /** The model it derives from (a fine-tune's base); default: itself. */
        root: name.optional(),
      }),
    )
    .default(() => DEFAULT_MODELS.map((model) => ({ ...model }))),
});

/** What a seed author writes (defaults may be left out). */
export type Seed = z.input<typeof seedSchema>;
/** A validated seed with defaults filled in; also the shape of the state file. */
export type ParsedSeed = z.output<typeof seedSchema>;

export function parseSeed(input: unknown, source = "seed"): ParsedSeed {
  const result = seedSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${formatPath(i.path)}: ${i.message}`);
    throw new Error(`${source} is invalid:\n${problems.join("\n")}`);
  }
  return result.data;
}

export function loadSeedFile(path: string): ParsedSeed {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new Error(`cannot read seed file ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`seed file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  return parseSeed(json, `seed file ${path}`);
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
}

export function defaultSeed(): Seed {
  return {
    organization: { name: "acme" },
    seats: 50,
    defaultEntity: "acme",
    entities: [{ name: "acme", projects: ["inference", "demo"] }],
    registries: ["models", "datasets"],
    serviceAccounts: [{ name: "pulumi-automation", apiKey: "sa-key-0000000000000000000000000000000000" }],
    users: [
      {
        userName: "admin",
        displayName: "Org Admin",
        email: "admin@acme.example",
        organizationRole: "admin",
        apiKey: "admin-key-00000000000000000000000000000000",
      },
      {
        userName: "second-admin",
        displayName: "Second Admin",
        email: "second-admin@acme.example",
        organizationRole: "admin",
        apiKey: "admin2-key-0000000000000000000000000000000",
      },
      {
        userName: "member",
        displayName: "Plain Member",
        email: "member@acme.example",
        organizationRole: "member",
        apiKey: "member-key-0000000000000000000000000000000",
      },
    ],
    teams: [
      {
        displayName: "seed-team",
        members: [{ user: "admin", role: "admin" }, { user: "member" }, { serviceAccount: "pulumi-automation" }],
      },
    ],
    roles: [],
  };
}
