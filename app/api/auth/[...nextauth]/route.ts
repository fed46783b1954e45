import NextAuth from "next-auth";
import { nextAuthOptions } from "@/server/auth/next-auth-options";
import { assertReadableAuthBody } from "@/server/http/next-auth-body";
import { withPublic } from "@/server/http/route";

// next-auth answers itself; the wrapper adds the request id, the log line and the one error shape.
const handler = withPublic(async (_ctx, http) => {
  await assertReadableAuthBody(http.req);
  return NextAuth(http.req as never, { params: http.params } as never, nextAuthOptions());
});

export { handler as GET, handler as POST };
