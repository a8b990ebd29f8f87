// RFC 3161 time-stamps of a B-T signature (docs/signing.md#time-stamps): the query Folio sends its authority and
// every check the answer passes before its token enters a signature. Built and read with pkijs and asn1js, never
// encoded by hand.

import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { ServiceError } from "../../../errors";
import { toHex } from "../../../lib/crypto";
import * as x509 from "../../../lib/x509";
import type { DigestName } from "./cms-signature";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  extKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
} as const;

/** How far the token's time may be from the Worker's clock (docs/limits.md#time-stamps). */
export const TIME_STAMP_SKEW_MS = 5 * 60_000;

/** A checked token and what the receipt says of it: the authority by its certificate's subject, never its URL. */
export interface TimeStamp {
  token: pkijs.ContentInfo;
  authority: string;
  time: string;
  serial: string;
}

/** What was asked: the DER to send, and the nonce and imprint the answer must repeat. */
export interface TimeStampQuery {
  der: Uint8Array;
  nonce: Uint8Array;
  imprint: pkijs.MessageImprint;
}

/** A B-T signature could not get its time-stamp: retryable, the authority's side (docs/signing.md#time-stamps). */
export function timeStampFailed(reason: string): ServiceError {
  return new ServiceError("render_failed", `The signature could not be time-stamped: ${reason}.`, {
    details: { stage: "signature", reason },
  });
}

/** A TimeStampReq over the signature value's digest, with a random nonce, asking for the authority's certificate. */
export async function timeStampQuery(signature: Uint8Array, digest: DigestName): Promise<TimeStampQuery> {
  const imprint = await pkijs.MessageImprint.create(digest, signature);
  const nonce = crypto.getRandomValues(new Uint8Array(16));
  // A positive INTEGER in its shortest form: the high bit clear, the first byte never zero.
  nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x40;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: imprint,
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return { der: new Uint8Array(request.toSchema().toBER()), nonce, imprint };
}

function decoded<T>(read: () => T, what: string): T {
  try {
    return read();
  } catch {
    throw timeStampFailed(`the time-stamp authority answered ${what}`);
  }
}

const sameBytes = (a: ArrayBufferView, b: ArrayBufferView) => toHex(a) === toHex(b);

/** The token's signed content, the TSTInfo, once the answer is a granted SignedData over one. */
function grantedToken(answer: Uint8Array): { token: pkijs.ContentInfo; signed: pkijs.SignedData; info: pkijs.TSTInfo } {
  const response = decoded(() => pkijs.TimeStampResp.fromBER(answer), "something other than an RFC 3161 response");
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods)
    throw timeStampFailed(`the time-stamp authority refused the request (status ${pkijs.PKIStatus[status] ?? status})`);
  const token = response.timeStampToken;
  if (!token || token.contentType !== OID.signedData)
    throw timeStampFailed("the time-stamp authority granted the request without a signed token");
  const signed = decoded(() => new pkijs.SignedData({ schema: token.content }), "a token that is not a SignedData");
  const content = signed.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent)
    throw timeStampFailed("the time-stamp authority answered a token without time-stamp information");
  const eContent = content.eContent;
  const info = decoded(() => pkijs.TSTInfo.fromBER(eContent.getValue()), "an unreadable time-stamp information");
  return { token, signed, info };
}

/** The token answers this query: our nonce, the imprint of our signature value, and a time near ours. */
function checkAnswersQuery(info: pkijs.TSTInfo, query: TimeStampQuery, now: Date): void {
  if (!info.nonce || !sameBytes(info.nonce.valueBlock.valueHexView, query.nonce))
    throw timeStampFailed("the time-stamp authority's token does not carry the nonce Folio sent");
  const imprint = info.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== query.imprint.hashAlgorithm.algorithmId ||
    !sameBytes(imprint.hashedMessage.valueBlock.valueHexView, query.imprint.hashedMessage.valueBlock.valueHexView)
  )
    throw timeStampFailed("the time-stamp authority's token is over another digest than the signature's");
  const skew = Math.abs(info.genTime.getTime() - now.getTime());
  if (!(skew <= TIME_STAMP_SKEW_MS))
    throw timeStampFailed(
      `the time-stamp authority's time ${info.genTime.toISOString()} is more than 5 minutes from Folio's clock`,
    );
}

/** The token's signature verifies with the certificate it names, which holds at its time. */
async function verifiedSigner(signed: pkijs.SignedData, signature: Uint8Array): Promise<pkijs.Certificate> {
  let result: Awaited<ReturnType<pkijs.SignedData["verify"]>> | null = null;
  try {
    result = await signed.verify({ signer: 0, data: signature.slice().buffer, extendedMode: true });
  } catch {
    // pkijs throws for a missing certificate as for a bad signature: either way the token does not check out.
  }
  if (!result?.signatureVerified || !result.signerCertificate)
    throw timeStampFailed("the time-stamp authority's token signature does not verify with its certificate");
  return result.signerCertificate;
}

/** RFC 3161 2.3: the authority's certificate is for time-stamping, and says so in a critical extension. */
function checkTimeStampingUsage(certificate: pkijs.Certificate, time: Date): void {
  const usage = certificate.extensions?.find((extension) => extension.extnID === OID.extKeyUsage);
  const purposes = usage?.parsedValue instanceof pkijs.ExtKeyUsage ? usage.parsedValue.keyPurposes : [];
  if (!usage?.critical || !purposes.includes(OID.timeStamping))
    throw timeStampFailed("the time-stamp authority's certificate is not one for time-stamping");
  if (time < certificate.notBefore.value || time > certificate.notAfter.value)
    throw timeStampFailed("the time-stamp authority's certificate was not valid at the token's time");
}

/** The authority's answer to `query`, checked whole; any failure is a `timeStampFailed` error. */
export async function checkedTimeStamp(
  answer: Uint8Array,
  query: TimeStampQuery,
  signature: Uint8Array,
  now: Date,
): Promise<TimeStamp> {
  const { token, signed, info } = grantedToken(answer);
  checkAnswersQuery(info, query, now);
  const certificate = await verifiedSigner(signed, signature);
  checkTimeStampingUsage(certificate, info.genTime);
  return {
    token,
    authority: new x509.X509Certificate(certificate.toSchema().toBER()).subject,
    time: info.genTime.toISOString(),
    serial: toHex(info.serialNumber.valueBlock.valueHexView).toUpperCase(),
  };
}
