// Roster validation as pure functions: every mistake's message, exactly, with file, line, entry and fix.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRoster, parseRoster, RosterError, validateRoster } from "../../../model/roster/roster";
import { temporaryFolder } from "../../support/temporary-folder";

/** The RosterError thrown by `fn` (fails the test if there is none, or another error). */
function rosterError(fn: () => unknown): RosterError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RosterError);
    return error as RosterError;
  }
  throw new Error("expected a RosterError, but the roster was accepted");
}

const messageOf = (text: string) => rosterError(() => parseRoster(text, "roster.yaml")).message;

const USERS = `users:
  - userName: alice
    email: alice@example.com
  - userName: bob
    email: bob@example.com
`;

describe("a valid roster", () => {
  it("comes back in canonical form: predefined roles in lower case, members as spelled under users, default member", () => {
    const roster = parseRoster(
      `users:
  - userName: alice
    email: alice@example.com
    displayName: Alice Doe
    organizationRole: Admin
  - { userName: bob, email: bob@example.com, organizationRole: Run operator }
  - { userName: carol, email: carol@example.com }
customRoles:
  - name: Run operator
    description: Stops and deletes runs
    inheritedFrom: Member
    permissions: [run:stop, run:delete, run:stop]
teams:
  - name: ml-platform
    members: [Alice, bob]
    roles: { ALICE: admin, bob: Run operator }
  - name: research
    members: [carol]
registryRoles:
  - { user: Alice, registry: models, role: Restricted Viewer }
`,
      "roster.yaml",
    );
    expect(roster).toEqual({
      users: [
        { userName: "alice", email: "alice@example.com", displayName: "Alice Doe", organizationRole: "admin", teams: ["ml-platform"] },
        { userName: "bob", email: "bob@example.com", organizationRole: "Run operator", teams: ["ml-platform"] },
        { userName: "carol", email: "carol@example.com", organizationRole: "member", teams: ["research"] },
      ],
      customRoles: [
        { name: "Run operator", description: "Stops and deletes runs", inheritedFrom: "member", permissions: ["run:stop", "run:delete"] },
      ],
      teams: [
        { name: "ml-platform", members: ["alice", "bob"], roles: { alice: "admin", bob: "Run operator" }, membersFrom: "code" },
        { name: "research", members: ["carol"], roles: {}, membersFrom: "code" },
      ],
      registryRoles: [{ user: "alice", registry: "models", role: "restricted viewer" }],
      serviceAccounts: [],
      outsideCode: { users: "report", teams: "report", customRoles: "report", ignore: [] },
      usersFrom: "code",
      expiries: [],
      requiredAdmins: [],
    });
  });

  it("may be JSON, and every section is optional", () => {
    expect(parseRoster('{ "users": [{ "userName": "alice", "email": "alice@example.com" }] }', "roster.json")).toEqual({
      users: [{ userName: "alice", email: "alice@example.com", organizationRole: "member", teams: [] }],
      customRoles: [],
      teams: [],
      registryRoles: [],
      serviceAccounts: [],
      outsideCode: { users: "report", teams: "report", customRoles: "report", ignore: [] },
      usersFrom: "code",
      expiries: [],
      requiredAdmins: [],
    });
  });

  it("validates an object the same way (no line numbers)", () => {
    expect(validateRoster({ users: [{ userName: "alice", email: "alice@example.com" }] }).users).toHaveLength(1);
  });
});

