// An attestation as the Markdown a reviewer approves by pull request: who holds what in the
// organization, whether code declares it, and what changed since the previous attestation, with who
// made each change where W&B's audit log says. Every value quoted from W&B is escaped.
import { minuteOf } from "../model/audit-attribution";
import type { Attestation, AttestedChange, AttestedPrincipal } from "../model/attestation";
import { markdownOf, phrase } from "./quoted-text";

/** A table cell: the value escaped (a `|` cannot end the cell), or a dash for nothing. */
const cell = (value: string | undefined) => (value === undefined || value === "" ? "–" : markdownOf(phrase`${value}`));
const NOT_SHOWN = "not shown by W&B";

function principalRow(principal: AttestedPrincipal, rolesShown: boolean): string {
  const role = (held: string | undefined) => (held === undefined ? "" : ` (${held})`);
  const seats = principal.kind === "serviceAccount" ? undefined : [principal.modelsSeat && `Models ${principal.modelsSeat}`, principal.weaveRole && `Weave ${principal.weaveRole}`].filter(Boolean).join(", ");
  // A user's role W&B did not show is said so; a service account has none to show.
  const unshown = principal.kind === "user" ? NOT_SHOWN : "–";
  const organizationRole = principal.organizationRole === undefined ? (rolesShown ? "–" : unshown) : cell(principal.organizationRole);
  const registries = principal.registryRoles === undefined ? unshown : cell(principal.registryRoles.map((held) => `${held.registry}${role(held.role)}`).join(", "));
  const lastActive = principal.lastActiveAt === null ? "never" : principal.lastActiveAt?.slice(0, 10);
  const cells = [
    cell(principal.name),
    principal.kind === "user" ? "user" : "service account",
    principal.kind === "user" ? cell(principal.email) : "–",
    principal.active ? "active" : "deactivated",
    organizationRole,
    cell(seats),
    cell(principal.teams.map((held) => `${held.team}${role(held.role)}`).join(", ")),
    registries,
    cell(lastActive),
    principal.declared ? "declared" : "**not declared**",
    cell(principal.expires),
  ];
  return `| ${cells.join(" | ")} |`;
}

function changeRow(change: AttestedChange): string {
  const who = change.kind === "user" ? change.principal : `service account ${change.principal}`;
  return `| ${cell(who)} | ${cell(change.what)} | ${change.outsideCode ? "**outside code**" : "as code declares"} | ${cell(change.attribution)} |`;
}

export function attestationMarkdown(attestation: Attestation, requests: number): string[] {
  const { principals } = attestation;
  const users = principals.filter((principal) => principal.kind === "user");
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lines = [
    `# Access attestation: ${markdownOf(phrase`${attestation.organization}`)}`,
    "",
    `Taken ${minuteOf(attestation.takenAt)} from W&B's listings (${count(users.length, "user", "users")}, ${count(principals.length - users.length, "service account", "service accounts")}), ` +
      `compared with the roster \`${attestation.roster.replace(/`/g, "'")}\`. Read only: ${count(requests, "request", "requests")}, no write.`,
    "",
    ...(attestation.rolesShown
      ? []
      : [
          "**Not attested:** W&B's listing shows no roles on this deployment (its documented API), so organization, team and registry roles " +
            "are not shown here; check them in the web application.",
          "",
        ]),
    "## Principals",
    "",
    "| Principal | Kind | Email | Status | Organization role | Seats | Teams (role) | Registry roles | Last active | In code | Expires |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...principals.map((principal) => principalRow(principal, attestation.rolesShown)),
    "",
  ];
  const since = attestation.since;
  if (since !== undefined) {
    const outside = since.changes.filter((change) => change.outsideCode).length;
    lines.push(
      `## Changed since the previous attestation (${minuteOf(since.takenAt)})`,
      "",
      `${count(since.changes.length, "change", "changes")}, ${outside} made outside code (what W&B holds now is not what the roster declares). ${markdownOf(phrase`${since.auditLog.replace(/\.$/, "")}`)}.`,
      "",
      ...(since.changes.length === 0
        ? ["- nothing changed"]
        : ["| Principal | Change | | Who, when (W&B's audit log) |", "|---|---|---|---|", ...since.changes.map(changeRow)]),
      "",
    );
  }
  lines.push("## Sign-off", "", "Approving the pull request that adds this file attests that each principal's access above is needed.", "");
  return lines;
}
