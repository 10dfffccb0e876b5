import pulumi
import pulumi_wandb as wandb

ada = wandb.User("ada",
    user_name="ada",
    email="ada@example.com",
    display_name="Ada Lovelace")
pulumi.export("adaId", ada.id)
