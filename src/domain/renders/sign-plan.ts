// What `options.sign` resolves to before the cache is looked up (docs/signing.md#the-option): the account's
// certificate, checked (a render never answers, stored or new, for a certificate the account no longer holds or that
// is outside its validity), and the level, defaulted from the deployment's time-stamp authority. Both enter the cache
// key, so a new certificate or level signs afresh instead of answering an older signature.

import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { SignOption } from "../../contract/render-options/sign-option";
import { ServiceError } from "../../errors";
import { receivedPhrase } from "../../lib/field-errors";
import type { SigningCertificate, SigningKeysPort } from "../ports/signing-keys";

export type SignatureLevel = "B-B" | "B-T";

/** Whose certificates a render may sign with, where they are found, and whether a time-stamp authority answers. */
export interface SignerLookup {
  accountId: string;
  signingKeys: Pick<SigningKeysPort, "find">;
  timeStampAuthority: boolean;
}

/** A render's signature as planned: the request's option, its certificate and its resolved level. */
export interface PlannedSignature {
  option: SignOption;
  certificate: SigningCertificate;
  level: SignatureLevel;
}

function resolvedLevel(sign: SignOption, timeStampAuthority: boolean): SignatureLevel {
  const level = sign.level ?? (timeStampAuthority ? "B-T" : "B-B");
  if (level === "B-T" && !timeStampAuthority) {
    const message =
      '`level: "B-T"` needs a time-stamp authority, and this deployment has none: use "B-B" or leave it out.';
    throw new ServiceError("invalid_request", message, {
      errors: [
        { path: "options.sign.level", message, expected: '"B-B" or no `level`', received: receivedPhrase(level) },
      ],
    });
  }
  return level;
}

function expired(sign: SignOption, certificate: SigningCertificate): ServiceError {
  const [from, to] = [certificate.notBefore.toISOString(), certificate.notAfter.toISOString()];
  return new ServiceError(
    "conflict",
    `The certificate \`${sign.certificate}\` is outside its validity (${from} to ${to}): upload a valid one.`,
    { details: { code: "certificate_expired", not_before: from, not_after: to } },
  );
}

/**
 * The render's signature, valid at `at`: 400 at `options.sign.level` for B-T without an authority, 404 `not_found`
 * when the account holds no certificate by that id (deleted, or another account's), 409 `conflict`
 * `certificate_expired` outside its validity. Undefined without `sign`.
 */
export async function planSignature(
  sign: SignOption | undefined,
  lookup: SignerLookup,
  at: Date,
): Promise<PlannedSignature | undefined> {
  if (!sign) return undefined;
  const level = resolvedLevel(sign, lookup.timeStampAuthority);
  const certificate = await lookup.signingKeys.find(lookup.accountId, sign.certificate);
  if (!certificate) throw new ServiceError("not_found", `No certificate \`${sign.certificate}\` on this account.`);
  if (at < certificate.notBefore || at > certificate.notAfter) throw expired(sign, certificate);
  return { option: sign, certificate, level };
}

/**
 * The merged options as the cache key hashes them: `sign` with the certificate's fingerprint and the level. Without
 * its nonce for the file's own identity (its /ID): another nonce asks for a new signature of the same document, so
 * only the signature's bytes may differ (docs/signing.md#caching).
 */
export function withSignatureKey(
  merged: RenderOptions,
  signature: PlannedSignature | undefined,
  { nonce }: { nonce: boolean } = { nonce: true },
): RenderOptions {
  if (!merged.sign || !signature) return merged;
  const { nonce: _, ...sign } = merged.sign;
  const { fingerprintSha256 } = signature.certificate;
  const keyed = { ...(nonce ? merged.sign : sign), level: signature.level, fingerprint_sha256: fingerprintSha256 };
  return { ...merged, sign: keyed };
}
