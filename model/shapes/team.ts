// The Team resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import { createSetting, namingSetting, serviceField, stateSetting, type FieldTable } from "./fields";
import { identityOf } from "../identity";
import { SOURCES, STORAGE_PROVIDERS } from "../vocabulary";
import type { Deployment } from "../../service/config";
import { capabilitiesOf } from "../deployments";
import { adoptExisting, adoptedAtCheck, guardedBy, printable, userReference } from "./pieces";

export const teamDescription =
  "A team of the organization (SCIM group), with its name and, optionally, its exact set of user members. " +
  "The W&B API cannot delete teams: see `deletionPolicy`.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const teamImport =
  "An existing team, by its SCIM id (`getTeam` finds it), with its members as emails. For a team whose members are " +
  "`TeamMember` resources, add `/without-members` to the id.\n\n" +
  "```sh\n$ pulumi import wandb:index:Team research <teamId>\n$ pulumi import wandb:index:Team research <teamId>/without-members\n```";

const PROVIDERS = STORAGE_PROVIDERS.join(", ");

/** A text field of the bucket: `what` says what to give. */
const bucketText = (field: string, what: string) =>
  z
    .string({ error: `storageBucket.${field} must be a string: ${what}` })
    .trim()
    .min(1, `storageBucket.${field} must not be empty: ${what}, or leave it out`)
    .refine(...printable(`storageBucket.${field}`));

/** The bucket's fields that only one provider's bucket takes. */
const PROVIDER_ONLY = { awsExternalId: "AWS", azureTenantId: "AZURE", azureClientId: "AZURE" } as const;

/** A team's own bucket, as W&B's SCIM reference documents `storageBucket` on Create team. */
const storageBucket = z
  .strictObject(
    {
      name: bucketText("name", 'the bucket\'s name, e.g. "acme-wandb-research"').meta({ description: "The bucket's name." }),
      provider: z
        .string({ error: `storageBucket.provider is required: where the bucket lives, one of ${PROVIDERS}` })
        .trim()
        .overwrite((provider) => provider.toUpperCase())
        .pipe(z.enum(STORAGE_PROVIDERS, { error: `storageBucket.provider must be one of ${PROVIDERS} (case-insensitive)` }))
        .meta({ description: `Where the bucket lives: one of ${PROVIDERS} (case-insensitive; stored in upper case, as W&B takes it).` }),
      path: bucketText("path", 'the path prefix within the bucket, e.g. "research/runs"')
        .optional()
        .meta({ description: "The path prefix within the bucket under which W&B stores the team's files." }),
      kmsKeyId: bucketText("kmsKeyId", "the KMS key that encrypts the bucket").optional().meta({ description: "The KMS key that encrypts the bucket (e.g. an AWS KMS key ARN)." }),
      awsExternalId: bucketText("awsExternalId", "the external id of the AWS cross-account role")
        .optional()
        .meta({ description: "AWS only: the external id of the cross-account access." }),
      azureTenantId: bucketText("azureTenantId", "the Azure tenant's id").optional().meta({ description: "Azure only: the tenant's id." }),
      azureClientId: bucketText("azureClientId", "the client id of the Azure managed identity")
        .optional()
        .meta({ description: "Azure only: the client id of the managed identity." }),
    },
    { error: 'the team\'s own bucket, e.g. { name: "acme-wandb-research", provider: "AWS" }' },
  )
  .check((context) => {
    for (const [field, provider] of Object.entries(PROVIDER_ONLY)) {
      if (context.value[field as keyof typeof PROVIDER_ONLY] === undefined || context.value.provider === provider) continue;
      context.issues.push({
        code: "custom",
        input: context.value,
        path: [field],
        message: `storageBucket.${field} is for a bucket of provider ${provider} only, and this one's is ${context.value.provider}: remove it, or correct the provider`,
      });
    }
  })
  .meta({
    id: "TeamStorageBucket",
    description: "A team's own bucket (bring your own bucket): `name` and `provider` always, the other fields as the provider needs.",
  });

