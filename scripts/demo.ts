// `npm run demo`: examples/quickstart end to end through the real Pulumi engine, against the
// embedded W&B emulator: create, drift made outside Pulumi, refresh, repair, destroy.
// It never touches a real organization unless `--real-org` is passed explicitly.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { LocalWorkspace, type ConfigMap, type EngineEvent, type Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../emulator";
import { clientsFromConfig, closeAllPools, type ScimClient } from "../service";
import { parseUrn } from "../model/urn";
import { resolveConfig } from "../service/config";
import { changedProperties, isolatedEnvironment, pinnedCommand, repoRoot, shownStep, workRoot } from "./engine";

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const say = (text = "") => console.log(text);
const step = (n: number, title: string, why: string) => {
  say();
  say(bold(`── Step ${n}: ${title}`));
  say(why);
};

interface Target {
  config: ConfigMap;
  scim: ScimClient;
  describe: string;
  close(): Promise<void>;
}

async function emulatorTarget(): Promise<Target> {
  const emulator: RunningEmulator = await startEmulator({ port: 0 });
  const config = resolveConfig({ baseUrl: emulator.url, apiKey: emulator.admin.apiKey, username: emulator.admin.username }, {});
  return {
    config: {
      "wandb:baseUrl": { value: emulator.url },
      "wandb:username": { value: emulator.admin.username },
      "wandb:apiKey": { value: emulator.admin.apiKey, secret: true },
      "wandb:inferenceUrl": { value: emulator.inferenceUrl },
      "wandb:inferenceProject": { value: emulator.inferenceProject },
    },
    scim: clientsFromConfig(config).scim,
    describe: `the embedded W&B emulator at ${emulator.url} (nothing real is touched)`,
    close: () => emulator.close(),
  };
}

async function realOrgTarget(): Promise<Target> {
  const config = resolveConfig({}, process.env);
  return {
    config: { "quickstart:userPrefix": { value: "pulumi-wandb-demo-" } },
    scim: clientsFromConfig(config).scim,
    describe: `YOUR organization at ${config.baseUrl} (users are prefixed "pulumi-wandb-demo-" and destroyed at the end)`,
    close: async () => undefined,
  };
}

/** Per resource, what the engine will do and to which properties: what `pulumi preview --diff` reports. */
function plannedChanges(events: EngineEvent[]): string[] {
  return events.flatMap((event) => {
    const metadata = shownStep(event);
    if (!metadata) return [];
    const name = parseUrn(metadata.urn).name;
    const props = changedProperties(metadata);
    return [`   ${metadata.op} ${name}${props.length ? `: ${props.join(", ")}` : ""}`];
  });
}

async function driftOutsidePulumi(scim: ScimClient, outputs: Record<string, { value: unknown }>): Promise<void> {
  const ids = outputs["userIds"]?.value as Record<string, string>;
  const bobId = ids["bob"] ?? "";
  const carolId = ids["carol"] ?? "";
  const teamId = String(outputs["teamId"]?.value);
  await scim.patchUser(bobId, [{ op: "replace", path: "displayName", value: "Bobby (renamed in the web app)" }]);
  say("   • renamed bob to \"Bobby (renamed in the web app)\"");
  await scim.patchTeam(teamId, [{ op: "remove", path: `members[value eq "${carolId}"]` }]);
  say("   • removed carol from the ml-platform team");
  const role = (await scim.listRoles()).find((r) => r.name.endsWith("Run operator"));
  if (role) {
    await scim.patchRole(role.id, [{ op: "add", path: "permissions", value: [{ name: "project:delete" }] }]);
    say("   • added project:delete to the Run operator role");
  }
}

