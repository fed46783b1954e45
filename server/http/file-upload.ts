import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, BadRequestError } from "../errors";
import type { IncomingFile, UploadedFile } from "../services/incoming-file";

export interface FileUploadOptions {
  /** The form field holding the file. */
  field: string;
  maxFileBytes: number;
  tooLargeMessage: string;
  notFormMessage: string;
  missingMessage: string;
  malformedMessage: string;
  interruptedMessage: string;
}

// Multipart framing, other small fields and the part headers, on top of the file itself.
const FRAMING_BYTES = 1024 * 1024;
// After a handler has refused the file, the rest of the body is read and thrown away (so the
// client gets the answer instead of a reset connection), but not for ever.
const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Streams one file out of a multipart/form-data request to `handle`, never holding the file: the
 * body goes through busboy chunk by chunk with backpressure, so memory stays flat whatever the
 * file's size. A Content-Length past the limit is refused before reading anything.
 */
export async function handleFileUpload<T>(
  req: Request,
  options: FileUploadOptions,
  handle: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType.trim())) throw new AppError(415, options.notFormMessage);
  const tooLarge = () => new AppError(413, options.tooLargeMessage, { [options.field]: options.tooLargeMessage });
  const maxBodyBytes = options.maxFileBytes + FRAMING_BYTES;
  if (Number(req.headers.get("content-length") ?? "0") > maxBodyBytes) throw tooLarge();
  if (!req.body) throw new BadRequestError(options.missingMessage, { [options.field]: options.missingMessage });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // One byte over the limit: busboy flags a file that reaches `fileSize` exactly as cut off.
      limits: { files: 1, fileSize: options.maxFileBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  } catch {
    throw new BadRequestError(options.malformedMessage);
  }
  const body = Readable.fromWeb(req.body as unknown as NodeWebStream<Uint8Array>);

  return new Promise<T>((resolve, reject) => {
    let work: Promise<{ ok: true; value: T } | { ok: false; error: unknown }> | undefined;
    let current: (Readable & { truncated?: boolean }) | undefined;
    let settled = false;
    let received = 0;
    let drainTimer: NodeJS.Timeout | undefined;

    const settle = (outcome: { ok: true; value: T } | { ok: false; error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(drainTimer);
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    };
    /** Stops reading at once: the body is over its limit or broken. */
    const abortWith = (error: AppError) => {
      body.unpipe(parser);
      body.destroy();
      current?.destroy(error);
      if (work) void work.then(() => settle({ ok: false, error }));
      else settle({ ok: false, error });
    };

    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) abortWith(tooLarge());
    });
    body.on("error", () => abortWith(new BadRequestError(options.interruptedMessage)));
    parser.on("error", () => abortWith(new BadRequestError(options.malformedMessage)));

    // Small fields sent before the file (the CSV upload's name and column mapping).
    const fields: Record<string, string> = {};
    parser.on("field", (name, value) => {
      if (!work) fields[name] = value;
    });

    parser.on("file", (name, stream, info) => {
      if (name !== options.field || work) {
        stream.resume();
        return;
      }
      current = stream;
      work = handle({
        // The name is only kept for display: characters PostgreSQL cannot store become U+FFFD.
        filename: (info.filename ?? "").toWellFormed().replaceAll("\u0000", "\uFFFD"),
        mimeType: info.mimeType ?? "",
        fields,
        chunks: fileChunks(stream, tooLarge),
      }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => {
          // The handler gave up: discard the rest of the file so the body can still be read to its end.
          if (!stream.destroyed) stream.resume();
          drainTimer = setTimeout(
            () => abortWith(error instanceof AppError ? error : new BadRequestError(options.malformedMessage)),
            DRAIN_TIMEOUT_MS,
          );
          return { ok: false as const, error };
        },
      );
    });

    parser.on("close", () => {
      if (!work) {
        settle({
          ok: false,
          error: new BadRequestError(options.missingMessage, { [options.field]: options.missingMessage }),
        });
        return;
      }
      void work.then(settle);
    });

    body.pipe(parser);
  });
}

async function* fileChunks(
  stream: Readable & { truncated?: boolean },
  tooLarge: () => AppError,
): AsyncIterable<Buffer> {
  // Returning early must not destroy the stream: busboy would then wait on it for ever.
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
    if (stream.truncated) throw tooLarge();
    yield chunk as Buffer;
  }
  if (stream.truncated) throw tooLarge();
}

/** The file of a multipart request, for a service to read when it is ready (see IncomingFile). */
export function incomingFile(req: Request, options: FileUploadOptions): IncomingFile {
  return { receive: (handle) => handleFileUpload(req, options, handle) };
}
