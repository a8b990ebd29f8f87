// What a B-T signature asks of the deployment's time-stamp authority (docs/signing.md#b-t): an RFC 3161 token over
// the signature value, already checked, with what the receipt says of it. Null in the services where no authority is
// set (SIGN_TSA_URL): B-T is then refused at `options.sign.level`.
import type * as pkijs from "pkijs";

export interface TimeStampRequest {
  accountId: string;
  /** The CMS signature value the token's imprint covers. */
  signature: Uint8Array;
  digest: "SHA-256" | "SHA-384";
}

export interface TimeStampToken {
  token: pkijs.ContentInfo;
  /** The authority certificate's subject, never its URL. */
  authority: string;
  /** The token's genTime, ISO 8601. */
  time: string;
  /** The token's serial number, upper-case hex. */
  serial: string;
}

export interface TimeStampsPort {
  /** Throws `render_failed` stage `signature` (retryable) when the authority fails or its token does not check. */
  stamp(request: TimeStampRequest): Promise<TimeStampToken>;
}
