/**
 * `npm run bench:outside-code -- [--users 2000]`: what the outside-code report adds to a refresh of
 * an Organization, against an emulator holding N users, N/20 teams of 20 (each with the
 * organization's service account) and 10 custom roles, made without Pulumi. A refresh of the
 * component's users and teams already lists /Users and /Groups (one request each per 9,999 objects);
 * the report reads the same listings through the operation's directory, plus /Roles where the
 * roster declares no custom role that would have listed it. Measured in process, as the provider
 * runs it: the requests the report adds after the refresh's own listings, and the time of listing
 * what is left and computing the report (median of 5 operations). The roster declares all but 1%
 * of the users, 5 teams and 2 custom roles, so that the report has something to name. It also
 * prints what the report weighs in the guard record's state (`outside`, `outsideWhenWritten`: its
 * inputs keep no copy), and the activity list that each run reads again and the record never keeps.
 */
import { performance } from "node:perf_hooks";
import { startEmulator } from "../../emulator";
import { rosterAccessOf } from "../../model/guard-rails";
import { declaredOf, keptReportOf, newsBasisOf, outsideCodeLines, outsideCodeRecordOf, outsideCodeUnder } from "../../model/outside-code";
import { validateRoster } from "../../model/roster/roster";
import { Operation } from "../../provider/operation";
import { closeAllPools } from "../../service";
import { readLog, resetLog } from "../emulator-api";
import { handMadeOrganization, handMadeUserName } from "./hand-made-organization";
import { readCommandLine, wholeNumber, type CommandSpec } from "./command-line";

const COMMAND = {
  run: "npm run bench:outside-code --",
  summary: "The requests and time the outside-code report adds to a refresh of an Organization of N users (see the file's header).",
  flags: { users: { value: "N", default: "2000", description: "users in the organization" } },
} satisfies CommandSpec;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const values = readCommandLine(COMMAND, process.argv.slice(2));
  if (values === undefined) return;
  const users = wholeNumber(COMMAND, "users", values.users, 1);
  const teams = Math.max(1, Math.floor(users / 20));
  const emulator = await startEmulator({ port: 0, seed: handMadeOrganization({ users, teams, teamSize: 20, roles: 10 }), userRolesOnGet: "omitted" });
  try {
    const declaredUsers = Array.from({ length: users - Math.ceil(users / 100) }, (_, i) => handMadeUserName(i));
    const roster = validateRoster({
      users: declaredUsers.map((userName) => ({ userName, email: `${userName}@bench.example` })),
      teams: Array.from({ length: teams - 5 }, (_, t) => ({ name: `team-${String(t).padStart(4, "0")}`, membersFrom: "idp" })),
      customRoles: Array.from({ length: 8 }, (_, r) => ({ name: `Role ${r}`, inheritedFrom: "member", permissions: ["run:delete"] })),
    });
    const record = { organization: "bench", ...rosterAccessOf(roster), ...outsideCodeRecordOf(roster) };
    const stackConfig = { baseUrl: emulator.url, apiKey: emulator.admin.apiKey, username: emulator.admin.username };
    const added: number[] = [];
    const millis: number[] = [];
    let named = 0;
    let stateBytes = { kept: 0, activity: 0, activeUsers: 0 };
    for (let run = 0; run < 5; run++) {
      const operation = new Operation({ stackConfig, sharedWithProject: false });
      const directory = operation.directory();
      // What the refresh of the component's users and teams reads anyway.
      await directory.users();
      await directory.teamById("none");
      await resetLog(emulator);
      const start = performance.now();
      const report = outsideCodeUnder(declaredOf(record), await directory.listed(), record.outsideCode);
      const lines = outsideCodeLines(record.organization, report);
      millis.push(performance.now() - start);
      added.push((await readLog(emulator)).counters.total);
      named = lines.warnings.length + lines.notes.length;
      const kept = { outside: keptReportOf(report), outsideWhenWritten: newsBasisOf(report) };
      stateBytes = { kept: JSON.stringify(kept).length, activity: JSON.stringify(report.activity).length, activeUsers: report.listed.users };
    }
    console.log(
      `outside-code report on a refresh of ${users} users, ${teams} teams, 10 custom roles: adds ${median(added)} request(s) ` +
        `(GET /Roles; 0 where the roster declares a custom role, whose refresh lists them) and ${median(millis).toFixed(1)} ms ` +
        `(median of 5); it names ${named} objects`,
    );
    console.log(
      `in the guard record's state: the report ${stateBytes.kept} bytes (as found and as written); never kept: the activity list, ` +
        `${stateBytes.activity} bytes (${Math.round(stateBytes.activity / Math.max(1, stateBytes.activeUsers))} per active user, ` +
        `${stateBytes.activeUsers} active users), which each run reads again`,
    );
  } finally {
    await closeAllPools();
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
