import { describe, expect, it } from "vitest";
import { ZStadiumDocFields, ZStadiumTemplateSaveInput } from "../../shared/schemas/stadiums";

const messages = (value: unknown) => {
  const parsed = ZStadiumDocFields.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("stadium template schema: the editor's fields and the API share it", () => {
  it("requires a name of at most 60 characters and takes a comment of at most 500", () => {
    expect(messages({ name: " Arena ", comment: "" })).toEqual([]);
    expect(messages({ name: "   ", comment: "" })).toEqual(["name:v.required"]);
    expect(messages({ name: "x".repeat(61), comment: "" })).toEqual(["name:v.maxLength"]);
    expect(messages({ name: "Arena", comment: "x".repeat(501) })).toEqual(["comment:v.maxLength"]);
  });

  it("saving names the template and the version it was edited from", () => {
    const parsed = ZStadiumTemplateSaveInput.safeParse({ name: "Arena", type: "stadium", layout: {}, id: "not-a-uuid", version: 0 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(["id", "version"]));
  });
});
