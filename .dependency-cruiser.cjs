// The import rules of the project, layers by job: service ← model ← program ← provider and sdk; cli
// on service and model alone; the provider's kit self-contained; the emulator apart; no cycles.
// `npm test` runs this check.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle makes load order matter and hides which module owns a rule.",
      from: {},
      to: { circular: true },
    },
    {
      name: "service-stands-alone",
      severity: "error",
      comment: "service/ is W&B's clients and wire: it knows nothing of the package's model, of Pulumi or of who calls it.",
      from: { path: "^service/" },
      to: { path: "^(model|program|cli|provider|sdk|emulator|scripts)/|node_modules/@pulumi/" },
    },
    {
      name: "model-below-its-users",
      severity: "error",
      comment: "model/ (shapes, roster, rules as data) is what the provider, the SDK and the command share: it imports none of them.",
      from: { path: "^model/" },
      to: { path: "^(program|cli|provider|sdk|emulator|scripts)/" },
    },
    {
      name: "model-without-pulumi",
      severity: "error",
      comment:
        "model/ is rules as data, read by the command too: nothing of it runs inside a Pulumi program or the engine's provider, " +
        "so it imports nothing of @pulumi/ (type imports included); what runs in a program is program/'s.",
      from: { path: "^model/" },
      to: { path: "node_modules/@pulumi/" },
    },
    {
      name: "program-below-its-users",
      severity: "error",
      comment: "program/ (what runs inside a Pulumi program) is what the SDK and the plugin's components share: it imports neither.",
      from: { path: "^program/" },
      to: { path: "^(cli|provider|sdk|emulator|scripts)/" },
    },
    {
      name: "cli-is-service-and-model",
      severity: "error",
      comment: "The pulumi-wandb command (export, review) talks to the service and reads the model, nothing else.",
      from: { path: "^cli/" },
      to: { path: "^(program|provider|sdk|scripts|emulator)/" },
    },
    {
      name: "cli-never-loads-pulumi",
      severity: "error",
      comment:
        "The pulumi-wandb command runs without the engine: loading @pulumi/pulumi costs it a second and 70 MB. " +
        "Only type imports of it may be reached from cli/.",
      from: { path: "^cli/" },
      to: { path: "node_modules/@pulumi/", reachable: true },
    },
    {
      name: "provider-not-to-sdk",
      severity: "error",
      comment: "provider/ runs in the engine's provider process; what users import (sdk/) must never be loaded there.",
      from: { path: "^provider/" },
      to: { path: "^sdk/" },
    },
    {
      name: "sdk-not-to-provider",
      severity: "error",
      comment: "sdk/ shares code with provider/ only through program/, model/ and service/.",
      from: { path: "^sdk/", pathNot: "^sdk/provider-shim\\.ts$" },
      to: { path: "^provider/" },
    },
    {
      name: "shim-by-package-name",
      severity: "error",
      comment:
        "The dynamic resources' shim loads the provider core by package name, in the engine's provider process only; " +
        "a relative import would load it into every program.",
      from: { path: "^sdk/provider-shim\\.ts$" },
      to: { path: "^provider/", dependencyTypes: ["local"] },
    },
    {
      name: "kit-is-self-contained",
      severity: "error",
      comment:
        "provider/kit is what every kind is built with, whichever door calls it: each call is handed its engine operation, " +
        "so the kit imports nothing else of the provider (no kind, no door, no operation's state).",
      from: { path: "^provider/kit/" },
      to: { path: "^provider/", pathNot: "^provider/kit/" },
    },
    {
      name: "emulator-stands-alone",
      severity: "error",
      comment: "The emulator stands in for the service: it shares no code with the provider.",
      from: { path: "^emulator/" },
      to: { path: "^(service|model|program|cli|provider|sdk)/" },
    },
    {
      name: "no-tests-in-product",
      severity: "error",
      comment: "Product code never imports tests.",
      from: { path: "^(service|model|program|cli|provider|sdk|emulator)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(dist|\\.tools|\\.work)/", "^sdk/(nodejs|python|go)/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
