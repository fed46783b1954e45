import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { APP_NAME } from "@/lib/constants/app";
import "./globals.css";

// Every page is rendered per request: its scripts carry the request's CSP nonce (see proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: APP_NAME, template: `%s · ${APP_NAME}` },
  description: "Insight reports for marketing agencies, from their clients' analytics and advertising data.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#2f5bd3" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
