import "server-only";

// An allow-list SVG sanitizer for uploaded logos. The upload is parsed as strict XML into a tree,
// and a new document is written from that tree keeping only known-harmless elements and
// attributes, with every text and attribute value re-escaped. Because the output is rebuilt rather
// than edited in place, parser tricks in the input (odd quoting, entities, CDATA, comments) cannot
// smuggle markup through: only names from the lists below ever reach the output.
//
// Dropped: <script>, <foreignObject>, <image>/<feImage> (they load resources), animation elements
// (<animate>/<set> can rewrite an href to javascript:), metadata and editor namespaces, every on*
// event attribute, any href that is not a same-document "#id", any value with javascript:,
// vbscript:, data: or a url() that is not "url(#id)", and CSS with @import, escapes or expressions.
// Refused (SvgRejectedError): anything that is not well-formed XML with an <svg> root, a DOCTYPE
// with an internal subset (entity declarations), and unknown entity references.

export class SvgRejectedError extends Error {
  constructor(reason: string) {
    super(`Not an acceptable SVG: ${reason}`);
    this.name = "SvgRejectedError";
  }
}

export interface SanitizedSvg {
  svg: string;
  /** What was taken out, e.g. "<script>", "onload", "href" (for a notice and for tests). */
  removed: string[];
}

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const MAX_DEPTH = 200;
const MAX_NODES = 100_000;

const ALLOWED_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "symbol",
  "use",
  "switch",
  "style",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncR",
  "feFuncG",
  "feFuncB",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
]);

/** Kept for their content only: the element itself goes (a link could point anywhere). */
const UNWRAPPED_ELEMENTS = new Set(["a"]);

const ALLOWED_ATTRIBUTES = new Set([
  "id",
  "class",
  "style",
  "transform",
  "version",
  "viewBox",
  "preserveAspectRatio",
  "xml:space",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "width",
  "height",
  "d",
  "points",
  "pathLength",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "opacity",
  "color",
  "display",
  "visibility",
  "overflow",
  "clip-path",
  "clip-rule",
  "clipPathUnits",
  "mask",
  "maskUnits",
  "maskContentUnits",
  "filter",
  "filterUnits",
  "primitiveUnits",
  "color-interpolation-filters",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "marker-start",
  "marker-mid",
  "marker-end",
  "markerWidth",
  "markerHeight",
  "markerUnits",
  "refX",
  "refY",
  "orient",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "baseline-shift",
  "letter-spacing",
  "word-spacing",
  "text-decoration",
  "writing-mode",
  "dx",
  "dy",
  "rotate",
  "textLength",
  "lengthAdjust",
  "startOffset",
  "stdDeviation",
  "in",
  "in2",
  "result",
  "mode",
  "type",
  "values",
  "operator",
  "k1",
  "k2",
  "k3",
  "k4",
  "flood-color",
  "flood-opacity",
  "tableValues",
  "slope",
  "intercept",
  "amplitude",
  "exponent",
  "radius",
  "shape-rendering",
  "vector-effect",
  "paint-order",
  "mix-blend-mode",
  "isolation",
]);

/** Elements whose href may point inside the document (never outside it). */
const HREF_ELEMENTS = new Set(["use", "linearGradient", "radialGradient", "pattern", "textPath", "filter"]);
const LOCAL_REFERENCE = /^#[A-Za-z_][\w.:-]*$/;

type Attr = [name: string, value: string];
interface ElementNode {
  kind: "element";
  name: string;
  attrs: Attr[];
  children: SvgNode[];
}
interface TextNode {
  kind: "text";
  value: string;
}
type SvgNode = ElementNode | TextNode;

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&([^;&\s]{0,32});?/g, (match, body: string) => {
    if (!match.endsWith(";")) throw new SvgRejectedError("a bare '&'");
    if (body in PREDEFINED_ENTITIES) return PREDEFINED_ENTITIES[body];
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw new SvgRejectedError(`the entity &${body};`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : parseInt(numeric[2], 10);
    const valid =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!valid) throw new SvgRejectedError("an invalid character reference");
    return String.fromCodePoint(code);
  });
}

