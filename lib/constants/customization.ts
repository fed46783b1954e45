// Visual customization: the built-in look every agency starts from, the safe font stacks, the logo
// limits and the messages the form and the API share (spec sections 5 and 9: chart colour must be
// set; an image is at most 1 MB, 1048576 bytes).

export const CUSTOMIZATION_LEVELS = ["agency", "client", "project"] as const;
export type CustomizationLevel = (typeof CUSTOMIZATION_LEVELS)[number];

/** Where a level's inherited look comes from: the nearest ancestor with its own customization. */
export type InheritsFrom = "agency" | "client" | "default";

export const MAX_LOGO_BYTES = 1048576;
export const MAX_PALETTE_COLORS = 8;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

/** Fonts for reports, with fallbacks: Inter ships with the app (lib/font-stack.ts), the others are system fonts. */
export const FONT_OPTIONS = [
  { value: "Inter, Arial, sans-serif", label: "Inter" },
  { value: "Arial, Helvetica, sans-serif", label: "Arial" },
  { value: "'Helvetica Neue', Helvetica, Arial, sans-serif", label: "Helvetica" },
  { value: "Verdana, Geneva, sans-serif", label: "Verdana" },
  { value: "Tahoma, Verdana, sans-serif", label: "Tahoma" },
  { value: "'Trebuchet MS', Helvetica, sans-serif", label: "Trebuchet MS" },
  { value: "Georgia, 'Times New Roman', serif", label: "Georgia" },
  { value: "'Times New Roman', Times, serif", label: "Times New Roman" },
  { value: "'Courier New', Courier, monospace", label: "Courier New" },
] as const;
export const FONT_VALUES: readonly string[] = FONT_OPTIONS.map((f) => f.value);

export const DEFAULT_CUSTOMIZATION = {
  chartColor: "#2563eb",
  palette: ["#2563eb", "#16a34a", "#f59e0b", "#dc2626", "#7c3aed", "#0891b2", "#db2777", "#65a30d"],
  font: "Inter, Arial, sans-serif",
  reportTitle: "Performance Report",
  footerText: "",
} as const;

export const CUSTOMIZATION_MESSAGES = {
  chartColorRequired: "Chart color must be set",
  chartColorInvalid: "Chart color must be a hex colour such as #2563eb",
  paletteInvalid: "Palette colours must be hex colours such as #2563eb, separated by commas",
  paletteTooLong: `The palette holds at most ${MAX_PALETTE_COLORS} colours`,
  fontInvalid: "Please select a font from the list",
  logoTooLarge: "The logo must be an image of at most 1 MB (1048576 bytes)",
  logoInvalid: "The logo must be a PNG, JPEG or SVG image",
  // An SVG is drawn by the server for exports and emails: what would cost it far more than a logo needs is refused.
  logoSvgFilters:
    "SVG logos with filter effects (blurs, shadows, textures) are not accepted: upload the logo as a PNG, or as an SVG without filters",
  logoSvgTooLarge: "The SVG logo's width and height must be at most 10,000 pixels",
  logoSvgTooDeep: "The SVG logo is nested too deeply: at most 200 levels of elements",
  logoSvgTooManyNodes: "The SVG logo has too many elements: at most 100,000",
  logoSvgTooTall: "The SVG logo is too tall for its width: its height may be at most 6.6 times its width",
  logoSvgTooSlow: "The SVG logo takes too long to draw: upload the logo as a PNG, or a simpler SVG",
  logoSvgTooBig: "The SVG logo needs too much memory to draw: upload the logo as a PNG, or a simpler SVG",
  logoSvgUnreadable: "The SVG logo could not be drawn: upload the logo as a PNG",
  notMultipart: "The request body must be multipart/form-data",
  malformedForm: "The request body is not valid form data",
  saved: "Customization saved",
  reset: "Customization reset to inherited",
} as const;
