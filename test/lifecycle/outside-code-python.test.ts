// The whole organization in view from Python, through the native plugin and the real engine: the
// same steps as the dynamic door's (test/support/outside-code-steps.ts), on the generated
// pulumi_wandb SDK.
import * as path from "node:path";
import { describeOutsideCode } from "../support/outside-code-steps";
import { repoRoot } from "../support/pulumi";

describeOutsideCode("Python, native plugin", path.join(repoRoot, "test", "programs", "python-outside-code"));
