// Who a team's members are: users of the organization, organization service accounts, or users
// that left the organization while still listed. One rule for every resource that reads a team.
import { isPersonMember, type TeamMember } from "../../service";
import type { Operation } from "../operation";

export interface ClassifiedMembers {
  /** Members that are users of the organization. */
  userIds: string[];
  /** Organization service accounts: the service adds every one of them to a team created through SCIM. */
  serviceAccountIds: string[];
  /** Members recorded as users that the organization no longer has: users that left (membership drift). */
  departedIds: string[];
}

/**
 * Classifies a team's members as the service tells them apart (`isPersonMember`, against the
 * organization's user list read once per operation): a member the list does not contain is a service
 * account, unless it was recorded as a user (`recordedUsers`), in which case it is a user that left,
 * once a direct read confirms it (the listing may predate the user, or a server may page it short).
 */
export async function classifyMembers(operation: Operation, members: readonly TeamMember[], recordedUsers: Iterable<string>): Promise<ClassifiedMembers> {
  const users = await operation.directory().users();
  const recorded = new Set(recordedUsers);
  const classified: ClassifiedMembers = { userIds: [], serviceAccountIds: [], departedIds: [] };
  const seen = new Set<string>();
  const known = { has: (id: string) => users.has(id) || recorded.has(id) };
  for (const member of members) {
    const { id } = member;
    if (seen.has(id)) continue;
    seen.add(id);
    const person = isPersonMember(member, known);
    if (!person) classified.serviceAccountIds.push(id);
    // Listed, or a user by the service's own word that the listing, read earlier in the operation, does not show yet.
    else if (users.has(id) || !recorded.has(id)) classified.userIds.push(id);
    // A recorded user the listing does not show has left only once a direct read says so.
    else if (await operation.directory().confirmedUser(id)) classified.userIds.push(id);
    else classified.departedIds.push(id);
  }
  return classified;
}

/**
 * The user members of a team someone else may have made, for deciding whether to take it over. A
 * member the operation's listing does not show (a user created since it was read) is looked up by
 * id before it counts as a service account, so a person's member is never mistaken for one.
 */
export async function confirmedUserMembers(operation: Operation, members: readonly TeamMember[]): Promise<string[]> {
  const classified = await classifyMembers(operation, members, []);
  const serviceAccountIds = new Set(classified.serviceAccountIds);
  const unlisted = members.filter(({ id, type }) => !type && serviceAccountIds.has(id));
  const found = await Promise.all(unlisted.map(async ({ id }) => ((await operation.directory().user(id)) ? [id] : [])));
  return [...classified.userIds, ...found.flat()];
}
