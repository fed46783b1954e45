import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { COUNTRY_CODES } from "../constants/countries";
import { INDUSTRIES } from "../constants/industries";
import { SITE_TYPES } from "../constants/site-types";
import { clearableUrl, email, optionalUrl, requiredText } from "./fields";

const optionalChoice = (values: readonly string[], message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || values.includes(v), message);

export const clientSchema = z.object({
  name: requiredText("Client name"),
  website: optionalUrl("Website"),
  industry: optionalChoice(INDUSTRIES, "Please select an industry from the list"),
  country: optionalChoice(COUNTRY_CODES, "Please select a country from the list"),
});
export type ClientInput = z.input<typeof clientSchema>;

export const statusSchema = z.object({
  status: z.enum(["active", "suspended"], { error: MESSAGES.required }),
});

const CURRENCIES: readonly string[] = Intl.supportedValuesOf("currency");
const TIME_ZONES: readonly string[] = [...Intl.supportedValuesOf("timeZone"), "UTC"];
export const currencyOptions = () => CURRENCIES;
export const timeZoneOptions = () => TIME_ZONES;

const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => CURRENCIES.includes(v), "Please select a currency from the list");
const timeZoneField = z
  .string()
  .trim()
  .refine((v) => TIME_ZONES.includes(v), "Please select a time zone from the list");
const siteTypeField = z.enum(SITE_TYPES.map((s) => s.value) as [string, ...string[]], {
  error: "Please select a site type",
});

export const projectSchema = z.object({
  name: requiredText("Project name"),
  url: optionalUrl("Site URL"),
  siteType: siteTypeField,
  currency: currencyField.default("USD"),
  timeZone: timeZoneField.default("UTC"),
});
/** Editing a project: only the fields sent change (no defaults, which would overwrite the stored values). */
export const projectEditSchema = z.object({
  name: requiredText("Project name").optional(),
  url: clearableUrl("Site URL"),
  siteType: siteTypeField.optional(),
  currency: currencyField.optional(),
  timeZone: timeZoneField.optional(),
});
export type ProjectInput = z.input<typeof projectSchema>;

const PERMISSION_CHOICE = "Please choose Client Admin, Data Creator or Viewer";
/** 1, 2 or 4, as a number or (from a form's select) its digit; never a boolean, which coercion would make 1. */
export const permissionLevelSchema = z
  .union(
    [
      z.number({ error: PERMISSION_CHOICE }),
      z
        .string()
        .regex(/^[124]$/, PERMISSION_CHOICE)
        .transform(Number),
    ],
    {
      error: (issue) => (issue.input === undefined ? MESSAGES.required : PERMISSION_CHOICE),
    },
  )
  .refine((v) => v === 1 || v === 2 || v === 4, PERMISSION_CHOICE)
  .transform((v) => v as 1 | 2 | 4);

/** POST /clients/{id}/staffs/add: share a client with a staff member of the agency. */
export const shareClientSchema = z.object({ email: email(), permission: permissionLevelSchema });
export type ShareClientInput = z.input<typeof shareClientSchema>;

export const clientPermissionSchema = z.object({ permission: permissionLevelSchema });

/** POST /users/{id}/permissions/update: set (or, with null, remove) a user's level on several clients. */
/**
 * POST /users/{id}/permissions/update: the staff member's level on some clients, their "May create schedules"
 * action (spec: actions.isScheduleAllowed), or both at once.
 */
export const userPermissionsSchema = z
  .object({
    permissions: z
      .array(z.object({ clientId: z.string().uuid(), permission: permissionLevelSchema.nullable() }))
      .max(500)
      .default([]),
    isScheduleAllowed: z.boolean({ error: "Choose whether this person may create schedules" }).optional(),
  })
  .refine((v) => v.permissions.length > 0 || v.isScheduleAllowed !== undefined, {
    message: MESSAGES.required,
    path: ["permissions"],
  });

export const roleSchema = z.object({ role: z.enum(["agency", "staff"], { error: MESSAGES.required }) });
