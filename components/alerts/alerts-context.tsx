"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { AlertBanner } from "./alert-banner";

export type AlertKind = "success" | "error" | "instruction";

export interface AlertOptions {
  /** Show the alert on this page instead of the current one (set it just before navigating there). */
  on?: string;
  /** Success alerts hide after `autoHideMs` (5 s) unless this is false or the alert is loading. */
  autoHide?: boolean;
  autoHideMs?: number;
  /** Success only: a spinner beside the message for work that is still going on. */
  loading?: boolean;
}

export interface AlertState {
  id: number;
  kind: AlertKind;
  message: string;
  pathname: string;
  loading: boolean;
  autoHideMs: number | null;
}

export interface Alerts {
  success: (message: string, options?: AlertOptions) => void;
  error: (message: string, options?: AlertOptions) => void;
  instruction: (message: string, options?: AlertOptions) => void;
  clear: () => void;
}

const AlertsContext = createContext<Alerts | null>(null);
const VisibleAlertContext = createContext<AlertState | null>(null);
const DEFAULT_AUTO_HIDE_MS = 5000;
let nextId = 1;

/** The one alert of the app (spec section 4: success, error, instruction, clear). */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [alert, setAlert] = useState<AlertState | null>(null);

  const show = useCallback(
    (kind: AlertKind, message: string, options: AlertOptions = {}) => {
      const loading = kind === "success" && options.loading === true;
      const autoHide = kind === "success" && !loading && options.autoHide !== false;
      setAlert({
        id: nextId++,
        kind,
        message,
        pathname: options.on ?? pathname,
        loading,
        autoHideMs: autoHide ? (options.autoHideMs ?? DEFAULT_AUTO_HIDE_MS) : null,
      });
    },
    [pathname],
  );

  const clear = useCallback(() => setAlert(null), []);

  // Auto-hide counts from when the alert becomes visible on its page.
  const visible = alert && alert.pathname === pathname ? alert : null;
  useEffect(() => {
    if (!visible || visible.autoHideMs === null) return;
    const id = visible.id;
    const timer = setTimeout(() => setAlert((current) => (current?.id === id ? null : current)), visible.autoHideMs);
    return () => clearTimeout(timer);
  }, [visible]);

  const value = useMemo<Alerts>(
    () => ({
      success: (message, options) => show("success", message, options),
      error: (message, options) => show("error", message, options),
      instruction: (message, options) => show("instruction", message, options),
      clear,
    }),
    [show, clear],
  );

  return (
    <AlertsContext.Provider value={value}>
      <VisibleAlertContext.Provider value={visible}>{children}</VisibleAlertContext.Provider>
    </AlertsContext.Provider>
  );
}

/**
 * Where the alert shows: layouts put it at the top of their main content. It takes its place in the
 * flow (never covering the header or navigation) and sticks to the top of the screen while scrolling.
 */
export function AlertOutlet() {
  const alert = useContext(VisibleAlertContext);
  const { clear } = useAlerts();
  if (!alert) return null;
  return (
    <div className="pointer-events-none sticky top-2 z-40 mb-4 flex w-full justify-center">
      <AlertBanner key={alert.id} alert={alert} onDismiss={clear} />
    </div>
  );
}

export function useAlerts(): Alerts {
  const context = useContext(AlertsContext);
  if (!context) throw new Error("useAlerts must be used inside <AlertsProvider>");
  return context;
}
