// An organization as people make one without Pulumi, at any size: users, teams (each with the
// organization's service account) and custom roles. Seeds `bench:adopt` and the adoption tests.
import { defaultSeed, type Seed } from "../../emulator";

export interface OrganizationSize {
  users: number;
  teams: number;
  /** Users per team; a team takes the next ones in turn, starting over after the last user. */
  teamSize: number;
  roles: number;
}

export const handMadeUserName = (i: number) => `person-${String(i).padStart(5, "0")}`;

export function handMadeOrganization({ users, teams, teamSize, roles }: OrganizationSize): Seed {
  const seed = defaultSeed();
  const serviceAccount = seed.serviceAccounts[0]!.name;
  const members = (t: number) => Array.from({ length: Math.min(teamSize, users) }, (_, k) => ({ user: handMadeUserName((t * teamSize + k) % users) }));
  return {
    ...seed,
    seats: seed.users.length + users,
    users: [
      ...seed.users,
      ...Array.from({ length: users }, (_, i) => ({ userName: handMadeUserName(i), email: `${handMadeUserName(i)}@bench.example`, displayName: `Person ${i}` })),
    ],
    teams: Array.from({ length: teams }, (_, t) => ({ displayName: `team-${String(t).padStart(4, "0")}`, members: [...members(t), { serviceAccount }] })),
    roles: Array.from({ length: roles }, (_, r) => ({ name: `Role ${r}`, description: `Custom role ${r}`, inheritedFrom: "member" as const, permissions: ["run:delete"] })),
  };
}
