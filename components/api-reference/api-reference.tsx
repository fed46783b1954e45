import { Card, CardTitle } from "@/components/ui/card";

interface Operation {
  summary: string;
  description: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-green-100 text-green-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

function SchemaBlock({ title, schema }: { title: string; schema: unknown }) {
  return (
    <div>
      <p>{title}:</p>
      <pre className="mt-1 max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs">
        {JSON.stringify(schema, null, 2)}
      </pre>
    </div>
  );
}

/** Tags by name, the catch-all ("{path}": any path that is no route answers 404) last: it is no route to build on. */
const byTag = (a: string, b: string) => Number(a.startsWith("{")) - Number(b.startsWith("{")) || a.localeCompare(b);

/** The description without the summary the row already shows (a summary cut short leaves it whole). */
function detailsOf(op: Operation) {
  return op.description.startsWith(op.summary) ? op.description.slice(op.summary.length).trim() : op.description;
}

/** The success answer (2xx or a redirect): the JSON Schema of its body, or what kind of file it is. */
function successOf(op: Operation) {
  const entry = Object.entries(op.responses).find(([code]) => /^[23]/.test(code) && code !== "304");
  return entry ? { code: entry[0], ...entry[1] } : null;
}

/**
 * Every operation of the OpenAPI document, by its first path segment, with its parameters, body schema and the
 * schema of its success answer.
 */
export function ApiReference({ document }: { document: Document }) {
  const groups = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? "api";
      groups.set(tag, [...(groups.get(tag) ?? []), { path, method, op }]);
    }
  return (
    <Card aria-labelledby="reference-heading">
      <CardTitle as="h2" id="reference-heading">
        Reference ({[...groups.values()].reduce((n, g) => n + g.length, 0)} operations)
      </CardTitle>
      <div className="mt-4 space-y-6">
        {[...groups.entries()]
          .sort(([a], [b]) => byTag(a, b))
          .map(([tag, ops]) => (
            <section key={tag} aria-labelledby={`tag-${tag}`}>
              <h3 id={`tag-${tag}`} className="text-sm font-semibold text-slate-900">
                {tag}
              </h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {ops.map(({ path, method, op }) => (
                  <li key={`${method} ${path}`} className="py-2">
                    <details>
                      <summary className="cursor-pointer text-sm">
                        <span
                          className={`mr-2 rounded px-1.5 py-0.5 font-mono text-xs uppercase ${METHOD_STYLE[method] ?? ""}`}
                        >
                          {method}
                        </span>
                        <span className="font-mono break-all">{path}</span>
                        <span className="block text-slate-600">{op.summary}</span>
                      </summary>
                      <div className="mt-2 space-y-2 text-sm text-slate-700">
                        <p className="whitespace-pre-line">{detailsOf(op)}</p>
                        {op.parameters.length ? (
                          <p>
                            Parameters:{" "}
                            {op.parameters
                              .map((p) => `${p.name} (${p.in}${p.required ? ", required" : ""})`)
                              .join(", ")}
                          </p>
                        ) : null}
                        {op.requestBody
                          ? Object.entries(op.requestBody.content).map(([type, { schema }]) => (
                              <SchemaBlock key={type} title={`Body (${type})`} schema={schema} />
                            ))
                          : null}
                        <SuccessAnswer op={op} />
                        <p>
                          Answers:{" "}
                          {Object.entries(op.responses)
                            .map(([code, r]) => `${code} ${r.description}`)
                            .join(" · ")}
                        </p>
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </Card>
  );
}

function SuccessAnswer({ op }: { op: Operation }) {
  const success = successOf(op);
  if (!success?.content) return null;
  const json = success.content["application/json"];
  if (json) return <SchemaBlock title={`Answer ${success.code} (application/json)`} schema={json.schema} />;
  return (
    <p>
      Answer {success.code}: a file ({Object.keys(success.content).join(", ")})
    </p>
  );
}
