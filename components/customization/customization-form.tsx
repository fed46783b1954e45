"use client";

import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldShell, FormField, SelectField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { customizationApi, type CustomizationResponse, type SavedCustomization } from "@/lib/api-client/customization";
import {
  CUSTOMIZATION_MESSAGES as M,
  FONT_OPTIONS,
  LOGO_MIME_TYPES,
  MAX_LOGO_BYTES,
  type CustomizationLevel,
} from "@/lib/constants/customization";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { customizationSchema, isHexColor, splitPalette } from "@/lib/validation/customization";
import type { PreviewLook } from "./report-preview";
import { fontStack } from "@/lib/font-stack";

const FIELDS = ["chartColor", "palette", "font", "reportTitle", "footerText"] as const;

export const fontLabel = (value: string) => FONT_OPTIONS.find((f) => f.value === value)?.label ?? value;

interface Props {
  level: CustomizationLevel;
  targetId: string;
  data: CustomizationResponse;
  canEdit: boolean;
  onSaved: (saved: SavedCustomization) => void;
  /** Rendered beside the form with the look as typed so far (the live preview). */
  aside: (look: PreviewLook) => ReactNode;
}

/**
 * The look of one level. Empty fields inherit (their placeholder shows what); the chart colour is
 * required. The logo is checked here for size and type before upload, and again on the server.
 */
