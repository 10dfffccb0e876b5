// The "Outside code" section: what W&B holds that a roster does not declare, as Markdown, for the
// access review (from the guard record a preview shows) and for `pulumi-wandb audit` (from the
// listings themselves); and beside it, where what the identity provider writes differs from the
// roster's lists, as information. The one writer of both sections; every name quoted is escaped.
import type { AuditLogReading } from "../model/audit-attribution";
import type { OutsideCodeReport, OutsidePerson } from "../model/outside-code";
import { attributed } from "./attribution-markdown";
import { joined, list, markdownOf, phrase, type Phrase } from "./quoted-text";

const grants = (person: OutsidePerson): Phrase => (person.organizationRole === undefined ? phrase`` : phrase`, organization role ${person.organizationRole}`);
const bullet = (line: Phrase) => `- ${markdownOf(line)}`;

/** The report's lines, each with who made it and when where `reading` (W&B's audit log) is given. */
function organizationLines(report: OutsideCodeReport, reading: AuditLogReading | undefined): string[] {
  const lines = [
    // Admins rank first: each holds the whole organization.
    ...report.admins.map((admin) =>
      bullet(
        attributed(
          admin.declared
            ? phrase`**Warning:** ${admin.userName} (${admin.email}) is an organization admin; the roster declares another role`
            : phrase`**Warning:** ${admin.userName} (${admin.email}) is an organization admin the roster does not declare`,
          "adminGranted",
          admin,
          reading,
        ),
      ),
    ),
    ...report.users.map((user) => bullet(attributed(joined([phrase`user ${user.userName} (${user.email}`, grants(user), phrase`)`], ""), "userAdded", user, reading))),
    ...report.teams.map((team) =>
      bullet(
        attributed(
          joined(
            [
              phrase`team ${team.name}: members `,
              team.members.length === 0 ? phrase`none` : list(team.members),
              team.serviceAccounts === 0 ? phrase`` : phrase` (and ${team.serviceAccounts} service account${team.serviceAccounts === 1 ? "" : "s"})`,
            ],
            "",
          ),
          "teamMade",
          { team: team.name },
          reading,
        ),
      ),
    ),
    ...report.customRoles.map((role) =>
      bullet(
        attributed(
          joined([phrase`custom role ${role.name}: ${role.inheritedFrom} plus `, role.permissions.length === 0 ? phrase`no permission` : list(role.permissions)], ""),
          "customRoleChanged",
          {},
          reading,
        ),
      ),
    ),
  ];
  return lines.length > 0 ? lines : ["- nothing: W&B holds only what the roster declares"];
}

/** Whether a report holds anything outside code (what the identity provider writes aside). */
export const holdsOutsideCode = (report: OutsideCodeReport): boolean =>
  report.admins.length + report.users.length + report.teams.length + report.customRoles.length > 0;

/**
 * Where what the identity provider writes differs from the roster's lists: a team of `membersFrom:
 * idp` whose members are not the roster's list (one that agrees is not shown), a declared user of
 * `usersFrom: idp` it has not created. Information: never written, never drift.
 */
function identityProviderLines(report: OutsideCodeReport): string[] {
  return [
    ...report.idpTeams.flatMap((team) => {
      const differences = [
        ...(team.notInRoster.length > 0 ? [joined([phrase`in the team, not in the roster's list: `, list(team.notInRoster)], "")] : []),
        ...(team.notInTeam.length > 0 ? [joined([phrase`in the roster's list, not in the team: `, list(team.notInTeam)], "")] : []),
      ];
      return differences.length === 0 ? [] : [bullet(joined([phrase`team ${team.name}: `, joined(differences, "; ")], ""))];
    }),
    ...report.missingUsers.map((user) => bullet(phrase`user ${user.userName} (${user.email}) is declared, and W&B does not list it: the identity provider has not created it`)),
  ];
}

/**
 * The section for each Organization's report, by component name, then where the identity provider
 * differs from the rosters' lists (only when it does); nothing when there is no report. With
 * `readings` (W&B's audit log, by component), each line says who made it and when.
 */
export function outsideCodeMarkdown(reports: ReadonlyMap<string, OutsideCodeReport>, when: string, readings: ReadonlyMap<string, AuditLogReading> = new Map()): string[] {
  if (reports.size === 0) return [];
  const sorted = [...reports].sort(([a], [b]) => a.localeCompare(b));
  const heading = (organization: string) => (reports.size > 1 ? [`**${markdownOf(phrase`${organization}`)}**`, ""] : []);
  const lines = ["### Outside code", "", `What W&B holds that the roster does not declare, ${when}. Service accounts, and names \`outsideCode.ignore\` matches, are left out.`, ""];
  for (const [organization, report] of sorted) {
    lines.push(...heading(organization), ...organizationLines(report, readings.get(organization)));
    if (report.ignored > 0) lines.push(`- ${report.ignored} left out by \`outsideCode.ignore\``);
    lines.push("");
  }
  const differing = sorted.map(([organization, report]) => [organization, identityProviderLines(report)] as const).filter(([, each]) => each.length > 0);
  if (differing.length === 0) return lines;
  lines.push(
    "### The identity provider's part",
    "",
    `Where what the identity provider writes (\`membersFrom: idp\`, \`usersFrom: idp\`) differs from the roster's lists, ${when}. ` +
      "Information only: Pulumi never writes it, and it is never drift; make the roster's list and the identity provider agree to clear it.",
    "",
  );
  for (const [organization, each] of differing) lines.push(...heading(organization), ...each, "");
  return lines;
}
