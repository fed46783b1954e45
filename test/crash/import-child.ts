// Imports a large CSV slowly and says "midway" once part of it has reached PostgreSQL, so the
// parent can SIGKILL it in the middle of the import.
import { importCsv } from "@/server/services/data-sources/upload/import-csv";

const [dataSourceId, projectId] = process.argv.slice(2);

async function* slowCsv() {
  yield Buffer.from("date,channel,sessions\n");
  for (let chunk = 0; ; chunk++) {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const day = new Date(Date.UTC(2020, 0, 1) + (chunk % 1000) * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${day},channel-${chunk}-${i},${i}`);
    }
    yield Buffer.from(lines.join("\n") + "\n");
    if (chunk === 20) console.log("midway");
    if (chunk >= 20) await new Promise((r) => setTimeout(r, 50));
  }
}

await importCsv(slowCsv(), { dataSourceId, projectId, connectionString: process.env.DATABASE_URL });