describe("roster mistakes, each with the file, the line, the entry and the fix", () => {
  it("a team member who is not a user of the roster", () => {
    const error = rosterError(() =>
      parseRoster(
        `${USERS}teams:
  - name: research
    members: [alice]
  - name: ml-platform
    members:
      - alice
      - bob
      - carol
`,
        "roster.yaml",
      ),
    );
    expect(error.message).toBe(
      'roster.yaml:13: teams[1] "ml-platform": members[2] "carol" is not a user of the roster: add a user "carol" under users, or remove "carol" from the team',
    );
    expect(error).toMatchObject({
      file: "roster.yaml",
      line: 13,
      entry: 'teams[1] "ml-platform"',
      problem: 'members[2] "carol" is not a user of the roster',
      fix: 'add a user "carol" under users, or remove "carol" from the team',
      path: ["teams", 1, "members", 2],
    });
  });

  it("a team member whose userName is misspelled gets a suggestion", () => {
    expect(messageOf(`${USERS}teams:\n  - { name: research, members: [alcie] }\n`)).toBe(
      'roster.yaml:7: teams[0] "research": members[0] "alcie" is not a user of the roster: did you mean "alice"? Otherwise add a user "alcie" under users, or remove "alcie" from the team',
    );
  });

  it("a team member listed twice (userNames are case-insensitive)", () => {
    expect(messageOf(`${USERS}teams:\n  - { name: research, members: [alice, Alice] }\n`)).toBe(
      'roster.yaml:7: teams[0] "research": members[1] "Alice" is listed twice (userNames are case-insensitive): list each member once',
    );
  });

  it("an unknown organization role", () => {
    expect(messageOf(`users:\n  - userName: alice\n    email: alice@example.com\n    organizationRole: owner\n`)).toBe(
      'roster.yaml:4: users[0] "alice": organizationRole "owner" is neither a predefined organization role nor a custom role of the roster: use admin or member, or declare "owner" under customRoles',
    );
  });

  it("a custom organization role spelled with another case (custom role names are case-sensitive)", () => {
    expect(
      messageOf(
        `users:\n  - { userName: alice, email: alice@example.com, organizationRole: run operator }\ncustomRoles:\n  - { name: Run operator, inheritedFrom: member, permissions: [run:stop] }\n`,
      ),
    ).toBe(
      'roster.yaml:2: users[0] "alice": organizationRole "run operator" is neither a predefined organization role nor a custom role of the roster: did you mean "Run operator" (custom role names are case-sensitive)? Otherwise use admin or member, or declare "run operator" under customRoles',
    );
  });

  it("a user's Models seat and Weave role, in any case, and a level that is not one of the three", () => {
    const roster = parseRoster(`users:\n  - { userName: alice, email: alice@example.com, modelsSeat: Viewer, weaveRole: NONE }\n  - { userName: bob, email: bob@example.com }\n`, "roster.yaml");
    expect(roster.users.map(({ userName, modelsSeat, weaveRole }) => ({ userName, modelsSeat, weaveRole }))).toEqual([
      { userName: "alice", modelsSeat: "viewer", weaveRole: "none" },
      { userName: "bob", modelsSeat: undefined, weaveRole: undefined },
    ]);
    expect(messageOf(`users:\n  - { userName: alice, email: alice@example.com, modelsSeat: paid }\n`)).toMatch(
      /^roster\.yaml:2: users\[0\] "alice": modelsSeat .*"full", "viewer" or "none".*set `modelsSeat: viewer`/,
    );
  });

  it("the deprecated organization role viewer", () => {
    expect(messageOf(`users:\n  - { userName: alice, email: alice@example.com, organizationRole: viewer }\n`)).toBe(
      'roster.yaml:2: users[0] "alice": organizationRole "viewer" is deprecated for organizations (W&B assigns member instead): use member, or a custom role that inherits from viewer',
    );
  });

  it("an unknown team role", () => {
    expect(messageOf(`${USERS}teams:\n  - name: research\n    members: [alice]\n    roles:\n      alice: owner\n`)).toBe(
      'roster.yaml:10: teams[0] "research": roles.alice "owner" is neither a predefined team role nor a custom role of the roster: use admin, member or viewer, or declare "owner" under customRoles',
    );
  });

  it("an unknown registry role, and a custom role given to a registry", () => {
    const error = rosterError(() =>
      parseRoster(
        `${USERS}customRoles:\n  - { name: Run operator, inheritedFrom: member, permissions: [run:stop] }\nregistryRoles:\n  - { user: alice, registry: models, role: viwer }\n  - { user: bob, registry: models, role: Run operator }\n`,
        "roster.yaml",
      ),
    );
    expect(error.message).toBe(
      [
        'roster.yaml:9: registryRoles[0]: role "viwer" is not a registry role: did you mean "viewer"? Otherwise use admin, member, viewer or restricted viewer',
        'roster.yaml:10: registryRoles[1]: role "Run operator" is a custom role, and registries take only predefined roles: use admin, member, viewer or restricted viewer',
      ].join("\n"),
    );
    expect(error.problems.map((p) => p.line)).toEqual([9, 10]);
  });

  it("a registry role for a user who is not in the roster, and two roles in one registry", () => {
    expect(
      messageOf(
        `${USERS}registryRoles:\n  - { user: dave, registry: models, role: admin }\n  - { user: bob, registry: models, role: admin }\n  - { user: BOB, registry: models, role: viewer }\n`,
      ),
    ).toBe(
      [
        'roster.yaml:7: registryRoles[0]: user "dave" is not a user of the roster: add a user "dave" under users, or remove this registry role',
        'roster.yaml:9: registryRoles[2]: "bob" already has a role in registry "models" (registryRoles[1]): give each user one role per registry: remove one of the two',
      ].join("\n"),
    );
  });

  it("a duplicate userName, case-insensitively (and a duplicate email)", () => {
    const error = rosterError(() =>
      parseRoster(`${USERS}  - userName: Alice\n    email: ALICE@example.com\n`, "roster.yaml"),
    );
    expect(error.message).toBe(
      [
        'roster.yaml:6: users[2] "Alice": userName "Alice" is already used by users[0] "alice" (userNames are case-insensitive): declare each user once: merge the two entries, or correct the userName',
        'roster.yaml:7: users[2] "Alice": email "ALICE@example.com" is already used by users[0] "alice" (emails are case-insensitive): give each user their own email address',
      ].join("\n"),
    );
    expect(error).toMatchObject({ entry: 'users[2] "Alice"', line: 6, path: ["users", 2, "userName"] });
  });

  it("a team role for a user who is not a member of the team", () => {
    expect(messageOf(`${USERS}teams:\n  - name: research\n    members: [alice]\n    roles: { alice: admin, bob: viewer }\n`)).toBe(
      'roster.yaml:9: teams[0] "research": "bob" has a role (roles.bob) but is not a member of the team: add "bob" to members, or remove the role',
    );
  });

  it("a team role for someone who is neither a member nor a user", () => {
    expect(messageOf(`${USERS}teams:\n  - name: research\n    members: [alice]\n    roles:\n      alice: admin\n      carol: viewer\n`)).toBe(
      'roster.yaml:11: teams[0] "research": "carol" has a role (roles.carol) but is neither a member of the team nor a user of the roster: add "carol" under users and to members, or remove the role',
    );
  });

  it("team membership or roles written under a user say where they go", () => {
    expect(messageOf(`users:\n  - userName: alice\n    email: alice@example.com\n    teams: [research]\n`)).toBe(
      'roster.yaml:4: users[0] "alice": unknown key "teams": team membership is written in the team: list the user\'s userName in the team\'s members under teams (the keys of a user are userName, email, displayName, organizationRole, modelsSeat, weaveRole, expires, organizationRoleExpires and organizationRoleAfterExpiry)',
    );
    expect(messageOf(`users:\n  - userName: alice\n    email: alice@example.com\n    teamRoles: { research: admin }\n`)).toBe(
      'roster.yaml:4: users[0] "alice": unknown key "teamRoles": team roles are written in their team, `roles: { alice: admin }`, or under the top-level teamRoles, `- { user: alice, team: research, role: admin }` (the keys of a user are userName, email, displayName, organizationRole, modelsSeat, weaveRole, expires, organizationRoleExpires and organizationRoleAfterExpiry)',
    );
  });

  it("a team declared twice", () => {
    expect(messageOf(`${USERS}teams:\n  - { name: research, members: [alice] }\n  - { name: research, members: [bob] }\n`)).toBe(
      'roster.yaml:8: teams[1] "research": name "research" is already used by teams[0] "research": declare each team once: merge the two entries, or rename one',
    );
  });

  it("custom roles: a predefined role's name, and a name declared twice", () => {
    expect(
      messageOf(
        `customRoles:\n  - { name: Viewer, inheritedFrom: viewer, permissions: [run:stop] }\n  - { name: Ops, inheritedFrom: member, permissions: [run:stop] }\n  - { name: Ops, inheritedFrom: member, permissions: [run:delete] }\n`,
      ),
    ).toBe(
      [
        'roster.yaml:2: customRoles[0] "Viewer": name "Viewer" is the name of a predefined role: give the custom role a name of its own (admin, member, viewer and restricted viewer are predefined)',
        'roster.yaml:4: customRoles[2] "Ops": name "Ops" is already used by customRoles[1] "Ops": declare each custom role once: merge the two entries, or rename one',
      ].join("\n"),
    );
  });

  it("a predefined role's name in any case and spacing", () => {
    expect(messageOf(`customRoles:\n  - { name: "Restricted   Viewer", inheritedFrom: viewer, permissions: [run:stop] }\n`)).toBe(
      'roster.yaml:2: customRoles[0] "Restricted   Viewer": name "Restricted   Viewer" is the name of a predefined role: give the custom role a name of its own (admin, member, viewer and restricted viewer are predefined)',
    );
  });

  it("on the multi-tenant cloud, a user in no team", () => {
    const error = rosterError(() =>
      parseRoster(`${USERS}teams:\n  - { name: research, members: [alice] }\n`, "roster.yaml", { deployment: "saas" }),
    );
    expect(error.message).toBe(
      'roster.yaml:4: users[1] "bob": "bob" is in no team, and on the multi-tenant cloud (saas) users join the organization through teams: add "bob" to the members of a team of the roster',
    );
    // Elsewhere users may be in no team.
    expect(parseRoster(`${USERS}teams:\n  - { name: research, members: [alice] }\n`, "roster.yaml", { deployment: "dedicated" }).users).toHaveLength(2);
  });

  it("service accounts: declared twice, under a user's name, with a scope that is neither, and teams where W&B does not take them", () => {
    const roster = `${USERS}serviceAccounts:
  - { name: ci-bot, scope: Team, defaultTeam: ml }
  - { name: CI-Bot, scope: organization, defaultTeam: ml }
  - { name: Alice, scope: team, defaultTeam: ml }
  - { name: syncer, scope: organization, defaultTeam: ml, teams: [research] }
`;
    expect(messageOf(`serviceAccounts:\n  - { name: deployer, scope: project, defaultTeam: ml }\n`)).toBe(
      'roster.yaml:2: serviceAccounts[0] "deployer": scope "project" is not "team" or "organization": set `scope: team` (a member of its default team only) or `scope: organization` (added to every team created later too)',
    );
    expect(messageOf(roster).split("\n")).toEqual([
      'roster.yaml:8: serviceAccounts[1] "CI-Bot": name "CI-Bot" is already used by serviceAccounts[0] "ci-bot" (names are case-insensitive): declare each service account once: merge the two entries, or rename one',
      'roster.yaml:9: serviceAccounts[2] "Alice": name "Alice" is the userName of users[0] "alice": W&B holds users and service accounts under one name: give the service account a name no user has',
      'roster.yaml:10: serviceAccounts[3] "syncer": teams leaves out the defaultTeam "ml": add "ml" to teams, as W&B asks',
    ]);
    const dedicated = rosterError(() =>
      parseRoster(`serviceAccounts:\n  - { name: syncer, scope: organization, defaultTeam: ml, teams: [ml, research] }\n`, "roster.yaml", { deployment: "dedicated" }),
    );
    expect(dedicated.message).toBe(
      `roster.yaml:2: serviceAccounts[0] "syncer": teams is taken only on the multi-tenant cloud (saas), as W&B's reference documents it, not on dedicated: remove \`teams\`: the account joins its defaultTeam (an organization-scoped one also joins every team created later)`,
    );
    expect(parseRoster(`serviceAccounts:\n  - { name: syncer, scope: Organization, defaultTeam: ml, teams: [ml, research] }\n`, "roster.yaml", { deployment: "saas" }).serviceAccounts).toEqual([
      { name: "syncer", scope: "organization", defaultTeam: "ml", teams: ["ml", "research"] },
    ]);
  });

  it("lists every mistake, in roster order, one line each; the error's fields are the first one's", () => {
    const error = rosterError(() =>
      validateRoster({
        users: [{ userName: "alice", email: "alice@example.com", organizationRole: "boss" }],
        customRoles: [{ name: "admin", inheritedFrom: "member", permissions: [] }],
        teams: [{ name: "research", members: ["zed"] }],
      }),
    );
    expect(error.message).toBe(
      [
        'roster: users[0] "alice": organizationRole "boss" is neither a predefined organization role nor a custom role of the roster: use admin or member, or declare "boss" under customRoles',
        'roster: customRoles[0] "admin": name "admin" is the name of a predefined role: give the custom role a name of its own (admin, member, viewer and restricted viewer are predefined)',
        'roster: teams[0] "research": members[0] "zed" is not a user of the roster: add a user "zed" under users, or remove "zed" from the team',
      ].join("\n"),
    );
    expect(error).toMatchObject({ file: "roster", line: undefined, entry: 'users[0] "alice"', problems: expect.any(Array) });
    expect(error.problems).toHaveLength(3);
  });
});

