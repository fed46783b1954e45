import { describe, expect, it } from "vitest";
import { sanitizeSvg, SvgRejectedError } from "./sanitize-svg";

const clean = (svg: string) => sanitizeSvg(svg).svg;

describe("sanitizeSvg", () => {
  it("keeps an ordinary logo and declares the SVG namespace", () => {
    const out = clean(
      `<?xml version="1.0"?><!-- made by hand --><svg viewBox="0 0 10 10" width="10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect x="1" y="1" width="8" height="8" fill="url(#g)"/><text x="1" y="9">A &amp; B</text></svg>`,
    );
    expect(out).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect x="1" y="1" width="8" height="8" fill="url(#g)"/><text x="1" y="9">A &amp; B</text></svg>`,
    );
  });

  it("removes scripts, event handlers, foreignObject and javascript: links", () => {
    const { svg, removed } = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><script><![CDATA[alert(3)]]></script>` +
        `<a href="javascript:alert(4)"><circle r="4" ONCLICK="x()" onmouseover='y()'/></a>` +
        `<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(5)"/></body></foreignObject>` +
        `<use href="&#106;avascript:alert(6)"/><use xlink:href="http://evil.example/x.svg#a"/><use href="#ok"/>` +
        `<animate attributeName="href" to="javascript:alert(7)"/><set attributeName="onload" to="alert(8)"/></svg>`,
    );
    expect(svg).not.toMatch(/script|alert|\son\w+=|foreignObject|animate|<set|evil|<a\b/i);
    expect(svg).toContain(`<circle r="4"/>`);
    expect(svg).toContain(`<use href="#ok"/>`);
    expect(removed).toEqual(
      expect.arrayContaining(["onload", "<script>", "<foreignObject>", "<a>", "ONCLICK", "href", "xlink:href"]),
    );
  });

  it("drops external references in styles, url() and images", () => {
    const svg = clean(
      `<svg><style>@import url(http://evil.example/x.css); rect { fill: red }</style><style>.a{fill:#000}</style>` +
        `<rect style="fill: url(https://evil.example/p.svg#x)" fill="url( 'http://evil.example/#a')" stroke="url(#ok)"/>` +
        `<image href="https://evil.example/i.png"/><feImage href="x.png"/><rect style="background:u\\72l(x)"/><rect fill="data:text/html,x"/></svg>`,
    );
    expect(svg).not.toMatch(/evil|image|@import|\\|data:/i);
    expect(svg).toContain(`<style>.a{fill:#000}</style>`);
    expect(svg).toContain(`<rect stroke="url(#ok)"/>`);
  });

  it("re-escapes text and attributes so nothing is re-parsed as markup", () => {
    const svg = clean(
      `<svg><title>&lt;script&gt;alert(1)&lt;/script&gt;</title><text id="a&quot; onload=&quot;x">t</text></svg>`,
    );
    expect(svg).toContain(`<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>`);
    expect(svg).toContain(`<text id="a&quot; onload=&quot;x">t</text>`);
  });

  it("drops editor metadata and namespaced attributes", () => {
    const svg = clean(
      `<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1"` +
        ` xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd">` +
        `<metadata><rdf:RDF xmlns:rdf="x"/></metadata><sodipodi:namedview/><path d="M0 0h1"/></svg>`,
    );
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>`);
  });

  it("refuses what is not well-formed SVG", () => {
    const bad = [
      "hello",
      "<html><body/></html>",
      "<svg><g></svg>",
      "<svg><rect></g></svg>",
      "<svg>",
      `<svg><rect x=1/></svg>`,
      `<svg><rect x="1" x="2"/></svg>`,
      `<svg>&nbsp;</svg>`,
      `<svg>a & b</svg>`,
      `<!DOCTYPE svg [<!ENTITY lol "lol">]><svg>&lol;</svg>`,
      `<svg/><svg/>`,
      `<svg/>trailing`,
      `<svg><!-- open</svg>`,
      `<svg><rect x="<"/></svg>`,
      `<svg>&#0;</svg>`,
      // A prefix without its namespace declaration is not XML: browsers refuse to draw such a file too.
      `<svg><sodipodi:namedview/></svg>`,
      `<svg xmlns="http://www.w3.org/1999/xhtml"/>`,
    ];
    for (const input of bad) expect(() => sanitizeSvg(input), input).toThrow(SvgRejectedError);
  });

  it("refuses deep nesting instead of overflowing", () => {
    expect(() => sanitizeSvg(`<svg>${"<g>".repeat(500)}${"</g>".repeat(500)}</svg>`)).toThrow(
      expect.objectContaining({ name: "SvgRejectedError", kind: "too-deep" }),
    );
  });

  it("refuses filter effects, in elements, attributes and CSS, with their kind", () => {
    const filtered = [
      // Issue 60: 325 bytes that kept the server's renderer busy for seconds.
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><defs><filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="40"/></filter></defs><rect width="100" height="100" fill="#a1b2c3" filter="url(#f)"/></svg>`,
      `<svg><feGaussianBlur stdDeviation="4"/></svg>`,
      `<svg><rect width="1" height="1" filter="blur(40)"/></svg>`,
      `<svg><rect width="1" height="1" style="filter: blur(40px)"/></svg>`,
      `<svg><style>rect { filter:blur(4px) }</style><rect width="1" height="1"/></svg>`,
    ];
    for (const input of filtered) {
      expect(() => sanitizeSvg(input), input).toThrow(expect.objectContaining({ kind: "filters" }));
    }
  });

  it("refuses a declared size past 10,000 px, in any unit or through the viewBox", () => {
    for (const root of [
      `width="20000" height="10"`,
      `width="10" height="300in" viewBox="0 0 1 1"`,
      `viewBox="0 0 5 10001"`,
    ]) {
      expect(() => sanitizeSvg(`<svg ${root}><rect width="1" height="1"/></svg>`), root).toThrow(
        expect.objectContaining({ kind: "too-large" }),
      );
    }
    expect(sanitizeSvg(`<svg width="100%" viewBox="0 0 10000 200"><rect width="1" height="1"/></svg>`).svg).toContain(
      "<rect",
    );
  });

  it("removes <script> in any spelling, with its content", () => {
    const { svg, removed } = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><script href="#x">alert(1)</script>` +
        `<SCRIPT>alert(2)</SCRIPT><s:script>alert(3)</s:script><script type="text/ecmascript"><![CDATA[alert(4)]]></script>` +
        `<g><script xmlns="http://www.w3.org/1999/xhtml">alert(5)</script><rect width="1" height="1"/></g></svg>`,
    );
    expect(svg).not.toMatch(/script|alert/i);
    expect(svg).toContain(`<rect width="1" height="1"/>`);
    expect(removed).toContain("<script>");
  });

  it("removes every on* event handler, whatever its case or element", () => {
    const handlers = ["onload", "onclick", "onmouseover", "onbegin", "onend", "onfocusin", "OnError", "ONACTIVATE"];
    const attrs = handlers.map((h) => ` ${h}="alert('${h}')"`).join("");
    const { svg, removed } = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"${attrs}><g${attrs}><circle r="2"${attrs}/></g></svg>`,
    );
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg"><g><circle r="2"/></g></svg>`);
    expect(removed).toEqual(expect.arrayContaining(handlers));
  });

  it("removes javascript: hrefs however they are disguised, and keeps same-document ones", () => {
    const disguised = [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;&#97;vascript:alert(1)",
      "jav&#x0A;ascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:image/svg+xml,&lt;svg onload='alert(1)'/&gt;",
    ];
    const uses = disguised.map((href) => `<use href="${href}"/><use xlink:href="${href}"/>`).join("");
    const { svg } = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">` +
        `<defs><circle id="dot" r="1"/></defs>${uses}<use xlink:href="#dot"/><a href="javascript:alert(2)"><use href="#dot"/></a></svg>`,
    );
    expect(svg).not.toMatch(/script|alert|data:|<a/i);
    expect(svg).toContain(`<use xlink:href="#dot"/>`);
    expect(svg).toContain(`<use href="#dot"/>`);
  });

  it("removes <foreignObject> and the HTML inside it", () => {
    const { svg, removed } = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="10" height="10">` +
        `<div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"/><b>bold</b></div>` +
        `</foreignObject><rect width="1" height="1"/></svg>`,
    );
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`);
    expect(removed).toContain("<foreignObject>");
  });

  it("writes well-formed SVG that sanitizes to itself", () => {
    const { svg } = sanitizeSvg(
      `<svg viewBox="0 0 4 4"><style>.a{fill:#123456}</style><text x="0" y="3">R&amp;D &lt;tag&gt; "quoted"</text>` +
        `<use xlink:href="#t"/><path class="a" d="M0 0L4 4"/></svg>`,
    );
    expect(sanitizeSvg(svg)).toEqual({ svg, removed: [] });
  });
});
