import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { handleFileUpload, type FileUploadOptions } from "./file-upload";

const OPTIONS: FileUploadOptions = {
  field: "file",
  maxFileBytes: 1000,
  tooLargeMessage: "too large",
  notFormMessage: "not a form",
  missingMessage: "missing",
  malformedMessage: "malformed",
  interruptedMessage: "interrupted",
};

/** A multipart request whose body is streamed (no Content-Length), as a browser's chunked upload would be. */
function streamedRequest(fileBytes: number): Request {
  const encoder = new TextEncoder();
  const parts = [
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n',
    ...Array.from({ length: Math.ceil(fileBytes / 100) }, () => "x".repeat(99) + "\n"),
    "\r\n--b--\r\n",
  ];
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(encoder.encode(parts[i++]));
      else controller.close();
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "content-type": "multipart/form-data; boundary=b" },
    duplex: "half",
  } as RequestInit);
}

async function consume(chunks: AsyncIterable<Buffer>): Promise<number> {
  let total = 0;
  for await (const chunk of chunks) total += chunk.length;
  return total;
}

describe("handleFileUpload", () => {
  it("streams a file within the limit to the handler", async () => {
    await expect(handleFileUpload(streamedRequest(1000), OPTIONS, (file) => consume(file.chunks))).resolves.toBe(1000);
  });

  it("cuts a streamed file off as soon as it passes the limit: 413, and the handler sees an error, not a short file", async () => {
    let handlerError: unknown;
    const result = handleFileUpload(streamedRequest(50_000), OPTIONS, async (file) => {
      try {
        return await consume(file.chunks);
      } catch (error) {
        handlerError = error;
        throw error;
      }
    });
    await expect(result).rejects.toMatchObject({ status: 413, message: "too large" });
    expect(handlerError).toBeInstanceOf(AppError);
  });

  it("reads the rest of the body after the handler refuses the file, then answers with the handler's error", async () => {
    const result = handleFileUpload(streamedRequest(900), OPTIONS, async () => {
      throw new AppError(400, "bad line");
    });
    await expect(result).rejects.toMatchObject({ status: 400, message: "bad line" });
  });
});
