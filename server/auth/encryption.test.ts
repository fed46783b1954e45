import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decryptSecret, encryptSecret } from "./encryption";

const originalKey = process.env.ENCRYPTION_KEY;

/** Replaces one base64url part of "v1.iv.tag.data" with a changed copy. */
function tamper(stored: string, index: number): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[index], "base64url");
  bytes[0] ^= 0x01;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("encryptSecret / decryptSecret", () => {
  afterEach(() => {
    process.env.ENCRYPTION_KEY = originalKey;
    vi.resetModules();
  });

  it("round-trips text, including empty and unicode, with a fresh IV each time", () => {
    for (const plain of ["ya29.access-token", "", "clé – 秘密 🔑", "x".repeat(5000)]) {
      const stored = encryptSecret(plain);
      expect(stored.startsWith("v1.")).toBe(true);
      expect(stored.split(".")).toHaveLength(4);
      if (plain) expect(stored).not.toContain(plain);
      expect(decryptSecret(stored)).toBe(plain);
    }
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("detects tampering with the ciphertext, the tag or the IV", () => {
    const stored = encryptSecret("refresh-token-value");
    expect(() => decryptSecret(tamper(stored, 3))).toThrow();
    expect(() => decryptSecret(tamper(stored, 2))).toThrow();
    expect(() => decryptSecret(tamper(stored, 1))).toThrow();
  });

  it("refuses unknown formats", () => {
    const stored = encryptSecret("x");
    expect(() => decryptSecret(stored.replace(/^v1\./, "v2."))).toThrow("Unknown secret format");
    expect(() => decryptSecret("plain-text")).toThrow("Unknown secret format");
    expect(() => decryptSecret("v1.a.b")).toThrow("Unknown secret format");
  });

  it("cannot decrypt with another key", async () => {
    const stored = encryptSecret("secret under key A");
    process.env.ENCRYPTION_KEY = randomBytes(32).toString("hex");
    vi.resetModules();
    const other = await import("./encryption");
    expect(() => other.decryptSecret(stored)).toThrow();
    // And the other way round: key B's secrets are unreadable under key A.
    const storedB = other.encryptSecret("secret under key B");
    expect(other.decryptSecret(storedB)).toBe("secret under key B");
    expect(() => decryptSecret(storedB)).toThrow();
  });
});
