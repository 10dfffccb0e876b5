// The import rules of the project: sdk → api ← provider, the provider's kit self-contained, no cycles. `npm test` runs this check.
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
      name: "provider-not-to-sdk",
      severity: "error",
      comment: "provider/ runs in the engine's provider process; what users import (sdk/) must never be loaded there.",
      from: { path: "^provider/" },
      to: { path: "^sdk/" },
    },
    {
      name: "sdk-not-to-provider",
      severity: "error",
      comment: "sdk/ shares code with provider/ only through api/.",
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
      name: "api-is-shared",
      severity: "error",
      comment: "api/ is the layer both sides import: it imports neither of them.",
      from: { path: "^api/", pathNot: "^api/command/" },
      to: { path: "^(provider|sdk|emulator|scripts)/" },
    },
    {
      name: "command-is-api-only",
      severity: "error",
      comment: "The pulumi-wandb command (export, review) talks to the service through the shared layer alone.",
      from: { path: "^api/command/" },
      to: { path: "^(provider|sdk|scripts|emulator)/" },
    },
    {
      name: "emulator-stands-alone",
      severity: "error",
      comment: "The emulator stands in for the service: it shares no code with the provider.",
      from: { path: "^emulator/" },
      to: { path: "^(api|provider|sdk)/" },
    },
    {
      name: "no-tests-in-product",
      severity: "error",
      comment: "Product code never imports tests.",
      from: { path: "^(api|provider|sdk|emulator)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(node_modules|dist|\\.tools|\\.work)/", "^sdk/(nodejs|python|go)/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
