import { z } from "zod";
import { requiredText } from "./fields";

/** `?q=` of the search endpoints (/searches, /searches/clients, /searches/users, /searches/properties). */
export const searchSchema = z.object({ q: requiredText("Search") });
export type SearchInput = z.input<typeof searchSchema>;
