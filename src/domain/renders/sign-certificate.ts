// The certificate `options.sign` names, checked before the cache is looked up (docs/signing.md#the-option): a render
// never answers, stored or new, for a certificate the account no longer holds or that is outside its validity.

import type { SignOption } from "../../contract/render-options/sign-option";
import { ServiceError } from "../../errors";
import type { SigningCertificate, SigningKeysPort } from "../ports/signing-keys";

/** Whose certificates a render may sign with, and where they are found. */
export interface SignerLookup {
  accountId: string;
  signingKeys: Pick<SigningKeysPort, "find">;
}

/**
 * The account's certificate for `sign`, valid at `at`: 404 `not_found` when the account holds none by that id (deleted,
 * or another account's), 409 `conflict` `certificate_expired` outside its validity. Undefined without `sign`.
 */
export async function signingCertificate(
  sign: SignOption | undefined,
  lookup: SignerLookup,
  at: Date,
): Promise<SigningCertificate | undefined> {
  if (!sign) return undefined;
  const certificate = await lookup.signingKeys.find(lookup.accountId, sign.certificate);
  if (!certificate) throw new ServiceError("not_found", `No certificate \`${sign.certificate}\` on this account.`);
  if (at < certificate.notBefore || at > certificate.notAfter)
    throw new ServiceError(
      "conflict",
      `The certificate \`${sign.certificate}\` is outside its validity (${certificate.notBefore.toISOString()} to ` +
        `${certificate.notAfter.toISOString()}): upload a valid one.`,
      {
        details: {
          code: "certificate_expired",
          not_before: certificate.notBefore.toISOString(),
          not_after: certificate.notAfter.toISOString(),
        },
      },
    );
  return certificate;
}
