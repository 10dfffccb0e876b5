// Service accounts made through SCIM, as W&B's reference documents them (wandb/docs#2641): POST
// /Users with `accountType` and the teams extension's `defaultTeam`. No read returns them (GET
// /Users never does); they show as members of their teams. The create's response is not
// documented: the emulator answers the smallest user representation that names the account.
import { z } from "zod";
import { SERVICE_ACCOUNT_TYPES } from "./account-types";
import { badRequest } from "./errors";
import type { Reply } from "./http";
import { newVersion } from "./ids";
import { TEAMS_EXTENSION, USER_SCHEMA } from "./scim-render";
import { createdReply, parseBody, type ScimRequest } from "./scim-request";

const createServiceAccountSchema = z.object({
  schemas: z.array(z.string()),
  userName: z.string().trim().min(1),
  accountType: z.enum(SERVICE_ACCOUNT_TYPES),
  [TEAMS_EXTENSION]: z.object(
    { defaultTeam: z.string().trim().min(1), teams: z.array(z.string().trim().min(1)).optional() },
    { error: `a service account needs the teams extension "${TEAMS_EXTENSION}" with its defaultTeam` },
  ),
  modelsSeat: z.unknown().optional(),
  weaveRole: z.unknown().optional(),
});

/** Whether a POST /Users body asks for a service account rather than a user. */
export function isServiceAccountRequest(req: ScimRequest): boolean {
  try {
    const body: unknown = JSON.parse(req.body);
    return typeof body === "object" && body !== null && "accountType" in body;
  } catch {
    return false;
  }
}

function teamIdOf(req: ScimRequest, name: string): string {
  const team = req.org.teamByName(name);
  if (!team) throw badRequest(`Team "${name}" does not exist`);
  return team.id;
}

export function createServiceAccount(req: ScimRequest): Reply {
  const body = parseBody(req, createServiceAccountSchema);
  if (body.modelsSeat !== undefined || body.weaveRole !== undefined) {
    throw badRequest("modelsSeat and weaveRole are not supported on the create of a service account");
  }
  const { defaultTeam, teams } = body[TEAMS_EXTENSION];
  if (teams !== undefined && req.settings.deployment !== "saas") {
    throw badRequest("teams is supported on the multi-tenant cloud only: a service account joins its defaultTeam");
  }
  if (teams !== undefined && !teams.includes(defaultTeam)) throw badRequest(`teams must include the defaultTeam "${defaultTeam}"`);
  const teamIds = [...new Set([defaultTeam, ...(teams ?? [])])].map((name) => teamIdOf(req, name));
  const account = req.org.createServiceAccount({ name: body.userName, accountType: body.accountType, teamIds });
  const [defaultTeamId = "", ...others] = teamIds;
  req.audit.record("team:create_service_account", { user: { id: account.id }, team: { id: defaultTeamId, name: defaultTeam } });
  req.audit.memberships(req.org, { id: account.id }, new Set(), new Set(others));
  return createdReply(req, "Users", { id: account.id, version: newVersion() }, {
    id: account.id,
    userName: account.name,
    meta: { resourceType: "User", location: `Users/${account.id}` },
    schemas: [USER_SCHEMA, TEAMS_EXTENSION],
  });
}
