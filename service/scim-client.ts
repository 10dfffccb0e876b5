import { sameIgnoringCase } from "./case-folding";
import type { WandbConfig } from "./config";
import { KeyHeldError, WandbApiError } from "./errors";
import type { DeleteResult, GetResult, PatchOperation, ScimRole, ScimServiceAccount, ScimTeam, ScimUser, StorageBucket } from "./model";
import { retryLoop } from "./retry";
import { classifyHttpAttempt, DEFAULT_RETRY_POLICY, withOverrides, type HttpMethod, type RetryPolicy, type RetryPolicyOverrides } from "./retry-policy";
import { eqFilter } from "./scim-filter";
import { parseListPage, parseRole, parseScimErrorBody, parseServiceAccount, parseTeam, parseUser } from "./scim-wire";
import { registerSecretText, Secret } from "./secret";
import { configuredTransport, type ClientOptions } from "./configured-transport";
import { type HttpTransport, type HttpRequest, type HttpResponse, type TransportEvent } from "./transport";

export type { ClientOptions };

export interface NewUser {
  userName: string;
  email: string;
  displayName?: string;
  /** Multi-tenant cloud: users join the organization through teams. */
  teams?: string[];
  modelsSeat?: string;
  weaveRole?: string;
}

/** A service account as W&B's reference documents its create (wandb/docs#2641). */
export interface NewServiceAccount {
  userName: string;
  /** `SERVICE` (team-scoped) or `ORG_SERVICE` (organization-scoped). */
  accountType: string;
  /** The name of an existing team, which the account joins. */
  defaultTeam: string;
  /** Multi-tenant cloud only: the teams it joins, defaultTeam among them. */
  teams?: string[];
}

export interface TeamDefinition {
  name: string;
  memberIds: string[];
}

export interface NewTeam extends TeamDefinition {
  /** Taken at creation only: the service neither shows nor changes it later. */
  storageBucket?: StorageBucket;
}

export interface RoleDefinition {
  name: string;
  description: string;
  inheritedFrom: string;
  permissions: string[];
}

export interface ReadOptions {
  ifNoneMatch?: string;
}

export interface WriteOptions {
  ifMatch?: string;
}

const SCHEMA = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  teamsExtension: "urn:ietf:params:scim:schemas:extension:teams:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  role: "urn:ietf:params:scim:schemas:core:2.0:Role",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
} as const;

/** The service's documented per-request maximum. */
export const PAGE_SIZE = 9999;

type Parse<T> = (body: unknown, etag?: string) => T;

interface Collection<T extends { id: string }> {
  path: string;
  kind: string;
  parse: Parse<T>;
}

/** What a POST whose outcome may be unknown came to, attempt by attempt. */
type CreateOutcome<T> =
  | { status: "created"; item: T }
  | { status: "failed"; failure: WandbApiError }
  /** Not found by its natural key (yet): post again. */
  | { status: "unknown"; failure: WandbApiError }
  /** The lookup itself failed in a way worth trying again: look up again before anything else. */
  | { status: "lookup-failed"; failure: WandbApiError }
  /** An object holds the natural key: this create's, or another's; the caller judges. */
  | { status: "held"; holder: T; failure: WandbApiError };

/** W&B's SCIM API (users, teams, custom roles) in the provider's model; any RFC 7644 server under `scimPath`. */
export class ScimClient {
  readonly #transport: HttpTransport;
  readonly #retry: RetryPolicy;
  readonly #log: (event: TransportEvent) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #users: Collection<ScimUser>;
  readonly #groups: Collection<ScimTeam>;
  readonly #roles: Collection<ScimRole>;
  readonly #serviceAccounts: Collection<ScimServiceAccount>;

  constructor(config: WandbConfig, options: ClientOptions = {}) {
    this.#retry = withOverrides({ ...DEFAULT_RETRY_POLICY, limit: config.maxRetries }, options.retry);
    this.#log = options.log ?? (() => {});
    this.#signal = options.signal;
    this.#users = { path: `${config.scimPath}/Users`, kind: "user", parse: parseUser };
    this.#groups = { path: `${config.scimPath}/Groups`, kind: "team", parse: parseTeam };
    this.#roles = { path: `${config.scimPath}/Roles`, kind: "role", parse: parseRole };
    this.#serviceAccounts = { path: `${config.scimPath}/Users`, kind: "service account", parse: parseServiceAccount };
    this.#transport = configuredTransport(config, options, { service: "scim", baseUrl: config.baseUrl, authorization: authorization(config), retry: this.#retry });
  }

  // Users

  getUser(id: string, options: ReadOptions = {}): Promise<GetResult<"user", ScimUser>> {
    return this.#get(this.#users, id, options).then((r) => (r.status === "found" ? { status: "found", user: r.item } : r));
  }

