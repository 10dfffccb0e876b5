// The RosterGuard resource: what it is for, the inputs the Organization component passes (as `check` judges them) and its state.
import { z } from "zod";
import { namingSetting, serviceField, stateSetting, type FieldTable } from "./fields";
import { rosterAccessSchema } from "../guard-rails";
import { auditLogReadingSchema } from "../audit-attribution";
import { accessPlanSchema, outsideCodePolicySchema, outsideCodeReportSchema, REPORT_ONLY } from "../outside-code";

export const rosterGuardDescription =
  "The `Organization` component's record of who its roster declared at the last applied run (users, admins, each team's " +
  "members). Its check holds the guard rails (`wandb:minAdmins`, `wandb:maxRemovalFraction`, `wandb:protectSelf`) at " +
  "preview, and the component's other children wait for it. It writes nothing to W&B; where the service shows roles, its " +
  "create and update count the live admins too, before any other child is written. Declared by the component; not meant " +
  "to be declared by hand.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const rosterGuardImport =
  "Not importable: it records what a roster declared, which W&B does not hold. The `Organization` component declares it.";

export const rosterGuardInputs = rosterAccessSchema
  .extend({
    organization: z.string().meta({ description: "The Organization component's name, for the messages." }),
    users: rosterAccessSchema.shape.users.meta({ description: "The roster's userNames." }),
    admins: rosterAccessSchema.shape.admins.meta({ description: "The userNames whose organization role is admin." }),
    teams: rosterAccessSchema.shape.teams.meta({ description: "Each team's members, by userName." }),
    emails: z.record(z.string(), z.string()).default({}).meta({ description: "Each user's email, by userName." }),
    customRoles: z.array(z.string()).default([]).meta({ description: "The custom roles' names." }),
    idpTeams: z
      .record(z.string(), z.array(z.string()))
      .default({})
      .meta({ description: "The teams whose members the identity provider writes (`membersFrom: idp`), with the members the roster lists beside them." }),
    outsideCode: outsideCodePolicySchema
      .default(REPORT_ONLY)
      .meta({ description: "What is done with what W&B holds and the roster does not declare (`outsideCode`, `usersFrom`)." }),
    verdicts: z
      .array(z.string())
      .optional()
      .meta({ description: "What each guard rail found, set by the provider at check: for the access review." }),
    stackUsers: z
      .array(z.string())
      .default([])
      .meta({
        description:
          "The userNames of the Users the stack declares beside this roster (standalone, or another Organization's), as its last state " +
          "holds them: the stack's own, never outside code to deactivate. Set by the Organization component.",
      }),
    planned: accessPlanSchema
      .optional()
      .meta({
        description:
          "What the record's write changes in W&B (`outsideCode.users: deactivate`, `deactivateInactiveAfterDays`, `outsideCode.customRoles: " +
          "delete`), set by the provider at check from the listings the run reads: the write makes exactly this, and the access review names it.",
      }),
    outside: outsideCodeReportSchema
      .optional()
      .meta({
        description:
          "What W&B held that the roster does not declare, set by the provider at a refresh and when the record is written, from the " +
          "listings alone, and kept in the state only (without everyone's activity): for the access review. The check plans from the " +
          "listings it reads itself (`planned`).",
      }),
  })
  .strict();

export type RosterGuardInputs = z.output<typeof rosterGuardInputs>;

export const rosterGuardOutputs = rosterGuardInputs.extend({
  writtenAt: z.string().optional().meta({
    description: "When the record was last written (ISO 8601): where a refresh reads W&B's audit log from (`wandb:auditLog`).",
  }),
  auditLog: auditLogReadingSchema.optional().meta({
    description:
      "With `wandb:auditLog`: the entries of access W&B's audit log holds since the record's last write, read at a refresh, or why it " +
      "could not be read: who made each change outside code and when, for the engine's output and the access review. State only.",
  }),
  outsideWhenWritten: outsideCodeReportSchema.optional().meta({
    description:
      "What W&B held that the roster does not declare when the record was last written (`pulumi up`): a refresh compares its " +
      "report with it, and what it shows that is new since (a user, an admin, a team or member, a custom role or permission) is " +
      "a change of the record, so that `pulumi preview --refresh --expect-no-changes` fails on it and the preview carries the new report. " +
      "Without the activity lists, which are never news.",
  }),
});
export type RosterGuardOutputs = z.output<typeof rosterGuardOutputs>;

/** The guard's record: written nowhere but its state; its diff compares it as this table says. */
export const rosterGuardFields = {
  organization: namingSetting,
  users: { owner: "program", compare: { set: "exact" }, write: "state", replaces: false },
  admins: { owner: "program", compare: { set: "exact" }, write: "state", replaces: false },
  teams: { owner: "program", compare: { setsByKey: "exact" }, write: "state", replaces: false },
  emails: stateSetting,
  customRoles: { owner: "program", compare: { set: "exact" }, write: "state", replaces: false },
  idpTeams: { owner: "program", compare: { setsByKey: "exact" }, write: "state", replaces: false },
  outsideCode: stateSetting,
  verdicts: { owner: "program", compare: "never", write: "state", replaces: false },
  planned: { owner: "program", compare: "never", write: "state", replaces: false },
  stackUsers: { owner: "program", compare: "never", write: "state", replaces: false },
  outside: { owner: "program", compare: "never", write: "state", replaces: false },
  outsideWhenWritten: serviceField,
  writtenAt: serviceField,
  auditLog: serviceField,
} as const satisfies FieldTable<keyof RosterGuardOutputs>;
