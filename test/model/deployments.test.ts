// What a deployment cannot do is said in one place (model/deployments): the User resource and the
// roster refuse a deactivation on the multi-tenant cloud in the same words, and an unknown
// deployment refuses nothing.
import { expect, it } from "vitest";
import { capabilitiesOf, deactivationNotOffered } from "../../model/deployments";
import { parseRoster, RosterError } from "../../model/roster/roster";
import { user } from "../../provider/resources/user";
import { Operation } from "../../provider/operation";

const ON_SAAS = new Operation({ stackConfig: { deployment: "saas" }, sharedWithProject: false });
const WHY = "is not offered on the multi-tenant cloud (saas), where deactivating a user removes them from the organization for good";

it("refuses nothing where the deployment is unknown, and splits the rest between the multi-tenant cloud and the others", () => {
  // Unknown: users are written as off the multi-tenant cloud (each Team its members), and no rule refuses.
  expect(capabilitiesOf(undefined)).toEqual({ usersJoinThroughTeams: false, keepsDeactivatedUsers: true, managesAccounts: true, serviceAccountsJoinTeams: true, teamMembersFromIdentityProvider: true });
  expect(capabilitiesOf("saas")).toEqual({ usersJoinThroughTeams: true, keepsDeactivatedUsers: false, managesAccounts: false, serviceAccountsJoinTeams: true, teamMembersFromIdentityProvider: false });
  expect(capabilitiesOf("dedicated")).toEqual({ usersJoinThroughTeams: false, keepsDeactivatedUsers: true, managesAccounts: true, serviceAccountsJoinTeams: false, teamMembersFromIdentityProvider: true });
  expect(capabilitiesOf("self-managed")).toEqual(capabilitiesOf("dedicated"));
});

it("words every refused deactivation alike, through the User and through the roster", async () => {
  const reasons = async (news: Record<string, unknown>) =>
    ((await user.check(ON_SAAS, {}, { userName: "a", email: "a@example.com", teams: ["ml"], ...news })).failures ?? []).filter((f) => f.property !== "").map((f) => f.reason);
  const roster = (text: string) => {
    try {
      parseRoster(text, "roster.yaml", { deployment: "saas" });
    } catch (error) {
      if (error instanceof RosterError) return error.message;
      throw error;
    }
    throw new Error("the roster was taken");
  };
  const said = [
    ...(await reasons({ deletionPolicy: "deactivate" })),
    ...(await reasons({ active: false })),
    ...(await reasons({ deactivateInactiveAfterDays: 90 })),
    roster("deactivateInactiveAfterDays: 90\n"),
    roster("outsideCode:\n  users: deactivate\n"),
  ];
  expect(said).toHaveLength(5);
  for (const reason of said) expect(reason).toContain(WHY);
  expect(deactivationNotOffered("users: deactivate")).toBe(`users: deactivate ${WHY}`);
});
