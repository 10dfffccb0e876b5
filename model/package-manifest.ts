// Where this package lies and what its manifest says, whether a module runs from source or from dist/.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";

const PACKAGE_NAME = "pulumi-wandb";

const manifest = z.object({ name: z.string(), version: z.string(), description: z.string(), license: z.string() });

/** The directory of pulumi-wandb's package.json: the nearest one above `from` that names pulumi-wandb. */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === PACKAGE_NAME) return dir;
  }
  throw new Error(`${PACKAGE_NAME}: no package.json of ${PACKAGE_NAME} above ${from}`);
}

/** pulumi-wandb's package.json. */
export function packageManifest(): z.output<typeof manifest> {
  return manifest.parse(JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")));
}
