// The stack's last state, read once per run through the engine's own `readStackResourceOutputs` (no
// W&B request): which URNs it holds, which URNs hold each W&B object (by its natural key), and each
// User's userName. The file backend rewrites a checkpoint's sidecar (`<stack>.json.attrs`) in place
// while an update runs, so a read that meets that write fails: it is tried again. A read that keeps
// failing only costs what is merely told (a rename's notice); the stack's own users, which keep
// standalone Users from being taken for outside code to deactivate, are never guessed as none.
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { z } from "zod";
import { identityOf } from "../model/identity";
import { naturalKeyOf } from "../model/natural-keys";
import { isOrganizationChild, kindOfType } from "../model/tokens";
import { parseUrn, type Urn } from "../model/urn";

const READ_STACK = "pulumi:pulumi:readStackResourceOutputs";
/** Waits between the tries of a read: a checkpoint write lasts milliseconds, a loaded machine's a little more. */
const RETRY_DELAYS_MS = [50, 200, 500, 1_000];

const stackResources = z.object({
  outputs: z.record(z.string(), z.object({ type: z.string(), outputs: z.record(z.string(), z.unknown()).default({}) })).default({}),
});

/**
 * The stack's last state: each URN, the URNs that hold each W&B object (by its natural key), each
 * User's userName, and each OrganizationMembers' people (their SCIM ids by userName).
 */
