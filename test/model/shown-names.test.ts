// Names from W&B as people read them in the engine's output: every control, zero-width and bidi
// character as its code, with a note that the name hides characters (model/shown-names), in the
// outside-code lines and in every line the provider prints (provider/kit/engine-output).
import { describe, expect, it } from "vitest";
import { declaredOf, outsideCodeLines, outsideCodeUnder, REPORT_ONLY, type ListedOrganization } from "../../model/outside-code";
import { HIDES_CHARACTERS, shownName } from "../../model/shown-names";
import { engineOutput, type Severity } from "../../provider/kit/engine-output";
import { expectShownSafely, HOSTILE } from "../support/hostile-names";

describe("shownName", () => {
  it("leaves a name that hides nothing as it is", () => {
    for (const name of ["ana", "Bo.Chen", "ana@example.com", "Ünïcødé 名前", HOSTILE.html, HOSTILE.mention]) expect(shownName(name)).toBe(name);
  });

  it("shows controls, zero-width and bidi characters as their codes, and says the name hides characters", () => {
    expect(shownName(HOSTILE.escape)).toBe(`red\\u001b[31mteam ${HIDES_CHARACTERS}`);
    expect(shownName(HOSTILE.bell)).toBe("ding\\u0007dong (hides characters)");
    expect(shownName(HOSTILE.zeroWidth)).toBe("ana\\u200blee (hides characters)");
    expect(shownName(HOSTILE.bidi)).toBe("admin\\u202enimda (hides characters)");
    expect(shownName("a\nb\u009b\u007f\u2028\u2066\u2069\u200d\u2060\ufeff\u200e\u061c")).toBe(
      "a\\u000ab\\u009b\\u007f\\u2028\\u2066\\u2069\\u200d\\u2060\\ufeff\\u200e\\u061c (hides characters)",
    );
    // A Unicode tag character: invisible text beyond the basic plane.
    expect(shownName("ana\u{e0041}")).toBe("ana\\u{e0041} (hides characters)");
  });
});

describe("the engine's outside-code lines name hidden characters by code", () => {
  const scimUser = (id: string, userName: string, organizationRole = "member") => ({ id, userName, email: `${id}@acme.example`, active: true, organizationRole });
  const listed: ListedOrganization = {
    users: [
      scimUser("u1", "ana"),
      scimUser("u2", HOSTILE.escape, "admin"),
      scimUser("u3", HOSTILE.bell),
      scimUser("u4", HOSTILE.zeroWidth),
      scimUser("u5", HOSTILE.bidi),
      scimUser("u6", HOSTILE.mention),
      scimUser("u7", HOSTILE.html),
    ],
    teams: [
      { id: "t1", name: HOSTILE.bidi, members: [{ id: "u2" }, { id: "u4" }] },
      { id: "t2", name: HOSTILE.mention, members: [{ id: "u3" }] },
    ],
    roles: [{ id: "r1", name: `Run\u0007 ${HOSTILE.zeroWidth}`, description: "", inheritedFrom: "member", permissions: ["run:stop"], inheritedPermissions: [] }],
  };

  it("in the warnings and the notes, each name shown once, with the note", () => {
    const declared = declaredOf({ users: ["ana"], admins: [], teams: {}, emails: { ana: "u1@acme.example" }, customRoles: [], idpTeams: {} });
    const report = outsideCodeUnder(declared, listed, REPORT_ONLY);
    const { warnings, notes } = outsideCodeLines(`acme\u202e`, report);
    const lines = [...warnings, ...notes];
    expect(lines.length).toBeGreaterThanOrEqual(9);
    for (const line of lines) {
      expectShownSafely(line, { markdown: false });
      expect(line).not.toContain("\n");
    }
    expect(warnings).toEqual([
      'Organization "acme\\u202e (hides characters)": outside code: red\\u001b[31mteam (hides characters) (u2@acme.example) is an organization admin the roster does not declare',
    ]);
    expect(notes).toContain('Organization "acme\\u202e (hides characters)": outside code: user ding\\u0007dong (hides characters) (u3@acme.example, organization role member), not declared');
    expect(notes).toContain(
      'Organization "acme\\u202e (hides characters)": outside code: team admin\\u202enimda (hides characters), not declared, members: ana\\u200blee (hides characters), red\\u001b[31mteam (hides characters)',
    );
    expect(notes).toContain(
      'Organization "acme\\u202e (hides characters)": outside code: custom role Run\\u0007 ana\\u200blee (hides characters), not declared, member plus run:stop',
    );
  });
});

describe("every line the provider prints", () => {
  it("shows the hidden characters of the names it quotes by code, on one line", () => {
    const said: { severity: Severity; line: string }[] = [];
    const { tell, warn } = engineOutput((severity, line) => said.push({ severity, line }));
    warn(`team "${HOSTILE.escape}" taken over`);
    tell(`user "${HOSTILE.bell}\nwarning: forged" left in W&B`);
    tell(`team "${HOSTILE.bidi}" was emptied`);
    tell("nothing hidden here");
    expect(said).toEqual([
      { severity: "warning", line: 'team "red\\u001b[31mteam" taken over (hides characters)' },
      { severity: "info", line: 'user "ding\\u0007dong\\u000awarning: forged" left in W&B (hides characters)' },
      { severity: "info", line: 'team "admin\\u202enimda" was emptied (hides characters)' },
      { severity: "info", line: "nothing hidden here" },
    ]);
  });
});
