// A W&B service account, made through SCIM as W&B's reference documents it (wandb/docs#2641).
// No documented request reads, changes or deletes one: it is read among its teams' members, every
// change replaces it, and a destroy leaves it in W&B (docs/reference-quotes/service-accounts.md).
import { KeyHeldError, type ScimServiceAccount, type ScimTeam } from "../../service";
import { capabilitiesOf, serviceAccountTeamsNotOffered } from "../../model/deployments";
import { sameState } from "../kit/compare";
import { isStatus } from "../kit/errors";
import { type ReplacedOnChange } from "../kit/implementation";
import { checkInputs, failure } from "../kit/inputs";
import { fieldChanges } from "../kit/field-changes";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { hasMember } from "../membership/directory";
import { sameIdentity } from "../../model/identity";
import {
  ASSUMED_AT_IMPORT,
  assumedAtImport,
  brokenTeamsRule,
  SERVICE_ACCOUNT_SCOPES,
  serviceAccountFields,
  serviceAccountInputs,
  serviceAccountOutputs,
  type ServiceAccountInputs,
  type ServiceAccountOutputs,
} from "../../model/shapes/service-account";
import type { Operation } from "../operation";

export type { ServiceAccountInputs, ServiceAccountOutputs };

const IN_THE_APP = "the W&B App (the team's settings, Service accounts)";

/** The teams the account is made a member of, default team first, each as it exists now; fails naming the property of a missing one. */
async function teamsToJoin(operation: Operation, inputs: ServiceAccountInputs): Promise<ScimTeam[]> {
  const names = [...new Set([inputs.defaultTeam, ...(inputs.teams ?? [])])];
  return Promise.all(
    names.map(async (name) => {
      const team = await operation.directory().team(name);
      if (team) return team;
      const property = name === inputs.defaultTeam ? "defaultTeam" : "teams";
      throw new Error(`${property}: there is no team named "${name}" in the organization; create it first (a Team resource) or correct the name`);
    }),
  );
}

/** The account among the members of its default team as it is now, by the name its team shows: for a create whose answer was lost. */
async function memberNamed(operation: Operation, team: ScimTeam, name: string): Promise<ScimServiceAccount | undefined> {
  const now = await operation.directory().teamNow(team.id);
  const member = now?.members.find((each) => each.display !== undefined && sameIdentity("userName", each.display, name));
  return member && { id: member.id };
}

function nameInUse(name: string): Error {
  return new Error(
    `name: a service account or user named "${name}" already exists in W&B. If it is the service account this one replaces, ` +
      `delete it in ${IN_THE_APP} (no documented SCIM request deletes one), then run \`pulumi up\` again; to manage the existing ` +
      "one, import it (`pulumi import wandb:index:ServiceAccount <name> <id>`; its id is a member id of its team, getTeam lists them); " +
      "otherwise choose another name.",
  );
}

/**
 * The teams that list the account: from the operation's one listing of /Groups, else (an account
 * made since it was read) the teams recorded for it, read directly.
 */
async function teamsListing(operation: Operation, id: string, recordedTeamIds: readonly string[]): Promise<ScimTeam[]> {
  const listed = await operation.directory().teamsContaining(id);
  if (listed.length > 0) return listed;
  const confirmed = await Promise.all(recordedTeamIds.map((teamId) => operation.directory().confirmedTeam(teamId)));
  return confirmed.filter((team): team is ScimTeam => team !== undefined && hasMember(team, id));
}

/** What an import says of the scope and default team it assumed (`assumedAtImport`), which W&B never shows. */
function assumedWarning(id: string, name: string, assumed: Pick<ServiceAccountInputs, "scope" | "defaultTeam">): string {
  return (
    `service account "${name}" (id ${id}) was read from its id alone, and W&B shows neither its scope nor its default team: ` +
    `its inputs record scope "${assumed.scope}" and defaultTeam "${assumed.defaultTeam}", assumed. ${ASSUMED_AT_IMPORT} ` +
    "Declare them in the program as the account was made: the declaration is taken as it is, and replaces nothing."
  );
}

