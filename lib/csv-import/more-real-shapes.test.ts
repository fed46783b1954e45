import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { dealListDays } from "./deal-list";
import { readItems } from "./read-items";
import { readExport } from "./read-export";
import { TableCollector } from "./table-collector";
import { planTable } from "./table-plan";

// Shapes of real exports beyond ../shared/real-exports, found in other public repositories: the rule each stands for,
// with a short verbatim excerpt where the shape only exists in a real file (its source in a comment).

const lines = (...rows: string[]) => rows.join("\n") + "\n";
const read = (text: string) => readExport(text, { complete: true });

/** The rows as the importer stores them: "date|metric values". */
function collected(text: string) {
  const reading = read(text);
  const { plan, problems } = planTable(reading);
  if (!plan) throw new Error(problems[0].message);
  const collector = new TableCollector(reading, plan, reading.table!.periods!.grain);
  for (const item of readItems(text, reading.separator, true).items) collector.add(item);
  collector.finish();
  return [...collector.rows.values()]
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .map((r) => [r.start, ...r.values].join("|"));
}

describe("a day of the week is not a date", () => {
  it("Google Ads' Day & hour download (a Day of Sunday to Saturday) is refused: each row sums a weekday", () => {
    // github.com/londonclean01-site/site, src/ads/Day_&_hour(Day_2026.02.05-2026.02.10).csv (first rows, verbatim)
    const text = lines("Day,Impressions", "Sunday,52", "Monday,68", "Tuesday,41", "Wednesday,0", "Thursday,0");
    expect(read(text).refusal).toBe(X.dayOfWeek(2, "Day", "Sunday", null));
    expect(read(text).refusal).toMatch(/"Sunday" is a day of the week, not a date: each row sums every Sunday/);
  });

  it("in the tools' other languages and abbreviated too", () => {
    expect(read(lines("Jour,Impressions", "lundi,3", "mardi,4")).refusal).toBe(X.dayOfWeek(2, "Jour", "lundi", null));
    expect(read(lines("Day,Clicks,Impressions", "Mon,1,10", "Tue,2,20")).refusal).toMatch(/^Line 2, column Day: "Mon"/);
  });

  it("a weekday before a real date still reads as that date", () => {
    expect(read(lines("Day,Clicks", '"Thu, 5 Feb 2026",3', '"Fri, 6 Feb 2026",4')).table?.periods).toMatchObject({
      first: "2026-02-05",
      last: "2026-02-06",
    });
  });
});

describe("a HubSpot deals export without the properties that give it days", () => {
  it("is refused with the properties to export (no Create Date, no Deal Stage)", () => {
    // github.com/alexatafm/solar-hub-sync, hubspot-crm-exports-all-deals-2025-11-28.csv (commit 390080b5), its
    // header and first two rows verbatim.
    const text = lines(
      '"Record ID","Deal Name","Simpro Quote Id","Amount"',
      '"189164774900","54303 - 1219 Shannons Flat Road, Murrumbucca","54303","45362.12"',
      '"187729565133","55402 - 18/18 Negus Cres Watson","55402","21590.91"',
    );
    const reading = read(text);
    expect(reading.tool).toBe("hubspot");
    expect(reading.refusal).toBe(X.dealsWithoutDays(1, ["Create Date", "Deal Stage"]));
    expect(reading.refusal).toMatch(/^Line 1: a HubSpot deals export without Create Date and Deal Stage: deals are/);
  });
});

describe("an export with nothing in it", () => {
  it("Ads Manager's 'No data available.' row is said to be no data, not a bad date", () => {
    // github.com/DanielTheC/internal-lnking-tool, Daniel-Conlan-Campaigns-1-Sep-202430-Sep-2024.csv (verbatim)
    const text =
      '"Reporting starts","Reporting ends","Campaign name","Campaign delivery","Ad set budget","Ad set budget type","Attribution setting",Results,"Result indicator",Reach,Impressions,"Cost per results","Amount spent (USD)",Ends\n"No data available."\n';
    expect(read(text).refusal).toBe(X.noData(2, "No data available."));
  });
});

