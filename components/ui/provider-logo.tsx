import { THIRD_PARTY_PROVIDERS, type ThirdPartyProviderKey } from "@/lib/constants/third-party-providers";

/**
 * A provider's mark in its brand colour, beside its name (so the mark itself is decorative to a screen reader);
 * a provider without a mark gets a neutral square, so rows stay aligned.
 */
export function ProviderLogo({ provider, size = 20 }: { provider: ThirdPartyProviderKey | null; size?: number }) {
  const mark = provider ? THIRD_PARTY_PROVIDERS[provider] : null;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className="shrink-0"
      data-provider={provider ?? undefined}
    >
      {mark ? <path d={mark.path} fill={mark.color} /> : <rect width="24" height="24" rx="5" fill="#cbd5e1" />}
    </svg>
  );
}
