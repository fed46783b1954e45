// The only things kept in the browser (spec section 4): the breadcrumb, the stored client and project,
// and the fallback route an unauthenticated visitor was sent away from. Never tokens or user data.
import { safeAppPath } from "./navigation/safe-app-path";
const PREFIX = "funnelwise:";
const KEYS = {
  breadcrumb: `${PREFIX}breadcrumb`,
  client: `${PREFIX}client`,
  project: `${PREFIX}project`,
  fallbackRoute: `${PREFIX}fallback-route`,
} as const;

export interface Breadcrumb {
  agency?: { id: string; name: string };
  client?: { id: string; name: string };
  clientProject?: { id: string; name: string };
  insight?: { id: string; name: string };
}
export interface StoredRef {
  id: string;
  name: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policies)
  }
}

function read<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, JSON.stringify(value));
}

/** Only same-app relative paths are accepted, so a stored value can never send the user off-site. */
export const localState = {
  getBreadcrumb: () => read<Breadcrumb>(KEYS.breadcrumb),
  setBreadcrumb: (value: Breadcrumb | null) => write(KEYS.breadcrumb, value),
  getClient: () => read<StoredRef>(KEYS.client),
  setClient: (value: StoredRef | null) => write(KEYS.client, value),
  getProject: () => read<StoredRef>(KEYS.project),
  setProject: (value: StoredRef | null) => write(KEYS.project, value),
  getFallbackRoute: () => {
    const value = read<string>(KEYS.fallbackRoute);
    return safeAppPath(value);
  },
  setFallbackRoute: (path: string | null) => write(KEYS.fallbackRoute, safeAppPath(path)),
  /** Returns the fallback route once and forgets it. */
  takeFallbackRoute: () => {
    const value = localState.getFallbackRoute();
    write(KEYS.fallbackRoute, null);
    return value;
  },
  /** Logout clears everything this app stored. */
  clear: () => {
    for (const key of Object.values(KEYS)) write(key, null);
  },
};
