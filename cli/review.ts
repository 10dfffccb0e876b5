// `pulumi-wandb review <preview.json>`: the access review of `pulumi preview --json`'s output, as
// Markdown on standard output. `--drift` words it for a preview with `--refresh` of unchanged code:
// what was changed outside code.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { accessChanges } from "./access-changes";
import type { CommandIo } from "./io";
import { previewJsonSchema } from "./preview-json";
import { DRIFT_HEADING, PULL_REQUEST_HEADING, reviewMarkdown } from "./review-markdown";

const USAGE = "usage: pulumi-wandb review [--drift] <preview.json | ->   (the output of `pulumi preview --json`; - reads standard input)";

export const summary = "the access review of `pulumi preview --json` (a file, or - for standard input), as Markdown";

export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  const drift = argv.includes("--drift");
  const files = argv.filter((arg) => arg !== "--drift");
  const unknownOption = files.find((arg) => arg.startsWith("--"));
  if (files.length !== 1 || unknownOption !== undefined) {
    if (unknownOption) io.err(`unknown option ${unknownOption}`);
    io.err(USAGE);
    return 2;
  }
  const [file = "-"] = files;
  let text: string;
  try {
    text = file === "-" ? await readAll(io.stdin) : await readFile(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    io.err(`pulumi-wandb review: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const parsed = parseJson(text);
  const preview = previewJsonSchema.safeParse(parsed);
  if (parsed === undefined || !preview.success) {
    io.err(`pulumi-wandb review: ${file} is not the output of \`pulumi preview --json\` (run the preview with --json and pass its standard output).`);
    return 1;
  }
  io.out(reviewMarkdown(accessChanges(preview.data), drift ? DRIFT_HEADING : PULL_REQUEST_HEADING).replace(/\n$/, ""));
  return 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(String(chunk));
  return chunks.join("");
}
