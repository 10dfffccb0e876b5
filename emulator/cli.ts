#!/usr/bin/env node
import { parseArgs } from "node:util";
import { startEmulator, type EmulatorOptions } from "./index";
import { DEFAULT_SCIM_ROOT, normaliseScimRoot } from "./settings";

const USAGE = `usage: wandb-emulator [--port 8090] [--host 127.0.0.1] [--seed org.json]
       [--deployment saas|dedicated|self-managed] [--dialect wandb|rfc] [--state-file state.json]
       [--saas-deactivation removes-user|unsupported] [--role-put-keeps-permissions]
       [--user-roles-on-get omitted|shown] [--scim-root /scim] [--quiet]`;

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  const hit = allowed.find((a) => a === value);
  if (!hit) fail(`--${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
  return hit;
}

function parseOptions(): EmulatorOptions & { quiet: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", default: "8090" },
        host: { type: "string" },
        seed: { type: "string" },
        deployment: { type: "string" },
        dialect: { type: "string" },
        "state-file": { type: "string" },
        "saas-deactivation": { type: "string" },
        "role-put-keeps-permissions": { type: "boolean", default: false },
        "user-roles-on-get": { type: "string" },
        "scim-root": { type: "string" },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer between 0 and 65535 (got "${values.port}")`);
  const scimRoot = values["scim-root"];
  if (scimRoot !== undefined) {
    try {
      normaliseScimRoot(scimRoot, "--scim-root");
    } catch (e) {
      fail((e as Error).message);
    }
  }
  return {
    port,
    host: values.host,
    seed: values.seed,
    deployment: oneOf("deployment", values.deployment, ["saas", "dedicated", "self-managed"] as const),
    dialect: oneOf("dialect", values.dialect, ["wandb", "rfc"] as const),
    stateFile: values["state-file"],
    saasDeactivation: oneOf("saas-deactivation", values["saas-deactivation"], ["removes-user", "unsupported"] as const),
    rolePutReplacesPermissions: !values["role-put-keeps-permissions"],
    userRolesOnGet: oneOf("user-roles-on-get", values["user-roles-on-get"], ["shown", "omitted"] as const),
    scimRoot,
    quiet: values.quiet,
  };
}

async function main(): Promise<void> {
  const { quiet, ...options } = parseOptions();
  let emulator;
  try {
    emulator = await startEmulator({ ...options, log: quiet ? undefined : (line) => process.stdout.write(`${line}\n`) });
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    process.exit(1);
  }
  const e = emulator;
  // The provider's default SCIM path is W&B's /scim; another root must be configured.
  const customRoot = e.scimRoot !== DEFAULT_SCIM_ROOT;
  const scimPath = e.scimRoot === "" ? "/" : e.scimRoot;
  process.stdout.write(
    [
      `W&B emulator (${e.deployment}, ${e.dialect} dialect) listening on ${e.url}`,
      `  SCIM:      ${e.scimUrl}`,
      `  inference: ${e.inferenceUrl} (project ${e.inferenceProject})`,
      `  control:   ${e.controlUrl}`,
      "",
      "Credentials:",
      `  org admin:       ${e.admin.username} / ${e.admin.apiKey}`,
      `  service account: :${e.serviceAccount.apiKey}`,
      `  non-admin:       ${e.member.username} / ${e.member.apiKey}`,
      "",
      "Point a Pulumi stack at it (with the organization service account's key: no username):",
      `  export WANDB_BASE_URL=${e.url} WANDB_API_KEY=${e.serviceAccount.apiKey} WANDB_INFERENCE_URL=${e.inferenceUrl} WANDB_INFERENCE_PROJECT=${e.inferenceProject}` +
        (customRoot ? ` WANDB_SCIM_PATH=${scimPath}` : ""),
      "or",
      `  pulumi config set wandb:baseUrl ${e.url}`,
      ...(customRoot ? [`  pulumi config set wandb:scimPath ${scimPath}`] : []),
      `  pulumi config set --secret wandb:apiKey ${e.serviceAccount.apiKey}`,
      `  pulumi config set wandb:inferenceUrl ${e.inferenceUrl}`,
      `  pulumi config set wandb:inferenceProject ${e.inferenceProject}`,
      "",
    ].join("\n"),
  );
  const stop = (signal: string) => {
    process.stdout.write(`${signal}: stopping\n`);
    e.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

void main();