describe("GA4 tables merged on Nth week", () => {
  it("the note counts a row per week", () => {
    const preamble = ["# Start date: 20240101", "# End date: 20240121"];
    const text = lines(
      ...preamble,
      "Nth week,Active users",
      "0000,10",
      "0001,12",
      "",
      ...preamble,
      "Nth week,New users",
      "0000,4",
      "0001,5",
    );
    expect(read(text).notes).toContain(
      "2 tables share the Nth week column and are imported together, one row per week: Active users; New users",
    );
  });
});

describe("HubSpot's deals export: one row per deal, counted by day", () => {
  const deals = lines(
    '"Record ID","Deal Name","Deal Stage","Close Date","Deal owner","Amount","Create Date","Pipeline"',
    '"1001","Acme renewal","Closed Won","2024-03-04 14:23","Ann Lee","12,000.50","2024-03-01 09:10","Sales Pipeline"',
    '"1002","Globex","Appointment Scheduled","2024-04-30 00:00","Bob Ray","5000","2024-03-03 11:00","Sales Pipeline"',
    '"1003","Initech","Closed Lost","2024-03-03 10:00","Ann Lee","","2024-03-03 12:00","Sales Pipeline"',
    '"1004","Umbrella","Closed Won","2024-03-04 16:00","Bob Ray","800","2024-03-02 08:00","Sales Pipeline"',
  );

  it("deals created on their Create Date; won ones on their Close Date with their amount; days between are zero", () => {
    const reading = read(deals);
    expect(reading.refusal).toBeNull();
    expect(reading.tool).toBe("hubspot");
    expect(reading.dealList).toBe(true);
    expect(reading.table!.proposal.map((c) => c.target)).toEqual([
      "date",
      "metric:dealsCreated",
      "metric:dealsWon",
      "metric:wonValue",
    ]);
    expect(reading.notes[0]).toMatch(/^HubSpot deals export, one row per deal \(4 deals\)/);
    expect(collected(dealListDays(deals, true)!.text)).toEqual([
      "2024-03-01|1|0|0",
      "2024-03-02|1|0|0",
      "2024-03-03|2|0|0",
      "2024-03-04|0|2|12800.5",
    ]);
  });

  it("HubSpot's Is Closed Won says which stages are won in a custom pipeline", () => {
    const text = lines(
      "Deal Name,Deal Stage,Is Closed Won,Close Date,Amount,Create Date",
      "A,Signed (Partners),true,03/02/2024,100,03/01/2024",
      "B,Won back later,false,03/02/2024,50,03/01/2024",
    );
    expect(collected(dealListDays(text, true)!.text)).toEqual(["2024-03-01|2|0|0", "2024-03-02|0|1|100"]);
  });

  it("a date that is none is refused with the deal's own line and column", () => {
    const text = lines("Deal Name,Deal Stage,Close Date,Amount,Create Date", "A,Closed Won,soon,100,2024-03-01");
    expect(read(text).refusal).toBe('Line 2, column Close Date: "soon" is not a date');
  });

  it("a list of something else with a Create Date (contacts) is not read as deals", () => {
    expect(dealListDays(lines("Record ID,First Name,Create Date", "1,Ann,2024-03-01"), true)).toBeNull();
  });
});

describe("Search Console's Dates.csv in the languages it exports in", () => {
  it("French (a real export: github.com/GAP028/michelin-seo-dashboard, Dates.csv), Dutch, Polish, Swedish", () => {
    const files = [
      lines(
        "Date,Clics,Impressions,CTR,Position",
        "2025-02-05,6443,371375,1.73%,23.8",
        "2025-02-04,7479,364427,2.05%,21.81",
      ),
      lines(
        "Datum,Klikken,Vertoningen,CTR,Positie",
        "2025-02-05,6443,371375,1.73%,23.8",
        "2025-02-04,7479,364427,2.05%,21.81",
      ),
      lines(
        "Data,Kliknięcia,Wyświetlenia,CTR,Pozycja",
        "2025-02-05,6443,371375,1.73%,23.8",
        "2025-02-04,7479,364427,2.05%,21.81",
      ),
      lines(
        "Datum,Klick,Visningar,CTR,Placering",
        "2025-02-05,6443,371375,1.73%,23.8",
        "2025-02-04,7479,364427,2.05%,21.81",
      ),
    ];
    for (const text of files)
      expect(read(text).table!.proposal.map((c) => c.target)).toEqual([
        "date",
        "metric:clicks",
        "metric:impressions",
        "ignore",
        "metric:position",
      ]);
  });
});
