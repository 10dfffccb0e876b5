import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const alan = new wandb.User("alan", {
    userName: "alan",
    email: "alan@example.com",
});
const edsger = new wandb.User("edsger", {
    userName: "edsger",
    email: "edsger@example.com",
});
const research = new wandb.Team("research", {
    name: "research",
    members: [
        alan.id,
        edsger.id,
    ],
});
export const researchMemberIds = research.memberIds;
