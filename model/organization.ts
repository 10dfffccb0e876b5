// The Organization component's inputs and outputs, for both front doors, and its plan: the inputs
// checked and the roster validated before anything is registered. Which children it declares from
// the plan is program/organization.ts's, which runs inside the Pulumi program.
import { z } from "zod";
import { loadRoster, type Roster, validateRoster, type ValidatedRoster, type WandbDeployment } from "./roster/roster";
import { rosterSchema } from "./roster/schema";
import type { ExpiryClock, JudgedExpiry } from "./expiry";
import { rosterAsOf } from "./roster/as-of";
import { got, present } from "./inputs";
import { DEPLOYMENTS } from "../service/config";
import { ProgramError } from "./program-error";
import { TEAM_DELETION_POLICIES } from "./shapes/team";
import { USER_DELETION_POLICIES } from "./shapes/user";
import { rosterAccessOf } from "./guard-rails";
import { outsideCodeRecordOf } from "./outside-code";

function oneOf(values: readonly string[]) {
  const quoted = values.map((value) => JSON.stringify(value));
  return { error: () => `must be ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}` };
}
const trueOrFalse = { error: () => "must be true or false" };

/** How the component declares the roster's users: one `User` each, or all in one `OrganizationMembers`. */
export const ORGANIZATION_LAYOUTS = ["per-person", "compact"] as const;
export type OrganizationLayout = (typeof ORGANIZATION_LAYOUTS)[number];

/** The inputs other than the roster, which is checked by the roster's own rules (`RosterError`). */
const settingsShape = {
  deployment: z
    .enum(DEPLOYMENTS, oneOf(DEPLOYMENTS))
    .optional()
    .meta({
      description:
        "Where the organization lives: `saas` (the multi-tenant cloud, where users join the organization through teams, so each " +
        "User writes its teams), `dedicated` or `self-managed` (each Team writes its members). Defaults to the provider's " +
        "`wandb:deployment`, else `WANDB_DEPLOYMENT`, else inferred from `wandb:baseUrl` / `WANDB_BASE_URL`.",
    }),
  protectAdmins: z
    .boolean(trueOrFalse)
    .optional()
    .meta({
      description:
        "Protects the users whose organization role is `admin`, so that removing an admin from the roster fails instead of " +
        "deleting the user (unprotect deliberately with `pulumi state unprotect`). Default: false.",
    }),
  adoptExisting: z
    .boolean(trueOrFalse)
    .optional()
    .meta({
      description:
        "Takes over users, teams and custom roles that already exist with the roster's names instead of failing; they are " +
        "converged to the roster, but for roles: a role a person already holds is taken over as W&B holds it, without a write " +
        "(where W&B does not show it, the roster's role is recorded, unverified, and the component names these once per kind). " +
        "What W&B does not hold yet is created. Default: false.",
    }),
  layout: z
    .enum(ORGANIZATION_LAYOUTS, oneOf(ORGANIZATION_LAYOUTS))
    .optional()
    .meta({
      description:
        "How the roster's users are declared: `per-person` (the default) one `User` resource each; `compact` all of them in one " +
        "`OrganizationMembers` (`<name>/members`), each person still written, guarded and reviewed one by one, so that the stack " +
        "counts one resource for its users, however many (for organizations of thousands). Teams, custom roles and role " +
        "assignments are declared alike in both. Switching a stack from `per-person` to `compact` writes nothing to W&B: the " +
        "people are taken over from the listing and each `User` leaves the state, its user kept. With `protectAdmins`, the " +
        "admins stay a protected `User` each in both layouts (Pulumi protects resources, not the people in one).",
    }),
  deletionPolicy: z
    .strictObject(
      {
      users: z
        .enum(USER_DELETION_POLICIES, oneOf(USER_DELETION_POLICIES))
        .optional()
        .meta({
          description:
            "`delete` (the default) deletes a user removed from the roster; `deactivate` keeps it, deactivated (dedicated and " +
            "self-managed deployments only).",
        }),
      teams: z
        .enum(TEAM_DELETION_POLICIES, oneOf(TEAM_DELETION_POLICIES))
        .optional()
        .meta({
          description:
            "`empty` (the default) removes every member of a team removed from the roster (the W&B API cannot delete teams); " +
            "`retain` leaves it as it is; `fail` refuses the removal.",
        }),
    },
      { error: () => "must be an object with `users` and/or `teams`" },
    )
    .meta({ id: "OrganizationDeletionPolicy" })
    .optional()
    .meta({ description: "What removing an entry from the roster does, per kind of resource." }),
};

