import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const dorothy = new wandb.User("dorothy", {
    userName: "dorothy",
    email: "dorothy@example.com",
});
const dorothyModelsViewer = new wandb.RegistryRoleAssignment("dorothyModelsViewer", {
    user: dorothy.id,
    registryName: "models",
    roleName: "viewer",
});
