import pulumi
import pulumi_wandb as wandb

llama = wandb.get_model_output(id="meta-llama/Llama-3.1-8B-Instruct")
pulumi.export("llamaOwner", llama.owned_by)