export interface Holdings {
  urns: ReadonlySet<string>;
  byKey: ReadonlyMap<string, string[]>;
  userNames: ReadonlyMap<string, string>;
  /** The URNs of the Users whose state records the organization role `admin`. */
  admins: ReadonlySet<string>;
  people: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Each Team's members as it last named them: the reference (an email, or the id itself) by user id. */
  teamReferences: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

const recordedTeam = z.object({ members: z.array(z.string()), memberIdsByReference: z.record(z.string(), z.string()) });

const recordedPeople = z.record(z.string(), z.object({ id: z.string() }).loose());

/** A read that failed at every try, with the engine's last answer. */
class UnreadableState {
  constructor(readonly cause: string) {}
}

const reads = new WeakMap<object, Promise<Holdings | UnreadableState>>();

/**
 * The stack's last state as `read` (the engine's invoke) gives it, tried again after each of
 * `delaysMs` while it fails. Rejects with the last failure.
 */
export async function readHoldings(read: () => Promise<unknown>, delaysMs: readonly number[] = RETRY_DELAYS_MS): Promise<Holdings> {
  for (let attempt = 0; ; attempt++) {
    try {
      return holdingsOf(stackResources.parse(await read()));
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function holdingsOf(read: z.infer<typeof stackResources>): Holdings {
  const byKey = new Map<string, string[]>();
  const userNames = new Map<string, string>();
  const people = new Map<string, Map<string, string>>();
  const teamReferences = new Map<string, Map<string, string>>();
  const admins = new Set<string>();
  for (const [urn, { type, outputs }] of Object.entries(read.outputs)) {
    const kind = kindOfType(type);
    const key = kind === undefined ? undefined : naturalKeyOf(kind, outputs);
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), urn]);
    if (kind === "User" && typeof outputs["userName"] === "string") userNames.set(urn, outputs["userName"]);
    if (kind === "User" && outputs["organizationRole"] === "admin") admins.add(urn);
    const members = kind === "OrganizationMembers" ? recordedPeople.safeParse(outputs["members"]) : undefined;
    if (members?.success) people.set(urn, new Map(Object.entries(members.data).map(([userName, { id }]) => [userName, id])));
    const team = kind === "Team" ? recordedTeam.safeParse(outputs) : undefined;
    if (team?.success) {
      const { members: references, memberIdsByReference } = team.data;
      const idOf = (reference: string) => memberIdsByReference[reference] ?? memberIdsByReference[identityOf("userReference", reference)] ?? reference;
      teamReferences.set(urn, new Map(references.map((reference) => [idOf(reference), reference])));
    }
  }
  return { urns: new Set(Object.keys(read.outputs)), byKey, userNames, admins, people, teamReferences };
}

/**
 * This run's read of the stack's last state, made once; none under Pulumi's mocks. An update reads
 * it too, though it names no rename: the engine registers a default provider for the read, and an
 * update must register what its preview did (`pulumi up --plan` fails on a planned resource it does
 * not see), which also keeps that provider in the state rather than planned anew at every preview.
 */
function thisRunsRead(): Promise<Holdings | UnreadableState> | undefined {
  const monitor = pulumi.runtime.getMonitor();
  if (!monitor || monitor instanceof MockMonitor) return undefined;
  let read = reads.get(monitor);
  if (!read) {
    const stackName = `${pulumi.getOrganization()}/${pulumi.getProject()}/${pulumi.getStack()}`;
    read = readHoldings(() => pulumi.runtime.invoke(READ_STACK, { stackName })).catch((error: unknown) => {
      void pulumi.log.debug(`pulumi-wandb: the stack's last state could not be read: ${String(error)}`);
      return new UnreadableState(String(error));
    });
    reads.set(monitor, read);
  }
  return read;
}

/** The stack's last state, or undefined where it cannot be read (under mocks, or a read that kept failing): for what is only told. */
export async function lastHoldings(): Promise<Holdings | undefined> {
  const read = await thisRunsRead();
  return read instanceof UnreadableState ? undefined : read;
}

/**
 * Whether the resource `urn` names is new in this run: not in the stack's last state. Undefined
 * where that state cannot be read.
 */
export async function newInThisRun(urn: string): Promise<boolean | undefined> {
  const holdings = await lastHoldings();
  return holdings === undefined ? undefined : !holdings.urns.has(urn);
}

/**
 * The URNs of the stack's last state, as a list an Output can carry: so that what is judged from it
 * inside an `apply` is said there at once, with no wait after the program's last request (the
 * program may end in that wait). Undefined where the state cannot be read.
 */
export async function lastStateUrns(): Promise<string[] | undefined> {
  const holdings = await lastHoldings();
  return holdings === undefined ? undefined : [...holdings.urns];
}

/** The URN `text` in its parts when it names a child of the Organization `organization`; undefined otherwise. */
function childOf(organization: string, text: string): Urn | undefined {
  const urn = parseUrn(text);
  return isOrganizationChild(urn) && urn.name.startsWith(`${organization}/`) ? urn : undefined;
}

/**
 * The userNames of the Users and the people of the OrganizationMembers the stack's last state holds
 * that are not the children of the Organization `organization` (standalone ones, another
 * Organization's): the stack's own, never outside this roster's code. The same at a preview and at the up after it; none under mocks. A
 * state the engine could not read fails the Organization: taken as none, the stack's own users
 * would be deactivated as outside code.
 */
export async function stackUsersBeside(organization: string): Promise<string[]> {
  const read = await thisRunsRead();
  if (read instanceof UnreadableState) {
    throw new Error(
      `Organization "${organization}": the stack's last state could not be read (${read.cause}), so the Users the stack declares ` +
        "beside the roster cannot be told from outside code; nothing was changed: run again.",
    );
  }
  const own = (urn: string) => childOf(organization, urn) !== undefined;
  const users = [...(read?.userNames ?? new Map<string, string>())].filter(([urn]) => !own(urn)).map(([, userName]) => userName);
  const people = [...(read?.people ?? new Map<string, ReadonlyMap<string, string>>())].filter(([urn]) => !own(urn)).flatMap(([, members]) => [...members.keys()]);
  return [...users, ...people].sort();
}

/** The name of the OrganizationMembers an Organization declares its people in (the compact layout). */
export const membersChildName = (organization: string): string => `${organization}/members`;

/** What the stack's last state holds of the Organization `organization`'s users, in either layout. */
export interface RecordedUsers {
  /** The userNames of its users declared one User each (the per-person layout, or its protected admins). */
  asUsers: string[];
  /** Of `asUsers`, those whose User recorded the organization role `admin`. */
  adminsAsUsers: string[];
  /** The SCIM ids of the people of its OrganizationMembers (the compact layout), by userName. */
  idsOfPeople: Record<string, string>;
  /** How each of its Teams last named its members, by team child name (`<organization>/<team>`): the reference by user id. */
  teamReferences: Record<string, Record<string, string>>;
}

/** What the last state holds of the Organization `organization`'s users; none under mocks, or where the state cannot be read (its guard fails that run). */
export async function recordedUsersOf(organization: string): Promise<RecordedUsers> {
  const holdings = await lastHoldings();
  const users = [...(holdings?.userNames ?? [])].filter(([urn]) => childOf(organization, urn) !== undefined);
  const asUsers = users.map(([, userName]) => userName);
  const adminsAsUsers = users.filter(([urn]) => holdings?.admins.has(urn)).map(([, userName]) => userName);
  const set = [...(holdings?.people ?? [])].find(([urn]) => childOf(organization, urn)?.name === membersChildName(organization));
  const teamReferences = [...(holdings?.teamReferences ?? [])].flatMap(([urn, references]) => {
    const child = childOf(organization, urn);
    return child === undefined ? [] : [[child.name, Object.fromEntries(references)] as const];
  });
  return { asUsers, adminsAsUsers, idsOfPeople: Object.fromEntries(set?.[1] ?? []), teamReferences: Object.fromEntries(teamReferences) };
}
