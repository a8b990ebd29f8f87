import { ServiceError } from "../../errors";

/** The upload fields a refusal may name (docs/signing.md#refusals). */
export type UploadField = "pkcs12" | "password" | "certificate_pem" | "private_key_pem" | "chain_pem";

/**
 * A 400 at the field that carried the refused value, never echoing it: the value is a key, a certificate or a
 * password, and an error answer may be logged by the caller.
 */
export function uploadRefusal(
  field: UploadField,
  message: string,
  expected: string,
  details: Record<string, unknown> = {},
): ServiceError {
  return new ServiceError("invalid_request", message, {
    errors: [{ path: field, message, expected }],
    ...(Object.keys(details).length > 0 ? { details } : {}),
  });
}
