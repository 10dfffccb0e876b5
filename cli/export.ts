// `pulumi-wandb export --roster <file> --import-file <file> [--only ...] [--exclude <pattern>]... [--admins <list or file>]`:
// lists the live organization (list requests only) and writes it as a roster for the Organization
// component and/or as a `pulumi import --file` file. Settings are the provider's (`wandb:` config,
// `WANDB_*`); the key is sent to the service and written nowhere.
import { lstatSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { scrubSecrets } from "../service/secret";
import type { WandbConfig } from "../service/config";
import type { WandbSettings } from "../service/namespace";
import { parseRoster } from "../model/roster/roster";
import { adminIds, adminNames } from "./admins";
import { importFileText } from "./import-file";
import { requestOrExit, settingsOrExit } from "./command-start";
import type { CommandIo } from "./io";
import { readLiveOrganization } from "./live-organization";
import { rosterFile, teamsHoldingUnwritten } from "./roster-file";
import { KINDS, parseKinds, select, type Kind } from "./selection";

export const summary = "write the live organization as a roster (--roster) and/or a `pulumi import --file` file (--import-file)";

const USAGE = [
  "usage: pulumi-wandb export [--roster <file>] [--import-file <file>] [--only users,teams,roles] [--exclude <pattern>]... [--admins <list or file>]",
  "",
  "  --roster <file>        the organization as a roster for the Organization component (YAML)",
  "  --import-file <file>   the organization as a `pulumi import --file` file for the native plugin (JSON)",
  "  --only <kinds>         only these kinds, comma-separated: users, teams, roles (default: all)",
  "  --exclude <pattern>    leave out users (by userName or email), teams and custom roles (by name) matching it;",
  "                         `*` and `?` are wildcards, case is ignored; may be given more than once",
  "  --admins <list|file>   the organization admins, where the service does not show roles: userNames or emails,",
  "                         comma-separated or one per line in a file (as the web application's user list shows them);",
  "                         the roster writes them `organizationRole: admin`, so adopting it sends no write",
  "  --force                replace files that exist (never written through: a link is replaced, not followed)",
  "",
  "Settings: the provider's wandb: config (PULUMI_CONFIG, when run by Pulumi) and WANDB_BASE_URL, WANDB_API_KEY, ...",
];

interface Request {
  roster?: string;
  importFile?: string;
  only: Set<Kind>;
  exclude: string[];
  admins: string[];
  /** Replace files that exist. */
  force: boolean;
}

function parseRequest(argv: readonly string[], cwd: string): Request | { problem: string } | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        roster: { type: "string" },
        "import-file": { type: "string" },
        only: { type: "string" },
        exclude: { type: "string", multiple: true },
        admins: { type: "string", multiple: true },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { problem: (error as Error).message };
  }
  if (values.help) return "help";
  if (values.roster === undefined && values["import-file"] === undefined) {
    return { problem: "nothing to write: give --roster <file>, --import-file <file>, or both" };
  }
  if (values.admins !== undefined && values.roster === undefined) {
    return { problem: "--admins is written into a roster: give --roster <file> as well (an import file reads each user's role at import)" };
  }
  const only = values.only === undefined ? new Set<Kind>(KINDS) : parseKinds(values.only);
  if (typeof only === "string") return { problem: only };
  if (values.roster !== undefined && only.has("teams") && !only.has("users")) {
    return {
      problem:
        "--only teams without users: a roster's teams list their members by userName, so a roster needs the users too; " +
        "add users to --only, or write only --import-file (a Team imports its members as emails)",
    };
  }
  return {
    ...(values.roster === undefined ? {} : { roster: values.roster }),
    ...(values["import-file"] === undefined ? {} : { importFile: values["import-file"] }),
    only,
    exclude: values.exclude ?? [],
    admins: (values.admins ?? []).flatMap((value) => adminNames(value, cwd)),
    force: values.force ?? false,
  };
}

/** Whether anything is at `file`, a link included (even one to nothing). */
function lexists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes every file or none: each to a file of its own beside it first, then renamed over it (a
 * rename replaces a link at the name, never what it points to).
 */
