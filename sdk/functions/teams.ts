import type * as pulumi from "@pulumi/pulumi";
import { FUNCTIONS } from "../../model/functions";
import type { GetTeamArgs, GetTeamOutputArgs, GetTeamResult } from "../types/functions";
import { invokeOutput, programAccess } from "./clients";

/**
 * Finds one team of the organization by name. It lists the organization's teams and matches them
 * here, so that more than one match is always an error, never a silent pick; no match is an error
 * that names the closest team names. Uses the same configuration as the resources.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const ml = await wandb.getTeam({ name: "ml-platform" });
 * export const mlTeamId = ml.id;
 */
export function getTeam(args: GetTeamArgs, _opts?: pulumi.InvokeOptions): Promise<GetTeamResult> {
  return FUNCTIONS.getTeam.run(args, programAccess);
}

/**
 * {@link getTeam} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * export const mlMembers = wandb.getTeamOutput({ name: "ml-platform" }).memberIds;
 */
export function getTeamOutput(args: GetTeamOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTeamResult> {
  return invokeOutput<GetTeamArgs, GetTeamResult>(args, (a) => getTeam(a, opts), opts);
}