/** What destroying a Team does (the W&B API cannot delete teams). */
export const TEAM_DELETION_POLICIES = ["empty", "retain", "fail"] as const;

export const teamInputs = z
  .object({
    name: z
      .string({ error: 'name is required: the team\'s name, e.g. "ml-platform"' })
      .trim()
      .min(1, 'name must not be empty: give the team a name, e.g. "ml-platform"')
      .refine(...printable("name"))
      .meta({
        description:
          "The team's name, unique in the organization (case-sensitive). Renaming changes the team in place: its id, " +
          "members and role assignments stay.",
      }),
    members: z
      .array(userReference("each entry of members"), { error: "members must be a list of user ids or email addresses (leave it out to not manage membership)" })
      // A set: the first spelling of each member is kept; emails compare ignoring case.
      .transform((refs) => {
        const seen = new Set<string>();
        return refs.filter((ref) => !seen.has(identityOf("userReference", ref)) && seen.add(identityOf("userReference", ref)));
      })
      .optional()
      .meta({
        description:
          "The team's user members, each as a SCIM user id or an email address (emails compare ignoring case). When given, " +
          "it is the exact set: members added elsewhere are removed by `pulumi up` (a refresh shows them as drift first). " +
          "Order and duplicates do not matter. When left out, membership is not managed at all (use `TeamMember` " +
          "resources, or manage it elsewhere). Organization service accounts, which W&B adds to every new team, are never " +
          "listed, never counted as drift and never removed.\n\n" +
          "After a refresh, a member added outside Pulumi shows as the user's email address.",
      }),
    storageBucket: storageBucket.optional().meta({
      description:
        "The team's own bucket (bring your own bucket), where W&B stores its runs' files and artifacts: given to W&B when it " +
        "creates the team, which it does only once it has checked that the bucket exists and is reachable. W&B never shows " +
        "it afterwards: it is kept as declared, never compared with the service, never drift. W&B's API cannot delete a " +
        "team, so a replacement empties the old team and stops until you delete it in the W&B web application; then " +
        "`pulumi up` again creates the new one. Not with `importId`: an existing team keeps the bucket it has. When omitted, " +
        "the team uses the instance's storage. Every deployment: multi-tenant cloud (saas), dedicated cloud and self-managed.",
    }),
    adoptExisting: adoptExisting.meta({
      description:
        "When a team with this name already exists: `false` fails with a hint, `true` takes it over and converges it to " +
        "this definition (its members become exactly `members`, when given). Only consulted when the resource is created. " +
        "Defaults to `false`.",
    }),
    adopted: adoptedAtCheck("team", "name"),
    importId: z
      .string({ error: "importId must be the SCIM id of an existing team" })
      .trim()
      .min(1, "importId must not be empty: give the SCIM id of the team to adopt, or leave importId out")
      .optional()
      .meta({
        description:
          "The SCIM id of an existing team to adopt instead of creating one; it is converged to this definition (renamed " +
          "to `name`, members set to `members` when given). Only consulted when the resource is created. Not together " +
          "with `adoptExisting`.",
      }),
    deletionPolicy: z
      .enum(TEAM_DELETION_POLICIES, {
        error: 'deletionPolicy must be "empty" (remove the members; delete the team in the web app), "retain" (leave it) or "fail" (refuse to destroy)',
      })
      .default("empty")
      .meta({
        description:
          "What destroying this resource does; the W&B API cannot delete teams.\n" +
          "- `empty`: removes every member except organization service accounts, and asks you (in the deployment's " +
          "output) to delete the team in the W&B web application.\n" +
          "- `retain`: leaves the team untouched and says so.\n" +
          "- `fail`: refuses to destroy, explaining how to proceed (change the policy, or `pulumi state delete <urn>`).\n\n" +
          "Defaults to `empty`. With `membersFrom: idp`, `empty` leaves the team as `retain` does: its members are never written.",
      }),
    membersFrom: z
      .enum(SOURCES, { error: 'membersFrom must be "code" (this resource writes its members, when given) or "idp" (your identity provider does)' })
      .optional()
      .meta({
        description:
          "Who writes the team's members. `idp`: your identity provider (SCIM push groups, SSO group claims, LDAP group sync): " +
          "`members` must be left out, no member is ever written, and destroying the resource (or removing it from code) leaves " +
          "the team and its members as they are, whatever `deletionPolicy` says but `fail`. `code` (or left out): as `members` " +
          "says. The `Organization` component sets it for a roster's `membersFrom: idp` team.",
      }),
    guardedBy: guardedBy("team"),
  })
  .strict();

