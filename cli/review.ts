// `pulumi-wandb review <preview.json>`: the access review of `pulumi preview --json`'s output, as
// Markdown on standard output. `--drift` words it for a preview with `--refresh` of unchanged code:
// what was changed outside code, and what such a preview cannot see.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { accessChanges } from "./access-changes";
import type { CommandIo } from "./io";
import { UnreadableStateError } from "./kind-states";
import { parsePreviewJson } from "./preview-json";
import { DRIFT_HEADING, PULL_REQUEST_HEADING, reviewMarkdown } from "./review-markdown";

const USAGE = [
  "usage: pulumi-wandb review [--drift] <preview.json | ->",
  "",
  "  <preview.json>   the standard output of `pulumi preview --json` (either door, any language); - reads standard input",
  "  --drift          word it for `pulumi preview --refresh --expect-no-changes --json`: what was changed outside code",
  "  -h, --help       this text",
];

export const summary = "the access review of `pulumi preview --json` (a file, or - for standard input), as Markdown";

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    USAGE.forEach((line) => io.out(line));
    return 0;
  }
  const drift = argv.includes("--drift");
  const files = argv.filter((arg) => arg !== "--drift");
  const unknownOption = files.find((arg) => arg.startsWith("-") && arg !== "-");
  if (files.length !== 1 || unknownOption !== undefined) {
    if (unknownOption) io.err(`pulumi-wandb review: unknown option ${unknownOption}`);
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
  return print(() => reviewMarkdown(accessChanges(parsed.preview), drift ? DRIFT_HEADING : PULL_REQUEST_HEADING), io);
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
