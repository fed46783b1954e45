import type { ReactNode } from "react";

// The small Markdown the legal texts use (headings, paragraphs, lists, **bold**, [links](https://…)), rendered as
// React elements: no HTML from the file reaches the page, so an operator's text cannot inject markup or scripts.

function inline(text: string, key: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|\[([^\]]+)\]\((https?:\/\/[^)\s]+|\/[^)\s]*)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[1]) parts.push(<strong key={`${key}-${m.index}`}>{m[1]}</strong>);
    else
      parts.push(
        <a key={`${key}-${m.index}`} href={m[3]} className="text-brand-700 underline">
          {m[2]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MarkdownText({ markdown }: { markdown: string }) {
  const blocks = markdown.replace(/\r\n/g, "\n").split(/\n{2,}/);
  return (
    <div className="space-y-4 text-sm leading-6 text-slate-700">
      {blocks.map((block, i) => {
        const key = `b${i}`;
        const heading = /^(#{1,3})\s+(.*)$/.exec(block.trim());
        if (heading) {
          if (heading[1].length === 1)
            return (
              <h1 key={key} className="text-2xl font-semibold tracking-tight text-slate-900">
                {inline(heading[2], key)}
              </h1>
            );
          return (
            <h2 key={key} className="pt-2 text-lg font-semibold text-slate-900">
              {inline(heading[2], key)}
            </h2>
          );
        }
        const lines = block.split("\n");
        if (lines.every((l) => /^\s*[-*]\s+/.test(l) || /^\s{2,}\S/.test(l))) {
          const items: string[] = [];
          for (const l of lines) {
            if (/^\s*[-*]\s+/.test(l)) items.push(l.replace(/^\s*[-*]\s+/, ""));
            else items[items.length - 1] += ` ${l.trim()}`;
          }
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {items.map((item, j) => (
                <li key={j}>{inline(item, `${key}-${j}`)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(lines.join(" "), key)}</p>;
      })}
    </div>
  );
}
