// The ServiceAccount resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import { serviceField, type FieldTable } from "./fields";
import { printable } from "./pieces";
import { sameIdentity } from "../identity";
import type { Capabilities } from "../deployments";

export const serviceAccountDescription =
  "A service account of the organization, made through W&B's SCIM API (Multi-tenant Cloud; Dedicated Cloud and " +
  "Self-Managed v0.81.0 and later): team-scoped, a member of its default team only, or organization-scoped, which W&B " +
  "also adds to every team created later through SCIM. W&B's SCIM reference: service accounts \"cannot be updated with " +
  "`PATCH` or `PUT`, cannot be deactivated, and cannot be assigned organization, team, or registry roles through SCIM. " +
  "Create API keys in the W&B App after provisioning.\" So every change replaces it, it has no API key output, and a key " +
  "is created and rotated in the W&B App. No documented SCIM request deletes a service account: destroying this " +
  "resource leaves the account in W&B and says to delete it in the W&B App (the team's settings, Service accounts). " +
  "It is never counted as a user: not by the guard rails, not by `pulumi-wandb export`, not by the outside-code report.";

/**
 * What an import records of the two inputs W&B never shows once the account is made, which the
 * import says it assumed; either way a program's declaration of them is taken as it is.
 */
export const ASSUMED_AT_IMPORT =
  "An import records `defaultTeam` as the one team that lists the account (the first by name when several do), and " +
  "`scope` as `team` for an account in one team (a team-scoped account joins its default team only) or `organization` " +
  "for one in several (W&B adds an organization-scoped account to every team created later).";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const serviceAccountImport =
  "An existing service account, by its SCIM id (a member id of its team, `getTeam` lists them). W&B shows neither its " +
  `scope nor its default team once it is made, so they are assumed, and the import says so. ${ASSUMED_AT_IMPORT} ` +
  "Declared otherwise in the program, they are taken as declared: nothing is replaced.\n\n" +
  "```sh\n$ pulumi import wandb:index:ServiceAccount ci-bot <serviceAccountId>\n```";

/** The scopes a program declares, and the `accountType` W&B takes for each. */
export const SERVICE_ACCOUNT_SCOPES = { team: "SERVICE", organization: "ORG_SERVICE" } as const;
export type ServiceAccountScope = keyof typeof SERVICE_ACCOUNT_SCOPES;
const SCOPES = Object.keys(SERVICE_ACCOUNT_SCOPES) as [ServiceAccountScope, ...ServiceAccountScope[]];

const teamName = (property: string, hint: string) =>
  z
    .string({ error: `${property} is required: ${hint}` })
    .trim()
    .min(1, `${property} must not be empty: ${hint}`)
    .refine(...printable(property));

const DEFAULT_TEAM = 'the name of an existing team the account is made a member of, e.g. "ml-platform"';

export const serviceAccountInputs = z
  .object({
    name: z
      .string({ error: 'name is required: the service account\'s name, unique in the organization, e.g. "ci-bot"' })
      .trim()
      .min(1, 'name must not be empty: give the service account a name, e.g. "ci-bot"')
      .refine(...printable("name"))
      .meta({ description: "The service account's name (SCIM `userName`), unique in the organization." }),
    scope: z
      .enum(SCOPES, { error: 'scope must be "team" (a member of its default team only) or "organization" (also added to every team created later)' })
      .meta({
        description:
          "`team`: a team-scoped account (W&B's `accountType` `SERVICE`), a member of `defaultTeam` only. `organization`: an " +
          "organization-scoped account (`ORG_SERVICE`), which W&B also adds to every team created later through SCIM.",
      }),
    defaultTeam: teamName("defaultTeam", DEFAULT_TEAM).meta({
      description: "The name of an existing team: the account is made a member of it (for a team-scoped account, the only team it joins).",
    }),
    teams: z
      .array(teamName("each entry of teams", "the name of an existing team"), { error: "teams must be a list of team names (leave it out on dedicated cloud and self-managed)" })
      .transform((names) => [...new Set(names)])
      .optional()
      .meta({
        description:
          "Multi-tenant cloud (saas) only: the names of the teams the account is added to, which include `defaultTeam`. " +
          "Refused at preview on dedicated cloud and self-managed.",
      }),
  })
  .strict();

export type ServiceAccountInputs = z.output<typeof serviceAccountInputs>;

/**
 * Which of the reference's rules on `teams` an account breaks, for the roster and the resource to
 * word: `not-offered` (given where service accounts join no teams, model/deployments),
 * `without-default-team` (`defaultTeam` not among them).
 */
export function brokenTeamsRule(account: { defaultTeam: string; teams?: readonly string[] | undefined }, capabilities: Capabilities): "not-offered" | "without-default-team" | undefined {
  if (account.teams === undefined) return undefined;
  if (!capabilities.serviceAccountsJoinTeams) return "not-offered";
  return account.teams.some((team) => sameIdentity("teamName", team, account.defaultTeam)) ? undefined : "without-default-team";
}

/** The scope and default team an import records (see `ASSUMED_AT_IMPORT`), from the names of the teams that list the account. */
export function assumedAtImport(teamNames: readonly string[]): Pick<ServiceAccountInputs, "scope" | "defaultTeam"> {
  const [first, ...others] = [...new Set(teamNames)].sort();
  if (first === undefined) throw new Error("a service account no team lists is gone, not imported");
  return { scope: others.length === 0 ? "team" : "organization", defaultTeam: first };
}

export const serviceAccountOutputs = z.object({
  name: z.string(),
  /** Absent after an import: W&B never shows it. */
  scope: z.enum(SCOPES).optional(),
  /** Absent after an import: W&B never shows it. */
  defaultTeam: z.string().optional(),
  teams: z.array(z.string()).optional(),
  teamIds: z.array(z.string()).meta({ description: "SCIM ids of the teams whose members include the account, as last seen." }),
});

export type ServiceAccountOutputs = z.output<typeof serviceAccountOutputs>;

export const serviceAccountFields = {
  // W&B takes each only when it makes the account, and changes none later (no PATCH or PUT).
  name: { owner: "program", compare: "userName", write: "create", replaces: true, naturalKey: true },
  scope: { owner: "program", compare: "exact", write: "create", replaces: true },
  defaultTeam: { owner: "program", compare: "teamName", write: "create", replaces: true },
  teams: { owner: "program", compare: { set: "teamName" }, write: "create", replaces: true, optional: true },
  teamIds: serviceField,
} as const satisfies FieldTable<keyof ServiceAccountOutputs>;
