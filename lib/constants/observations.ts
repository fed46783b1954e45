// The upload source: the product's own kind, fed by CSV files. Its columns are the catalogue's
// dimensions and stored metrics (lib/catalogue).
export const UPLOAD_SOURCE_NAME = "upload";
export const UPLOAD_SOURCE_KIND = "own";
/** Largest CSV file accepted by POST /data-sources/{id}/upload. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
