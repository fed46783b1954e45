// The template offered for download in the upload wizard: our own column names, which the
// importer maps without a question, and a few rows showing the formats it reads.
export const CSV_TEMPLATE_FILE_NAME = "funnelwise-upload-template.csv";

export const CSV_TEMPLATE = [
  "date,channel,campaign,device,sessions,users,conversions,revenue,cost",
  "2026-01-30,Organic Search,(not set),desktop,1240,1002,31,2480.50,0",
  "2026-01-30,Paid Search,Winter sale,mobile,512,470,12,960.00,310.25",
  "2026-01-31,Organic Search,(not set),desktop,1302,1040,29,2301.10,0",
  "2026-01-31,Paid Search,Winter sale,mobile,498,455,14,1120.00,298.80",
  "",
].join("\n");
