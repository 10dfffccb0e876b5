// The "Outside code" section: what W&B holds that a roster does not declare, as Markdown, for the
// access review (from the guard record a preview shows) and for `pulumi-wandb audit` (from the
// listings themselves). The one writer of the section; every name quoted is escaped.
import type { OutsideCodeReport, OutsidePerson } from "../model/outside-code";
import { joined, list, markdownOf, phrase, type Phrase } from "./quoted-text";

const grants = (person: OutsidePerson): Phrase => (person.organizationRole === undefined ? phrase`` : phrase`, organization role ${person.organizationRole}`);
const bullet = (line: Phrase) => `- ${markdownOf(line)}`;

function organizationLines(report: OutsideCodeReport): string[] {
  const lines = [
    // Admins rank first: each holds the whole organization.
    ...report.admins.map((admin) =>
      bullet(
        admin.declared
          ? phrase`**Warning:** ${admin.userName} (${admin.email}) is an organization admin; the roster declares another role`
          : phrase`**Warning:** ${admin.userName} (${admin.email}) is an organization admin the roster does not declare`,
      ),
    ),
    ...report.users.map((user) => bullet(joined([phrase`user ${user.userName} (${user.email}`, grants(user), phrase`)`], ""))),
    ...report.teams.map((team) =>
      bullet(
        joined(
          [
            phrase`team ${team.name}: members `,
            team.members.length === 0 ? phrase`none` : list(team.members),
            team.serviceAccounts === 0 ? phrase`` : phrase` (and ${team.serviceAccounts} service account${team.serviceAccounts === 1 ? "" : "s"})`,
          ],
          "",
        ),
      ),
    ),
    ...report.customRoles.map((role) =>
      bullet(joined([phrase`custom role ${role.name}: ${role.inheritedFrom} plus `, role.permissions.length === 0 ? phrase`no permission` : list(role.permissions)], "")),
    ),
    ...report.idpTeams.flatMap((team) => {
      const differences = [
        ...(team.notInRoster.length > 0 ? [joined([phrase`in the team, not in the roster's list: `, list(team.notInRoster)], "")] : []),
        ...(team.notInTeam.length > 0 ? [joined([phrase`in the roster's list, not in the team: `, list(team.notInTeam)], "")] : []),
      ];
      const members = team.members.length === 0 ? phrase`none` : list(team.members);
      return [bullet(joined([phrase`team ${team.name} (members from the identity provider): members `, members, ...differences.map((each) => joined([phrase`; `, each], ""))], ""))];
    }),
    ...report.missingUsers.map((user) => bullet(phrase`user ${user.userName} (${user.email}) is declared, and W&B does not list it: the identity provider has not created it`)),
  ];
  return lines.length > 0 ? lines : ["- nothing: W&B holds only what the roster declares"];
}

/** The section for each Organization's report, by component name; nothing when there is none. */
export function outsideCodeMarkdown(reports: ReadonlyMap<string, OutsideCodeReport>, when: string): string[] {
  if (reports.size === 0) return [];
  const lines = ["### Outside code", "", `What W&B holds that the roster does not declare, ${when}. Service accounts, and names \`outsideCode.ignore\` matches, are left out.`, ""];
  for (const [organization, report] of [...reports].sort(([a], [b]) => a.localeCompare(b))) {
    if (reports.size > 1) lines.push(`**${markdownOf(phrase`${organization}`)}**`, "");
    lines.push(...organizationLines(report));
    if (report.ignored > 0) lines.push(`- ${report.ignored} left out by \`outsideCode.ignore\``);
    lines.push("");
  }
  return lines;
}
