// This package's root, whether a module runs from source (scripts/) or compiled (dist/scripts/).
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

export const repoRoot = packageRoot(__dirname);

function packageRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "pulumi-wandb") return dir;
  }
  throw new Error(`pulumi-wandb: no package.json of pulumi-wandb above ${from}`);
}