describe("team roles under the top-level teamRoles", () => {
  const TEAMS = `${USERS}  - userName: carol
    email: carol@example.com
customRoles:
  - { name: Run operator, inheritedFrom: member, permissions: [run:stop] }
teams:
  - name: research
    members: [alice, bob]
    roles: { alice: admin }
  - name: ml-platform
    members: [bob, carol]
teamRoles:
`;
  // TEAMS is 16 lines: the first teamRoles entry is on line 17.

  it("merge with the teams' roles into the canonical form: predefined roles in lower case, userNames as spelled under users", () => {
    const roster = parseRoster(
      `${TEAMS}  - { user: Bob, team: research, role: Viewer }\n  - { user: carol, team: ml-platform, role: Run operator }\n  - user: bob\n    team: ml-platform\n    role: ADMIN\n`,
      "roster.yaml",
    );
    expect(roster.teams).toEqual([
      { name: "research", members: ["alice", "bob"], roles: { alice: "admin", bob: "viewer" }, membersFrom: "code" },
      { name: "ml-platform", members: ["bob", "carol"], roles: { carol: "Run operator", bob: "admin" }, membersFrom: "code" },
    ]);
    expect(roster).not.toHaveProperty("teamRoles");
  });

  it("the same roles either way give the same validated roster", () => {
    const inTeams = validateRoster({
      users: [{ userName: "alice", email: "alice@example.com" }],
      teams: [{ name: "research", members: ["alice"], roles: { alice: "admin" } }],
    });
    const topLevel = validateRoster({
      users: [{ userName: "alice", email: "alice@example.com" }],
      teams: [{ name: "research", members: ["alice"] }],
      teamRoles: [{ user: "alice", team: "research", role: "admin" }],
    });
    expect(topLevel).toEqual(inTeams);
  });

  it("a team role for a team that is not declared", () => {
    const error = rosterError(() => parseRoster(`${TEAMS}  - { user: alice, team: reserch, role: admin }\n`, "roster.yaml"));
    expect(error.message).toBe(
      'roster.yaml:17: teamRoles[0]: team "reserch" is not declared under teams: declare it, or correct the name (did you mean "research"?)',
    );
    expect(error).toMatchObject({ line: 17, entry: "teamRoles[0]", path: ["teamRoles", 0, "team"] });
    // Team names are case-sensitive; a name with nothing close gets no suggestion.
    expect(messageOf(`${TEAMS}  - { user: alice, team: Research, role: admin }\n  - { user: alice, team: infra, role: admin }\n`)).toBe(
      [
        'roster.yaml:17: teamRoles[0]: team "Research" is not declared under teams: declare it, or correct the name (did you mean "research"? Team names are case-sensitive)',
        'roster.yaml:18: teamRoles[1]: team "infra" is not declared under teams: declare it, or correct the name',
      ].join("\n"),
    );
  });

  it("a team role for someone who is not a user of the roster", () => {
    expect(messageOf(`${TEAMS}  - { user: alcie, team: research, role: admin }\n  - { user: dave, team: research, role: admin }\n`)).toBe(
      [
        'roster.yaml:17: teamRoles[0]: user "alcie" is not a user of the roster: did you mean "alice"? Otherwise add a user "alcie" under users, or remove this team role',
        'roster.yaml:18: teamRoles[1]: user "dave" is not a user of the roster: add a user "dave" under users, or remove this team role',
      ].join("\n"),
    );
  });

  it("a team role for a user who is not a member of the team", () => {
    expect(messageOf(`${TEAMS}  - user: carol\n    team: research\n    role: viewer\n`)).toBe(
      'roster.yaml:17: teamRoles[0]: "carol" is not a member of team "research" (teams[0] "research"): add "carol" to the team\'s members, or remove this team role',
    );
  });

  it("an unknown team role (custom role names are case-sensitive)", () => {
    expect(messageOf(`${TEAMS}  - { user: bob, team: research, role: owner }\n  - { user: carol, team: ml-platform, role: run operator }\n`)).toBe(
      [
        'roster.yaml:17: teamRoles[0]: role "owner" is neither a predefined team role nor a custom role of the roster: use admin, member or viewer, or declare "owner" under customRoles',
        'roster.yaml:18: teamRoles[1]: role "run operator" is neither a predefined team role nor a custom role of the roster: did you mean "Run operator" (custom role names are case-sensitive)? Otherwise use admin, member or viewer, or declare "run operator" under customRoles',
      ].join("\n"),
    );
  });

  it("two roles for one member of a team, from either form, name both places", () => {
    expect(
      messageOf(`${TEAMS}  - { user: alice, team: research, role: viewer }\n  - { user: bob, team: ml-platform, role: admin }\n  - { user: BOB, team: ml-platform, role: Run operator }\n`),
    ).toBe(
      [
        'roster.yaml:17: teamRoles[0]: "alice" has two roles in team "research": "viewer" here and "admin" in teams[0] "research" roles.alice: give each member one role per team: remove one of the two',
        'roster.yaml:19: teamRoles[2]: "bob" has two roles in team "ml-platform": "Run operator" here and "admin" in teamRoles[1]: give each member one role per team: remove one of the two',
      ].join("\n"),
    );
  });

  it("the same role written twice is refused too, to keep the roster clean", () => {
    expect(messageOf(`${TEAMS}  - { user: Alice, team: research, role: Admin }\n  - { user: bob, team: ml-platform, role: viewer }\n  - { user: bob, team: ml-platform, role: viewer }\n`)).toBe(
      [
        'roster.yaml:17: teamRoles[0]: "alice" already has the role "admin" in team "research" (teams[0] "research" roles.alice): remove this team role: write each member\'s role in a team once, in the team\'s roles or under teamRoles',
        'roster.yaml:19: teamRoles[2]: "bob" already has the role "viewer" in team "ml-platform" (teamRoles[1]): remove this team role: write each member\'s role in a team once, in the team\'s roles or under teamRoles',
      ].join("\n"),
    );
  });

  it("every mistake of an entry is reported, in roster order between teams and registry roles", () => {
    expect(
      messageOf(
        `${TEAMS}  - { user: dave, team: reserch, role: owner }\nregistryRoles:\n  - { user: erin, registry: models, role: admin }\n`.replace(
          "members: [bob, carol]",
          "members: [bob, carol, zed]",
        ),
      ),
    ).toBe(
      [
        'roster.yaml:15: teams[1] "ml-platform": members[2] "zed" is not a user of the roster: add a user "zed" under users, or remove "zed" from the team',
        'roster.yaml:17: teamRoles[0]: team "reserch" is not declared under teams: declare it, or correct the name (did you mean "research"?)',
        'roster.yaml:17: teamRoles[0]: user "dave" is not a user of the roster: add a user "dave" under users, or remove this team role',
        'roster.yaml:17: teamRoles[0]: role "owner" is neither a predefined team role nor a custom role of the roster: use admin, member or viewer, or declare "owner" under customRoles',
        'roster.yaml:19: registryRoles[0]: user "erin" is not a user of the roster: add a user "erin" under users, or remove this registry role',
      ].join("\n"),
    );
  });

  it("shape mistakes: a missing key, and the SCIM API's key names", () => {
    expect(messageOf(`${TEAMS}  - { user: alice, role: admin }\n  - { user: bob, teamName: research, role: admin }\n`)).toBe(
      [
        "roster.yaml:17: teamRoles[0]: team is missing: give the name of a team declared under teams, e.g. `team: research`",
        "roster.yaml:18: teamRoles[1]: team is missing: give the name of a team declared under teams, e.g. `team: research`",
        'roster.yaml:18: teamRoles[1]: unknown key "teamName": write the team as `team:`, e.g. `team: research` (the keys of a team role are user, team, role and expires)',
      ].join("\n"),
    );
  });
});

