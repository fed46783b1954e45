import "server-only";
import { AppError, BadRequestError } from "../errors";

export interface MultipartLimits {
  /** Largest whole body accepted, in bytes (files plus fields plus multipart framing). */
  maxBodyBytes: number;
  /** The 413 answer's message (say which limit the user hit, e.g. the logo's). */
  tooLargeMessage: string;
  /** The field the 413 is reported under, for forms. */
  field?: string;
  /** 415 message when the body is not form data. */
  notFormMessage: string;
  malformedMessage: string;
}

function tooLarge(limits: MultipartLimits): AppError {
  return new AppError(
    413,
    limits.tooLargeMessage,
    limits.field ? { [limits.field]: limits.tooLargeMessage } : undefined,
  );
}

/**
 * Reads a multipart/form-data (or url-encoded) body without ever holding more than
 * `maxBodyBytes`: a declared Content-Length past the limit is refused before reading, and a
 * streamed body is cut off as soon as it passes it. Only then is it parsed.
 */
export async function readFormData(req: Request, limits: MultipartLimits): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType.trim())) {
    throw new AppError(415, limits.notFormMessage);
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limits.maxBodyBytes) throw tooLarge(limits);

  const chunks: Uint8Array[] = [];
  if (req.body) {
    const reader = req.body.getReader();
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBodyBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limits);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new BadRequestError(limits.malformedMessage);
  }
}

/** A text field, or undefined when absent; a file sent where text belongs counts as absent. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A file field, or undefined when absent or empty (browsers send an empty part when no file was chosen). */
export function fileField(form: FormData, name: string): File | undefined {
  const value = form.get(name);
  if (!value || typeof value === "string") return undefined;
  if (value.size === 0 && !value.name) return undefined;
  return value;
}
