// The signature, the last step of a finished PDF (docs/signing.md#the-option): the account's key opened from its seal
// for this request only, the file signed in the Worker, and for B-T the authority's token over the signature value.
// Whatever fails here fails the render at stage `signature`: nothing unsigned is stored for a request that asked for
// a signature.

import type { SignatureCompliance } from "../../../contract/compliance";
import { ServiceError } from "../../../errors";
import { signPdf } from "../../../render/pdf/signing/sign-pdf";
import { visiblePageIndex } from "../../../render/pdf/signing/signature-appearance";
import type { TimeStamp } from "../../ports/time-stamps";
import type { PlannedSignature } from "../sign-plan";
import type { PrintDeps } from "./print-context";

export interface SignedFile {
  bytes: Uint8Array;
  receipt: SignatureCompliance;
}

function signatureFailure(message: string, reason: string, retryable: boolean): ServiceError {
  return new ServiceError("render_failed", `${message} Nothing was stored or billed.`, {
    details: { stage: "signature", reason, retryable },
  });
}

/** A visible box on a page the document does not have is the request's mistake, known only once the pages print. */
function refuseMissingPage(signature: PlannedSignature, pageCount: number): void {
  const visible = signature.option.visible;
  if (!visible || visiblePageIndex(visible, pageCount) !== null) return;
  throw signatureFailure(
    `The visible signature is on page ${visible.page}, and the document has ${pageCount} page` +
      `${pageCount === 1 ? "" : "s"}: name a page it has (-1 is the last).`,
    "signature_page_missing",
    false,
  );
}

/** Signs `bytes` (every other finishing done) as planned; answers the signed file and its receipt. */
export async function signFile(
  file: { bytes: Uint8Array; pageCount: number },
  signature: PlannedSignature,
  accountId: string,
  deps: Pick<PrintDeps, "signingKeys" | "timeStamps">,
): Promise<SignedFile> {
  refuseMissingPage(signature, file.pageCount);
  const { option, certificate, level } = signature;
  const key = await deps.signingKeys.open(accountId, certificate.id);
  // The signature's /M holds whole seconds: the receipt says the same instant.
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  let stamped: TimeStamp | null = null;
  const authority = deps.timeStamps;
  const timestamp =
    level === "B-T" && authority
      ? async (value: Uint8Array, digest: "SHA-256" | "SHA-384") => {
          stamped = await authority.stamp({ accountId, signature: value, digest });
          return stamped.token;
        }
      : undefined;
  if (level === "B-T" && !timestamp) throw new Error("a B-T signature was planned where no authority is set");
  const bytes = await signPdf(file.bytes, {
    key,
    signedAt,
    reason: option.reason,
    location: option.location,
    contactInfo: option.contact_info,
    visible: option.visible,
    timestamp,
  }).catch((error: unknown) => {
    if (error instanceof ServiceError) throw error;
    throw signatureFailure("The PDF could not be signed.", "signature_failed", false);
  });
  const token = stamped as TimeStamp | null;
  return {
    bytes,
    receipt: {
      level,
      certificate: certificate.id,
      subject: certificate.subject,
      fingerprint_sha256: certificate.fingerprintSha256,
      signed_at: signedAt.toISOString(),
      timestamp: token ? { authority: token.authority, time: token.time, serial: token.serial } : null,
    },
  };
}
