import PptxGenJS from "pptxgenjs";
import { describe, expect, it } from "vitest";
import { all, readPackage, type OfficePackage } from "@/test/ooxml";
import { repairPackage } from "./repair-package";

// A deck written straight with pptxgenjs 4.0.1, with the inputs that make it write each defect,
// checked before and after the repair: the test fails if a repair stops being needed or working.

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

async function rawDeck(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.defineSlideMaster({
    title: "M",
    background: { color: "FFFFFF" },
    objects: [
      { rect: { x: 0, y: 0, w: 1, h: 0.1, fill: { color: "FF0000" } } },
      { image: { x: 1, y: 1, w: 1, h: 1, data: `image/svg+xml;base64,${SVG.toString("base64")}` } },
    ],
  });
  for (let i = 0; i < 3; i++) {
    const slide = pptx.addSlide({ masterName: "M" });
    slide.addShape(pptx.ShapeType.line, { x: 3, y: 3, w: -1, h: 0, line: { color: "00FF00" } });
    slide.addTable([[{ text: "a" }, { text: "b" }]], { x: 1, y: 1, w: 4, margin: [Number.NaN, 1, 1, 1] });
    slide.addChart(pptx.ChartType.bar, [{ name: "s", labels: ["a", "b"], values: [1, 2] }], {
      x: 1,
      y: 2,
      w: 4,
      h: 3,
      valGridLine: { color: "#777777", size: 1 },
    });
  }
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}

function defects(pkg: OfficePackage) {
  const xml = pkg.paths.filter((p) => p.endsWith(".xml")).map((p) => [p, pkg.text(p)] as const);
  const masters = xml.filter(([p]) => /slide(Masters|Layouts)\//.test(p));
  const chart = pkg.text("ppt/charts/chart1.xml");
  const plot = /<c:barChart>([\s\S]*?)<\/c:barChart>/.exec(chart)?.[1] ?? "";
  return {
    phantomOverride: all(pkg.text("[Content_Types].xml"), /PartName="\/([^"]+)"/g).some((p) => !pkg.has(p)),
    notesPlaceholders: pkg.text("ppt/notesMasters/notesMaster1.xml").includes("<p:sp>"),
    shapeWithoutText: xml.some(([, t]) => all(t, /<p:sp>([\s\S]*?)<\/p:sp>/g).some((sp) => !sp.includes("<p:txBody>"))),
    backgroundWithoutEffects: xml.some(([, t]) =>
      all(t, /<p:bgPr>([\s\S]*?)<\/p:bgPr>/g).some((b) => !b.includes("effectLst")),
    ),
    nanMargin: xml.some(([, t]) => /mar[LRTB]="NaN"/.test(t)),
    negativeExtent: xml.some(([, t]) => /\bc[xy]="-/.test(t)),
    svgInMaster: masters.some(([, t]) => t.includes("svgBlip")),
    svgInPackage: pkg.paths.some((p) => /\.svg$/i.test(p)) || pkg.text("[Content_Types].xml").includes("image/svg+xml"),
    hashColour: xml.some(([, t]) => /val="#/.test(t)),
    orphanAxisId: all(plot, /<c:axId val="(\d+)"\/>/g).length !== 2,
  };
}

describe("repairPackage", () => {
  it("removes each defect pptxgenjs 4.0.1 writes", async () => {
    const raw = await rawDeck();
    const before = defects(await readPackage(raw));
    // Each input above does produce its defect (if one stops, pptxgenjs changed: revisit the repair).
    expect(before).toEqual({
      phantomOverride: true,
      notesPlaceholders: true,
      shapeWithoutText: true,
      backgroundWithoutEffects: true,
      nanMargin: true,
      negativeExtent: true,
      svgInMaster: true,
      svgInPackage: true,
      hashColour: true,
      orphanAxisId: true,
    });
    const after = defects(await readPackage(await repairPackage(raw)));
    expect(
      Object.values(after).every((v) => v === false),
      JSON.stringify(after),
    ).toBe(true);
  });
});