describe("schema mistakes", () => {
  it("a missing email", () => {
    expect(messageOf(`users:\n  - userName: alice\n    displayName: Alice\n`)).toBe(
      'roster.yaml:2: users[0] "alice": email is missing: give the user\'s email address, e.g. `email: alice@example.com`',
    );
  });

  it("a userName with a space or a slash", () => {
    expect(messageOf(`users:\n  - { userName: ana lima, email: ana@example.com }\n  - { userName: bo/x, email: bo@example.com }\n`)).toBe(
      [
        'roster.yaml:2: users[0] "ana lima": userName "ana lima" is not a W&B username (no spaces or "/"): give the user\'s W&B username, e.g. `userName: alice`',
        'roster.yaml:3: users[1] "bo/x": userName "bo/x" is not a W&B username (no spaces or "/"): give the user\'s W&B username, e.g. `userName: alice`',
      ].join("\n"),
    );
  });

  it("a bad email", () => {
    const error = rosterError(() => parseRoster(`users:\n  - userName: alice\n    email: alice.example.com\n`, "roster.yaml"));
    expect(error.message).toBe(
      'roster.yaml:3: users[0] "alice": email "alice.example.com" is not an email address: give the user\'s email address, e.g. `email: alice@example.com`',
    );
    expect(error).toMatchObject({ line: 3, entry: 'users[0] "alice"', path: ["users", 0, "email"] });
  });

  it("a YAML syntax error, with its line", () => {
    const error = rosterError(() => parseRoster(`users:\n  - userName: alice\n    email: alice@example.com\n    displayName: Alice: Doe\n`, "roster.yaml"));
    expect(error.message).toBe(
      "roster.yaml:4: YAML syntax error: Nested mappings are not allowed in compact mappings: correct the YAML at line 4, column 18",
    );
    expect(error).toMatchObject({ line: 4, entry: "YAML syntax error" });
  });

  it("a key given twice is a YAML error too", () => {
    expect(messageOf(`users:\n  - userName: alice\n    email: alice@example.com\n    email: alice@example.org\n`)).toBe(
      "roster.yaml:4: YAML syntax error: Map keys must be unique: correct the YAML at line 4, column 5",
    );
  });

  it("an unknown key, with the allowed keys (and the likely one)", () => {
    expect(messageOf(`users:\n  - userName: alice\n    email: alice@example.com\n    role: admin\n`)).toBe(
      'roster.yaml:4: users[0] "alice": unknown key "role": did you mean "organizationRole"? (the keys of a user are userName, email, displayName, organizationRole, modelsSeat, weaveRole, expires, organizationRoleExpires and organizationRoleAfterExpiry)',
    );
    expect(messageOf(`teams:\n  - name: research\n    owner: alice\n`)).toBe(
      'roster.yaml:3: teams[0] "research": unknown key "owner": remove it (the keys of a team are name, members, roles and membersFrom)',
    );
  });

  it("wrong types and values name what is expected", () => {
    expect(
      messageOf(
        `users:\n  - alice\ncustomRoles:\n  - name: Ops\n    inheritedFrom: admin\n    permissions: [Run:Stop]\nteams:\n  - name: research\n    members: alice\n`,
      ),
    ).toBe(
      [
        "roster.yaml:2: users[0]: the entry must be a user (a mapping with userName and email), not \"alice\": write the user as `- userName: alice` with `email: alice@example.com` below it",
        'roster.yaml:5: customRoles[0] "Ops": inheritedFrom "admin" is not "member" or "viewer": set `inheritedFrom: member` or `inheritedFrom: viewer`, the predefined role the custom role extends',
        'roster.yaml:6: customRoles[0] "Ops": permissions[0] "Run:Stop" is not a permission "<object>:<operation>" in lower case: list the permissions the role adds, each as <object>:<operation> in lower case, e.g. `permissions: [run:stop, run:delete]`',
        'roster.yaml:9: teams[0] "research": members must be a list of members, not "alice": list the userNames of the team\'s members (users of the roster), e.g. `members: [alice, bob]`, a membership that ends as `{ user: carol, expires: 2025-07-01 }`',
      ].join("\n"),
    );
  });

  it("an empty file, and a file that is not a mapping", () => {
    expect(messageOf("# nothing yet\n")).toBe(
      "roster.yaml: top level: the roster is empty: list the organization's users under `users:` (and its teams under `teams:`)",
    );
    expect(messageOf("- alice\n")).toBe(
      "roster.yaml:1: top level: the roster must be a mapping with the keys users, customRoles, teams, teamRoles, registryRoles, serviceAccounts, requiredAdmins, outsideCode, usersFrom and deactivateInactiveAfterDays, not a list: start the roster with `users:` (see the roster format in the Organization component's documentation)",
    );
  });

  it("an object roster is checked by the same schema", () => {
    expect(rosterError(() => validateRoster({ users: [{ userName: "alice" }] }, { file: "org.ts" })).message).toBe(
      'org.ts: users[0] "alice": email is missing: give the user\'s email address, e.g. `email: alice@example.com`',
    );
  });
});

