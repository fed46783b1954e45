import NextAuth from "next-auth";
import { nextAuthOptions } from "@/server/auth/next-auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  return NextAuth(req as never, { params: await ctx.params } as never, nextAuthOptions());
}

export { handler as GET, handler as POST };
