import { sql } from "drizzle-orm";
import { check, customType, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects, clients } from "./clients";
import { id, timestamps } from "./columns";
import { customizationLevel } from "./enums";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** The look of reports and exports; a project inherits from its client, a client from its agency. */
export const customizations = pgTable(
  "customizations",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    level: customizationLevel("level").notNull(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => clientProjects.id, { onDelete: "cascade" }),
    logo: bytea("logo"),
    logoMimeType: text("logo_mime_type"),
    /**
     * An SVG logo drawn to PNG (server/exports/rasterize-svg.ts) for the files and emails, once per logo: at upload,
     * or on first use for a logo stored before it existed. Null for PNG and JPEG logos, which are embedded as sent.
     */
    logoRaster: bytea("logo_raster"),
    chartColor: text("chart_color"),
    palette: text("palette").array(),
    font: text("font"),
    reportTitle: text("report_title"),
    footerText: text("footer_text"),
    ...timestamps,
  },
  (t) => [
    // One row per target: the agency itself, one client, or one project.
    uniqueIndex("customizations_target_unique").on(
      t.agencyId,
      t.level,
      sql`coalesce(${t.clientId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.projectId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    check(
      "customizations_level_target_check",
      sql`(${t.level} = 'agency' and ${t.clientId} is null and ${t.projectId} is null)
        or (${t.level} = 'client' and ${t.clientId} is not null and ${t.projectId} is null)
        or (${t.level} = 'project' and ${t.projectId} is not null)`,
    ),
  ],
);
