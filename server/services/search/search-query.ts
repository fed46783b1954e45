import { searchSchema } from "@/lib/validation/search";
import { pageQuerySchema } from "../pagination";

/** `?q=&page=&limit=` of every search route: q required (at most 255 characters), 20 a page by default. */
export const searchQuerySchema = pageQuerySchema.extend(searchSchema.shape);
