// What an expiry is and how a run judges it (model/expiry, model/roster/as-of): the two forms of a
// date, the clock, the roster as of a time, a grant declared already past, what ends soon and what
// the engine's output says of them.
import { describe, expect, it } from "vitest";
import {
  alreadyPastRefusals,
  expiringWithin,
  expiryClockFrom,
  expiryLines,
  expiryTime,
  sameExpiry,
  type GrantExpiry,
  type JudgedExpiry,
} from "../../model/expiry";
import { ProgramError } from "../../model/program-error";
import { rosterAsOf } from "../../model/roster/as-of";
import { validateRoster } from "../../model/roster/roster";

const at = (iso: string) => Date.parse(iso);

describe("expiryTime", () => {
  it("reads a UTC day as its first moment, and a timestamp in its zone", () => {
    expect(expiryTime("2025-07-01")).toBe(at("2025-07-01T00:00:00Z"));
    expect(expiryTime("2024-02-29")).toBe(at("2024-02-29T00:00:00Z"));
    expect(expiryTime("2025-07-01T17:30:00Z")).toBe(at("2025-07-01T17:30:00Z"));
    expect(expiryTime("2025-07-01T17:30+02:00")).toBe(at("2025-07-01T15:30:00Z"));
    expect(expiryTime("2025-07-01T17:30:05.250-05:30")).toBe(at("2025-07-01T23:00:05.250Z"));
  });

  it("refuses what is no day, or a time without its zone", () => {
    for (const written of ["2025-02-29", "2025-02-30", "2025-13-01", "2025-00-10", "2025-07-01T24:00:00Z", "2025-07-01T17:30:00", "2025-7-1", "July 1st", "", "2025-07-01T10:00+24:00"]) {
      expect(expiryTime(written), written).toBeUndefined();
    }
  });
});

describe("expiryClockFrom", () => {
  it("is now, unless WANDB_EXPIRY_AS_OF sets another time, which it says; a malformed one is refused naming the variable", () => {
    expect(expiryClockFrom({}, 42)).toEqual({ asOf: 42 });
    expect(expiryClockFrom({ WANDB_EXPIRY_AS_OF: " " }, 42)).toEqual({ asOf: 42 });
    expect(expiryClockFrom({ WANDB_EXPIRY_AS_OF: "2025-07-01" }, 42)).toEqual({ asOf: at("2025-07-01T00:00:00Z"), setBy: "2025-07-01" });
    expect(() => expiryClockFrom({ WANDB_EXPIRY_AS_OF: "tomorrow" })).toThrow(ProgramError);
    expect(() => expiryClockFrom({ WANDB_EXPIRY_AS_OF: "tomorrow" })).toThrow(/Invalid WANDB_EXPIRY_AS_OF \(got "tomorrow"\): expected a UTC day/);
  });
});

const ROSTER_INPUT = {
  users: [
    { userName: "ana", email: "ana@example.com", organizationRole: "admin" },
    { userName: "bob", email: "bob@example.com", expires: "2025-03-01" },
    { userName: "cy", email: "cy@example.com", organizationRole: "admin", organizationRoleExpires: "2025-03-10" },
  ],
  teams: [{ name: "ml", members: ["ana", { user: "bob", expires: "2025-04-01" }, { user: "cy", expires: "2025-03-01" }], roles: { cy: "admin" } }],
  teamRoles: [{ user: "bob", team: "ml", role: "viewer", expires: "2025-03-05" }],
  registryRoles: [{ user: "ana", registry: "models", role: "admin", expires: "2025-03-20T09:00:00Z" }],
};
const ROSTER = validateRoster(ROSTER_INPUT);

describe("rosterAsOf", () => {
  it("before any date, is the roster itself, every expiry judged not past", () => {
    const { roster, expiries } = rosterAsOf(ROSTER, at("2025-02-01T00:00:00Z"));
    expect(roster).toEqual(ROSTER);
    expect(expiries.map((expiry) => expiry.expired)).toEqual([false, false, false, false, false, false]);
  });

  it("takes away each grant from its date on: the user kept, deactivated; the membership with its team role; the roles back to the default", () => {
    const { roster, expiries } = rosterAsOf(ROSTER, at("2025-03-10T00:00:00Z"));
    expect(roster.users).toEqual([
      { userName: "ana", email: "ana@example.com", organizationRole: "admin", teams: ["ml"] },
      { userName: "bob", email: "bob@example.com", organizationRole: "member", teams: ["ml"], deactivated: true },
      { userName: "cy", email: "cy@example.com", organizationRole: "member", teams: [] },
    ]);
    expect(roster.teams).toEqual([{ name: "ml", members: ["ana", "bob"], roles: {}, membersFrom: "code" }]);
    expect(roster.registryRoles).toEqual([{ user: "ana", registry: "models", role: "admin" }]);
    // In one order, and named where written by their entries' keys: the same whatever the roster's order.
    const [team] = ROSTER_INPUT.teams;
    const reordered = validateRoster({ ...ROSTER_INPUT, users: [...ROSTER_INPUT.users].reverse(), teams: [{ ...team, members: [...(team?.members ?? [])].reverse() }] });
    expect(rosterAsOf(reordered, at("2025-03-10T00:00:00Z")).expiries).toEqual(expiries);
    expect(expiries.filter((expiry) => expiry.expired).map((expiry) => `${expiry.grant} ${expiry.user}`)).toEqual(["user bob", "team cy", "organizationRole cy", "teamRole bob"]);
  });
});

