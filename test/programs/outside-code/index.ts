import * as wandb from "pulumi-wandb";

// The roster's objects exist already (the test seeds them): adopted as they are.
new wandb.Organization("acme", { roster: "roster.yaml", adoptExisting: true });
