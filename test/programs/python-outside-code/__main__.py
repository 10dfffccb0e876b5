"""The outside-code program of test/programs/outside-code, from Python through the native plugin."""

import pulumi_wandb as wandb

# The roster's objects exist already (the test seeds them): adopted as they are.
wandb.Organization("acme", roster="roster.yaml", adopt_existing=True)