const settingsSchema = z.object(settingsShape);

/** The component's inputs, as the package schema describes them. */
export const organizationArgsSchema = z.object({
  roster: z.union([z.string(), rosterSchema]).meta({
    description:
      "Who is in the organization: a roster object, or the path of a YAML or JSON file holding one (a relative path is " +
      "resolved from the program's directory). Mistakes fail the preview with the file, line, entry and fix.",
  }),
  ...settingsShape,
});

/** What the component registers as its outputs. */
export const organizationOutputsSchema = z.strictObject({
  userIds: z.record(z.string(), z.string()).meta({ description: "SCIM user ids by userName (as spelled in the roster)." }),
  teamIds: z.record(z.string(), z.string()).meta({ description: "SCIM team ids by team name." }),
  customRoleIds: z.record(z.string(), z.string()).meta({ description: "SCIM role ids by custom role name." }),
  serviceAccountIds: z.record(z.string(), z.string()).meta({ description: "SCIM ids of the roster's service accounts by name." }),
  deployment: z
    .enum(DEPLOYMENTS)
    .optional()
    .meta({ description: "The deployment that decided how membership is written; absent when unknown (then treated as not saas)." }),
});

/**
 * An Organization's inputs (`organizationArgsSchema` describes each), the roster given in code as a
 * `Roster` object, or as the path of a YAML or JSON file holding one.
 */
export type OrganizationArgs = Omit<z.input<typeof organizationArgsSchema>, "roster"> & { roster: Roster | string };

type DeletionPolicy = NonNullable<OrganizationArgs["deletionPolicy"]>;

/** An Organization's inputs once checked: the roster validated, the deployment decided. */
export interface OrganizationPlan {
  /** The roster as of the run's clock: each grant past its `expires` taken away (a user kept, deactivated). */
  roster: ValidatedRoster;
  /** Every grant of the roster that ends, judged as of the run's clock. */
  expiries: JudgedExpiry[];
  /** Undefined when neither the inputs nor the configuration say (treated as not saas). */
  deployment: WandbDeployment | undefined;
  protectAdmins: boolean;
  adoptExisting: boolean;
  deletionPolicy: DeletionPolicy;
  layout: OrganizationLayout;
}

/**
 * Checks an Organization's inputs (given in code, or as plain data to a Construct), before anything
 * is registered: a mistake in them is a `ProgramError` naming the input (shown as Pulumi shows a
 * `RunError`), a roster mistake a
 * `RosterError`. `configuredDeployment` is asked only when the inputs give no deployment; `clock`
 * is the time the roster's expiries are judged as of (model/expiry: now, unless the door's
 * environment sets WANDB_EXPIRY_AS_OF).
 */
export function planOrganization(
  name: string,
  args: unknown,
  configuredDeployment: () => WandbDeployment | undefined,
  clock: ExpiryClock = { asOf: Date.now() },
): OrganizationPlan {
  const { roster: rosterGiven, ...settingsGiven } = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  const parsed = settingsSchema.safeParse(present(settingsGiven), { reportInput: true });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const path = (issue?.path ?? []).map(String).join(".");
    throw new ProgramError(`Organization "${name}": \`${path}\` ${issue?.message ?? "is not valid"} (got ${got(issue?.input)}).`);
  }
  const settings = parsed.data;
  const deployment = settings.deployment ?? configuredDeployment();
  const deploymentOption = deployment === undefined ? {} : { deployment };
  const roster =
    typeof rosterGiven === "string"
      ? loadRoster(rosterGiven, deploymentOption)
      : validateRoster(rosterGiven, { file: `roster of Organization "${name}"`, ...deploymentOption });
  const asOfClock = rosterAsOf(roster, clock.asOf);
  return {
    roster: asOfClock.roster,
    expiries: asOfClock.expiries,
    deployment,
    protectAdmins: settings.protectAdmins ?? false,
    adoptExisting: settings.adoptExisting ?? false,
    deletionPolicy: settings.deletionPolicy ?? {},
    layout: settings.layout ?? "per-person",
  };
}

/**
 * What the Organization's record (its RosterGuard) is given of a plan: the roster's access, what the
 * outside-code report compares, and the expiries; the program adds the users its stack declares beside it.
 */
export function guardRecordOf(name: string, plan: OrganizationPlan) {
  return {
    organization: name,
    ...rosterAccessOf(plan.roster),
    ...outsideCodeRecordOf(plan.roster),
    requiredAdmins: plan.roster.requiredAdmins,
    expiries: plan.expiries,
  };
}
