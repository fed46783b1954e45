import "server-only";
import createDOMPurify, { type Config } from "dompurify";
import { JSDOM } from "jsdom";

// Uploaded SVG logos go through DOMPurify, the maintained sanitizer browsers' own security teams
// review, running on jsdom's DOM. The file is parsed once, as strict XML (what an SVG file is and how
// browsers read it as an image), and DOMPurify cleans that very tree in place with its SVG profile,
// so nothing is re-parsed between the check and the output. On top of DOMPurify's defaults, a logo
// keeps only same-document references: no links (their content stays), no external or data: hrefs,
// no <image>/<feImage>, no url() that is not "url(#id)", and no CSS that could load or spell anything.
// Refused (SvgRejectedError): anything that is not well-formed XML with an <svg> root, a DOCTYPE with
// an internal subset (entity declarations), trees too deep or too large to walk safely, and what costs a
// renderer far more than a logo needs: filter effects (325 bytes of turbulence and blur took resvg seconds)
// and a declared size beyond MAX_SIDE_PX.

/** Why an SVG was refused, for the message the uploader sees. */
export type SvgRejection = "malformed" | "too-deep" | "too-many-nodes" | "filters" | "too-large";

export class SvgRejectedError extends Error {
  constructor(
    reason: string,
    readonly kind: SvgRejection = "malformed",
  ) {
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
export const SVG_LIMITS = {
  maxDepth: 200,
  maxNodes: 100_000,
  /** Width and height as declared (the root's attributes, else its viewBox), in CSS pixels. */
  maxSidePx: 10_000,
};

const PURIFY_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> is safe once its href can only name an element of this document (hook below).
  ADD_TAGS: ["use"],
  // Links go but keep their content; these load or animate from elsewhere, or only carry editor data.
  FORBID_TAGS: ["a", "image", "feImage", "animateColor", "animateMotion", "animateTransform", "metadata"],
  ADD_FORBID_CONTENTS: ["metadata"],
};

/** Lower-cased with whitespace and control characters removed, as URL parsers would see it. */
const squash = (value: string) =>
  value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029\ufeff]/g, "").toLowerCase();

