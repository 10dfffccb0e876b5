// `pulumi-wandb audit --roster <file>`: what W&B holds that the roster does not declare, as the
// access review's "Outside code" Markdown, and the declared users it lists as deactivated, without a
// stack: for teams that keep a roster but apply it some other way. Three list requests (users,
// teams, custom roles; one per 9,999 objects), no write; with `wandb:auditLog`, who made each
// change and when, from W&B's audit log of the last days. Settings are the provider's (`wandb:`
// config, `WANDB_*`).
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { rosterAccessOf } from "../model/guard-rails";
import type { AuditLogReading } from "../model/audit-attribution";
import { deactivatedDeclared, declaredOf, outsideCodeRecordOf, outsideCodeUnder, type OutsidePerson } from "../model/outside-code";
import { parseRoster, RosterError } from "../model/roster/roster";
import { scrubSecrets } from "../service/secret";
import { attributed, readingMarkdown } from "./attribution-markdown";
import { readAuditLog } from "./audit-log-reading";
import { requestOrExit, settingsOrExit } from "./command-start";
import type { CommandIo } from "./io";
import { readLiveOrganization } from "./live-organization";
import { outsideCodeMarkdown } from "./outside-code-markdown";
import { markdownOf, phrase } from "./quoted-text";

export const summary = "what W&B holds that a roster does not declare (--roster <file>), as Markdown: list requests only";

/** How far back `audit` reads W&B's audit log (wandb:auditLog): it has no record of when it last looked. */
const AUDIT_DAYS = 7;
const DAY = 86_400_000;

/** The declared users W&B lists as deactivated, each with who deactivated them where W&B's audit log tells it. */
function deactivatedMarkdown(people: readonly OutsidePerson[], reading: AuditLogReading | undefined): string[] {
  if (people.length === 0) return [];
  return [
    "### Declared, deactivated in W&B",
    "",
    "Users the roster declares that W&B lists as deactivated: `pulumi up` of a stack with this roster reactivates them.",
    "",
    ...people.map((person) => `- ${markdownOf(attributed(phrase`user ${person.userName} (${person.email})`, "deactivated", person, reading))}`),
    "",
  ];
}

const USAGE = [
  "usage: pulumi-wandb audit --roster <file>",
  "",
  "  --roster <file>   the roster (YAML or JSON), as the Organization component reads it: its outsideCode, usersFrom and membersFrom apply",
  "  -h, --help        this text",
  "",
  "Prints the \"Outside code\" section of the access review, and the declared users W&B lists as deactivated; reads W&B",
  "with 3 list requests and writes nothing. With wandb:auditLog (WANDB_AUDIT_LOG=true), each says who made it and when,",
  `from W&B's audit log of the last ${AUDIT_DAYS} days (at most 4 more requests).`,
  "Settings: the provider's wandb: config (PULUMI_CONFIG, when run by Pulumi) and WANDB_BASE_URL, WANDB_API_KEY, ...",
];

function parseRequest(argv: readonly string[]): { roster: string } | { problem: string } | "help" {
  try {
    const { values } = parseArgs({ args: [...argv], options: { roster: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false });
    if (values.help) return "help";
    return values.roster === undefined ? { problem: "give the roster to compare with: --roster <file>" } : { roster: values.roster };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  const request = requestOrExit("audit", parseRequest(argv), USAGE, io);
  if (typeof request === "number") return request;
  const settings = settingsOrExit("audit", io);
  if (typeof settings === "number") return settings;
  const { roster: file } = request;
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    io.err(`pulumi-wandb audit: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return 2;
  }
  try {
    const roster = parseRoster(text, file, { deployment: settings.config.deployment });
    const org = await readLiveOrganization(settings.config);
    const record = { ...rosterAccessOf(roster), ...outsideCodeRecordOf(roster) };
    const declared = declaredOf(record);
    const report = outsideCodeUnder(declared, org.listed, record.outsideCode);
    io.err(`listed ${org.users.length} users, ${org.teams.length} teams and ${org.roles.length} custom roles from ${settings.config.baseUrl} in ${org.requests} requests`);
    const log = settings.config.auditLog ? await readAuditLog(settings.config, io.now() - AUDIT_DAYS * DAY, io.now()) : undefined;
    if (log !== undefined) io.err(`read W&B's audit log of the last ${AUDIT_DAYS} days in ${log.requests} request${log.requests === 1 ? "" : "s"}`);
    const reading = log?.reading;
    [
      ...readingMarkdown(reading),
      ...outsideCodeMarkdown(new Map([[file, report]]), "as W&B lists it now", reading === undefined ? undefined : new Map([[file, reading]])),
      ...deactivatedMarkdown(deactivatedDeclared(declared, org.listed, record.outsideCode), reading),
    ].forEach(io.out);
    return 0;
  } catch (error) {
    if (error instanceof RosterError) {
      io.err(error.message);
      return 2;
    }
    io.err(`pulumi-wandb audit: ${scrubSecrets(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}
