/** One uploaded file as it arrives. */
export interface UploadedFile {
  filename: string;
  mimeType: string;
  /** The form's text fields that came before the file (multipart keeps the order they were sent in). */
  fields: Record<string, string>;
  /**
   * The file's bytes as they arrive. Iterate it once; it throws the limits' 413 as soon as the file
   * passes its size limit, before the consumer could take a cut-off file for a whole one.
   */
  chunks: AsyncIterable<Buffer>;
}

/**
 * A file that has not been read yet. The service first checks what it must (access, the target's
 * kind), then calls `receive` to stream the file through `handle`; the caller's transport (an HTTP
 * multipart body today) decides how the bytes arrive and applies its size limits, so nothing is
 * held in memory whole and nothing is read when the service refuses early.
 */
export interface IncomingFile {
  receive<T>(handle: (file: UploadedFile) => Promise<T>): Promise<T>;
}
