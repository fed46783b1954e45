import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { MAX_UPLOAD_BYTES } from "@/lib/constants/observations";
import { withApiSecurityHeaders } from "@/server/http/api-security-headers";
import { incomingFile, type FileUploadOptions } from "@/server/http/file-upload";
import { json, withProjectAccess } from "@/server/http/route";
import { createUploadSource } from "@/server/services/data-sources/upload-csv";

// Streams the request body (a CSV up to 200 MB) straight into PostgreSQL: needs the Node runtime.
export const runtime = "nodejs";

const CSV_FORM: FileUploadOptions = {
  field: "file",
  maxFileBytes: MAX_UPLOAD_BYTES,
  tooLargeMessage: M.fileTooLarge,
  notFormMessage: M.notMultipart,
  missingMessage: M.fileRequired,
  malformedMessage: M.malformedForm,
  interruptedMessage: M.interrupted,
};

/**
 * A new upload source and its first file (fields `name` and `mapping` before `file`): both or neither.
 * The proxy does not run for this route (see proxy.ts): it sets its own security headers.
 */
export const POST = withApiSecurityHeaders(
  withProjectAccess("datasource:manage", async (ctx, http) =>
    json(await createUploadSource({ ctx, input: { file: incomingFile(http.req, CSV_FORM) } }), 201),
  ),
);
