// The organization's users and teams, listed at most once per engine operation (one request per
// 9999 objects) and shared by every resource the provider process serves. Our own writes keep it
// truthful: a write's answer replaces the entry it changed, and a write whose effect is not known
// drops the listing, which is then read again on next use.
import { isEmailReference } from "../../api/vocabulary";
import { WandbApiError, type ScimClient, type ScimTeam, type ScimUser } from "../../api/client";
import { clients, currentOperation } from "../runtime";

/** Listed on first use; changes made meanwhile apply once it is there; a failed listing is tried again. */
class Listing<T> {
  #value: Promise<T> | undefined;

  constructor(private readonly list: () => Promise<T>) {}

  get(): Promise<T> {
    return this.#value ?? this.#keep(this.list());
  }

  /** Applies our own change; nothing to do before the first listing, which will show it. */
  update(change: (value: T) => void): void {
    if (this.#value) {
      this.#keep(
        this.#value.then((value) => {
          change(value);
          return value;
        }),
      );
    }
  }

  forget(): void {
    this.#value = undefined;
  }

  /** Runs one of our writes: its answer changes the listing; a write whose effect is not known drops it. */
  async written<R>(write: () => Promise<R>, change: (value: T, answer: R) => void): Promise<R> {
    try {
      const answer = await write();
      this.update((value) => change(value, answer));
      return answer;
    } catch (error) {
      if (!refused(error)) this.forget();
      throw error;
    }
  }

  #keep(value: Promise<T>): Promise<T> {
    this.#value = value;
    value.catch(() => {
      if (this.#value === value) this.#value = undefined;
    });
    return value;
  }
}

/** The organization's users (never its service accounts: GET /Users does not return them). */
export class Users {
  readonly #byId = new Map<string, ScimUser>();
  readonly #byEmail = new Map<string, ScimUser>();

  constructor(users: Iterable<ScimUser>) {
    for (const user of users) this.put(user);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  byId(id: string): ScimUser | undefined {
    return this.#byId.get(id);
  }

  /** Emails compare ignoring case, as the service does. */
  byEmail(email: string): ScimUser | undefined {
    return this.#byEmail.get(email.toLowerCase());
  }

  put(user: ScimUser): void {
    this.remove(user.id);
    this.#byId.set(user.id, user);
    if (user.email) this.#byEmail.set(user.email.toLowerCase(), user);
  }

  remove(id: string): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#byId.delete(id);
    if (this.#byEmail.get(old.email.toLowerCase()) === old) this.#byEmail.delete(old.email.toLowerCase());
  }
}

class Teams {
  readonly #byId = new Map<string, ScimTeam>();

  constructor(teams: Iterable<ScimTeam>) {
    for (const team of teams) this.put(team);
  }

  /** Team names are case-sensitive. */
  named(name: string): ScimTeam | undefined {
    return [...this.#byId.values()].find((team) => team.name === name);
  }

  containing(userId: string): ScimTeam[] {
    return [...this.#byId.values()].filter((team) => team.members.some((member) => member.id === userId));
  }

  put(team: ScimTeam): void {
    this.#byId.set(team.id, team);
  }

  /** A deleted user leaves every team (the service removes them). */
  removeMember(userId: string): void {
    for (const team of this.#byId.values()) {
      if (team.members.some((member) => member.id === userId)) {
        this.#byId.set(team.id, { ...team, members: team.members.filter((member) => member.id !== userId) });
      }
    }
  }
}

/** A refusal changed nothing; any other failure of a write may or may not have changed something. */
function refused(error: unknown): boolean {
  return error instanceof WandbApiError && error.status >= 400 && error.status < 500 && !error.outcomeUnknown;
}

class Directory {
  readonly #users: Listing<Users>;
  readonly #teams: Listing<Teams>;

  constructor(private readonly scim: ScimClient) {
    this.#users = new Listing(async () => new Users(await scim.listUsers()));
    this.#teams = new Listing(async () => new Teams(await scim.listTeams()));
  }

  users(): Promise<Users> {
    return this.#users.get();
  }

  /**
   * The user a reference names (SCIM id, or email ignoring case). One the listing does not show
   * (e.g. created outside Pulumi since it was read) is looked up directly before it counts as unknown.
   */
  async user(reference: string): Promise<ScimUser | undefined> {
    const users = await this.users();
    const listed = isEmailReference(reference) ? users.byEmail(reference) : users.byId(reference);
    if (listed) return listed;
    const found = isEmailReference(reference) ? await this.scim.findUserByEmail(reference) : await this.#userById(reference);
    if (found) this.#users.update((all) => all.put(found));
    return found;
  }

  /** The team with exactly this name; one the listing does not show is looked up directly. */
  async team(name: string): Promise<ScimTeam | undefined> {
    const listed = (await this.#teams.get()).named(name);
    if (listed) return listed;
    const found = await this.scim.findTeamByName(name);
    if (found) this.#teams.update((teams) => teams.put(found));
    return found;
  }

  /** The names of the teams whose members include the user, sorted. */
  async teamsOf(userId: string): Promise<string[]> {
    const teams = (await this.#teams.get()).containing(userId);
    return [...new Set(teams.map((team) => team.name))].sort();
  }

  /** Runs a write of a team, keeping the team as the service answered it. */
  teamWrite(write: () => Promise<ScimTeam>): Promise<ScimTeam> {
    return this.#teams.written(write, (teams, team) => teams.put(team));
  }

  /** Runs a write of a user, keeping the user as the service answered it. */
  userWrite(write: () => Promise<ScimUser>): Promise<ScimUser> {
    return this.#users.written(write, (users, user) => users.put(user));
  }

  /** Runs the removal of a user from the organization, which also takes them out of every team. */
  async userRemoval(id: string, remove: () => Promise<unknown>): Promise<void> {
    try {
      await remove();
    } catch (error) {
      if (!refused(error)) {
        this.#users.forget();
        this.#teams.forget();
      }
      throw error;
    }
    this.#users.update((users) => users.remove(id));
    this.#teams.update((teams) => teams.removeMember(id));
  }

  /** A write changed team membership in a way its answer does not show (e.g. a user created into teams). */
  teamsChanged(): void {
    this.#teams.forget();
  }

  async #userById(id: string): Promise<ScimUser | undefined> {
    const result = await this.scim.getUser(id);
    return result.status === "found" ? result.user : undefined;
  }
}

const directories = new WeakMap<object, Directory>();

/** The directory of the operation being served. */
export function directory(): Directory {
  const operation = currentOperation();
  let current = directories.get(operation);
  if (!current) {
    current = new Directory(clients().scim);
    directories.set(operation, current);
  }
  return current;
}
