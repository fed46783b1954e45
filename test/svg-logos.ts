// SVG logos for the render budget's tests.

/** The logo of issue 60: resvg spends seconds on its turbulence and blur (117 s for a hundred copies). */
export const FILTERED_LOGO =
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><defs><filter id="f" ` +
  `x="-50%" y="-50%" width="200%" height="200%"><feTurbulence baseFrequency="0.9" numOctaves="10"/>` +
  `<feGaussianBlur stdDeviation="40"/></filter></defs><rect width="100" height="100" fill="#a1b2c3" filter="url(#f)"/></svg>`;

/** A hundred copies of the filtered shape: minutes of drawing. */
export const HUNDRED_FILTERED = FILTERED_LOGO.replace(
  /<rect[^>]*\/>/,
  Array.from({ length: 100 }, (_, i) => `<rect x="${i % 10}" width="100" height="100" filter="url(#f)"/>`).join(""),
);
