import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface TeamArgs {
  /**
   * The team's name, unique in the organization (case-sensitive). Renaming changes the team in
   * place: its id, members and role assignments stay.
   */
  name: pulumi.Input<string>;
  /**
   * The team's user members, each as a SCIM user id or an email address (emails compare ignoring
   * case). When given, it is the exact set: members added elsewhere are removed by `pulumi up`
   * (a refresh shows them as drift first). Order and duplicates do not matter. When left out,
   * membership is not managed at all (use `TeamMember` resources, or manage it elsewhere).
   * Organization service accounts, which W&B adds to every new team, are never listed, never
   * counted as drift and never removed.
   *
   * After a refresh, a member added outside Pulumi shows as the user's email address.
   * @default undefined (membership not managed)
   */
  members?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * When a team with this name already exists: `false` fails with a hint, `true` takes it over
   * and converges it to this definition (its members become exactly `members`, when given).
   * Only consulted when the resource is created.
   * @default false
   */
  adoptExisting?: pulumi.Input<boolean>;
  /**
   * The SCIM id of an existing team to adopt instead of creating one; it is converged to this
   * definition (renamed to `name`, members set to `members` when given). Only consulted when the
   * resource is created. Not together with `adoptExisting`.
   * @default undefined (create the team)
   */
  importId?: pulumi.Input<string>;
  /**
   * What destroying this resource does; the W&B API cannot delete teams.
   * - `empty`: removes every member except organization service accounts, and asks you (in the
   *   deployment's output) to delete the team in the W&B web application.
   * - `retain`: leaves the team untouched and says so.
   * - `fail`: refuses to destroy, explaining how to proceed (change the policy, or
   *   `pulumi state delete <urn>`).
   * @default "empty"
   */
  deletionPolicy?: pulumi.Input<"empty" | "retain" | "fail">;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["name", "members", "memberIds", "memberIdsByReference", "memberEmails", "serviceAccountIds", "adoptExisting", "importId", "deletionPolicy", "etag"] as const;

/**
 * A team of the organization (SCIM group), with its name and, optionally, its exact set of user
 * members. The W&B API cannot delete teams: see `deletionPolicy`.
 *
 * @example
 * const platform = new wandb.Team("ml-platform", {
 *   name: "ml-platform",
 *   members: ["alice@example.com", bob.id],
 *   deletionPolicy: "empty",
 * });
 */
export class Team extends pulumi.dynamic.Resource {
  /** The team's name. */
  declare readonly name: pulumi.Output<string>;
  /** The members as declared; absent when membership is not managed. */
  declare readonly members: pulumi.Output<string[] | undefined>;
  /** SCIM ids of the team's user members (never service accounts), as last seen. */
  declare readonly memberIds: pulumi.Output<string[]>;
  /** Each member reference (emails in lower case) → the user id it resolved to. */
  declare readonly memberIdsByReference: pulumi.Output<Record<string, string>>;
  /** The email address (lower case) of each user member and declared member, by user id, as last seen. */
  declare readonly memberEmails: pulumi.Output<Record<string, string>>;
  /** Organization service accounts in the team: ignored by diffs, never removed. */
  declare readonly serviceAccountIds: pulumi.Output<string[]>;
  /** @default false */
  declare readonly adoptExisting: pulumi.Output<boolean>;
  /** The id the team was adopted by, if any. */
  declare readonly importId: pulumi.Output<string | undefined>;
  /** @default "empty" */
  declare readonly deletionPolicy: pulumi.Output<"empty" | "retain" | "fail">;
  /** The ETag of the team as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: TeamArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Team", name, args),
      name,
      everyOutput(OUTPUTS, args),
      opts,
      "wandb",
      "Team",
    );
  }

  /** Reads an existing team by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Team {
    return new Team(name, {} as TeamArgs, { ...opts, id });
  }
}
