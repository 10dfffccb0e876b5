// Plugin fixtures for tests: the folder itself is written by scripts/plugin-folder.ts (the bench
// makes its no-op plugin the same way); this adds a plugin that records how it was started.
export { FIXTURE_PACKAGE, writePluginFixture, type PluginFixtureOptions } from "../../scripts/plugin-folder";

/**
 * Plugin source that writes how it was started (its arguments after run-plugin's, node's own
 * arguments, working directory and some of its environment) as JSON to the file `env[variable]`.
 */
export function recordLaunch(variable: string): string {
  return `require("node:fs").writeFileSync(process.env.${variable}, JSON.stringify({
  args: process.argv.slice(2),
  execArgv: process.execArgv,
  cwd: process.cwd(),
  env: { PULUMI_HOME: process.env.PULUMI_HOME, PULUMI_NODEJS_TYPESCRIPT: process.env.PULUMI_NODEJS_TYPESCRIPT, HOME: process.env.HOME },
}));
`;
}

export interface LaunchRecord {
  args: string[];
  execArgv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
}
