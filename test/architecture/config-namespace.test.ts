// The `wandb` namespace has one reader (service/namespace.ts), and so one strictness: a misspelt
// key set beside the others gives the same problems, word for word, through the dynamic door, the
// plugin (its CheckConfig, a resource's check, a function), the pulumi-wandb command and the SDK's
// functions. Each is driven in process as its caller drives it, with no W&B behind it: a
// configuration mistake is told before any request.
import { Readable } from "node:stream";
import type * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import { tokenOf } from "../../model/tokens";
import { invoke } from "../../provider/doors/plugin/invokes";
import { resourceProviderService } from "../../provider/doors/plugin/server";
import { Operation } from "../../provider/operation";
import { getUser } from "../../sdk/functions/users";
import { CONFIG_SETTINGS, WandbConfigError } from "../../service/config";
import { namespaceOf } from "../../service/namespace";
import { dynamicProviderWith } from "../support/provider";

const KEY = "a-key-of-forty-characters-0123456789abcd";
/** The stack's config, as `pulumi config set` writes it: the base URL's key misspelt. */
const STACK_CONFIG = { "wandb:baseURL": "https://api.wandb.ai", "wandb:apiKey": KEY, "wandb:maxRetries": "2" };
const SETTINGS = { baseURL: "https://api.wandb.ai", apiKey: KEY, maxRetries: "2" };
const PROJECT = "org";
const USER_INPUTS = { userName: "ana", email: "ana@example.com" };

const EXPECTED = [
  expect.stringMatching(/^Unknown config key wandb:baseURL: did you mean wandb:baseUrl\? /),
  expect.stringMatching(/^Missing wandb:baseUrl: /),
];

beforeEach(() => {
  // Only the stack's config speaks: no WANDB_* variable of the machine running the test.
  for (const setting of Object.values(CONFIG_SETTINGS)) vi.stubEnv(setting.env, "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  pulumi.runtime.setAllConfig({});
});

const problemsOf = (error: unknown): readonly string[] => {
  if (!(error instanceof WandbConfigError)) throw error;
  return error.problems;
};

async function throughTheDynamicDoor(): Promise<string[]> {
  const provider = await dynamicProviderWith(STACK_CONFIG, PROJECT);
  const result = (await provider.dispatch("User", "check", [{}, USER_INPUTS])) as { failures?: { property: string; reason: string }[] };
  return (result.failures ?? []).map(({ reason }) => reason);
}

/** The plugin's service in process: each unary call as the engine makes it. */
function pluginService() {
  const service = resourceProviderService({ version: "0.0.0", schema: async () => "{}" });
  return <Request, Response>(method: string, request: Request) =>
    new Promise<Response>((resolve, reject) =>
      (service[method] as grpc.handleUnaryCall<Request, Response>)({ request } as grpc.ServerUnaryCall<Request, Response>, (error, response) =>
        error ? reject(error) : resolve(response!),
      ),
    );
}

function checkRequest(type: string, news: object): providerProto.CheckRequest {
  return new providerProto.CheckRequest()
    .setType(type)
    .setUrn(`urn:pulumi:dev::${PROJECT}::${type}::ana`)
    .setNews(structProto.Struct.fromJavaScript(news as Record<string, structProto.JavaScriptValue>));
}

async function throughThePluginsCheckConfig(): Promise<string[]> {
  const response = await pluginService()<providerProto.CheckRequest, providerProto.CheckResponse>("checkConfig", checkRequest("pulumi:providers:wandb", SETTINGS));
  return response.getFailuresList().map((failure) => failure.getReason());
}

async function throughThePluginsCheck(): Promise<string[]> {
  const call = pluginService();
  await call("configure", new providerProto.ConfigureRequest().setArgs(structProto.Struct.fromJavaScript(SETTINGS)));
  const response = await call<providerProto.CheckRequest, providerProto.CheckResponse>("check", checkRequest(tokenOf("User"), USER_INPUTS));
  return response.getFailuresList().map((failure) => failure.getReason());
}

async function throughThePluginsFunctions(): Promise<readonly string[]> {
  const operation = new Operation(namespaceOf(STACK_CONFIG, PROJECT));
  return invoke(operation, tokenOf("getUser"), { userName: "ana" }).then(() => [], problemsOf);
}

async function throughTheCommand(): Promise<string[]> {
  const err: string[] = [];
  const env = { ...process.env, PULUMI_CONFIG: JSON.stringify(Object.fromEntries(Object.entries(STACK_CONFIG).map(([key, value]) => [key.replace(":", ":config:"), value]))) };
  const code = await main(["audit", "--roster", "roster.yaml"], { out: () => undefined, err: (line) => err.push(line), env, cwd: process.cwd(), stdin: Readable.from([""]), now: Date.now });
  expect(code).toBe(2);
  const [first = "", ...rest] = err.join("\n").replace(/^pulumi-wandb audit: /, "").split("\n");
  // One problem is the message itself; several are listed under a count.
  return /^\d+ configuration problems:$/.test(first) ? rest.map((line) => line.replace(/^- /, "")) : [first];
}

async function throughTheSdkFunctions(): Promise<readonly string[]> {
  pulumi.runtime.setAllConfig(STACK_CONFIG);
  return getUser({ userName: "ana" }).then(() => [], problemsOf);
}

it("a misspelt key gives the same problems through both doors, the command and the functions", async () => {
  const doors = {
    dynamic: await throughTheDynamicDoor(),
    checkConfig: await throughThePluginsCheckConfig(),
    pluginCheck: await throughThePluginsCheck(),
    pluginFunctions: await throughThePluginsFunctions(),
    command: await throughTheCommand(),
    sdkFunctions: await throughTheSdkFunctions(),
  };
  expect(doors.dynamic).toEqual(EXPECTED);
  for (const [door, problems] of Object.entries(doors)) expect({ door, problems }).toEqual({ door, problems: doors.dynamic });
});

it("reads the namespace whichever way its keys are written, and only it", () => {
  expect(namespaceOf({ "wandb:baseUrl": "a", "wandb:config:apiKey": "b", "other:baseUrl": "c", wandb: "d" }, "org")).toEqual({
    stackConfig: { baseUrl: "a", apiKey: "b" },
    sharedWithProject: false,
  });
  expect(namespaceOf({}, "wandb").sharedWithProject).toBe(true);
});
