// File uploads with progress. fetch() cannot report upload progress, so this one call goes through
// XMLHttpRequest, keeping everything the JSON client does: the base path, the session cookie, a
// fresh transaction id, and errors as ApiError with the server's message and field errors.
import { TRANSACTION_ID_HEADER } from "../constants/app";
import { MESSAGES } from "../constants/messages";
import { ApiError, apiUrl, fieldErrors, messageText, transactionId } from "./http";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, or null while the browser does not know the total. */
  percent: number | null;
}

export interface UploadOptions {
  /** The multipart field holding the file. */
  field?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Text fields sent before the file, so the server reads them before streaming the file. */
  fields?: Record<string, string>;
}

/** POSTs one file as multipart/form-data to an API path and resolves with the JSON answer. */
export function uploadFile<T>(
  path: string,
  file: File,
  { field = "file", onProgress, signal, fields = {} }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader(TRANSACTION_ID_HEADER, transactionId());

    xhr.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent:
          event.lengthComputable && event.total > 0
            ? Math.min(100, Math.round((event.loaded / event.total) * 100))
            : null,
      });
    };
    xhr.onload = () => {
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const body = (data ?? {}) as { message?: unknown; errors?: unknown };
      reject(new ApiError(xhr.status, messageText(body.message) ?? MESSAGES.internalError, fieldErrors(body.errors)));
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.loginNoStatus));
    xhr.onabort = () => reject(new ApiError(0, "The upload was cancelled"));

    const onAbort = () => xhr.abort();
    if (signal) {
      if (signal.aborted) {
        reject(new ApiError(0, "The upload was cancelled"));
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      xhr.onloadend = () => signal.removeEventListener("abort", onAbort);
    }

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
