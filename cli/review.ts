// `pulumi-wandb review <preview.json>`: the access review of `pulumi preview --json`'s output, as
// Markdown on standard output. `--drift` words it for a preview with `--refresh` of unchanged code:
// what was changed outside code, what such a preview cannot see, and who has not been active lately.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { accessChanges } from "./access-changes";
import { inactivePeople } from "./inactive-people";
import type { CommandIo } from "./io";
import { UnreadableStateError } from "./kind-states";
import { parsePreviewJson } from "./preview-json";
import { COMMENT_LIMIT, fittedReview } from "./review-fit";
import { DRIFT_HEADING, PULL_REQUEST_HEADING, reviewMarkdown } from "./review-markdown";

/** How long without activity a person is listed by `--drift`, unless `--inactive-days` says otherwise. */
const DEFAULT_INACTIVE_DAYS = 90;

const USAGE = [
  "usage: pulumi-wandb review [--drift [--inactive-days N]] [--whole] <preview.json | ->",
  "",
  "  <preview.json>      the standard output of `pulumi preview --json` (either door, any language); - reads standard input",
  "  --drift             word it for `pulumi preview --refresh --expect-no-changes --show-sames --json`: what was changed",
  "                      outside code, and who has not been active in W&B lately (W&B's last activity as the refresh read it;",
  "                      without --show-sames the preview does not print the unchanged users). Activity is never drift:",
  "                      the preview's exit status stays 0 however people work. With wandb:auditLog, each change outside",
  "                      code says who made it and when, from the W&B audit log the preview's refresh read",
  `  --inactive-days N   with --drift: list the people not active in the last N days, never active included (default ${DEFAULT_INACTIVE_DAYS})`,
  `  --whole             print the review whole; without it, a review past ${COMMENT_LIMIT.toLocaleString("en")} characters (GitHub's limit`,
  "                      on a comment) lists the first entries of each section and counts the rest",
  "  -h, --help          this text",
];

export const summary = "the access review of `pulumi preview --json` (a file, or - for standard input), as Markdown";

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    USAGE.forEach((line) => io.out(line));
    return 0;
  }
  const drift = argv.includes("--drift");
  const whole = argv.includes("--whole");
  const daysAt = argv.indexOf("--inactive-days");
  const days = daysAt === -1 ? DEFAULT_INACTIVE_DAYS : Number(argv[daysAt + 1]);
  const files = argv.filter((arg, index) => arg !== "--drift" && arg !== "--whole" && (daysAt === -1 || (index !== daysAt && index !== daysAt + 1)));
  const unknownOption = files.find((arg) => arg.startsWith("-") && arg !== "-");
  const refusal =
    daysAt !== -1 && !drift
      ? "--inactive-days goes with --drift: the people not active lately are listed in the review of a refreshing preview"
      : !Number.isInteger(days) || days < 1
        ? `--inactive-days takes a whole number of days, 1 or more, e.g. --inactive-days ${DEFAULT_INACTIVE_DAYS}`
        : unknownOption !== undefined
          ? `unknown option ${unknownOption}`
          : undefined;
  if (files.length !== 1 || refusal !== undefined) {
    if (refusal !== undefined) io.err(`pulumi-wandb review: ${refusal}`);
    io.err(USAGE[0] ?? "");
    return 2;
  }
  const [file = "-"] = files;
  const shown = file === "-" ? "standard input" : file;
  let text: string;
  try {
    text = file === "-" ? await readAll(io.stdin) : await readFile(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    io.err(`pulumi-wandb review: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const parsed = parsePreviewJson(text);
  if ("problem" in parsed) {
    io.err(`pulumi-wandb review: ${shown} is not the output of \`pulumi preview --json\`: ${parsed.problem}. Run the preview with --json and pass its standard output.`);
    return 1;
  }
  const { preview } = parsed;
  const wholeCommand = ["npx pulumi-wandb review", ...(drift ? ["--drift"] : []), ...(daysAt === -1 ? [] : ["--inactive-days", String(days)]), "--whole", file].join(" ");
  const markdown = () =>
    drift
      ? reviewMarkdown(accessChanges(preview), DRIFT_HEADING, inactivePeople(preview, days, Date.now()), true)
      : reviewMarkdown(accessChanges(preview), PULL_REQUEST_HEADING);
  return print(() => (whole ? markdown() : fittedReview(markdown(), wholeCommand)), io);
}

/** Prints the review, or why this release cannot read the preview's states. */
function print(review: () => string, io: CommandIo): number {
  try {
    io.out(review().replace(/\n$/, ""));
    return 0;
  } catch (error) {
    if (!(error instanceof UnreadableStateError)) throw error;
    io.err(`pulumi-wandb review: ${error.message}`);
    return 1;
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(String(chunk));
  return chunks.join("");
}
