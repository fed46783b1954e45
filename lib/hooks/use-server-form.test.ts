import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client/http";
import { applyFieldErrors } from "./use-server-form";

describe("server field errors on a form", () => {
  it("puts each error under its field (or the array it belongs to), focuses the first, returns the rest", () => {
    const set: { key: string; message: string; focus: boolean }[] = [];
    const error = new ApiError(400, "Invalid", {
      name: "Name is required",
      "clients.0.url": "Please enter a valid URL",
      logo: "The logo is too large",
    });
    const unmatched = applyFieldErrors(
      error,
      (key, { message }, options) => set.push({ key, message: message ?? "", focus: Boolean(options?.shouldFocus) }),
      ["name", "clients"],
    );
    expect(set).toEqual([
      { key: "name", message: "Name is required", focus: true },
      { key: "clients.0.url", message: "Please enter a valid URL", focus: false },
    ]);
    expect(unmatched).toEqual({ logo: "The logo is too large" });
  });

  it("sets nothing for an answer without field errors", () => {
    const set: string[] = [];
    expect(applyFieldErrors(new ApiError(500, "Server error"), (key) => set.push(key), ["name"])).toEqual({});
    expect(set).toEqual([]);
  });
});
