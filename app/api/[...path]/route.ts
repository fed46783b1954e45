import { NotFoundError } from "@/server/errors";
import { withPublic } from "@/server/http/route";

// Unknown API paths answer with the one error shape, not Next's HTML not-found page.
const notFound = withPublic(async () => {
  throw new NotFoundError();
});
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
