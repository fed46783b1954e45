import { describe, expect, it } from "vitest";
import { SeededRandom, gaussian, mulberry32, poisson } from "@/lib/seeded-random";

// The values the demo data and the detector fixtures were generated with: a change here changes
// the demo projects and every test built on generated series.
describe("the seeded random generator", () => {
  it("draws the demo data's sequence for a seed", () => {
    const random = new SeededRandom(42);
    expect([random.next(), random.next(), random.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
    expect([random.normal(), random.normal()]).toEqual([0.6773277072041898, -0.1778509189597297]);
    expect([random.count(3), random.count(250)]).toEqual([5, 254]);
    expect([random.binomial(20, 0.3), random.binomial(500, 0.1)]).toEqual([8, 57]);
    expect(random.pick(["a", "b", "c", "d"])).toBe("a");
  });

  it("draws the detector fixtures' sequence, uniform and normal", () => {
    const uniform = mulberry32(7);
    expect([uniform(), uniform(), uniform()]).toEqual([0.011704753153026104, 0.06195825757458806, 0.97690763277933]);
    const normal = gaussian(mulberry32(7));
    expect([normal(), normal(), normal()]).toEqual([2.759372987028844, 1.131981118666697, -0.06805135650735404]);
  });

  it("keeps to its ranges and has the moments it claims", () => {
    const random = new SeededRandom(1);
    const uniforms = Array.from({ length: 20_000 }, () => random.next());
    expect(Math.min(...uniforms)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    expect(uniforms.reduce((a, b) => a + b) / uniforms.length).toBeCloseTo(0.5, 2);
    const normal = gaussian(mulberry32(3));
    const draws = Array.from({ length: 20_000 }, normal);
    const mean = draws.reduce((a, b) => a + b) / draws.length;
    const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(variance).toBeCloseTo(1, 1);
    expect(random.count(0)).toBe(0);
    expect(random.binomial(10, 1)).toBe(10);
    // Poisson draws: mean and variance both the mean; P(0) = e^-mean.
    const draw = poisson(mulberry32(9));
    expect(draw(0)).toBe(0);
    const fives = Array.from({ length: 20_000 }, () => draw(5));
    const m = fives.reduce((a, b) => a + b) / fives.length;
    expect(m).toBeCloseTo(5, 1);
    expect(fives.reduce((a, b) => a + (b - m) ** 2, 0) / fives.length).toBeCloseTo(5, 0);
    expect(fives.filter((c) => c === 0).length / fives.length).toBeCloseTo(Math.exp(-5), 2);
  });
});