export function CustomizationForm({ level, targetId, data, canEdit, onSaved, aside }: Props) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const { own, inherited } = data;
  // Changing the key re-creates the file input, which empties it.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();

  const {
    register,
    handleSubmit,
    applyServerErrors,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useServerForm(customizationSchema, {
    serverFields: FIELDS,
    defaultValues: {
      chartColor: own?.chartColor ?? inherited.chartColor,
      palette: own?.palette?.join(", ") ?? "",
      font: own?.font ?? "",
      reportTitle: own?.reportTitle ?? "",
      footerText: own?.footerText ?? "",
      removeLogo: false,
    },
  });
  const values = useWatch({ control });

  // A chosen file's local preview URL is released when it is replaced or the form goes away.
  useEffect(() => {
    if (!logoPreview) return;
    return () => URL.revokeObjectURL(logoPreview);
  }, [logoPreview]);
  const setPreview = (url: string | null) => setLogoPreview(url);

  function onLogoChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setLogoError(undefined);
    if (!file) {
      setLogoFile(null);
      setPreview(null);
      return;
    }
    const problem =
      file.size > MAX_LOGO_BYTES
        ? M.logoTooLarge
        : !(LOGO_MIME_TYPES as readonly string[]).includes(file.type)
          ? M.logoInvalid
          : undefined;
    if (problem) {
      setLogoError(problem);
      setLogoFile(null);
      setPreview(null);
      event.target.value = "";
      return;
    }
    setLogoFile(file);
    setValue("removeLogo", false);
    setPreview(URL.createObjectURL(file));
  }

  function clearChosenLogo() {
    setLogoFile(null);
    setPreview(null);
    setLogoError(undefined);
    setFileInputKey((k) => k + 1);
  }

  // What the preview shows: typed values where valid, else what this level inherits.
  const typedPalette = splitPalette(values.palette ?? "").filter(isHexColor);
  const storedLogo = values.removeLogo ? inherited.logo : (own?.logo ?? inherited.logo);
  const previewLook: PreviewLook = {
    chartColor:
      values.chartColor && isHexColor(values.chartColor.trim()) ? values.chartColor.trim() : inherited.chartColor,
    palette: typedPalette.length ? typedPalette : inherited.palette,
    font: values.font || inherited.font,
    reportTitle: values.reportTitle?.trim() || inherited.reportTitle,
    footerText: values.footerText?.trim() || inherited.footerText,
    logoSrc: logoPreview ?? (storedLogo ? customizationApi.logoUrl(storedLogo.path) : null),
  };

  const onSubmit = handleSubmit(async (fields) => {
    alerts.clear();
    const form = new FormData();
    form.set("chartColor", fields.chartColor);
    form.set("palette", fields.palette?.join(",") ?? "");
    form.set("font", fields.font ?? "");
    form.set("reportTitle", fields.reportTitle ?? "");
    form.set("footerText", fields.footerText ?? "");
    if (logoFile) form.set("logo", logoFile);
    else if (fields.removeLogo) form.set("removeLogo", "true");
    try {
      const saved = await customizationApi.save(level, targetId, form);
      clearChosenLogo();
      onSaved(saved);
      alerts.success(
        saved.logoRemovedParts.length ? `${saved.message}. Unsafe parts of the SVG logo were removed.` : saved.message,
      );
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400 || error.status === 413) {
        if (error.errors?.logo) setLogoError(error.errors.logo);
        const unmatched = applyServerErrors(error);
        delete unmatched.logo;
        if (!error.errors || Object.keys(unmatched).length) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  const chartColor = values.chartColor ?? "";
  const removeLogo = Boolean(values.removeLogo);
  const logoHint = (
    <>
      PNG, JPEG or SVG (without filter effects), at most 1 MB (1048576 bytes).{" "}
      {own?.logo
        ? "This level has its own logo."
        : inherited.logo
          ? `Inherited from the ${inherited.logo.level}.`
          : "No logo yet."}
    </>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Customization">
        <fieldset disabled={!canEdit || isSubmitting} className="space-y-5">
          <FieldShell label="Logo" error={logoError} hint={logoHint}>
            {(aria) => (
              <div className="space-y-2">
                <input
                  key={fileInputKey}
                  {...aria}
                  type="file"
                  name="logo"
                  accept="image/png,image/jpeg,image/svg+xml"
                  onChange={onLogoChange}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
                />
                {logoFile ? (
                  <p className="flex items-center gap-2 text-xs text-slate-600">
                    Chosen: {logoFile.name} ({logoFile.size.toLocaleString("en-US")} bytes)
                    <Button variant="link" size="sm" onClick={clearChosenLogo}>
                      Clear
                    </Button>
                  </p>
                ) : null}
              </div>
            )}
          </FieldShell>
          {own?.logo && !logoFile ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Checkbox
                checked={removeLogo}
                onCheckedChange={(checked) => setValue("removeLogo", checked === true, { shouldDirty: true })}
              />
              Remove this level&apos;s own image{inherited.logo ? " (the inherited one shows instead)" : ""}
            </label>
          ) : null}

          <FieldShell
            label="Chart colour"
            required
            error={errors.chartColor?.message}
            hint={`Inherited: ${inherited.chartColor}`}
          >
            {(aria) => (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Colour picker for the chart"
                  value={isHexColor(chartColor.trim()) ? chartColor.trim().toLowerCase() : inherited.chartColor}
                  onChange={(e) => setValue("chartColor", e.target.value, { shouldDirty: true, shouldValidate: true })}
                  className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                />
                <Input
                  {...aria}
                  {...register("chartColor")}
                  placeholder="#2563eb"
                  className="max-w-40 font-mono"
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
            )}
          </FieldShell>

          <FieldShell
            label="Palette"
            error={errors.palette?.message}
            hint="Up to 8 hex colours separated by commas, for chart series. Empty: inherited."
          >
            {(aria) => (
              <div className="space-y-2">
                <Input
                  {...aria}
                  {...register("palette")}
                  placeholder={inherited.palette.join(", ")}
                  className="font-mono"
                  autoComplete="off"
                  spellCheck={false}
                />
                <ul className="flex flex-wrap gap-1.5" aria-label="Colours in use">
                  {previewLook.palette.map((color, i) => (
                    <li
                      key={`${color}-${i}`}
                      title={color}
                      className="size-6 rounded border border-slate-200"
                      style={{ backgroundColor: color }}
                    >
                      <span className="sr-only">{color}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </FieldShell>

          <SelectField label="Font" error={errors.font?.message} {...register("font")}>
            <option value="">Inherited ({fontLabel(inherited.font)})</option>
            {FONT_OPTIONS.map((font) => (
              <option key={font.value} value={font.value} style={{ fontFamily: fontStack(font.value) }}>
                {font.label}
              </option>
            ))}
          </SelectField>

          <FormField
            label="Report title"
            error={errors.reportTitle?.message}
            placeholder={inherited.reportTitle}
            maxLength={255}
            {...register("reportTitle")}
          />
          <FormField
            label="Footer text"
            error={errors.footerText?.message}
            placeholder={inherited.footerText || "No footer"}
            maxLength={255}
            {...register("footerText")}
          />
        </fieldset>
        {canEdit ? (
          <Button type="submit" loading={isSubmitting}>
            Save customization
          </Button>
        ) : (
          <p className="text-sm text-slate-600">You can see this look but not change it.</p>
        )}
      </form>
      <div className="space-y-6 lg:sticky lg:top-4">{aside(previewLook)}</div>
    </div>
  );
}
