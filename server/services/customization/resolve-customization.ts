import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { DEFAULT_CUSTOMIZATION, type CustomizationLevel, type InheritsFrom } from "@/lib/constants/customization";
import { db, type DbOrTx } from "../../db/client";
import { customizations } from "../../db/schema";
import type { CustomizationTarget } from "./target";

export interface LogoRef {
  /** Where to fetch it, relative to the API base: GET /api/customizations/{id}/logo. */
  path: string;
  mimeType: string;
  size: number;
  /** The level whose logo this is (an inherited logo belongs to an ancestor). */
  level: CustomizationLevel;
}

/** A complete look: what reports and exports use. */
export interface Look {
  chartColor: string;
  palette: string[];
  font: string;
  reportTitle: string;
  footerText: string;
  logo: LogoRef | null;
}
export type LookField = keyof Look;
export type LookSource = "default" | CustomizationLevel;

/** A level's own settings; null fields inherit the level above. */
export interface OwnCustomization {
  id: string;
  level: CustomizationLevel;
  chartColor: string | null;
  palette: string[] | null;
  font: string | null;
  reportTitle: string | null;
  footerText: string | null;
  logo: LogoRef | null;
  updatedAt: Date;
}

export interface CustomizationView {
  level: CustomizationLevel;
  own: OwnCustomization | null;
  /** What this level shows without its own customization. */
  inherited: Look;
  /** Where each inherited field comes from. */
  inheritedSources: Record<LookField, LookSource>;
  /** What this level shows: its own fields over the inherited ones. */
  effective: Look;
  /** The nearest level above with its own customization. */
  inheritsFrom: InheritsFrom;
}

const ANCESTORS: Record<CustomizationLevel, CustomizationLevel[]> = {
  agency: [],
  client: ["agency"],
  project: ["agency", "client"],
};
const LOOK_FIELDS: LookField[] = ["chartColor", "palette", "font", "reportTitle", "footerText", "logo"];

/** The rows of the target and its ancestors, without logo bytes (one query). */
async function chainRows(target: CustomizationTarget, conn: DbOrTx) {
  const levels = [
    eq(customizations.level, "agency"),
    target.level !== "agency"
      ? and(eq(customizations.level, "client"), eq(customizations.clientId, target.clientId))
      : undefined,
    target.level === "project"
      ? and(eq(customizations.level, "project"), eq(customizations.projectId, target.projectId))
      : undefined,
  ];
  return conn
    .select({
      id: customizations.id,
      level: customizations.level,
      logoMimeType: customizations.logoMimeType,
      logoSize: sql<number | null>`octet_length(${customizations.logo})`,
      chartColor: customizations.chartColor,
      palette: customizations.palette,
      font: customizations.font,
      reportTitle: customizations.reportTitle,
      footerText: customizations.footerText,
      updatedAt: customizations.updatedAt,
    })
    .from(customizations)
    .where(and(eq(customizations.agencyId, target.agencyId), or(...levels.filter(Boolean))));
}
type ChainRow = Awaited<ReturnType<typeof chainRows>>[number];

function ownView(row: ChainRow): OwnCustomization {
  return {
    id: row.id,
    level: row.level,
    chartColor: row.chartColor,
    palette: row.palette && row.palette.length ? row.palette : null,
    font: row.font,
    reportTitle: row.reportTitle,
    footerText: row.footerText,
    logo:
      row.logoSize !== null && row.logoMimeType
        ? {
            path: `/customizations/${row.id}/logo?v=${row.updatedAt.getTime()}`,
            mimeType: row.logoMimeType,
            size: Number(row.logoSize),
            level: row.level,
          }
        : null,
    updatedAt: row.updatedAt,
  };
}

/** Lays a level's own non-null fields over a look. */
function overlay(look: Look, sources: Record<LookField, LookSource>, own: OwnCustomization) {
  const next = { ...look };
  const nextSources = { ...sources };
  for (const field of LOOK_FIELDS) {
    const value = own[field];
    if (value !== null) {
      (next as Record<LookField, unknown>)[field] = value;
      nextSources[field] = own.level;
    }
  }
  return { look: next, sources: nextSources };
}

/** A level's own customization, what it inherits, and the effective look (built-in defaults at the top). */
export async function resolveCustomization(
  target: CustomizationTarget,
  conn: DbOrTx = db(),
): Promise<CustomizationView> {
  const rows = await chainRows(target, conn);
  const byLevel = new Map(rows.map((r) => [r.level, ownView(r)]));
  let look: Look = { ...DEFAULT_CUSTOMIZATION, palette: [...DEFAULT_CUSTOMIZATION.palette], logo: null };
  let sources = Object.fromEntries(LOOK_FIELDS.map((f) => [f, "default"])) as Record<LookField, LookSource>;
  let inheritsFrom: InheritsFrom = "default";
  for (const level of ANCESTORS[target.level]) {
    const own = byLevel.get(level);
    if (!own) continue;
    ({ look, sources } = overlay(look, sources, own));
    inheritsFrom = level as InheritsFrom;
  }
  const own = byLevel.get(target.level) ?? null;
  return {
    level: target.level,
    own,
    inherited: look,
    inheritedSources: sources,
    effective: own ? overlay(look, sources, own).look : look,
    inheritsFrom,
  };
}