/** Parses well-formed XML into a tree; throws SvgRejectedError on anything malformed. */
function parse(source: string): ElementNode {
  const s = source.replace(/^\uFEFF/, "");
  const root: ElementNode = { kind: "element", name: "#document", attrs: [], children: [] };
  const stack: ElementNode[] = [root];
  let i = 0;
  let nodes = 0;
  const top = () => stack[stack.length - 1];
  const indexOrReject = (needle: string, from: number, what: string) => {
    const at = s.indexOf(needle, from);
    if (at < 0) throw new SvgRejectedError(`an unterminated ${what}`);
    return at;
  };

  while (i < s.length) {
    if (++nodes > MAX_NODES) throw new SvgRejectedError("too many nodes");
    if (s[i] !== "<") {
      const end = s.indexOf("<", i);
      const raw = s.slice(i, end < 0 ? s.length : end);
      top().children.push({ kind: "text", value: decodeEntities(raw) });
      i = end < 0 ? s.length : end;
      continue;
    }
    if (s.startsWith("<!--", i)) {
      i = indexOrReject("-->", i + 4, "comment") + 3;
      continue;
    }
    if (s.startsWith("<![CDATA[", i)) {
      const end = indexOrReject("]]>", i + 9, "CDATA section");
      top().children.push({ kind: "text", value: s.slice(i + 9, end) });
      i = end + 3;
      continue;
    }
    if (s.startsWith("<!", i)) {
      if (!/^<!DOCTYPE\s/i.test(s.slice(i, i + 10)) || stack.length > 1)
        throw new SvgRejectedError("a markup declaration");
      const end = indexOrReject(">", i, "DOCTYPE");
      // An internal subset ("[...]") declares entities: refused rather than expanded.
      if (s.slice(i, end).includes("[")) throw new SvgRejectedError("a DOCTYPE with declarations");
      i = end + 1;
      continue;
    }
    if (s.startsWith("<?", i)) {
      i = indexOrReject("?>", i + 2, "processing instruction") + 2;
      continue;
    }
    if (s.startsWith("</", i)) {
      const name = NAME.exec(s.slice(i + 2, i + 2 + 256))?.[0];
      const after = i + 2 + (name?.length ?? 0);
      const close = /^\s*>/.exec(s.slice(after, after + 256));
      if (!name || !close || stack.length === 1 || top().name !== name) throw new SvgRejectedError("mismatched tags");
      stack.pop();
      i = after + close[0].length;
      continue;
    }

    // A start tag: name, attributes, then ">" or "/>".
    const name = NAME.exec(s.slice(i + 1, i + 1 + 256))?.[0];
    if (!name) throw new SvgRejectedError("a malformed tag");
    i += 1 + name.length;
    const element: ElementNode = { kind: "element", name, attrs: [], children: [] };
    const seen = new Set<string>();
    let selfClosing = false;
    for (;;) {
      const ws = /^\s*/.exec(s.slice(i, i + 4096))![0];
      i += ws.length;
      if (s.startsWith("/>", i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (s[i] === ">") {
        i += 1;
        break;
      }
      if (ws.length === 0) throw new SvgRejectedError("a malformed tag");
      const attrName = NAME.exec(s.slice(i, i + 256))?.[0];
      if (!attrName) throw new SvgRejectedError("a malformed attribute");
      i += attrName.length;
      const eq = /^\s*=\s*/.exec(s.slice(i, i + 4096));
      if (!eq) throw new SvgRejectedError("an attribute without a value");
      i += eq[0].length;
      const quote = s[i];
      if (quote !== '"' && quote !== "'") throw new SvgRejectedError("an unquoted attribute");
      const end = indexOrReject(quote, i + 1, "attribute value");
      const raw = s.slice(i + 1, end);
      if (raw.includes("<")) throw new SvgRejectedError("'<' in an attribute value");
      if (seen.has(attrName)) throw new SvgRejectedError("a repeated attribute");
      seen.add(attrName);
      // XML attribute-value normalisation: literal whitespace characters become spaces.
      element.attrs.push([attrName, decodeEntities(raw.replace(/[\t\n\r]/g, " "))]);
      i = end + 1;
    }
    if (stack.length === 1 && root.children.some((c) => c.kind === "element"))
      throw new SvgRejectedError("more than one root element");
    top().children.push(element);
    if (!selfClosing) {
      if (stack.length > MAX_DEPTH) throw new SvgRejectedError("nesting too deep");
      stack.push(element);
    }
  }
  if (stack.length !== 1) throw new SvgRejectedError("unclosed tags");
  if (root.children.some((c) => c.kind === "text" && c.value.trim() !== ""))
    throw new SvgRejectedError("text outside the root element");
  const documentElement = root.children.find((c): c is ElementNode => c.kind === "element");
  if (!documentElement || documentElement.name !== "svg") throw new SvgRejectedError("the root element is not <svg>");
  return documentElement;
}

/** Lower-cased with whitespace and control characters removed, as URL parsers would see it. */
const squash = (value: string) =>
  value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029\ufeff]/g, "").toLowerCase();