describe("loadRoster", () => {
  it("reads a file, naming it as given in messages", () => {
    const dir = temporaryFolder("roster-");
    const file = join(dir, "roster.yaml");
    writeFileSync(file, `${USERS}teams:\n  - { name: research, members: [alice, carol] }\n`);
    expect(rosterError(() => loadRoster(file)).message).toBe(
      `${file}:7: teams[0] "research": members[1] "carol" is not a user of the roster: add a user "carol" under users, or remove "carol" from the team`,
    );
  });

  it("an absolute path inside the current directory is named relative to it", () => {
    const file = join(process.cwd(), "no-such-roster.yaml");
    expect(rosterError(() => loadRoster(file)).file).toBe("no-such-roster.yaml");
  });

  it("a missing file is a RosterError too", () => {
    const error = rosterError(() => loadRoster("no-such-roster.yaml"));
    expect(error.message).toBe(
      `no-such-roster.yaml: file: cannot read the roster file (ENOENT): check the path: a relative path is resolved from ${process.cwd()}`,
    );
  });
});

describe("grants that end, and required admins", () => {
  const FORMS = "a UTC day, e.g. `2025-07-01` (the grant ends at 00:00 UTC that day), or a timestamp with its zone, e.g. `2025-07-01T17:00:00Z`";

  it("every kind of grant may carry its end; the validated roster lists each, in roster order, with where it is written", () => {
    const roster = parseRoster(
      `users:
  - { userName: alice, email: alice@example.com, organizationRole: admin }
  - { userName: bob, email: bob@example.com, expires: 2025-09-01, organizationRole: admin, organizationRoleExpires: "2025-07-01T17:00:00+02:00", organizationRoleAfterExpiry: Ops }
customRoles:
  - { name: Ops, inheritedFrom: member, permissions: [run:stop] }
teams:
  - name: ml
    members: [alice, { user: BOB, expires: 2025-08-01 }]
teamRoles:
  - { user: bob, team: ml, role: Admin, expires: 2025-07-15 }
registryRoles:
  - { user: alice, registry: models, role: viewer, expires: 2025-10-01 }
requiredAdmins: [Alice]
`,
      "roster.yaml",
    );
    // Where each is written, by its entry's key: the same however the roster is ordered.
    expect(roster.expiries).toEqual([
      { grant: "organizationRole", user: "bob", role: "admin", fallback: "Ops", expires: "2025-07-01T17:00:00+02:00", at: 'users "bob": organizationRoleExpires' },
      { grant: "user", user: "bob", expires: "2025-09-01", at: 'users "bob": expires' },
      { grant: "team", user: "bob", scope: "ml", expires: "2025-08-01", at: 'teams "ml", member "bob": expires' },
      { grant: "teamRole", user: "bob", scope: "ml", role: "admin", expires: "2025-07-15", at: 'teamRoles, "bob" in team "ml": expires' },
      { grant: "registryRole", user: "alice", scope: "models", role: "viewer", expires: "2025-10-01", at: 'registryRoles, "alice" in registry "models": expires' },
    ]);
    expect(roster.teams[0]?.members).toEqual(["alice", "bob"]);
    expect(roster.users[1]).toEqual({ userName: "bob", email: "bob@example.com", organizationRole: "admin", teams: ["ml"] });
    expect(roster.requiredAdmins).toEqual(["alice"]);
  });

  it("a malformed date, wherever it is written, names the property, its line and both forms", () => {
    expect(
      messageOf(`users:
  - { userName: alice, email: alice@example.com, expires: 2025-02-30 }
  - { userName: bob, email: bob@example.com, organizationRole: admin, organizationRoleExpires: "2025-07-01 17:00" }
teams:
  - name: ml
    members: [alice, { user: bob, expires: next week }]
teamRoles:
  - { user: alice, team: ml, role: admin, expires: "2025-07-01T17:00:00" }
`),
    ).toBe(
      [
        `roster.yaml:2: users[0] "alice": expires "2025-02-30" is not a UTC day (YYYY-MM-DD) or a timestamp with its zone: write ${FORMS}, or remove the key`,
        `roster.yaml:3: users[1] "bob": organizationRoleExpires "2025-07-01 17:00" is not a UTC day (YYYY-MM-DD) or a timestamp with its zone: write ${FORMS}, or remove the key`,
        `roster.yaml:6: teams[0] "ml": members[1].expires "next week" is not a UTC day (YYYY-MM-DD) or a timestamp with its zone: write ${FORMS}, or remove the key (a member without one is written as the userName alone)`,
        `roster.yaml:8: teamRoles[0]: expires "2025-07-01T17:00:00" is not a UTC day (YYYY-MM-DD) or a timestamp with its zone: write ${FORMS}, or remove the key`,
      ].join("\n"),
    );
  });

  it("a member written as a mapping: a missing or misspelt key, and a name that is neither text nor a mapping", () => {
    expect(messageOf(`${USERS}teams:\n  - name: ml\n    members: [{ user: alice, expire: 2025-07-01 }, 7]\n`)).toBe(
      [
        `roster.yaml:8: teams[0] "ml": members[0].expires is missing: write ${FORMS}, or remove the key (a member without one is written as the userName alone)`,
        'roster.yaml:8: teams[0] "ml": unknown key "expire": did you mean "expires"? (the keys of a member that expires are user and expires)',
        'roster.yaml:8: teams[0] "ml": members[1] the number 7 is not a userName, or a mapping with user and expires: list the userNames of the team\'s members (users of the roster), e.g. `members: [alice, bob]`, a membership that ends as `{ user: carol, expires: 2025-07-01 }`',
      ].join("\n"),
    );
  });

  it("an expiry the roster cannot enforce: a membership the identity provider writes, a user it creates, a deactivation on the multi-tenant cloud", () => {
    const idp = `users:
  - { userName: alice, email: alice@example.com, expires: 2025-07-01 }
teams:
  - name: sso
    membersFrom: idp
    members: [{ user: alice, expires: 2025-07-01 }]
`;
    expect(messageOf(idp)).toBe(
      'roster.yaml:6: teams[0] "sso": members[0].expires ends a membership, but the identity provider writes this team\'s members (membersFrom: idp): ' +
        'end "alice"\'s membership in the identity provider, and write the member as "alice" alone (or remove `membersFrom: idp`)',
    );
    expect(messageOf(`usersFrom: idp\n${idp.replace("    membersFrom: idp\n", "")}`)).toBe(
      'roster.yaml:3: users[0] "alice": expires deactivates the user, but usersFrom: idp leaves every user to your identity provider: ' +
        "end the user's access in the identity provider, and remove `expires` (a team membership or a role may still expire here)",
    );
    const saas = rosterError(() => parseRoster("users:\n  - { userName: alice, email: alice@example.com, expires: 2025-07-01 }\nteams:\n  - { name: ml, members: [alice] }\n", "roster.yaml", { deployment: "saas" }));
    expect(saas.message).toMatch(/^roster\.yaml:2: users\[0\] "alice": expires on a user \(a deactivation at its date\) is not offered on the multi-tenant cloud \(saas\), where deactivating a user removes them/);
  });

  it("an organization role's end: the role after it exists, differs from the role, and comes with the date", () => {
    expect(
      messageOf(`users:
  - { userName: alice, email: alice@example.com, organizationRoleAfterExpiry: admin }
  - { userName: bob, email: bob@example.com, organizationRoleExpires: 2025-07-01 }
  - { userName: cy, email: cy@example.com, organizationRole: admin, organizationRoleExpires: 2025-07-01, organizationRoleAfterExpiry: Opz }
`),
    ).toBe(
      [
        'roster.yaml:2: users[0] "alice": organizationRoleAfterExpiry is given without organizationRoleExpires: add `organizationRoleExpires: <date>` for the role to end then, or remove organizationRoleAfterExpiry',
        'roster.yaml:3: users[1] "bob": organizationRoleExpires ends the role "member", and "member" follows it: nothing would change: remove organizationRoleExpires, or give the role that ends as organizationRole',
        'roster.yaml:4: users[2] "cy": organizationRoleAfterExpiry "Opz" is neither a predefined organization role nor a custom role of the roster: use admin or member, or declare "Opz" under customRoles',
      ].join("\n"),
    );
  });

  it("required admins: users of the roster, each once, none of whose own access or admin grant ends", () => {
    expect(
      messageOf(`users:
  - { userName: alice, email: alice@example.com, organizationRole: admin, organizationRoleExpires: 2025-07-01 }
  - { userName: bob, email: bob@example.com, organizationRole: admin, expires: 2025-08-01 }
requiredAdmins: [alice, bobb, ALICE, bob]
`),
    ).toBe(
      [
        'roster.yaml:4: requiredAdmins[0]: "alice" must stay an organization admin, but users "alice": organizationRoleExpires ends organization role admin (then member) on 2025-07-01: remove the expiry, or "alice" from requiredAdmins',
        'roster.yaml:4: requiredAdmins[1]: "bobb" is not a user of the roster: did you mean "bob"? Otherwise declare "bobb" under users as an admin, or remove it from requiredAdmins',
        'roster.yaml:4: requiredAdmins[2]: "ALICE" is listed twice (userNames are case-insensitive): list each required admin once',
        'roster.yaml:4: requiredAdmins[3]: "bob" must stay an organization admin, but users "bob": expires ends access to the organization (deactivated then) on 2025-08-01: remove the expiry, or "bob" from requiredAdmins',
      ].join("\n"),
    );
  });
});
