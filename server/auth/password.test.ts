import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";

describe("hashPassword / verifyPassword", () => {
  it("hashes with scrypt and a random salt, and verifies only the right password", async () => {
    const [a, b] = await Promise.all([hashPassword("Secret1!"), hashPassword("Secret1!")]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain("Secret1!");
    expect(a).not.toBe(b);
    expect(await verifyPassword("Secret1!", a)).toBe(true);
    expect(await verifyPassword("Secret1!", b)).toBe(true);
    expect(await verifyPassword("Secret1?", a)).toBe(false);
    expect(await verifyPassword("secret1!", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("refuses malformed stored values without throwing", async () => {
    const good = await hashPassword("Secret1!");
    const [, n, r, p, salt, hash] = good.split("$");
    const malformed = [
      "",
      "garbage",
      `bcrypt$${n}$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$${n}$${r}$${p}$$${hash}`,
      // A hash part that decodes to nothing must not match every password.
      `scrypt$${n}$${r}$${p}$${salt}$!!!`,
      `scrypt$abc$${r}$${p}$${salt}$${hash}`,
      `scrypt$1$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$${hash.slice(0, 20)}`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword("Secret1!", stored), stored).resolves.toBe(false);
    }
  });

  it("keeps one dummy hash for unknown emails, which matches nothing guessable", async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(dummy).toMatch(/^scrypt\$/);
    expect(await verifyPassword("Secret1!", dummy)).toBe(false);
  });
});
