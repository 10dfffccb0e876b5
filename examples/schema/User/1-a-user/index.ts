import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const ada = new wandb.User("ada", {
    userName: "ada",
    email: "ada@example.com",
    displayName: "Ada Lovelace",
});
export const adaId = ada.id;