  /** userName is not case-exact (RFC 7643, and W&B): `Ana` finds `ana`; an exact spelling wins if both come back. */
  async findUserByUserName(userName: string): Promise<ScimUser | undefined> {
    const found = await this.#list(this.#users, eqFilter("userName", userName));
    // The server filters; checking again keeps a lax or broken server from handing over someone else.
    return found.find((user) => user.userName === userName) ?? found.find((user) => sameIgnoringCase(user.userName, userName));
  }

  async findUserByEmail(email: string): Promise<ScimUser | undefined> {
    const found = await this.#list(this.#users, eqFilter("emails.value", email));
    return found.find((user) => sameIgnoringCase(user.email, email));
  }

  listUsers(): Promise<ScimUser[]> {
    return this.#list(this.#users);
  }

  createUser(user: NewUser): Promise<ScimUser> {
    const teams = user.teams ?? [];
    const body = {
      schemas: teams.length > 0 ? [SCHEMA.user, SCHEMA.teamsExtension] : [SCHEMA.user],
      userName: user.userName,
      emails: [{ value: user.email, primary: true }],
      ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
      ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
      ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
      ...(teams.length > 0 ? { [SCHEMA.teamsExtension]: { teams } } : {}),
    };
    return this.#create(this.#users, body, user.userName, () => this.findUserByUserName(user.userName));
  }

  patchUser(id: string, operations: PatchOperation[], options: WriteOptions = {}): Promise<ScimUser> {
    return this.#patch(this.#users, id, operations, options);
  }

  deleteUser(id: string, options: WriteOptions = {}): Promise<DeleteResult> {
    return this.#delete(this.#users, id, options);
  }

  // Service accounts: made through /Users; no documented request reads, changes or deletes one.

  /** `findExisting` finds the account should the answer be lost: no documented read returns one. */
  createServiceAccount(account: NewServiceAccount, findExisting: () => Promise<ScimServiceAccount | undefined>): Promise<ScimServiceAccount> {
    const body = {
      schemas: [SCHEMA.user, SCHEMA.teamsExtension],
      userName: account.userName,
      accountType: account.accountType,
      [SCHEMA.teamsExtension]: { defaultTeam: account.defaultTeam, ...(account.teams === undefined ? {} : { teams: account.teams }) },
    };
    return this.#create(this.#serviceAccounts, body, account.userName, findExisting);
  }

  // Teams (SCIM groups); the API cannot delete them.

  getTeam(id: string, options: ReadOptions = {}): Promise<GetResult<"team", ScimTeam>> {
    return this.#get(this.#groups, id, options).then((r) => (r.status === "found" ? { status: "found", team: r.item } : r));
  }

  async findTeamByName(name: string): Promise<ScimTeam | undefined> {
    const found = await this.#list(this.#groups, eqFilter("displayName", name));
    return found.find((team) => team.name === name);
  }

  listTeams(): Promise<ScimTeam[]> {
    return this.#list(this.#groups);
  }

  createTeam(team: NewTeam): Promise<ScimTeam> {
    const body = { ...groupBody(team), ...(team.storageBucket === undefined ? {} : { storageBucket: team.storageBucket }) };
    return this.#create(this.#groups, body, team.name, () => this.findTeamByName(team.name));
  }

  patchTeam(id: string, operations: PatchOperation[], options: WriteOptions = {}): Promise<ScimTeam> {
    return this.#patch(this.#groups, id, operations, options);
  }

  replaceTeam(id: string, team: TeamDefinition, options: WriteOptions = {}): Promise<ScimTeam> {
    return this.#write(this.#groups, "PUT", id, groupBody(team), options);
  }

  // Custom roles

  getRole(id: string, options: ReadOptions = {}): Promise<GetResult<"role", ScimRole>> {
    return this.#get(this.#roles, id, options).then((r) => (r.status === "found" ? { status: "found", role: r.item } : r));
  }

  listRoles(): Promise<ScimRole[]> {
    return this.#list(this.#roles);
  }

  /** /Roles has no filter; custom role names are case-sensitive. */
  async findRoleByName(name: string): Promise<ScimRole | undefined> {
    return (await this.listRoles()).find((role) => role.name === name);
  }

  createRole(role: RoleDefinition): Promise<ScimRole> {
    return this.#create(this.#roles, roleBody(role), role.name, () => this.findRoleByName(role.name));
  }

  patchRole(id: string, operations: PatchOperation[], options: WriteOptions = {}): Promise<ScimRole> {
    return this.#patch(this.#roles, id, operations, options);
  }

  /** Does not reliably change permissions on every W&B version: set those with patchRole. */
  replaceRole(id: string, role: RoleDefinition, options: WriteOptions = {}): Promise<ScimRole> {
    return this.#write(this.#roles, "PUT", id, roleBody(role), options);
  }

