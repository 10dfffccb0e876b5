import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declareType, Declarations, docComment, jsonSchemaOf } from "../../../../scripts/sdk/types/typescript-types";

const role = z.object({ name: z.string().meta({ description: "The role's name." }) }).meta({ id: "Role", description: "A role." });
const shape = z.object({
  name: z.string().meta({ description: "The name." }),
  kind: z.enum(["a", "b"]).default("a").meta({ description: "Which kind." }),
  tags: z.record(z.string(), z.string()).optional().meta({ description: "Tags by key." }),
  roles: z.array(role).meta({ description: "Its roles." }),
  either: z.union([z.string(), z.number()]).meta({ description: "A name or a number." }),
});

function declared(mode: "plain" | "input" | "output", side: "input" | "output" = "input"): string {
  const into = new Declarations();
  declareType(into, "Thing", jsonSchemaOf(shape, side), mode, "A thing.");
  return into.text();
}

describe("declareType", () => {
  it("declares plain values with each property's description, its default, and the named types it refers to after it", () => {
    expect(declared("plain")).toBe(
      [
        "/** A thing. */",
        "export interface Thing {",
        "  /** The name. */",
        "  name: string;",
        "  /**",
        "   * Which kind.",
        "   *",
        '   * @default "a"',
        "   */",
        '  kind?: "a" | "b";',
        "  /** Tags by key. */",
        "  tags?: { [key: string]: string };",
        "  /** Its roles. */",
        "  roles: Role[];",
        "  /** A name or a number. */",
        "  either: string | number;",
        "}",
        "",
        "/** A role. */",
        "export interface Role {",
        "  /** The role's name. */",
        "  name: string;",
        "}",
      ].join("\n"),
    );
  });

  it("declares inputs whose every part may be an Output, named types in their input form", () => {
    const text = declared("input");
    expect(text).toContain("  roles: pulumi.Input<pulumi.Input<RoleArgs>[]>;");
    expect(text).toContain("  tags?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;");
    expect(text).toContain("export interface RoleArgs {\n  /** The role's name. */\n  name: pulumi.Input<string>;\n}");
  });

  it("declares outputs as read-only Outputs of plain values, of undefined where the state may lack it", () => {
    const text = declared("output", "output");
    expect(text).toContain('  readonly kind: pulumi.Output<"a" | "b">;');
    expect(text).toContain("  readonly tags: pulumi.Output<{ [key: string]: string } | undefined>;");
    expect(text).toContain("  readonly roles: pulumi.Output<Role[]>;");
  });

  it("calls a shape met again by the name given to it", () => {
    const into = new Declarations();
    const roles = jsonSchemaOf(z.object({ roles: z.array(role) }), "input");
    into.nameShape("Role", jsonSchemaOf(role, "input"));
    declareType(into, "Roles", roles, "plain");
    expect(into.text()).toContain("  roles: Role[];");
  });

  it("refuses two different declarations of one name", () => {
    const into = new Declarations();
    into.declare("Role", "export interface Role {}");
    expect(() => into.declare("Role", "export interface Role { name: string }")).toThrow(/Role is declared twice/);
  });
});

describe("docComment", () => {
  it("wraps long text and keeps a description from closing the comment", () => {
    const text = docComment(`${"word ".repeat(30)}ends */ here`, "  ");
    expect(text.split("\n").every((line) => line.length <= 100)).toBe(true);
    expect(text).toContain("*\\/");
    expect(text.trimEnd().endsWith("*/")).toBe(true);
  });
});
