import { describe, expect, test } from "bun:test";
import { jsonShapeProblem } from "../../src/lib/json-shape";

const limits = { maxDepth: 3, maxValues: 5 };

describe("jsonShapeProblem", () => {
  test("a document within the limits passes", () => {
    expect(jsonShapeProblem('{"a":[1,{"b":2}]}', limits)).toBeNull();
  });

  test("one level too deep is named", () => {
    expect(jsonShapeProblem("[[[[1]]]]", limits)).toContain("3 levels");
    expect(jsonShapeProblem("[[[1]]]", limits)).toBeNull();
  });

  test("too many values is named", () => {
    expect(jsonShapeProblem("[1,2,3,4,5,6]", limits)).toContain("5 values");
  });

  test("brackets, braces and commas inside strings do not count, escaped quotes included", () => {
    expect(jsonShapeProblem('["[[[[,,,,,,", "\\"[[[[[[", "{{{{"]', limits)).toBeNull();
  });

  test("siblings do not add depth", () => {
    expect(jsonShapeProblem("[[1],[2],[3]]", { maxDepth: 2, maxValues: 100 })).toBeNull();
  });
});