export type TeamInputs = z.output<typeof teamInputs>;

export const teamOutputs = z.object({
  name: z.string(),
  /** As declared; absent when membership is not managed by this resource. */
  members: z.array(z.string()).optional(),
  /** Ids of the team's user members (never service accounts) as last seen, users that left the organization included. */
  memberIds: z
    .array(z.string())
    .meta({ description: "SCIM ids of the team's user members (never service accounts), as last seen." }),
  memberIdsByReference: z
    .record(z.string(), z.string())
    .meta({ description: "Each member reference (emails in lower case) → the user id it resolved to." }),
  /**
   * The email address of each user member and each declared member, by user id, as last seen: so
   * that `diff`, which sends no request, sees that an id and an email name the same user.
   */
  memberEmails: z.record(z.string(), z.string()).meta({
    description: "The email address (lower case) of each user member and declared member, by user id, as last seen.",
  }),
  serviceAccountIds: z
    .array(z.string())
    .meta({ description: "Organization service accounts in the team: ignored by diffs, never removed." }),
  /** As declared: W&B never shows it. */
  storageBucket: storageBucket.optional(),
  adoptExisting: z.boolean(),
  importId: z.string().optional(),
  deletionPolicy: z.enum(TEAM_DELETION_POLICIES),
  membersFrom: z.enum(SOURCES).optional(),
  guardedBy: z.string().optional(),
  etag: z.string().meta({ description: "The ETag of the team as last read; the next write is conditional on it." }),
});

export type TeamOutputs = z.output<typeof teamOutputs>;

export const teamFields = {
  // Renamed by PUT: its id, members and role assignments stay.
  name: { owner: "program", compare: "teamName", write: "put", replaces: false, naturalKey: true },
  members: { owner: "program", compare: { set: "user" }, write: "members", replaces: false },
  // W&B takes it only when it creates the team, and never shows it.
  storageBucket: { owner: "program", compare: "exact", write: "create", replaces: true, optional: true },
  adoptExisting: createSetting,
  importId: createSetting,
  deletionPolicy: stateSetting,
  membersFrom: stateSetting,
  guardedBy: namingSetting,
  memberIds: serviceField,
  memberIdsByReference: serviceField,
  memberEmails: serviceField,
  serviceAccountIds: serviceField,
  etag: serviceField,
} as const satisfies FieldTable<keyof TeamOutputs>;

/**
 * Whether a team's recorded state leaves its members to the identity provider, so that its destroy
 * writes nothing: `membersFrom: "idp"`; or, recorded before that setting (an earlier release's
 * `membersFrom: idp` team of a roster), an Organization's team (`guardedBy`) that records no
 * `members` off the multi-tenant cloud: there only a roster's `membersFrom: idp` declares one so (on
 * saas, each User writes its own teams, and its Organization's teams record no members either).
 */
export function membersLeftToIdentityProvider(
  state: Partial<Pick<TeamOutputs, "membersFrom" | "guardedBy" | "members">>,
  deployment: Deployment | undefined,
): boolean {
  if (state.membersFrom !== undefined) return state.membersFrom === "idp";
  return state.guardedBy !== undefined && state.members === undefined && capabilitiesOf(deployment).teamMembersFromIdentityProvider;
}
