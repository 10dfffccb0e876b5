// The whole organization in view from Python, through the native plugin and the real engine, on the
// generated pulumi_wandb SDK: the steps of the dynamic door's (test/support/outside-code-steps.ts)
// that the plugin carries its own way: a wrong key at its first preview's reads (issue 41), the
// adoption and the plain up, the refreshing preview's lines and their review. What the roster's
// record then does with a user made by hand, a member the identity provider adds, or `users:
// deactivate` is its kind's logic, which both doors serve from one table: outside-code.test.ts.
import * as path from "node:path";
import { describeOutsideCode } from "../support/outside-code-steps";
import { repoRoot } from "../support/pulumi";

describeOutsideCode("Python, native plugin", path.join(repoRoot, "test", "programs", "python-outside-code"), "the door's own");
