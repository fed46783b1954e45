import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/build-document";
import { ApiReference } from "@/components/api-reference/api-reference";

// The reference page (/api-reference) shows every operation of the OpenAPI document with what it answers: the
// JSON Schema of its success body, or the kind of file it sends.

describe("the API reference", () => {
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument("http://localhost:3000")));
  const html = renderToStaticMarkup(<ApiReference document={document} />);
  const items = html.split("<li ").slice(1);
  const operations = Object.values(document.paths as Record<string, object>).flatMap((m) => Object.keys(m));

  it("lists every operation", () => {
    expect(html).toContain(`Reference (${operations.length} operations)`);
    expect(items).toHaveLength(operations.length);
    // Groups by name, the catch-all that only ever answers 404 last.
    const tags = [...html.matchAll(/<h3 id="tag-([^"]+)"/g)].map((m) => m[1]);
    expect(tags[0]).toBe("accessToken");
    expect(tags.at(-1)).toBe("{path}");
  });

  it("shows each JSON answer's schema, and each file's media type", () => {
    const login = items.find((i) => i.includes(">/api/users/login<"))!;
    expect(login).toContain("Answer 200 (application/json):");
    // The schema's own fields, as the login answers them.
    expect(login).toContain("&quot;token&quot;");
    expect(login).toContain("&quot;isScheduleAllowed&quot;");
    // Its summary once (the row's), then who may call it.
    expect(login.split("sets the session cookie").length).toBe(2);
    expect(login).toContain("Who may call it: Anyone (no token needed).");
    const excel = items.find((i) => i.includes(">/api/properties/{id}/insights/export/excel<") && i.includes(">get<"))!;
    expect(excel).toContain("a file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)");
    // Every operation whose success answer is JSON shows that answer's schema: none is left as words only.
    type Op = { responses: Record<string, { content?: Record<string, unknown> }> };
    const paths = document.paths as Record<string, Record<string, Op>>;
    let withSchema = 0;
    for (const [path, methods] of Object.entries(paths))
      for (const [method, op] of Object.entries(methods)) {
        const [code, success] = Object.entries(op.responses).find(([c]) => /^[23]/.test(c) && c !== "304")!;
        if (!success.content?.["application/json"]) continue;
        withSchema++;
        const item = items.find((i) => i.includes(`>${method}</span>`) && i.includes(`>${path}</span>`));
        expect(item, `${method} ${path}`).toContain(`Answer ${code} (application/json):`);
      }
    expect(withSchema).toBeGreaterThan(150);
  });
});
