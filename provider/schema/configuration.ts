// The package's configuration (`wandb:<key>`, and the explicit provider's inputs) from the settings
// table the provider judges its configuration with.
import { z } from "zod";
import { CONFIG_KEYS, CONFIG_SETTINGS, type ConfigSetting } from "../../service/config";
import type { PrimitiveType, Properties, PropertySpec } from "./pulumi-package";

/** Every setting as a property: of the type it yields, with its environment variable and its default. */
export function configurationProperties(): Properties {
  return Object.fromEntries(CONFIG_KEYS.map((key) => [key, settingProperty(CONFIG_SETTINGS[key])]));
}

function settingProperty(setting: ConfigSetting<unknown>): PropertySpec {
  const fallback = setting.default;
  if (fallback !== undefined && typeof fallback !== "string" && typeof fallback !== "number" && typeof fallback !== "boolean") {
    throw new Error(`wandb:${setting.key}: its default ${String(fallback)} is not a string, number or boolean`);
  }
  return {
    type: valueType(setting.schema),
    description: descriptionOf(setting),
    ...(fallback === undefined ? {} : { default: fallback }),
    defaultInfo: { environment: [setting.env] },
    ...(setting.secret ? { secret: true } : {}),
  };
}

/**
 * The type of the value a setting yields: a number or boolean as such; anything else (text, or
 * text the provider turns into something else, such as a URL) is set as a string.
 */
function valueType(schema: z.ZodType): PrimitiveType {
  const { type } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return type === "integer" || type === "number" || type === "boolean" ? type : "string";
}

function descriptionOf(setting: ConfigSetting<unknown>): string {
  const sentence = `Expects ${asMarkdown(setting.expected)}.`;
  const fallback = setting.default === undefined ? "" : `, else \`${String(setting.default)}\``;
  const unset = setting.required
    ? `Required: when unset, read from the environment variable \`${setting.env}\`.`
    : `When unset, read from the environment variable \`${setting.env}\`${fallback}.`;
  return `${sentence} ${unset}`;
}

/** Placeholders such as `<instance>` are code, so that Markdown does not take them for HTML tags. */
function asMarkdown(text: string): string {
  return text.replace(/[^\s(]*<[^>\s]+>[^\s,)]*/g, (placeholder) => `\`${placeholder}\``);
}
