// Preloaded (`node --require`) into the dynamic-resource provider process by the plugin wrapper
// scripts/setup.sh writes: @pulumi/pulumi's provider server watches nothing, so a killed CLI would
// leave it running, finishing the creates and updates it had begun.
import { endProcessGroup, watchEngine } from "../provider/engine-lifeline";

/** The engine's address among the provider's arguments, skipped as @pulumi/pulumi's provider server skips them. */
function engineAddress(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--tracing") i++;
    else if (arg !== "--logtostderr" && !arg.startsWith("-v=")) return arg;
  }
  return undefined;
}

watchEngine(engineAddress(process.argv.slice(2)), endProcessGroup);
