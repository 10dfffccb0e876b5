// `pulumi-wandb review` run as the command runs it, on a preview's JSON: its Markdown, or the failure.
import { runCommand } from "./export-command";

export async function reviewOf(previewJson: string, options: string[] = []): Promise<string> {
  const { code, out, err } = await runCommand(["review", ...options, "-"], {}, process.cwd(), previewJson);
  if (code !== 0) throw new Error(`pulumi-wandb review exited with ${code}: ${err.join("\n")}`);
  return `${out.join("\n")}\n`;
}