  deleteRole(id: string, options: WriteOptions = {}): Promise<DeleteResult> {
    return this.#delete(this.#roles, id, options);
  }

  // Shared mechanics

  async #get<T extends { id: string }>(
    collection: Collection<T>,
    id: string,
    options: ReadOptions,
  ): Promise<{ status: "found"; item: T } | { status: "not-modified" } | { status: "not-found" }> {
    const request: HttpRequest = {
      method: "GET",
      path: itemPath(collection, id),
      ...(options.ifNoneMatch === undefined ? {} : { headers: { "if-none-match": options.ifNoneMatch } }),
    };
    const response = await this.#transport.send(request);
    if (response.status === 304) return { status: "not-modified" };
    if (response.status === 404) return { status: "not-found" };
    if (response.status !== 200) throw this.#error(request, response);
    return { status: "found", item: collection.parse(response.json, response.headers.etag) };
  }

  async #list<T extends { id: string }>(collection: Collection<T>, filter?: string): Promise<T[]> {
    const byId = new Map<string, T>();
    for (let startIndex = 1; ; ) {
      const request: HttpRequest = {
        method: "GET",
        path: collection.path,
        query: { filter, startIndex, count: PAGE_SIZE },
      };
      const response = await this.#transport.send(request);
      if (response.status !== 200) throw this.#error(request, response, { collection: true });
      const page = parseListPage(response.json);
      const before = byId.size;
      for (const raw of page.resources) {
        const item = collection.parse(raw);
        if (!byId.has(item.id)) byId.set(item.id, item);
      }
      // Stop on the total, on an empty page, or on a page with nothing new:
      // the last covers servers that ignore paging and send everything every time.
      const done =
        page.resources.length === 0 ||
        byId.size === before ||
        (page.totalResults !== undefined ? byId.size >= page.totalResults : page.resources.length < PAGE_SIZE);
      if (done) return [...byId.values()];
      startIndex += page.resources.length;
    }
  }

  /**
   * POST, and when its outcome is unknown (connection lost after sending, or a 5xx), look the
   * resource up by its natural key before posting again, so a retry never creates a duplicate.
   * The lookup is a GET through the transport (retried by the policy like any read); one that
   * still fails worth retrying (throttled, failing, unreachable) is tried again by this loop, after
   * its backoff, before anything is posted again; any other ends the create with its error. Once an
   * outcome was unknown, every later 409 may be our own POST and is looked up too, until the
   * create is resolved. An object the lookup finds is not judged here: the create ends with a
   * {@link KeyHeldError} carrying it, for the caller, who knows what it declared, to tell whether
   * it is what this create made.
   */
  async #create<T extends { id: string }>(
    collection: Collection<T>,
    body: unknown,
    naturalKey: string,
    findExisting: () => Promise<T | undefined>,
  ): Promise<T> {
    const request: HttpRequest = { method: "POST", path: collection.path, body };
    let earlierOutcomeUnknown = false;
    /** The failure that made the pending lookup necessary; while set, the next attempt looks up instead of posting. */
    let lookupFor: WandbApiError | undefined;
    const post = async (): Promise<CreateOutcome<T> | WandbApiError> => {
      try {
        const response = await this.#transport.send(request);
        if (response.status === 200 || response.status === 201) {
          return { status: "created", item: collection.parse(response.json, response.headers.etag) };
        }
        return this.#error(request, response, { collection: true });
      } catch (error) {
        if (!(error instanceof WandbApiError)) throw error;
        return error;
      }
    };
    const lookUp = async (failure: WandbApiError): Promise<CreateOutcome<T>> => {
      let existing: T | undefined;
      try {
        existing = await findExisting();
      } catch (error) {
        if (!this.#worthRetrying(error)) throw error;
        lookupFor = failure;
        return { status: "lookup-failed", failure: error };
      }
      lookupFor = undefined;
      this.#log({ type: "reconcile", service: "scim", resource: collection.kind, naturalKey, found: existing !== undefined });
      return existing === undefined ? { status: "unknown", failure } : { status: "held", holder: existing, failure };
    };
    const result = await retryLoop({
      ...(this.#signal ? { signal: this.#signal } : {}),
      policy: this.#retry,
      attempt: async (): Promise<CreateOutcome<T>> => {
        if (lookupFor) return lookUp(lookupFor);
        const answer = await post();
        if (!(answer instanceof WandbApiError)) return answer;
        // A 409 after an unknown outcome is most likely our own earlier POST landing late.
        const mayBeOurs = answer.outcomeUnknown || (earlierOutcomeUnknown && answer.status === 409);
        if (!mayBeOurs) return { status: "failed", failure: answer };
        earlierOutcomeUnknown = true;
        return lookUp(answer);
      },
      classify: (outcome) => {
        // Known who holds the natural key: the create's outcome is settled, if not its owner.
        if (outcome.status === "created" || outcome.status === "held") return { kind: "success" };
        if (outcome.status === "failed") return { kind: "fail", reason: "not-retryable" };
        const what = `${collection.kind} ${JSON.stringify(naturalKey)}`;
        if (outcome.status === "lookup-failed") return { kind: "retry", reason: `outcome unknown, the lookup of ${what} failed` };
        return { kind: "retry", reason: `outcome unknown, no ${what} found` };
      },
      log: (event) => this.#log({ ...event, service: "scim", method: "POST", path: collection.path }),
    });
    const { outcome } = result;
    if (outcome.status === "created") return outcome.item;
    if (outcome.status === "held") throw new KeyHeldError({ kind: collection.kind, naturalKey, holder: outcome.holder, failure: outcome.failure });
    throw outcome.failure;
  }

  /** A failure the retry policy would try again, had it attempts left; never one whose Retry-After is too long. */
  #worthRetrying(error: unknown): error is WandbApiError {
    if (!(error instanceof WandbApiError) || error.retryAfterTooLong) return false;
    const outcome = error.status === 0 ? { errorCode: error.code ?? "" } : { response: { status: error.status, bodyText: error.response?.body ?? "" } };
    return classifyHttpAttempt(this.#retry, { method: "GET", ...outcome }).kind === "retry";
  }

  #patch<T extends { id: string }>(
    collection: Collection<T>,
    id: string,
    operations: PatchOperation[],
    options: WriteOptions,
  ): Promise<T> {
    return this.#write(collection, "PATCH", id, { schemas: [SCHEMA.patchOp], Operations: operations }, options);
  }

  /** PUT or PATCH; a 204 without a body (RFC servers) is followed by a GET. */
  async #write<T extends { id: string }>(
    collection: Collection<T>,
    method: HttpMethod,
    id: string,
    body: unknown,
    options: WriteOptions,
  ): Promise<T> {
    const request: HttpRequest = { method, path: itemPath(collection, id), body, ...conditional(options) };
    const response = await this.#transport.send(request);
    if (response.status === 200 && response.json !== undefined) {
      return collection.parse(response.json, response.headers.etag);
    }
    if (response.status !== 200 && response.status !== 204) throw this.#error(request, response);
    const reread = await this.#get(collection, id, {});
    if (reread.status !== "found") throw this.#error({ method: "GET", path: itemPath(collection, id) }, { ...response, status: 404 });
    return reread.item;
  }

  async #delete<T extends { id: string }>(collection: Collection<T>, id: string, options: WriteOptions): Promise<DeleteResult> {
    const request: HttpRequest = { method: "DELETE", path: itemPath(collection, id), ...conditional(options) };
    const response = await this.#transport.send(request);
    if (response.status === 200 || response.status === 204) return { status: "deleted" };
    if (response.status === 404) return { status: "already-gone" };
    throw this.#error(request, response);
  }

  #error(request: HttpRequest, response: HttpResponse, where: { collection?: boolean } = {}): WandbApiError {
    return this.#transport.errorFor(request, response, { ...parseScimErrorBody(response.json, response.text), ...where });
  }
}

