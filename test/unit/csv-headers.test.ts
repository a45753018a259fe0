import { describe, expect, test } from "bun:test";
import { mapHeaders, normaliseHeader, type PersonField } from "../../src/modules/audience/csv/headers.ts";

const fieldOf = (name: string, custom: string[] = []) => mapHeaders([name], custom).columns[0];

describe("mapHeaders", () => {
  test("canonical names and aliases map to person fields, ignoring case, spaces, _ and -", () => {
    const cases: [string, PersonField][] = [
      ["email", "email"],
      ["  EMAIL ", "email"],
      ["Email Address", "email"],
      ["e-mail", "email"],
      ["E_Mail", "email"],
      ["mail", "email"],
      ["given_name", "given_name"],
      ["Given Name", "given_name"],
      ["first name", "given_name"],
      ["FirstName", "given_name"],
      ["first_name", "given_name"],
      ["first-name", "given_name"],
      ["family_name", "family_name"],
      ["Last Name", "family_name"],
      ["lastname", "family_name"],
      ["Surname", "family_name"],
      ["company", "company"],
      ["Company Name", "company"],
      ["organization", "company"],
      ["Organisation", "company"],
      ["telephone", "telephone"],
      ["phone", "telephone"],
      ["Phone Number", "telephone"],
      ["mobile", "telephone"],
      ["telephones", "telephones"],
      ["timezone", "timezone"],
      ["Time Zone", "timezone"],
      ["TZ", "timezone"],
      ["private_notes", "private_notes"],
      ["Notes", "private_notes"],
    ];
    for (const [name, field] of cases) expect({ name, col: fieldOf(name) }).toEqual({ name, col: { kind: "field", field } });
  });

  test("group ids column", () => {
    expect(fieldOf("group_ids")).toEqual({ kind: "group_ids" });
    expect(fieldOf("Groups")).toEqual({ kind: "group_ids" });
  });

  test("custom field keys match with the same normalisation, and via custom.<key>", () => {
    const keys = ["plan", "signup_date", "seat-count"];
    expect(fieldOf("Plan", keys)).toEqual({ kind: "custom", key: "plan" });
    expect(fieldOf("Signup Date", keys)).toEqual({ kind: "custom", key: "signup_date" });
    expect(fieldOf("seat_count", keys)).toEqual({ kind: "custom", key: "seat-count" });
    expect(fieldOf("custom.plan", keys)).toEqual({ kind: "custom", key: "plan" });
    expect(fieldOf(" Custom.Signup_Date ", keys)).toEqual({ kind: "custom", key: "signup_date" });
  });

  test("a custom field beats an alias but not a canonical name; custom.<key> always reaches it", () => {
    const keys = ["mobile", "company"];
    expect(fieldOf("Mobile", keys)).toEqual({ kind: "custom", key: "mobile" });
    expect(fieldOf("company", keys)).toEqual({ kind: "field", field: "company" });
    expect(fieldOf("custom.company", keys)).toEqual({ kind: "custom", key: "company" });
  });

  test("unknown columns are ignored and reported once", () => {
    const m = mapHeaders(["email", "Favourite Colour", "favourite_colour", "custom.nope", "constructor", ""], []);
    expect(m.columns).toEqual([
      { kind: "field", field: "email" },
      { kind: "ignored", name: "Favourite Colour" },
      { kind: "ignored", name: "favourite_colour" },
      { kind: "ignored", name: "custom.nope" },
      { kind: "ignored", name: "constructor" },
      { kind: "ignored", name: "" },
    ]);
    expect(m.problems.map((p) => [p.column, p.code])).toEqual([
      ["Favourite Colour", "unknown_column"],
      ["custom.nope", "unknown_column"],
      ["constructor", "unknown_column"],
      ["", "unknown_column"],
    ]);
    for (const p of m.problems) expect(p.detail.length).toBeGreaterThan(0);
  });

  test("a duplicated column: the first wins, the second is ignored and reported", () => {
    const m = mapHeaders(["E-mail", "first name", "email", "given_name", "plan", "custom.plan", "groups", "group_ids"], ["plan"]);
    expect(m.columns).toEqual([
      { kind: "field", field: "email" },
      { kind: "field", field: "given_name" },
      { kind: "ignored", name: "email" },
      { kind: "ignored", name: "given_name" },
      { kind: "custom", key: "plan" },
      { kind: "ignored", name: "custom.plan" },
      { kind: "group_ids" },
      { kind: "ignored", name: "group_ids" },
    ]);
    expect(m.problems.map((p) => [p.column, p.code])).toEqual([
      ["email", "duplicate_column"],
      ["given_name", "duplicate_column"],
      ["custom.plan", "duplicate_column"],
      ["group_ids", "duplicate_column"],
    ]);
    expect(m.hasEmail).toBe(true);
  });

  test("hasEmail is false without an email column", () => {
    const m = mapHeaders(["first name", "last name"], []);
    expect(m.hasEmail).toBe(false);
    expect(m.problems).toEqual([]);
  });

  test("returned columns are fresh objects", () => {
    const a = mapHeaders(["email"], []).columns[0];
    const b = mapHeaders(["email"], []).columns[0];
    expect(a).not.toBe(b);
  });
});

describe("normaliseHeader", () => {
  test("drops case, spaces, underscores and dashes", () => {
    expect(normaliseHeader("  E-Mail_Address \t")).toBe("emailaddress");
  });
});
