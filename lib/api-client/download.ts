import { REQUEST_TIMEOUT_MS, TRANSACTION_ID_HEADER } from "../constants/app";
import { MESSAGES } from "../constants/messages";
import { EXPORT_MESSAGES, type ExportFormatKey, type ExportSelectionInput } from "../validation/exports";
import { ApiError, apiUrl, fieldErrors, messageText, transactionId } from "./http";

const EXPORT_PATHS: Record<ExportFormatKey, string> = { pptx: "powerpoint", xlsx: "excel" };

/** `attachment; filename="a.pptx"; filename*=UTF-8''a.pptx` → "a.pptx". */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Asks for an export (POST: a selection can be a long list of ids) and hands the file to the
 * browser as a download. A failed export throws the API's error (its message is the one to show).
 */
export async function downloadExport(
  projectId: string,
  format: ExportFormatKey,
  selection: ExportSelectionInput,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(
      apiUrl(`/properties/${encodeURIComponent(projectId)}/insights/export/${EXPORT_PATHS[format]}`),
      {
        method: "POST",
        headers: { "Content-Type": "application/json", [TRANSACTION_ID_HEADER]: transactionId() },
        credentials: "same-origin",
        cache: "no-store",
        body: JSON.stringify(selection),
        signal: controller.signal,
      },
    );
  } catch {
    throw new ApiError(0, MESSAGES.loginNoStatus);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; errors?: unknown };
    throw new ApiError(response.status, messageText(body.message) ?? EXPORT_MESSAGES.failed, fieldErrors(body.errors));
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get("content-disposition"), `export.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in Safari.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
