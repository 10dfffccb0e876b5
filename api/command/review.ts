// `pulumi-wandb review <preview.json>`: the access review of `pulumi preview --json`'s output, as
// Markdown on standard output. `--drift` words it for a preview with `--refresh` of unchanged code:
// what was changed outside code.
import { readFile } from "node:fs/promises";
import { accessChanges } from "./access-changes";
import type { CommandIo } from "./io";
import { previewJsonSchema } from "./preview-json";
import { DRIFT_HEADING, PULL_REQUEST_HEADING, reviewMarkdown } from "./review-markdown";

const USAGE = "usage: pulumi-wandb review [--drift] <preview.json | ->   (the output of `pulumi preview --json`; - reads standard input)";

export async function run(argv: string[], io: CommandIo): Promise<number> {
  const drift = argv.includes("--drift");
  const files = argv.filter((arg) => arg !== "--drift");
  const unknownOption = files.find((arg) => arg.startsWith("--"));
  if (files.length !== 1 || unknownOption !== undefined) {
    io.stderr.write(`${unknownOption ? `unknown option ${unknownOption}\n` : ""}${USAGE}\n`);
    return 2;
  }
  const [file = "-"] = files;
  let text: string;
  try {
    text = file === "-" ? await readAll(io.stdin) : await readFile(file, "utf8");
  } catch (error) {
    io.stderr.write(`pulumi-wandb review: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const parsed = parseJson(text);
  const preview = previewJsonSchema.safeParse(parsed);
  if (parsed === undefined || !preview.success) {
    io.stderr.write(`pulumi-wandb review: ${file} is not the output of \`pulumi preview --json\` (run the preview with --json and pass its standard output).\n`);
    return 1;
  }
  io.stdout.write(reviewMarkdown(accessChanges(preview.data), drift ? DRIFT_HEADING : PULL_REQUEST_HEADING));
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
