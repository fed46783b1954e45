import "server-only";

/** A generated file as a download: its type, length and name (RFC 6266, ASCII and UTF-8 forms). */
export function fileResponse(file: { fileName: string; contentType: string; body: Buffer }): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
