import * as wandb from "pulumi-wandb";

const crewNames = Array.from({ length: 20 }, (_, i) => `crew${String(i).padStart(2, "0")}`);

const users = crewNames.map(
  (userName) => new wandb.User(userName, { userName, email: `${userName}@example.com`, displayName: `Crew ${userName.slice(4)}` }),
);

export const userIds = Object.fromEntries(users.map((user, i) => [crewNames[i], user.id]));
