import { exportHandlers } from "@/server/http/export-route";

export const { GET, POST } = exportHandlers("xlsx");
