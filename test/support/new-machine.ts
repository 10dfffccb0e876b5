// A new user's shell, as tests that run outside this checkout start their commands: the machine's
// environment (its certificates, its proxy) without anything of this checkout: no folder of it on
// PATH, no npm run's variables, none of the Pulumi or W&B settings the suite runs with.
import * as path from "node:path";
import { repoRoot } from "../../scripts/repo-root";

export function newMachineEnvironment(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith("npm_") && !name.startsWith("PULUMI_") && !name.startsWith("WANDB_") && name !== "INIT_CWD",
  );
  const PATH = (process.env["PATH"] ?? "")
    .split(path.delimiter)
    .filter((entry) => entry && !path.resolve(entry).startsWith(repoRoot + path.sep))
    .join(path.delimiter);
  return { ...Object.fromEntries(inherited), PATH };
}
