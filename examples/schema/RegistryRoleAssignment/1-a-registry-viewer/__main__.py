import pulumi
import pulumi_wandb as wandb

dorothy = wandb.User("dorothy",
    user_name="dorothy",
    email="dorothy@example.com")
dorothy_models_viewer = wandb.RegistryRoleAssignment("dorothyModelsViewer",
    user=dorothy.id,
    registry_name="models",
    role_name="viewer")
