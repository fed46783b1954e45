// String-level fixes for the XML pptxgenjs 4.0.1 writes that PowerPoint repairs (and LibreOffice,
// Keynote and schema validation accept, so nothing else catches them). Each takes one part's XML
// and returns it fixed; each is a no-op on XML that is already right. pptxgenjs writes each
// element in one fixed form, which is what the patterns match.

/** `[Content_Types].xml` names a slide master per slide, but only slideMaster1.xml is written. */
export function dropPhantomOverrides(contentTypes: string, exists: (partName: string) => boolean): string {
  return contentTypes.replace(/<Override\b[^>]*PartName="([^"]+)"[^>]*\/>/g, (whole, part: string) =>
    exists(part.replace(/^\//, "")) ? whole : "",
  );
}

/**
 * `[Content_Types].xml` always declares the svg (and other) extensions pptxgenjs might write. A
 * declared SVG type with no SVG in the package is dead weight that checkers flag as an SVG deck:
 * each Default whose extension no part has is dropped.
 */
export function dropUnusedDefaults(contentTypes: string, extensions: Set<string>): string {
  return contentTypes.replace(/<Default\b[^>]*Extension="([^"]+)"[^>]*\/>/g, (whole, ext: string) =>
    extensions.has(ext.toLowerCase()) ? whole : "",
  );
}

/** The notes master's six placeholder shapes are removed by PowerPoint's repair: leave the tree empty. */
export function stripPlaceholderShapes(notesMaster: string): string {
  return notesMaster.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph\b[\s\S]*?<\/p:sp>/g, "");
}

const EMPTY_TEXT_BODY = '<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></p:txBody>';

/** Every `<p:sp>` needs a `<p:txBody>` (lines and rectangles are written without one). */
export function addMissingTextBodies(xml: string): string {
  return xml.replace(/<p:sp>([\s\S]*?)<\/p:sp>/g, (whole, inner: string) =>
    inner.includes("<p:txBody>") ? whole : `<p:sp>${inner}${EMPTY_TEXT_BODY}</p:sp>`,
  );
}

/** A solid background's `<p:bgPr>` must end with an effect list. */
export function addBackgroundEffectLists(xml: string): string {
  return xml.replace(/<p:bgPr>([\s\S]*?)<\/p:bgPr>/g, (whole, inner: string) =>
    inner.includes("<a:effectLst") || inner.includes("<a:effectDag")
      ? whole
      : `<p:bgPr>${inner}<a:effectLst/></p:bgPr>`,
  );
}

/** Table cell margins computed from a bad margin option come out as NaN. */
export function fixNaNAttributes(xml: string): string {
  return xml.replace(/(\s[A-Za-z:]+)="-?NaN"/g, '$1="0"');
}

/** Extents are unsigned: a shape drawn leftwards or upwards gets its size, not a negative one. */
export function fixNegativeExtents(xml: string): string {
  return xml.replace(/<(a|p|c):(ext|chExt)\b([^>]*)>/g, (whole, ns: string, tag: string, attrs: string) =>
    /\bc[xy]="-/.test(attrs) ? `<${ns}:${tag}${attrs.replace(/\b(c[xy])="-(\d+)"/g, '$1="$2"')}>` : whole,
  );
}

/** Colours are six hex digits: a "#" copied from CSS makes the attribute invalid. */
export function fixHashColors(xml: string): string {
  return xml.replace(
    /<a:srgbClr val="#([0-9A-Fa-f]{6})"/g,
    (_, hex: string) => `<a:srgbClr val="${hex.toUpperCase()}"`,
  );
}

/** SVG pictures in masters and layouts: removed with their relationships (PowerPoint repairs them). */
export function dropSvgPictures(xml: string, svgRelIds: Set<string>): string {
  return xml.replace(/<p:pic>[\s\S]*?<\/p:pic>/g, (pic) =>
    pic.includes("svgBlip") || [...pic.matchAll(/r:embed="([^"]+)"/g)].some((m) => svgRelIds.has(m[1])) ? "" : pic,
  );
}

/** Relationship ids of a rels part whose targets are SVG images. */
export function svgRelationshipIds(rels: string): Set<string> {
  const ids = new Set<string>();
  for (const m of rels.matchAll(/<Relationship\b[^>]*\/>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[0])?.[1] ?? "";
    if (id && /\.svg$/i.test(target)) ids.add(id);
  }
  return ids;
}

export function dropRelationships(rels: string, ids: Set<string>): string {
  return rels.replace(/<Relationship\b[^>]*\/>/g, (rel) => {
    const id = /\bId="([^"]+)"/.exec(rel)?.[1];
    return id && ids.has(id) ? "" : rel;
  });
}

/**
 * 2-D bar and line charts list a third `<c:axId>` (the 3-D series axis) that no axis defines;
 * keep only the ids of axes the plot area has.
 */
export function dropOrphanAxisIds(chart: string): string {
  const defined = new Set<string>();
  for (const m of chart.matchAll(/<c:(?:catAx|valAx|dateAx|serAx)>\s*<c:axId val="(\d+)"\/>/g)) defined.add(m[1]);
  return chart.replace(
    /<c:(barChart|lineChart|areaChart|bar3DChart|line3DChart)>([\s\S]*?)<\/c:\1>/g,
    (_, tag, inner: string) => {
      const fixed = inner.replace(/<c:axId val="(\d+)"\/>/g, (axis, id: string) => (defined.has(id) ? axis : ""));
      return `<c:${tag}>${fixed}</c:${tag}>`;
    },
  );
}

/** A missing value is written as an empty number; a numeric cache leaves the point out instead. */
export function dropEmptyPoints(chart: string): string {
  return chart.replace(/<c:pt idx="\d+"><c:v><\/c:v><\/c:pt>/g, "");
}
