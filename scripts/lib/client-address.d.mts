export const CLIENT_IP_HEADER: "x-funnelwise-client-ip";
export function parseTrustProxy(value: string | undefined): number;
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string;