/** url(...) may only point inside the document. */
function urlsAreLocal(value: string): boolean {
  const squashed = squash(value);
  for (let at = squashed.indexOf("url("); at >= 0; at = squashed.indexOf("url(", at + 4)) {
    if (
      !squashed
        .slice(at + 4)
        .replace(/^["']/, "")
        .startsWith("#")
    )
      return false;
  }
  return true;
}

function isSafeValue(value: string): boolean {
  if (/(?:java|vb)script:|data:|expression\(|@import|-moz-binding|behavior:/.test(squash(value))) return false;
  return urlsAreLocal(value);
}

/** CSS (style attributes and <style>): also no escapes (they can spell anything) and no markup. */
function isSafeCss(css: string): boolean {
  return !/[\\<>]/.test(css) && !/@(?:import|font-face|namespace)/i.test(css) && isSafeValue(css);
}

const isLocalReference = (value: string) => /^#[^\s]*$/.test(value.trim());

/**
 * The root start tag, after an optional XML declaration, comments and a DOCTYPE without an internal
 * subset. Group 1 is its attribute text.
 */
const ROOT_TAG =
  /^(?:\s|<\?xml[^?]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)*<svg((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;

/**
 * Hand-written logos often leave out the SVG namespace (and xlink's): browsers reading an SVG file
 * would then not see an SVG at all. Declaring them on the root start tag is what the author meant.
 */
function declareNamespaces(source: string): string {
  const match = ROOT_TAG.exec(source);
  if (!match) return source;
  const attrs = match[1];
  const missing = [
    /\sxmlns\s*=/.test(attrs) ? "" : ` xmlns="${SVG_NS}"`,
    /\sxmlns:xlink\s*=/.test(attrs) || !/xlink:/.test(source) ? "" : ` xmlns:xlink="${XLINK_NS}"`,
  ].join("");
  const at = match.index + match[0].indexOf("<svg") + "<svg".length;
  return source.slice(0, at) + missing + source.slice(at);
}

function parse(source: string): JSDOM {
  if (/<!DOCTYPE[^>]*\[/i.test(source)) throw new SvgRejectedError("a DOCTYPE with entity declarations");
  let dom: JSDOM;
  try {
    dom = new JSDOM(declareNamespaces(source), { contentType: "image/svg+xml" });
  } catch (error) {
    throw new SvgRejectedError(error instanceof Error ? error.message : "not well-formed XML");
  }
  const root = dom.window.document.documentElement;
  if (!root || root.localName !== "svg" || root.namespaceURI !== SVG_NS)
    throw new SvgRejectedError("the root element is not <svg>");
  return dom;
}

/** Walks without recursion (sibling pointers: jsdom's live child lists are slow to build on every node). */
function assertWalkable(root: Element): void {
  let nodes = 0;
  let depth = 1;
  let node: Node | null = root;
  while (node) {
    if (++nodes > SVG_LIMITS.maxNodes) throw new SvgRejectedError("too many nodes", "too-many-nodes");
    if (node.firstChild) {
      node = node.firstChild;
      if (++depth > SVG_LIMITS.maxDepth) throw new SvgRejectedError("nested too deeply", "too-deep");
      continue;
    }
    while (node && node !== root && !node.nextSibling) {
      node = node.parentNode;
      depth--;
    }
    node = node && node !== root ? node.nextSibling : null;
  }
}

const CSS_PX: Record<string, number> = {
  "": 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
};

/** A length attribute in CSS pixels; null for a percentage or what cannot be read (the renderer then decides). */
function lengthPx(value: string | null): number | null {
  const match = value ? /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value) : null;
  const factor = match ? CSS_PX[match[2].toLowerCase()] : undefined;
  return match && factor !== undefined ? Math.abs(Number(match[1])) * factor : null;
}

/** Refuses filter effects (elements, attributes, CSS) and a declared width or height beyond the limit. */
function assertCheapToDraw(root: Element, window: JSDOM["window"]): void {
  const walker = window.document.createTreeWalker(root, window.NodeFilter.SHOW_ELEMENT);
  for (let node: Node | null = root; node; node = walker.nextNode()) {
    const element = node as Element;
    const name = element.localName.toLowerCase();
    const css = name === "style" ? (element.textContent ?? "") : (element.getAttribute("style") ?? "");
    if (name === "filter" || name.startsWith("fe") || element.hasAttribute("filter") || /filter\s*:/i.test(css))
      throw new SvgRejectedError("filter effects", "filters");
  }
  const [, , boxWidth, boxHeight] = (root.getAttribute("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = lengthPx(root.getAttribute("width")) ?? (Number.isFinite(boxWidth) ? Math.abs(boxWidth) : 0);
  const height = lengthPx(root.getAttribute("height")) ?? (Number.isFinite(boxHeight) ? Math.abs(boxHeight) : 0);
  if (width > SVG_LIMITS.maxSidePx || height > SVG_LIMITS.maxSidePx)
    throw new SvgRejectedError(`larger than ${SVG_LIMITS.maxSidePx} px`, "too-large");
}

/** Cleans an SVG logo; throws SvgRejectedError when it is not well-formed SVG or too costly to draw. */
export function sanitizeSvg(source: string): SanitizedSvg {
  const dom = parse(source);
  const { document, NodeFilter, XMLSerializer } = dom.window;
  const root = document.documentElement;
  assertWalkable(root);

  const purify = createDOMPurify(dom.window);
  // DOMPurify judges elements by their qualified name, so "<s:script>" is merely unknown and would keep
  // its text. A prefixed element is never one a logo needs: it goes with everything inside it.
  purify.addHook("uponSanitizeElement", (node) => {
    if (node.nodeType === node.ELEMENT_NODE && node.nodeName.includes(":")) (node as Element).replaceChildren();
  });
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName;
    if (name === "href" || name === "xlink:href") data.keepAttr = isLocalReference(data.attrValue);
    else if (name === "style") data.keepAttr = isSafeCss(data.attrValue);
    else if (!isSafeValue(data.attrValue)) data.keepAttr = false;
  });
  purify.sanitize(root, { ...PURIFY_CONFIG, IN_PLACE: true });

  const removed: string[] = [];
  for (const entry of purify.removed) {
    if ("element" in entry && entry.element) removed.push(`<${entry.element.nodeName}>`);
    else if ("attribute" in entry && entry.attribute && !entry.attribute.name.startsWith("xmlns"))
      removed.push(entry.attribute.name);
  }
  // A <style> holds text only; CSS that could load anything is dropped whole. Comments go too.
  for (const style of Array.from(root.getElementsByTagNameNS(SVG_NS, "style"))) {
    if (style.children.length === 0 && isSafeCss(style.textContent ?? "")) continue;
    style.remove();
    removed.push("<style>");
  }
  const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode?.removeChild(comment);
  assertCheapToDraw(root, dom.window);

  return { svg: new XMLSerializer().serializeToString(root), removed: [...new Set(removed)] };
}
