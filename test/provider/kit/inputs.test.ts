// The inputs a read hands the engine: what the kind's check accepts of what it read.
import { expect, it } from "vitest";
import { declarableInputs } from "../../../provider/kit/inputs";
import { userFields, userInputs } from "../../../model/shapes/user";

const read = { userName: "bo", email: "bo@x.io", displayName: "Bo", active: true, adoptExisting: false, deletionPolicy: "delete" };

it("hands back inputs the check accepts as they are", () => {
  const inputs = { ...read, organizationRole: "member" };
  expect(declarableInputs(userInputs, userFields, inputs)).toBe(inputs);
});

it("leaves out an optional field whose live value the check refuses (a custom organization role): unmanaged, as left out of a program", () => {
  expect(declarableInputs(userInputs, userFields, { ...read, organizationRole: "Run operator", modelsSeat: "unheard-of" })).toEqual(read);
});

it("keeps a required field the check refuses: left out, the check would refuse its absence all the same", () => {
  const inputs = { ...read, email: "not an email", organizationRole: "Run operator" };
  expect(declarableInputs(userInputs, userFields, inputs)).toEqual({ ...read, email: "not an email" });
});
