import type { z } from "zod";

/** One path and method of the API, with the zod schemas its route validates the body and the query with. */
export interface CatalogueOperation {
  path: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  summary: string;
  access: string;
  status: number;
  body: z.ZodType | null;
  query: z.ZodType | null;
  multipart: boolean;
}
