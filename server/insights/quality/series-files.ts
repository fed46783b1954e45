// Reads a real series' file (data/real-series/, the CSV upload's format: `date`, optional `channel`, one metric) as
// rows, the checker's own reading of it beside the app's importer.
import fs from "node:fs";
import path from "node:path";
import type { RealSeries } from "./real-series";
import type { TableRow } from "./table-series-data";

export const REAL_SERIES_DIR = path.resolve(import.meta.dirname, "../../../data/real-series");

export function readSeriesRows(series: RealSeries): TableRow[] {
  const [header, ...lines] = fs.readFileSync(path.join(REAL_SERIES_DIR, series.file), "utf8").trim().split("\n");
  const columns = header.split(",");
  const date = columns.indexOf("date");
  const channel = columns.indexOf("channel");
  const metric = columns.indexOf(series.metric);
  if (date < 0 || metric < 0) throw new Error(`${series.file} has no date or ${series.metric} column`);
  return lines.map((line) => {
    const cells = line.split(",");
    return {
      date: cells[date],
      ...(channel >= 0 ? { segment: { channel: cells[channel] } } : {}),
      values: { [series.metric]: Number(cells[metric]) },
    };
  });
}

export const lastDate = (rows: readonly TableRow[]) => rows.reduce((last, r) => (r.date > last ? r.date : last), "");
