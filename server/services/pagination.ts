import { z } from "zod";
import { DEFAULT_PAGE, PAGE_SIZE } from "@/lib/constants/app";

/** `?page=0&limit=20`: the spec's list defaults (page 0, 20 a page, newest first). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export interface Paged<T> {
  docs: T[];
  total: number;
}

export const pageOffset = (q: PageQuery) => q.page * q.limit;
