// The native plugin's functions, called over gRPC as the engine calls an invoke (`Invoke`), against
// the emulator: getUser finds a user by email, and fails a lookup that finds nothing saying what was
// searched for. Moved here from test/lifecycle/native-plugin.test.ts, whose program still calls
// getUser through the engine at its up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator, type RunningEmulator } from "../../../../emulator";
import { startPlugin, type RunningPlugin } from "../../../support/plugin-process";

const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const struct = (value: object) => structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)));

describe("getUser through the plugin's Invoke", () => {
  let emu: RunningEmulator;
  let plugin: RunningPlugin;

  /** The invoke of `wandb:index:getUser` with `args`: what it returns, or the error the engine would show. */
  const getUser = async (args: object) => {
    const request = new providerProto.InvokeRequest();
    request.setTok("wandb:index:getUser");
    request.setArgs(struct(args));
    try {
      const response = await plugin.call<providerProto.InvokeRequest, providerProto.InvokeResponse>("invoke", request);
      return { returned: response.getReturn()?.toJavaScript(), failures: response.getFailuresList().map((failure) => failure.getReason()) };
    } catch (error) {
      return { error: String(error) };
    }
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    plugin = await startPlugin({ WANDB_API_KEY: "", WANDB_BASE_URL: "" });
    const configure = new providerProto.ConfigureRequest();
    configure.setArgs(struct({ baseUrl: emu.url, apiKey: { ...SECRET, value: emu.admin.apiKey }, username: emu.admin.username, deployment: emu.deployment, version: "0.1.0" }));
    await plugin.call("configure", configure);
  });
  afterAll(async () => {
    await plugin?.stop();
    await emu?.close();
  });

  it("finds a user by email", async () => {
    const found = await getUser({ email: `${emu.admin.username}@acme.example` });
    expect(found).toMatchObject({ returned: { userName: emu.admin.username }, failures: [] });
  });

  it("fails a lookup that finds nothing, saying what was searched for", async () => {
    const failed = await getUser({ email: "nobody-native@example.com" });
    expect(failed.error).toMatch(/getUser: no user with email "nobody-native@example\.com" in the W&B organization at http:\/\/127\.0\.0\.1:\d+ \(searched \d+\)/);
  });
});
