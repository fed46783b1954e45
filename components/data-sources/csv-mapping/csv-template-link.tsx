import { CSV_TEMPLATE, CSV_TEMPLATE_FILE_NAME } from "@/lib/csv-import/template";

// A data: link, so the template needs no request and no server route.
const HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

/** Downloads a CSV in our own column names, which imports without any choice to make. */
export function CsvTemplateLink() {
  return (
    <a href={HREF} download={CSV_TEMPLATE_FILE_NAME} className="font-medium text-brand-700 underline">
      Download the template CSV
    </a>
  );
}
