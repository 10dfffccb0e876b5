// `pulumi-wandb attest --roster <file> [--since <previous.json>] [--json <file>]`: the access
// attestation a reviewer approves by pull request (a quarterly access review): every principal with
// its organization role, seats, teams and team roles, registry roles, last activity and whether code
// declares it; with `--since`, what changed since that attestation, and who made it where W&B's
// audit log says (wandb:auditLog). Markdown on standard output, the stable JSON in `--json`. Reads
// only: the three listings and, with `--since`, a few pages of the log; never a write.
import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { readingLine } from "../model/audit-attribution";
import { ATTESTATION_FORMAT, attestationJson, attestationSchema, attestedPrincipals, changesSince, type Attestation } from "../model/attestation";
import { parseRoster, RosterError, type ValidatedRoster } from "../model/roster/roster";
import type { WandbConfig } from "../service/config";
import { scrubSecrets } from "../service/secret";
import { attestationMarkdown } from "./attest-markdown";
import { readAuditLog } from "./audit-log-reading";
import { requestOrExit, settingsOrExit } from "./command-start";
import type { CommandIo } from "./io";
import { readLiveOrganization } from "./live-organization";

export const summary = "an access attestation (--roster <file>, --since <previous.json>): every principal's access, as Markdown and JSON; reads only";

const USAGE = [
  "usage: pulumi-wandb attest --roster <file> [--since <previous.json>] [--json <file>]",
  "",
  "  --roster <file>         the roster (YAML or JSON): whether code declares each principal, and what it declares",
  "  --since <previous.json> the previous attestation's JSON: what changed since, each change made outside code or as code",
  "                          declares, with who made it and when where W&B's audit log says (wandb:auditLog)",
  "  --json <file>           where to write the attestation's JSON (stable: the same organization at the same time, the same file)",
  "  -h, --help              this text",
  "",
  "Prints the attestation as Markdown. Reads W&B with 3 list requests (and, with --since and wandb:auditLog, at most 4 of its",
  "audit log); writes nothing to W&B. Settings: the provider's wandb: config (PULUMI_CONFIG) and WANDB_BASE_URL, WANDB_API_KEY, ...",
];

interface Request {
  roster: string;
  since?: string;
  json?: string;
}

function parseRequest(argv: readonly string[]): Request | { problem: string } | "help" {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { roster: { type: "string" }, since: { type: "string" }, json: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return "help";
    if (values.roster === undefined) return { problem: "give the roster to compare with: --roster <file>" };
    return { roster: values.roster, ...(values.since === undefined ? {} : { since: values.since }), ...(values.json === undefined ? {} : { json: values.json }) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** The previous attestation in `file`, or what is wrong with it. */
async function previousAttestation(file: string, io: CommandIo, organization: string): Promise<Attestation | { problem: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.resolve(io.cwd, file), "utf8"));
  } catch (error) {
    return { problem: `cannot read ${file} as JSON: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  const read = attestationSchema.safeParse(parsed);
  if (!read.success) {
    const issue = read.error.issues[0];
    return { problem: `${file} is not an attestation (${ATTESTATION_FORMAT}) of pulumi-wandb attest --json: ${issue?.path.join(".") || "document"}: ${issue?.message ?? "unreadable"}` };
  }
  if (read.data.organization !== organization) return { problem: `${file} attests ${read.data.organization}, not ${organization}: give the previous attestation of this organization` };
  return read.data;
}

async function readRoster(file: string, io: CommandIo, config: WandbConfig): Promise<ValidatedRoster | { problem: string }> {
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    return { problem: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  try {
    return parseRoster(text, file, { deployment: config.deployment });
  } catch (error) {
    if (error instanceof RosterError) return { problem: error.message };
    throw error;
  }
}

/** Reads the organization (and, since a previous attestation, the log) and makes the attestation, with the requests it took. */
async function attestation(config: WandbConfig, roster: ValidatedRoster, request: Request, previous: Attestation | undefined, io: CommandIo) {
  const now = io.now();
  const org = await readLiveOrganization(config);
  const principals = attestedPrincipals(org.users, org.listed.teams, roster);
  const log = previous !== undefined && config.auditLog ? await readAuditLog(config, Date.parse(previous.takenAt), now) : undefined;
  const attested: Attestation = {
    format: ATTESTATION_FORMAT,
    organization: config.baseUrl,
    takenAt: new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"),
    roster: request.roster,
    rolesShown: org.users.some((user) => user.organizationRole !== undefined),
    principals,
    ...(previous === undefined
      ? {}
      : {
          since: {
            takenAt: previous.takenAt,
            changes: changesSince(previous.principals, principals, roster, log?.reading),
            auditLog: log === undefined ? "W&B's audit log not read: wandb:auditLog is off" : readingLine(log.reading),
          },
        }),
  };
  return { attested, listRequests: org.requests, logRequests: log?.requests ?? 0 };
}

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  const request = requestOrExit("attest", parseRequest(argv), USAGE, io);
  if (typeof request === "number") return request;
  const settings = settingsOrExit("attest", io);
  if (typeof settings === "number") return settings;
  const { config } = settings;
  const refused = (problem: string) => {
    io.err(`pulumi-wandb attest: ${problem}`);
    return 2;
  };
  const roster = await readRoster(request.roster, io, config);
  if ("problem" in roster) return refused(roster.problem);
  const previous = request.since === undefined ? undefined : await previousAttestation(request.since, io, config.baseUrl);
  if (previous !== undefined && "problem" in previous) return refused(previous.problem);
  try {
    const { attested, listRequests, logRequests } = await attestation(config, roster, request, previous, io);
    if (request.json !== undefined) await writeFile(path.resolve(io.cwd, request.json), attestationJson(attested));
    io.err(
      `listed ${attested.principals.length} principals from ${config.baseUrl} in ${listRequests} requests` +
        (logRequests > 0 ? `, and read W&B's audit log in ${logRequests}` : "") +
        "; wrote nothing to W&B",
    );
    attestationMarkdown(attested, listRequests + logRequests).forEach(io.out);
    return 0;
  } catch (error) {
    io.err(`pulumi-wandb attest: ${scrubSecrets(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}