/** Whether the user pressed Ctrl-C: the run then ends with 130, however its engine operation failed on the way. */
let interrupted = false;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "real-org": { type: "boolean", default: false } } });
  const scratch = mkdtempSync(path.join((mkdirSync(workRoot, { recursive: true }), workRoot), "demo-"));
  let target: Target | undefined;
  let stack: Stack | undefined;
  const cleanUp = async () => {
    await stack?.workspace.removeStack("demo", { force: true }).catch(() => undefined);
    await target?.close();
    await closeAllPools();
    rmSync(scratch, { recursive: true, force: true });
  };
  // A lasting listener: the Automation API's process library re-raises SIGINT (killing us before
  // the cleanup) when no listener of ours is left. A second Ctrl-C exits at once.
  process.on("SIGINT", () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    if (!values["real-org"] && (process.env["WANDB_BASE_URL"] || process.env["WANDB_API_KEY"])) {
      say("Note: WANDB_BASE_URL/WANDB_API_KEY are set, but the demo uses its emulator unless you pass --real-org.");
    }
    target = values["real-org"] ? await realOrgTarget() : await emulatorTarget();
    say(bold("pulumi-wandb demo"));
    say(`Target: ${target.describe}.`);
    say("Program: examples/quickstart, run by the real Pulumi engine with a local state backend.");

    const program = path.join(scratch, "program");
    cpSync(path.join(repoRoot, "examples", "quickstart"), program, { recursive: true, filter: (from) => !from.includes("node_modules") });
    const envVars = isolatedEnvironment(scratch);
    if (!values["real-org"]) for (const key of Object.keys(process.env)) if (key.startsWith("WANDB_")) envVars[key] = "";
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "demo", workDir: program },
      { envVars, pulumiCommand: await pinnedCommand() },
    );
    await stack.setAllConfig(target.config);

    step(1, "pulumi up", "Creates three users, a team with exact membership, a custom role, an org, a team and a registry role assignment, and reads the model catalogue.");
    const created = await stack.up({ color: "never" });
    say(`   created ${created.summary.resourceChanges?.["create"] ?? 0} resources`);
    const outputs = await stack.outputs();
    say(`   users: ${Object.keys(outputs["userIds"]?.value ?? {}).join(", ")}; team members: ${(outputs["teamMembers"]?.value as string[]).length}`);
    say(`   inference models offered: ${(outputs["inferenceModels"]?.value as string[]).join(", ")}`);

    step(2, "a change made outside Pulumi", "Someone edits the organization directly, through the SCIM API (as the web app or an identity provider would):");
    await driftOutsidePulumi(target.scim, outputs);

    step(3, "pulumi refresh, then pulumi preview", "Refresh reads every resource from one listing each of users, teams and roles; preview then shows the drift, field by field:");
    await stack.refresh({ color: "never" });
    const events: EngineEvent[] = [];
    const preview = await stack.preview({ color: "never", onEvent: (event) => events.push(event) });
    const drift = plannedChanges(events);
    say(drift.length ? drift.join("\n") : "   (no drift found)");
    say(`   preview: ${JSON.stringify(preview.changeSummary)}`);
    if (drift.length === 0) throw new Error("the demo expected drift after the out-of-band changes, and found none");

    step(4, "pulumi up", "Restores what the code declares:");
    const repaired = await stack.up({ color: "never" });
    say(`   updated ${repaired.summary.resourceChanges?.["update"] ?? 0} resources`);
    const after: EngineEvent[] = [];
    const clean = await stack.preview({ color: "never", onEvent: (event) => after.push(event) });
    say(`   a new preview now reports: ${JSON.stringify(clean.changeSummary)} (no drift left: ${plannedChanges(after).length === 0})`);

    step(5, "pulumi destroy", "Removes what the program created (teams cannot be deleted through the API: the team is emptied and the engine's output says so).");
    const destroyed = await stack.destroy({
      color: "never",
      onEvent: (event) => {
        const message = event.diagnosticEvent?.message.trim();
        if (message?.startsWith("wandb:")) say(`   engine output: ${message}`);
      },
    });
    say(`   deleted ${destroyed.summary.resourceChanges?.["delete"] ?? 0} resources`);

    say();
    say(bold("Next: point it at your organization"));
    say("   pulumi config set wandb:baseUrl https://api.wandb.ai        # or WANDB_BASE_URL (dedicated: https://<name>.wandb.io)");
    say("   pulumi config set --secret wandb:apiKey <admin or service-account key>   # or WANDB_API_KEY");
    say("   pulumi config set wandb:username <your-username>           # or WANDB_USERNAME; omit for a service-account key");
    say("   See README.md (Configuration) for every key; `npm run demo -- --real-org` runs this demo against WANDB_BASE_URL.");
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  if (interrupted) process.exit(130);
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
