import { describe, expect, it } from "vitest";
import { isSafeText, unsafeTextPath } from "./safe-text";

describe("safe text", () => {
  it("refuses NUL and lone surrogates, keeps paired surrogates (emoji) and ordinary text", () => {
    expect(isSafeText("Acme 😀 Café")).toBe(true);
    expect(isSafeText("a\u0000b")).toBe(false);
    expect(isSafeText("\uD800")).toBe(false);
    expect(isSafeText("x\uDC00")).toBe(false);
    expect(isSafeText("\uDC00\uD800")).toBe(false);
  });

  it("names the first unsafe field, keys included", () => {
    expect(unsafeTextPath({ a: "ok", list: [{ name: "x" }, { name: "\u0000" }] })).toBe("list.1.name");
    expect(unsafeTextPath({ ["bad\uD800"]: 1 })).toBe("_");
    expect(unsafeTextPath("\uDFFF")).toBe("_");
    expect(unsafeTextPath({ n: 1, b: true, z: null })).toBeNull();
  });
});