/** url(...) may only point inside the document. */
function urlsAreLocal(value: string): boolean {
  const squashed = squash(value);
  let from = 0;
  for (;;) {
    const at = squashed.indexOf("url(", from);
    if (at < 0) return true;
    const rest = squashed.slice(at + 4).replace(/^["']/, "");
    if (!rest.startsWith("#")) return false;
    from = at + 4;
  }
}

function isSafeValue(value: string): boolean {
  const squashed = squash(value);
  if (/(?:java|vb)script:|data:|expression\(|@import|-moz-binding|behavior:/.test(squashed)) return false;
  return urlsAreLocal(value);
}

/** CSS (style attributes and <style>): also no escapes (they can spell anything) and no markup. */
function isSafeCss(css: string): boolean {
  return !/[\\<>]/.test(css) && !/@(?:import|font-face|namespace)/i.test(css) && isSafeValue(css);
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function escapeAttr(value: string): string {
  return escapeText(value)
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");
}

function cleanAttrs(element: ElementNode, removed: string[], isRoot: boolean): { attrs: Attr[]; usesXlink: boolean } {
  const attrs: Attr[] = [];
  let usesXlink = false;
  for (const [name, value] of element.attrs) {
    if (name === "xmlns" || name.startsWith("xmlns:")) continue; // namespaces are declared afresh on the root
    if (name === "href" || name === "xlink:href") {
      if (HREF_ELEMENTS.has(element.name) && LOCAL_REFERENCE.test(value.trim())) {
        attrs.push([name, value.trim()]);
        if (name === "xlink:href") usesXlink = true;
      } else removed.push(name);
      continue;
    }
    if (!ALLOWED_ATTRIBUTES.has(name)) {
      removed.push(name);
      continue;
    }
    const safe = name === "style" ? isSafeCss(value) : isSafeValue(value);
    if (!safe) {
      removed.push(name);
      continue;
    }
    attrs.push([name, value]);
  }
  if (isRoot) attrs.unshift(["xmlns", SVG_NS]);
  return { attrs, usesXlink };
}

function serialize(node: SvgNode, removed: string[], out: string[], isRoot = false): boolean {
  if (node.kind === "text") {
    out.push(escapeText(node.value));
    return false;
  }
  if (UNWRAPPED_ELEMENTS.has(node.name)) {
    removed.push(`<${node.name}>`);
    let usesXlink = false;
    for (const child of node.children) usesXlink = serialize(child, removed, out) || usesXlink;
    return usesXlink;
  }
  if (!ALLOWED_ELEMENTS.has(node.name)) {
    removed.push(`<${node.name}>`);
    return false;
  }
  if (node.name === "style") {
    // A <style> holds text only; CSS that could load anything is dropped whole.
    const css = node.children.map((c) => (c.kind === "text" ? c.value : "")).join("");
    if (node.children.some((c) => c.kind === "element") || !isSafeCss(css)) {
      removed.push("<style>");
      return false;
    }
  }
  const { attrs, usesXlink: ownXlink } = cleanAttrs(node, removed, isRoot);
  const start = out.length;
  out.push(""); // the start tag, filled in once the children say whether xlink is needed
  let usesXlink = ownXlink;
  for (const child of node.children) usesXlink = serialize(child, removed, out) || usesXlink;
  if (isRoot && usesXlink) attrs.splice(1, 0, ["xmlns:xlink", XLINK_NS]);
  const attrText = attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join("");
  if (out.length === start + 1) {
    out[start] = `<${node.name}${attrText}/>`;
  } else {
    out[start] = `<${node.name}${attrText}>`;
    out.push(`</${node.name}>`);
  }
  return usesXlink;
}

/** Rebuilds an SVG from its allowed parts; throws SvgRejectedError when it is not well-formed SVG. */
export function sanitizeSvg(source: string): SanitizedSvg {
  const root = parse(source);
  const removed: string[] = [];
  const out: string[] = [];
  serialize(root, removed, out, true);
  return { svg: out.join(""), removed: [...new Set(removed)] };
}
