import { describe, expect, it } from "vitest";
import { selectionReducer } from "./selection";

describe("selected insights (spec section 4)", () => {
  it("sets, selects, deselects and clears, never holding an id twice", () => {
    let s = selectionReducer([], { type: "set", ids: ["a", "b", "a"] });
    expect(s).toEqual(["a", "b"]);
    s = selectionReducer(s, { type: "select", ids: ["b", "c", "c"] });
    expect(s).toEqual(["a", "b", "c"]);
    s = selectionReducer(s, { type: "deselect", ids: ["a", "x"] });
    expect(s).toEqual(["b", "c"]);
    expect(selectionReducer(s, { type: "clear" })).toEqual([]);
  });
});