function writeAll(files: readonly { file: string; text: string }[]): void {
  const staged: { file: string; partial: string }[] = [];
  try {
    for (const { file, text } of files) {
      const partial = `${file}.${process.pid}.partial`;
      staged.push({ file, partial });
      writeFileSync(partial, text, { flag: "wx" });
    }
  } catch (error) {
    for (const { partial } of staged) rmSync(partial, { force: true });
    throw error;
  }
  for (const { file, partial } of staged) renameSync(partial, file);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  const request = requestOrExit("export", parseRequest(argv, io.cwd), USAGE, io);
  if (typeof request === "number") return request;
  const existing = [request.roster, request.importFile].filter((file) => file !== undefined && !request.force && lexists(path.resolve(io.cwd, file)));
  if (existing.length > 0) {
    const [verb, them] = existing.length === 1 ? ["exists", "it"] : ["exist", "them"];
    io.err(`pulumi-wandb export: ${existing.join(" and ")} ${verb} already: give --force to replace ${them}, or another file name`);
    return 2;
  }
  const settings = settingsOrExit("export", io);
  if (typeof settings === "number") return settings;
  try {
    return await exportOrganization(request, settings.config, settings.settings, io);
  } catch (error) {
    io.err(`pulumi-wandb export: ${scrubSecrets(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}

async function exportOrganization(request: Request, config: WandbConfig, settings: WandbSettings, io: CommandIo): Promise<number> {
  const org = await readLiveOrganization(config);
  io.out(
    `listed ${count(org.users.length, "user")}, ${count(org.teams.length, "team")} and ${count(org.roles.length, "custom role")} ` +
      `from ${config.baseUrl} in ${count(org.requests, "request")}`,
  );
  const selection = select(org, { only: request.only, exclude: request.exclude });
  const files: { file: string; text: string; what: string }[] = [];
  if (request.roster !== undefined) {
    const holding = teamsHoldingUnwritten(selection);
    if (holding.length > 0) {
      io.err(
        `pulumi-wandb export: a roster's team lists exactly its members, so adopting these teams would remove people it leaves out: ` +
          `${holding.join("; ")}. Exclude those teams as well (--exclude <team>), or stop leaving those users out.`,
      );
      return 1;
    }
    const admins = adminIds(request.admins, selection.users, selection.leftOut.values());
    if ("problem" in admins) {
      io.err(`pulumi-wandb export: ${admins.problem}`);
      return 2;
    }
    const file = path.resolve(io.cwd, request.roster);
    const actingUser = settings.guardRails().self;
    const { text, rolesToReview } = rosterFile(selection, { baseUrl: config.baseUrl, actingUser, admins });
    // What the Organization component would refuse is told now, not at the reviewer's first preview.
    parseRoster(text, file, { deployment: config.deployment });
    files.push({
      file,
      text,
      what:
        `${count(selection.users.length, "user")}, ${count(selection.teams.length, "team")}, ${count(selection.roles.length, "custom role")}` +
        (rolesToReview > 0 ? `; ${count(rolesToReview, "role")} the service does not show, marked for review` : ""),
    });
  }
  if (request.importFile !== undefined) {
    const text = importFileText(selection);
    files.push({ file: path.resolve(io.cwd, request.importFile), text, what: count((JSON.parse(text) as { resources: unknown[] }).resources.length, "resource") });
  }
  writeAll(files);
  for (const { file, what } of files) io.out(`wrote ${path.relative(io.cwd, file) || file} (${what})`);
  const reasons = new Map<string, number>();
  for (const { reason } of selection.leftOut.values()) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const notes = [...reasons].sort(([a], [b]) => a.localeCompare(b)).map(([reason, n]) => `${count(n, "user")} ${reason}`);
  if (org.teams.some((team) => team.serviceAccounts > 0)) notes.push("the service accounts in teams (never written as users)");
  if (notes.length > 0) io.out(`left out: ${notes.join("; ")}`);
  return 0;
}
