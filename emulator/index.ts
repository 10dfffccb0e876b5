import type { AddressInfo } from "node:net";
import { EmulatorCore } from "./core";
import { loadState } from "./persistence";
import { defaultSeed, loadSeedFile, parseSeed, type ParsedSeed, type Seed } from "./seed";
import { createEmulatorServer } from "./server";
import { DEFAULT_SCIM_ROOT, normaliseScimRoot, type Deployment, type Dialect, type Settings, type UserRolesOnGet } from "./settings";

export type { Deployment, Dialect } from "./settings";
export { defaultSeed, seedSchema, type Seed } from "./seed";

export interface EmulatorOptions {
  /** 0 = random port (the default from code; the CLI defaults to 8090). */
  port?: number;
  host?: string;
  /** A Seed object or the path of a JSON seed file; default: defaultSeed(). */
  seed?: Seed | string;
  deployment?: Deployment;
  dialect?: Dialect;
  /** Persisted after every change (temp file + rename) and reloaded on start. */
  stateFile?: string;
  /** saas only: newer docs say deactivation removes the user for good; older docs say it is unsupported (400). */
  saasDeactivation?: "removes-user" | "unsupported";
  /** The docs disagree: true (default) lets PUT /Roles replace permissions when given; false keeps them. */
  rolePutReplacesPermissions?: boolean;
  /**
   * "shown" (default): every user representation carries organizationRole, teamRoles and
   * registryRoles. "omitted": as documented, GET /Users/{id} and list items (and the
   * dedicated/self-managed POST 201) leave them out; PATCH responses and the saas POST 201 keep them.
   */
  userRolesOnGet?: UserRolesOnGet;
  /** Where the SCIM API is served (`meta.location` and `Location` follow): `/scim` (default, as W&B), `/v2`, `/scim/v2`, or `/`. */
  scimRoot?: string;
  /** On `saas`: whether the plan is Enterprise (default), the only one W&B gives audit logs; otherwise they answer 403. */
  enterprise?: boolean;
  log?: (line: string) => void;
}

export interface RunningEmulator {
  url: string;
  /** `url` plus the SCIM root. */
  scimUrl: string;
  /** The SCIM root path, without a trailing slash (`` when served at the root). */
  scimRoot: string;
  inferenceUrl: string;
  controlUrl: string;
  deployment: Deployment;
  dialect: Dialect;
  admin: { username: string; apiKey: string };
  serviceAccount: { apiKey: string };
  member: { username: string; apiKey: string };
  inferenceProject: string;
  close(): Promise<void>;
}

function withKey(seed: ParsedSeed, role: "admin" | "member") {
  const user = seed.users.find((u) => u.active && u.organizationRole.toLowerCase() === role && u.apiKey !== undefined);
  if (!user?.apiKey) throw new Error(`seed is invalid:\n  users: needs an active user with organizationRole "${role}" and an apiKey`);
  return { username: user.userName, apiKey: user.apiKey };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed = typeof options.seed === "string" ? loadSeedFile(options.seed) : parseSeed(options.seed ?? defaultSeed());
  const admin = withKey(seed, "admin");
  const member = withKey(seed, "member");
  const serviceAccount = seed.serviceAccounts.find((account) => account.apiKey !== undefined && account.accountType === "ORG_SERVICE");
  const entity = seed.entities.find((e) => e.name === seed.defaultEntity) ?? seed.entities[0];
  const project = entity?.projects.includes("inference") ? "inference" : entity?.projects[0];
  if (serviceAccount?.apiKey === undefined || !entity || project === undefined) {
    throw new Error("seed is invalid:\n  needs an organization service account with an apiKey and an entity with a project");
  }
  const settings: Settings = {
    deployment: options.deployment ?? "dedicated",
    dialect: options.dialect ?? "wandb",
    saasDeactivation: options.saasDeactivation ?? "removes-user",
    rolePutReplacesPermissions: options.rolePutReplacesPermissions ?? true,
    userRolesOnGet: options.userRolesOnGet ?? "omitted",
    baseUrl: "",
    scimRoot: normaliseScimRoot(options.scimRoot ?? DEFAULT_SCIM_ROOT),
    enterprise: options.enterprise ?? true,
  };
  const initial = (options.stateFile !== undefined ? loadState(options.stateFile) : undefined) ?? seed;
  const core = new EmulatorCore(settings, seed, initial, options.stateFile);
  core.persist();
  const server = createEmulatorServer(core, options.log ?? (() => {}));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  settings.baseUrl = url;
  return {
    url,
    scimUrl: `${url}${settings.scimRoot}`,
    scimRoot: settings.scimRoot,
    inferenceUrl: `${url}/v1`,
    controlUrl: `${url}/_emulator`,
    deployment: settings.deployment,
    dialect: settings.dialect,
    admin,
    serviceAccount: { apiKey: serviceAccount.apiKey },
    member,
    inferenceProject: `${entity.name}/${project}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