export const serviceAccount: ReplacedOnChange<ServiceAccountInputs, ServiceAccountOutputs, Operation> = {
  inputs: serviceAccountInputs,
  state: storedState({
    kind: "ServiceAccount",
    schema: serviceAccountOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: (id) => `import it with \`pulumi import wandb:index:ServiceAccount <name> ${id}\`, its declaration kept in the program for \`pulumi up\``,
  }),

  async check(operation, _olds, news) {
    return checkInputs(serviceAccountInputs, news, (inputs) => {
      const deployment = operation.deploymentForChecks();
      switch (brokenTeamsRule(inputs, capabilitiesOf(deployment))) {
        case "not-offered":
          return [failure("teams", `${serviceAccountTeamsNotOffered(deployment)}: remove it; the account joins defaultTeam`)];
        case "without-default-team":
          return [failure("teams", `must include defaultTeam "${inputs.defaultTeam}", as W&B's reference asks: add it to teams, or leave teams out`)];
        case undefined:
          return [];
      }
    });
  },

  async diff(_operation, _id, olds, news) {
    // W&B shows neither scope nor teams once the account is made: an imported account (no scope recorded) takes them as declared.
    const known = olds.scope === undefined ? { ...olds, scope: news.scope, defaultTeam: news.defaultTeam, teams: news.teams } : olds;
    const { changed, replaces } = fieldChanges(serviceAccountFields, known, news);
    // Created before the old one is dropped: a new account under a name the old one holds fails, and the old one stays managed.
    return { changes: changed.length > 0, ...(replaces.length > 0 ? { replaces } : {}) };
  },

  async create(operation, inputs) {
    const teams = await teamsToJoin(operation, inputs);
    const [defaultTeam] = teams;
    if (!defaultTeam) throw new Error("defaultTeam: the default team was not found");
    let made: ScimServiceAccount;
    try {
      made = await operation.directory().createServiceAccount(
        {
          userName: inputs.name,
          accountType: SERVICE_ACCOUNT_SCOPES[inputs.scope],
          defaultTeam: inputs.defaultTeam,
          ...(inputs.teams === undefined ? {} : { teams: inputs.teams }),
        },
        () => memberNamed(operation, defaultTeam, inputs.name),
      );
    } catch (error) {
      // Found after this very POST's answer was lost: the account it made.
      if (error instanceof KeyHeldError) made = { id: error.holder.id };
      else if (isStatus(error, 409)) throw nameInUse(inputs.name);
      else throw error;
    }
    return { id: made.id, outs: { ...inputs, teamIds: teams.map((team) => team.id).sort() } };
  },

  async read(operation, id, props) {
    const teams = await teamsListing(operation, id, props?.teamIds ?? []);
    if (teams.length === 0) return {};
    const teamIds = [...new Set(teams.map((team) => team.id))].sort();
    if (props !== undefined) {
      // W&B changes nothing a program declares (no PATCH or PUT), and shows none of it but the name: the
      // inputs the engine recorded stay as they are, and only the teams that list the account are read.
      const outs = { ...props, teamIds };
      return sameState(outs, props) ? { id, props } : { id, props: outs };
    }
    // From the id alone (an import, a static get): the name its team shows, the scope and default team assumed.
    const name = teams.flatMap((team) => team.members).find((member) => member.id === id)?.display ?? id;
    const assumed = assumedAtImport(teams.map((team) => team.name));
    operation.warn(assumedWarning(id, name, assumed));
    return { id, props: { name, teamIds }, inputs: { name, ...assumed } };
  },

  async delete(operation, id, props) {
    const team = props.defaultTeam === undefined ? "its team" : `team "${props.defaultTeam}"`;
    operation.tell(
      `service account "${props.name}" (id ${id}) is no longer managed by this stack and was left in W&B: no documented SCIM ` +
        `request deletes a service account. Delete it in the W&B App (the settings of ${team}, Service accounts) if it is no longer needed.`,
    );
  },
};
