import { describe, expect, it } from "vitest";
import { analystNarrative } from "@/lib/insights/narrate/analyst";
import { formatPeriod } from "@/lib/insights/format-values";
import { all, readPackage, wellFormed, type OfficePackage } from "@/test/ooxml";
import { syntheticModel } from "../synthetic-model";
import { buildPptx } from "./build-pptx";

const model = syntheticModel({ insights: 5, days: 45 });
const slidePath = (n: number) => `ppt/slides/slide${n}.xml`;
const texts = (xml: string) => all(xml, /<a:t>([^<]*)<\/a:t>/g).join(" ");
const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

function chartOf(pkg: OfficePackage, slide: number): string {
  const rel = [...pkg.rels(slidePath(slide)).values()].find((r) => r.type === "chart");
  if (!rel) throw new Error(`slide ${slide} has no chart`);
  return pkg.text(rel.target);
}

/** The numeric cache of each series: its name and its points by index. */
function seriesOf(chart: string) {
  return all(chart, /<c:ser>([\s\S]*?)<\/c:ser>/g).map((ser) => {
    const name = /<c:tx>[\s\S]*?<c:v>([^<]*)<\/c:v>/.exec(ser)?.[1] ?? "";
    const values = /<c:val>([\s\S]*?)<\/c:val>/.exec(ser)?.[1] ?? "";
    const count = Number(/<c:ptCount val="(\d+)"/.exec(values)?.[1]);
    const points = new Map<number, number>();
    for (const m of values.matchAll(/<c:pt idx="(\d+)"><c:v>([^<]*)<\/c:v><\/c:pt>/g))
      points.set(Number(m[1]), Number(m[2]));
    return { name: unescape(name), count, points };
  });
}