const expiry = (more: Partial<JudgedExpiry>): JudgedExpiry => ({ grant: "team", user: "bob", scope: "ml", expires: "2025-03-01", at: 'teams "ml", member "bob": expires', expired: true, ...more });

describe("alreadyPastRefusals", () => {
  it("refuses a grant past its date that the last run did not hold so, naming where; one it held, however spelled, is enforced", () => {
    const held: GrantExpiry[] = [{ grant: "team", user: "Bob", scope: "ml", expires: "2025-03-01T00:00:00Z", at: "elsewhere" }];
    expect(alreadyPastRefusals("acme", [expiry({})], held)).toEqual([]);
    expect(alreadyPastRefusals("acme", [expiry({ expired: false, expires: "2030-01-01" })], [])).toEqual([]);
    const [refusal, ...more] = alreadyPastRefusals("acme", [expiry({ expires: "2025-02-01" }), expiry({ grant: "registryRole", scope: "models", role: "admin", at: 'registryRoles, "bob" in registry "models": expires' })], held);
    expect(refusal).toMatch(/^Organization "acme": teams "ml", member "bob": expires 2025-02-01 is already past, for a grant the last run did not hold so: bob's membership of team ml would end before it began\. Give a date to come/);
    expect(more).toEqual([expect.stringContaining(`registryRoles, "bob" in registry "models": expires 2025-03-01 is already past, for a grant the last run did not hold so: bob's role admin in registry models`)]);
  });

  it("compares the grant, its role and its moment", () => {
    expect(sameExpiry(expiry({}), expiry({ at: "moved", expired: false }))).toBe(true);
    expect(sameExpiry(expiry({}), expiry({ scope: "cv" }))).toBe(false);
    expect(sameExpiry(expiry({ grant: "organizationRole", role: "admin" }), expiry({ grant: "organizationRole", role: "admin", fallback: "Run operator" }))).toBe(false);
  });
});

describe("what a check says of the expiries", () => {
  const now = at("2025-03-01T10:00:00Z");
  const coming = [
    expiry({ expired: false, expires: "2025-03-20", user: "late" }),
    expiry({ expired: false, expires: "2025-03-04", user: "soon" }),
    expiry({ expired: false, expires: "2025-03-02T10:00:00Z", user: "sooner", grant: "organizationRole", role: "admin", fallback: "member", scope: undefined, at: 'users[3] "sooner": organizationRoleExpires' }),
  ];

  it("lists what ends within the notice, soonest first; nothing past, nothing later", () => {
    expect(expiringWithin([...coming, expiry({})], 14, now).map((each) => each.user)).toEqual(["sooner", "soon"]);
    expect(expiringWithin(coming, 0, now)).toEqual([]);
  });

  it("tells the clock when set, what this run takes away (not what an earlier run did), and what ends soon with the days left", () => {
    const ended = expiry({ user: "gone" });
    const lines = expiryLines("acme", { expiries: [expiry({}), ended], previous: [ended], soon: expiringWithin(coming, 14, now) }, { asOf: now, setBy: "2025-03-01T10:00:00Z" });
    expect(lines).toEqual([
      'Organization "acme": expiries are judged as of 2025-03-01T10:00:00.000Z (WANDB_EXPIRY_AS_OF=2025-03-01T10:00:00Z), not now',
      'Organization "acme": bob\'s membership of team ml expired on 2025-03-01 (teams "ml", member "bob": expires): this run takes it away',
      'Organization "acme": sooner\'s organization role admin (then member) expires on 2025-03-02T10:00:00Z, in 1 day (users[3] "sooner": organizationRoleExpires)',
      'Organization "acme": soon\'s membership of team ml expires on 2025-03-04, in 3 days (teams "ml", member "bob": expires)',
    ]);
  });
});
