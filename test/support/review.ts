// `pulumi-wandb review` run as the command runs it, on a preview's JSON: its Markdown, or the failure.
import { Readable } from "node:stream";
import { main } from "../../api/command/main";

export async function reviewOf(previewJson: string, options: string[] = []): Promise<string> {
  let stdout = "";
  let stderr = "";
  const code = await main(["review", ...options, "-"], {
    stdin: Readable.from([previewJson]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  if (code !== 0) throw new Error(`pulumi-wandb review exited with ${code}: ${stderr}`);
  return stdout;
}
