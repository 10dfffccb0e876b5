import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();

// The model your application calls. If W&B retires it, or the id is mistyped (ids are
// case-sensitive), `pulumi preview` fails here and names the closest ids still offered,
// before anything ships that would call a model that no longer exists.
const pinned = wandb.getModelOutput({ id: config.get("model") ?? "meta-llama/Llama-3.1-8B-Instruct" });

// The whole catalogue, sorted, so that it causes no diff when nothing changed.
const catalogue = wandb.getModelsOutput({});

export const model = pinned.id;
export const modelOwner = pinned.ownedBy;
export const offered = catalogue.ids;
