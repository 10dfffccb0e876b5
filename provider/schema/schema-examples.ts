// The examples of the schema's descriptions, as Pulumi's `{{% examples %}}` blocks that the SDK
// generators keep in each language's docstrings and the Registry shows in every language. Each is a
// YAML program under examples/schema/<Name>/ (Name as the token ends: User, getTeam), with what
// Pulumi's converters make of it committed beside it (`npm run gen-examples`,
// scripts/sdk/schema-examples.ts); this reads both, and converts nothing.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { packageRoot } from "../../model/package-manifest";

export const EXAMPLES_FOLDER = path.join("examples", "schema");

/** The converted languages, in the Registry's order: each one's code fence, and the file its conversion is. */
export const CONVERTED_LANGUAGES = [
  { fence: "typescript", file: "index.ts" },
  { fence: "python", file: "__main__.py" },
  { fence: "go", file: "main.go" },
  { fence: "csharp", file: "Program.cs" },
] as const;

// The description titles the example: a YAML program's own sentence about itself.
const exampleProgram = z.object({ description: z.string().min(1) });

/** Every YAML program, relative to the examples' folder: `<Name>/<example>.yaml`, in order. */
export function exampleSources(root: string = examplesRoot()): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((owner) =>
      readdirSync(path.join(root, owner.name))
        .filter((file) => file.endsWith(".yaml"))
        .map((file) => `${owner.name}/${file}`),
    )
    .sort();
}

/** The `{{% examples %}}` block of the resource or function `token`, undefined when it has no examples. */
export function examplesBlock(token: string): string | undefined {
  const root = examplesRoot();
  const name = token.slice(token.lastIndexOf(":") + 1);
  const sources = exampleSources(root).filter((source) => source.startsWith(`${name}/`));
  if (sources.length === 0) return undefined;
  return ["{{% examples %}}", "## Example Usage", ...sources.map((source) => exampleSection(root, source)), "{{% /examples %}}"].join("\n");
}

/** The description with its examples block, before its `## Import` section as Pulumi's own schemas have it, else at its end. */
export function withExamples(description: string, token: string): string {
  const block = examplesBlock(token);
  if (block === undefined) return description;
  const importAt = description.indexOf("\n\n## Import");
  if (importAt < 0) return `${description}\n\n${block}`;
  return `${description.slice(0, importAt)}\n\n${block}${description.slice(importAt)}`;
}

function exampleSection(root: string, source: string): string {
  const yaml = readFileSync(path.join(root, source), "utf8");
  const program = exampleProgram.safeParse(parse(yaml));
  if (!program.success) throw new Error(`${path.join(EXAMPLES_FOLDER, source)}: give the program a \`description:\`, the title of its example`);
  const title = program.data.description;
  const converted = source.replace(/\.yaml$/, "");
  const fences = [
    ...CONVERTED_LANGUAGES.map(({ fence, file }) => fenced(fence, readFileSync(path.join(root, converted, file), "utf8"))),
    fenced("yaml", yaml),
  ];
  return ["{{% example %}}", `### ${title}`, "", ...fences, "{{% /example %}}"].join("\n");
}

function fenced(language: string, code: string): string {
  return `\`\`\`${language}\n${code.trimEnd()}\n\`\`\``;
}

function examplesRoot(): string {
  return path.join(packageRoot(), EXAMPLES_FOLDER);
}
