/** A model of the inference catalogue; `root` is the model it derives from (a fine-tune's base), else itself. */
export interface CatalogueModel {
  id: string;
  created: number;
  ownedBy: string;
  root?: string;
}

/** The six models of the spec's table; `created` values are fixed so answers are reproducible. */
export const DEFAULT_MODELS: readonly CatalogueModel[] = [
  { id: "deepseek-ai/DeepSeek-R1-0528", created: 1748390400, ownedBy: "system" },
  { id: "deepseek-ai/DeepSeek-V3-0324", created: 1742774400, ownedBy: "system" },
  { id: "meta-llama/Llama-3.1-8B-Instruct", created: 1721606400, ownedBy: "system" },
  { id: "meta-llama/Llama-3.3-70B-Instruct", created: 1733356800, ownedBy: "system" },
  { id: "meta-llama/Llama-4-Scout-17B-16E-Instruct", created: 1743897600, ownedBy: "system" },
  { id: "microsoft/Phi-4-mini-instruct", created: 1740614400, ownedBy: "system" },
];
