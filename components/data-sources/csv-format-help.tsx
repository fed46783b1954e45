import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import { MAX_UPLOAD_BYTES } from "@/lib/constants/observations";

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8rem] text-slate-800";

/** What the CSV file must look like (our observation columns), next to the file input. */
export function CsvFormatHelp({ id }: { id?: string }) {
  return (
    <div id={id} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        The export as your tool wrote it, up to {Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB: CSV in UTF-8, UTF-16
        (Google Ads&apos; &quot;CSV (Excel)&quot;) or Windows-1252, separated by commas, semicolons or tabs, or an .xlsx
        workbook (its first sheet). Report titles, date ranges, <code className={code}>#</code> lines and totals rows
        are read for what they are. Each row is one day, week or month (one grain per file) and one combination of the
        dimension columns present; rows split further (Meta&apos;s ages, GA4&apos;s hours) are added up. A total over a
        whole range (Google Ads&apos; &quot;All time&quot;, Meta without a time breakdown) is refused with the way to
        export it by day.
      </p>
      <dl className="space-y-1.5">
        <div>
          <dt className="inline font-medium text-slate-900">Required: </dt>
          <dd className="inline">
            <code className={code}>date</code>: 2026-01-31, 20260131, 01/31/2026, 31/01/2026, Jan 31, 2026, Thu, 5 Feb
            2026; or a week or month (GA4&apos;s Nth day, Nth week, Week; UA&apos;s Day Index; Shopify&apos;s Week).
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Dimension columns (optional): </dt>
          <dd className="inline">
            {DIMENSIONS.map((d, i) => (
              <span key={d.key}>
                <code className={code}>{d.key}</code>
                {i < DIMENSIONS.length - 1 ? ", " : "."}
              </span>
            ))}{" "}
            Without <code className={code}>channel</code>, a file with <code className={code}>source</code> and{" "}
            <code className={code}>medium</code> gets each row&apos;s channel from them, as Google Analytics 4 groups
            them.
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Metric columns (at least one): </dt>
          <dd className="inline">
            {STORED_METRICS.map((m, i) => (
              <span key={m.key}>
                <code className={code}>{m.key}</code>
                {i < STORED_METRICS.length - 1 ? ", " : "."}
              </span>
            ))}{" "}
            <code className={code}>position</code> is a rank averaged by impressions, so it needs{" "}
            <code className={code}>impressions</code>.
          </dd>
        </div>
      </dl>
      <p>
        Example: <code className={`${code} break-all`}>date,channel,device,sessions,conversions,revenue</code>
      </p>
      <p>
        Uploading dates the source already holds replaces them; other dates are kept. A file with an error imports
        nothing, and the error names its line and column.
      </p>
    </div>
  );
}
