import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { APP_NAME } from "@/lib/constants/app";
// The interface's typeface ships with the app (served from our origin, OFL): pages, and the screenshots the tests
// compare, look the same whatever fonts the viewer's machine has (a Linux desktop without Arial drew every label
// wider, and the five key-figure cards wrapped).
import "@fontsource-variable/inter";
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