function authorization(config: WandbConfig): Secret {
  if (config.authScheme === "bearer") return new Secret(`Bearer ${config.apiKey.reveal()}`);
  return basicAuthorization(config);
}

/** `Basic base64(<username>:<key>)` (no username for a service account's key), registered as a secret. */
export function basicAuthorization(config: WandbConfig): Secret {
  const credentials = Buffer.from(`${config.username ?? ""}:${config.apiKey.reveal()}`).toString("base64");
  registerSecretText(credentials);
  return new Secret(`Basic ${credentials}`);
}

function itemPath(collection: Collection<{ id: string }>, id: string): string {
  return `${collection.path}/${encodeURIComponent(id)}`;
}

/**
 * A conditional write is not harmless to repeat: if the first attempt landed,
 * the repeat would fail with 412 and blame an outside change.
 */
function conditional(options: WriteOptions): Pick<HttpRequest, "headers" | "idempotent"> {
  return options.ifMatch === undefined ? {} : { headers: { "if-match": options.ifMatch }, idempotent: false };
}

function groupBody(team: TeamDefinition) {
  return {
    schemas: [SCHEMA.group],
    displayName: team.name,
    members: team.memberIds.map((value) => ({ value })),
  };
}

function roleBody(role: RoleDefinition) {
  return {
    schemas: [SCHEMA.role],
    name: role.name,
    description: role.description,
    inheritedFrom: role.inheritedFrom,
    permissions: role.permissions.map((name) => ({ name })),
  };
}