describe("buildPptx", async () => {
  const pkg = await readPackage(await buildPptx(model));
  const slides = pkg.paths.filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));

  it("has a title slide, a summary slide and one slide per insight", () => {
    expect(slides).toHaveLength(2 + model.insights.length);
    const title = unescape(texts(pkg.text(slidePath(1))));
    expect(title).toContain(model.theme.reportTitle);
    expect(title).toContain(`${model.client.name} · ${model.project.name}`);
    expect(title).toContain(formatPeriod(model.period.start, model.period.end));
    expect(pkg.paths.some((p) => p.startsWith("ppt/media/") && p.endsWith(".png"))).toBe(true);
  });

  it("shows the report's key figures on the cover, coloured only where the tests back the change", async () => {
    const xml = pkg.text(slidePath(1));
    const title = unescape(texts(xml));
    expect(title).toContain("Revenue €48,210.50 ▲ +20.2 %  vs €40,120.00");
    expect(title).toContain("Transactions 512 ▼ −3.4 %  vs 530 Within normal day-to-day variation");
    // The revenue rise in green, the orders' fall within its variation in the muted grey, not red.
    expect(xml).toMatch(/<a:solidFill><a:srgbClr val="15803D"\/><\/a:solidFill>[^]*?▲ \+20\.2 %/);
    expect(xml).not.toMatch(/val="B91C1C"[^]*?▼ −3\.4 %/);
    // A tag or chosen insights carry no figures: the cover has none.
    const plain = await readPackage(await buildPptx({ ...model, figures: null }));
    expect(unescape(texts(plain.text(slidePath(1))))).not.toContain("Revenue €48,210.50");
  });

  it("lists the most impactful insights on the summary slide, highest impact first", () => {
    const summary = unescape(texts(pkg.text(slidePath(2))));
    const order = [...model.insights].sort((a, b) => b.impact - a.impact).map((i) => summary.indexOf(i.title));
    expect(order.every((pos) => pos >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Headline numbers with the project's currency (revenue insight 0: €).
    expect(summary).toMatch(/€[\d,]+/);
  });

  it("leaves a question that found nothing off the summary slide", async () => {
    const quiet = { ...model.insights[1], id: "quiet", title: "Nothing found here", findings: [], impact: 0.9 };
    const withQuiet = await readPackage(await buildPptx({ ...model, insights: [...model.insights, quiet] }));
    expect(unescape(texts(withQuiet.text(slidePath(2))))).not.toContain("Nothing found here");
  });

  it("draws anomalies as a line with the expected band, with the report's numbers", () => {
    const insight = model.insights[0];
    const chart = chartOf(pkg, 3);
    expect(chart).toContain("<c:lineChart>");
    if (insight.chart?.type !== "series") throw new Error("expected an anomaly series");
    const points = insight.chart.points;
    // The range is a shaded band (its lower edge unfilled, its width stacked on it), not two more lines.
    expect(chart).toContain('<c:areaChart><c:grouping val="stacked"/>');
    const series = seriesOf(chart);
    expect(series.map((s) => s.name)).toEqual(["Expected range (lower edge)", "Expected range", "Revenue", "Expected"]);
    const columns = [
      points.map((p) => p.low),
      points.map((p) => (p.low != null && p.high != null ? p.high - p.low : null)),
      points.map((p) => p.value),
      points.map((p) => p.expected),
    ];
    series.forEach((s, k) => {
      expect(s.count).toBe(points.length);
      columns[k].forEach((v, idx) => {
        if (v === null || v === undefined) expect(s.points.has(idx)).toBe(false);
        else expect(s.points.get(idx)).toBeCloseTo(v, 6);
      });
    });
    expect(/<c:ser><c:idx val="0"\/>[\s\S]*?<c:spPr><a:noFill\/>/.test(chart)).toBe(true);
    // Told as the card tells it: the headline and the next step, not the engine's whole summary.
    const story = analystNarrative(
      { findings: insight.findings, chart: insight.chart as { type: string } },
      { currency: model.project.currency, period: model.period },
    )!;
    const slide = unescape(texts(pkg.text(slidePath(3))));
    // The slide's title is the finding, not the question's name.
    expect(unescape(all(pkg.text(slidePath(3)), /<a:t>([^<]*)<\/a:t>/g)[0])).toBe(story.headline);
    expect(slide).toMatch(/Next step: /);
    expect(slide).toContain(story.next);
    // With its effect on the KPI in the KPI's unit (revenue here).
    expect(slide).toMatch(/Effect on KPI: −€[\d,.]+ revenue/);
  });

  it("draws period changes and drivers as bars with their numbers", () => {
    const change = chartOf(pkg, 4);
    expect(change).toContain("<c:barChart>");
    const driver = model.insights[2];
    const bars = seriesOf(chartOf(pkg, 5));
    if (driver.chart?.type !== "contributions") throw new Error("expected a driver");
    expect([...bars[0].points.values()]).toEqual([
      ...driver.chart.segments.map((s) => s.contribution),
      driver.chart.otherContribution,
    ]);
  });

  it("draws a funnel as each step's rate, which reads whatever the steps' sizes", () => {
    const funnel = model.insights[3];
    if (funnel.chart?.type !== "funnel") throw new Error("expected a funnel");
    const steps = funnel.chart.steps;
    const [now, before] = seriesOf(chartOf(pkg, 6));
    const close = (got: number[], want: number[]) => want.forEach((w, k) => expect(got[k]).toBeCloseTo(w, 9));
    close(
      [...now.points.values()],
      steps.slice(1).map((s, k) => s.current / steps[k].current),
    );
    close(
      [...before.points.values()],
      steps.slice(1).map((s, k) => s.baseline / steps[k].baseline),
    );
    expect(chartOf(pkg, 6)).toContain('<c:numFmt formatCode="0.0%" sourceLinked="0"/>');
  });

  it("puts the evidence table on each insight slide", () => {
    const slide = pkg.text(slidePath(5));
    expect(slide).toContain("<a:tbl>");
    expect(unescape(texts(slide))).toContain("Channel: Paid Search");
  });

  it("shows the footer on every slide", () => {
    for (const slide of slides) {
      const layout = [...pkg.rels(slide).values()].find((r) => r.type === "slideLayout");
      expect(texts(pkg.text(layout!.target))).toContain(model.theme.footerText);
    }
  });

  describe("has none of the parts PowerPoint repairs", () => {
    const xmlParts = pkg.paths.filter((p) => /\.xml$/.test(p));

    it("declares content types only for parts in the archive, and one for every chart", () => {
      const types = pkg.text("[Content_Types].xml");
      const declared = all(types, /PartName="\/([^"]+)"/g);
      for (const part of declared) expect(pkg.has(part), part).toBe(true);
      for (const chart of pkg.paths.filter((p) => /^ppt\/charts\/chart\d+\.xml$/.test(p)))
        expect(declared).toContain(chart);
    });

    it("writes every part as well-formed XML", () => {
      for (const part of pkg.paths.filter((p) => /\.(xml|rels)$/.test(p)))
        expect(wellFormed(pkg.text(part)), part).toBe(true);
    });

    it("resolves every relationship to a part in the archive", () => {
      const sources = ["", ...pkg.paths.filter((p) => /\.xml$/.test(p))];
      for (const source of sources)
        for (const [id, rel] of pkg.rels(source))
          if (!rel.external) expect(pkg.has(rel.target), `${source} ${id}`).toBe(true);
    });

    it("keeps the notes master free of placeholder shapes", () => {
      expect(pkg.text("ppt/notesMasters/notesMaster1.xml")).not.toContain("<p:sp>");
    });

    it("gives every shape a text body and every solid background an effect list", () => {
      for (const part of xmlParts) {
        for (const sp of all(pkg.text(part), /<p:sp>([\s\S]*?)<\/p:sp>/g)) expect(sp, part).toContain("<p:txBody>");
        for (const bg of all(pkg.text(part), /<p:bgPr>([\s\S]*?)<\/p:bgPr>/g))
          expect(bg, part).toContain("<a:effectLst/>");
      }
    });

    it("writes no NaN, no negative extent and no colour with #", () => {
      for (const part of xmlParts) {
        const xml = pkg.text(part);
        expect(xml, part).not.toMatch(/="-?NaN"/);
        expect(xml, part).not.toMatch(/\bc[xy]="-/);
        expect(xml, part).not.toMatch(/val="#/);
      }
    });

    it("has no SVG image in masters or layouts", () => {
      for (const part of pkg.paths.filter((p) => /^ppt\/(slideMasters|slideLayouts)\/[^/]+\.xml$/.test(p))) {
        expect(pkg.text(part)).not.toContain("svgBlip");
        for (const rel of pkg.rels(part).values()) expect(rel.target).not.toMatch(/\.svg$/);
      }
    });

    it("gives every 2-D chart exactly the axis ids its axes define", () => {
      for (const part of pkg.paths.filter((p) => /^ppt\/charts\/chart\d+\.xml$/.test(p))) {
        const xml = pkg.text(part);
        const defined = all(xml, /<c:(?:catAx|valAx|dateAx|serAx)>\s*<c:axId val="(\d+)"\/>/g);
        const plot = /<c:(barChart|lineChart)>([\s\S]*?)<\/c:\1>/.exec(xml)?.[2] ?? "";
        const used = all(plot, /<c:axId val="(\d+)"\/>/g);
        expect(used.sort(), part).toEqual(defined.sort());
        expect(used).toHaveLength(2);
        // Its workbook is there, so the chart stays editable.
        const embedded = [...pkg.rels(part).values()].find((r) => r.type === "package");
        expect(embedded && pkg.has(embedded.target)).toBe(true);
      }
    });
  });

  it("leaves the logo out of masters when the theme has none, and still builds", async () => {
    const plain = await readPackage(await buildPptx(syntheticModel({ insights: 1, theme: { logo: null } })));
    expect(plain.paths.some((p) => p.startsWith("ppt/media/"))).toBe(false);
  });
});
