import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as forgotRoute from "@/app/api/users/forgotpassword/route";
import * as signupRoute from "@/app/api/agencies/signup/route";
import { boss } from "@/server/jobs/boss";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";

// Sign-up and forgot-password give the same answer whether or not an address has an account
// (their route tests); here, in about the same time too. Calls alternate, so load on the machine
// falls on both sides alike; the median of each side is compared.

async function timed(run: () => Promise<{ status: number }>): Promise<number> {
  const started = performance.now();
  const res = await run();
  expect(res.status).toBeLessThan(300);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function compare(
  known: (i: number) => Promise<{ status: number }>,
  unknown: (i: number) => Promise<{ status: number }>,
) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 7; i++) {
    a.push(await timed(() => known(i)));
    b.push(await timed(() => unknown(i)));
  }
  const [ka, kb] = [median(a), median(b)];
  // Within a fifth of each other (without the even timing, a known address took several times longer).
  expect(Math.abs(ka - kb) / Math.max(ka, kb), `medians ${ka.toFixed(0)} ms and ${kb.toFixed(0)} ms`).toBeLessThan(0.2);
}

describe("no account enumeration from timing", () => {
  beforeAll(async () => {
    await boss();
  });
  beforeEach(resetDatabase);

  it("forgot-password answers a known and an unknown address in about the same time", async () => {
    const { agency } = await createAgency();
    // One known address per call: an address gets three reset mails an hour (send-limits.ts).
    const known = await Promise.all(
      Array.from({ length: 7 }, () => createUser({ agencyId: agency.id, role: "staff" }).then((u) => u.user.email)),
    );
    await compare(
      (i) => call(forgotRoute.POST, { body: { email: known[i] } }),
      (i) => call(forgotRoute.POST, { body: { email: `nobody${i}@example.com` } }),
    );
  }, 180_000);

  it("sign-up answers an address with an account and a new one in about the same time", async () => {
    const { admin } = await createAgency();
    const body = (email: string) => ({
      agencyName: "Acme",
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      password: "Secret1!",
      confirmPassword: "Secret1!",
      acceptTerms: true,
    });
    await compare(
      () => call(signupRoute.POST, { body: body(admin.email) }),
      (i) => call(signupRoute.POST, { body: body(`new${i}@example.com`) }),
    );
  }, 180_000);
});
