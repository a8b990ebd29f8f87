import { ServiceError } from "../errors";
import { hmacSha256Hex, timingSafeEqual } from "./crypto";

export const SIGNED_URL_LIFETIME_SECONDS = 3600;
const CANONICAL_EXPIRES = /^[1-9][0-9]{0,11}$/;

/** `{base}/v1/files/<id>?expires=<unix>&signature=<hex HMAC of "<id>:<expires>">`, valid for an hour. */
export async function signFileUrl(
  baseUrl: string,
  secret: string,
  renderId: string,
  now = Date.now(),
): Promise<{ url: string; expiresAt: string }> {
  const expires = Math.floor(now / 1000) + SIGNED_URL_LIFETIME_SECONDS;
  const signature = await hmacSha256Hex(secret, `${renderId}:${expires}`);
  return {
    url: `${baseUrl}/v1/files/${renderId}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

function refused(message: string): ServiceError {
  return new ServiceError("permission_error", message, {
    details: { renew: "GET /v1/renders/{id} returns a fresh signed URL at no cost." },
  });
}

export function malformedLink(): ServiceError {
  return refused("This file link is malformed or has been altered.");
}

/** Accepts only the exact form the service issues: any other spelling of `expires` is a tampered link. */
export async function verifyFileSignature(
  secret: string,
  renderId: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (!expires || !signature || !CANONICAL_EXPIRES.test(expires) || !/^[0-9a-f]{64}$/.test(signature))
    throw malformedLink();
  const expected = await hmacSha256Hex(secret, `${renderId}:${expires}`);
  if (!timingSafeEqual(expected, signature)) throw refused("This file link has been altered.");
  if (Number(expires) * 1000 <= now) throw refused("This file link has expired.");
}
