// One user joining or leaving one team, under the conflict rule of every write.
import { membershipOperations, type ScimTeam } from "../../service";
import { SETTLED, writeGuardedByEtag } from "../kit/conflict";
import { isStatus } from "../kit/errors";
import type { Operation } from "../operation";
import { hasMember } from "./directory";

export interface MembershipChange {
  teamId: string;
  userId: string;
  join: boolean;
  /** The team's ETag from the read that decided the change; undefined: the team is read first. */
  etag: string | undefined;
  /** For messages, e.g. `team "research"`. */
  what: string;
  /** The error for a team that is gone when the user should join it. */
  noSuchTeam: () => Error;
}

/**
 * Adds the user to the team or removes them, with If-Match. On 412 the team is read again: the
 * user already in (or already out, or the team gone when leaving) settles it; otherwise other
 * members moved, and the same change is sent with the fresh ETag. Returns the team as last seen,
 * or undefined when it is gone.
 */
export async function changeMembership(operation: Operation, change: MembershipChange): Promise<ScimTeam | undefined> {
  const { teamId, userId, join } = change;
  const directory = operation.directory();
  let latest: ScimTeam | undefined;
  if (join) directory.joining(teamId, [userId]);
  const written = await writeGuardedByEtag({
    signal: operation.signal,
    what: change.what,
    etag: change.etag,
    write: async (ifMatch) => {
      const operations = membershipOperations(join ? { add: [userId] } : { remove: [userId] });
      try {
        return await directory.patchTeam(teamId, operations, { ifMatch }, [userId]);
      } catch (error) {
        if (isStatus(error, 404)) {
          if (join) throw change.noSuchTeam();
          return undefined;
        }
        if (join || isStatus(error, 412)) throw error;
        // A service that refuses to remove a non-member: not a member is what we wanted.
        const team = await directory.teamNow(teamId);
        if (team && hasMember(team, userId)) throw error;
        return team;
      }
    },
    reread: async () => {
      const team = await directory.teamNow(teamId);
      if (!team) {
        if (join) throw change.noSuchTeam();
        return SETTLED;
      }
      latest = team;
      return hasMember(latest, userId) === join ? SETTLED : { etag: latest.etag, changedFields: [] };
    },
  });
  return written === SETTLED ? latest : written;
}
