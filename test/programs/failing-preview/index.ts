// A program that fails its preview in one of two ways, beside N valid resources: a model id that is
// not offered (an error of the program, through getModelOutput) or an input its check refuses.
import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();
const beside = Number(config.get("beside") ?? "1");
for (let i = 0; i < beside; i++) {
  new wandb.CustomRole(`role${i}`, { name: `Role ${i}`, inheritedFrom: "member", permissions: ["run:stop"] });
}
const mistake = config.get("mistake");
if (mistake === "input") new wandb.User("bad", { userName: "bad", email: "not-an-email" });
export const model = mistake === "model" ? wandb.getModelOutput({ id: "meta-llama/llama-3.3-70b-instruct" }).id : undefined;
