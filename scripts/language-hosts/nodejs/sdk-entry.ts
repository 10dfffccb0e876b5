// The @pulumi/pulumi entry points the host starts programs and plugins with, resolved from the
// program's folder as `node -e "require.resolve(...)"` would there: the program's own SDK.
const RUN_PATH_OVERRIDE = "PULUMI_LANGUAGE_NODEJS_RUN_PATH";

export const RUN_PROGRAM = "@pulumi/pulumi/cmd/run";
export const RUN_PLUGIN = "@pulumi/pulumi/cmd/run-plugin";

/** The module to start: the given entry, unless PULUMI_LANGUAGE_NODEJS_RUN_PATH overrides it (as for the Go host). */
export function runPath(entry: string): string {
  return process.env[RUN_PATH_OVERRIDE] || entry;
}

/** Throws what the Go host's resolver script prints to stderr (so its message ends with a newline). */
export function locateModule(module: string, programDirectory: string, forPlugin: boolean): string {
  try {
    return require.resolve(module, { paths: [programDirectory] });
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "MODULE_NOT_FOUND") {
      const install = forPlugin ? `npm install in ${programDirectory}` : "pulumi install";
      throw new Error(`It looks like the Pulumi SDK has not been installed. Have you run ${install}?\n`);
    }
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n`);
  }
}
