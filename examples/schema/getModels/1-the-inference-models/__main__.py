import pulumi
import pulumi_wandb as wandb

inference_model_ids_var = wandb.get_models_output().ids
pulumi.export("inferenceModelIds", inference_model_ids_var)
