/** A page's kind: its path with ids and tokens replaced, so each kind of page is checked and timed once. */
export const pageKind = (url: string) =>
  new URL(url).pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id")
    .replace(/\/[A-Za-z0-9_-]{24,}/g, "/:token");
