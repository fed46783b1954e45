// Opens the package pptxgenjs wrote and applies the XML repairs (xml-repairs.ts) to the parts
// they concern, so PowerPoint opens the deck without a repair prompt.
import JSZip from "jszip";
import { replaceCharts, type DeckChartStyle, type SlideChart } from "./native-charts";
import {
  addBackgroundEffectLists,
  addMissingTextBodies,
  dropEmptyPoints,
  dropOrphanAxisIds,
  dropPhantomOverrides,
  dropRelationships,
  dropSvgPictures,
  dropUnusedDefaults,
  fixHashColors,
  fixNaNAttributes,
  fixNegativeExtents,
  stripPlaceholderShapes,
  svgRelationshipIds,
} from "./xml-repairs";

const DRAWING_PART = /^ppt\/(slides|slideLayouts|slideMasters|notesMasters|notesSlides)\/[^/]+\.xml$/;
const MASTER_PART = /^ppt\/(slideLayouts|slideMasters)\/([^/]+\.xml)$/;
const CHART_PART = /^ppt\/charts\/[^/]+\.xml$/;

const relsPathOf = (part: string) => part.replace(/([^/]+)$/, "_rels/$1.rels");

async function rewrite(zip: JSZip, path: string, fix: (xml: string) => string): Promise<void> {
  const file = zip.file(path);
  if (!file) return;
  const xml = await file.async("string");
  const fixed = fix(xml);
  if (fixed !== xml) zip.file(path, fixed);
}

export async function repairPackage(
  raw: Buffer,
  charts?: { charts: SlideChart[]; style: DeckChartStyle },
): Promise<Buffer> {
  const zip = await JSZip.loadAsync(raw);
  // The deck's own charts first (their XML is right as written); the repairs below are no-ops on it.
  if (charts) await replaceCharts(zip, charts.charts, charts.style);
  const paths = Object.keys(zip.files).filter((p) => !zip.files[p].dir);

  for (const path of paths.filter((p) => MASTER_PART.test(p))) {
    const relsPath = relsPathOf(path);
    const rels = await zip.file(relsPath)?.async("string");
    const svgIds = rels ? svgRelationshipIds(rels) : new Set<string>();
    if (svgIds.size === 0) continue;
    await rewrite(zip, path, (xml) => dropSvgPictures(xml, svgIds));
    await rewrite(zip, relsPath, (xml) => dropRelationships(xml, svgIds));
  }

  await Promise.all(
    paths.map((path) => {
      if (DRAWING_PART.test(path))
        return rewrite(zip, path, (xml) => {
          let out = path.startsWith("ppt/notesMasters/") ? stripPlaceholderShapes(xml) : xml;
          out = addMissingTextBodies(out);
          out = addBackgroundEffectLists(out);
          return fixHashColors(fixNegativeExtents(fixNaNAttributes(out)));
        });
      if (CHART_PART.test(path))
        return rewrite(zip, path, (xml) => fixHashColors(dropEmptyPoints(dropOrphanAxisIds(fixNaNAttributes(xml)))));
      return undefined;
    }),
  );

  // SVG media no relationship points at any more (the pictures dropped above) leave the package.
  const relsParts = Object.keys(zip.files).filter((p) => p.endsWith(".rels") && !zip.files[p].dir);
  const targets = (await Promise.all(relsParts.map((p) => zip.file(p)!.async("string")))).join("\n");
  for (const path of paths.filter((p) => /^ppt\/media\/[^/]+\.svg$/i.test(p)))
    if (!targets.includes(path.slice(path.lastIndexOf("/") + 1))) zip.remove(path);
  const extensions = new Set(
    Object.keys(zip.files)
      .filter((p) => !zip.files[p].dir)
      .map((p) => p.slice(p.lastIndexOf(".") + 1).toLowerCase()),
  );

  await rewrite(zip, "[Content_Types].xml", (xml) =>
    dropUnusedDefaults(
      dropPhantomOverrides(xml, (part) => zip.file(part) !== null),
      extensions,
    ),
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 6 } });
}
