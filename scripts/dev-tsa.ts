// The local RFC 3161 time-stamp authority of `npm run dev` and the e2e services (docs/signing.md#development): its key
// and certificate made once per local state and kept beside its data (readable by the user alone), served on a free
// loopback port, its URL handed to the Worker as SIGN_TSA_URL. Tokens are built with pkijs, never by hand.
import "reflect-metadata";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const P256 = { name: "ECDSA", namedCurve: "P-256" };
const TEN_YEARS_MS = 10 * 365 * 86_400_000;
const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  /** The development authority's policy: an arc under "example" (2.999), which names no real policy. */
  policy: "2.999.1",
} as const;

/** An authority's certificate and key, as kept in the state. */
export interface AuthorityFile {
  certificate_pem: string;
  private_key_pem: string;
}

/**
 * A self-signed authority certificate, its extended key usage time-stamping marked critical as RFC 3161 asks (a
 * test's bad authorities leave it out or unmarked).
 */
export async function makeAuthority(
  name: string,
  usage: "critical" | "non-critical" | "none" = "critical",
): Promise<AuthorityFile> {
  const keys = (await crypto.subtle.generateKey(P256, true, ["sign", "verify"])) as CryptoKeyPair;
  const timeStamping =
    usage === "none" ? [] : [new x509.ExtendedKeyUsageExtension([OID.timeStamping], usage === "critical")];
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + TEN_YEARS_MS),
    keys,
    signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), ...timeStamping],
  });
  const key = (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer;
  return {
    certificate_pem: certificate.toString("pem"),
    private_key_pem: x509.PemConverter.encode(key, "PRIVATE KEY"),
  };
}

/** The authority ready to sign: its certificate parsed for pkijs and its key imported. */
export interface Authority {
  certificate: pkijs.Certificate;
  certificateDer: ArrayBuffer;
  privateKey: CryptoKey;
}

export async function openAuthority(file: AuthorityFile): Promise<Authority> {
  const certificateDer = x509.PemConverter.decodeFirst(file.certificate_pem);
  const keyDer = x509.PemConverter.decodeFirst(file.private_key_pem);
  const privateKey = await crypto.subtle.importKey("pkcs8", keyDer, P256, false, ["sign"]);
  return { certificate: pkijs.Certificate.fromBER(certificateDer), certificateDer, privateKey };
}

/** ESS signing-certificate-v2 by the certificate's SHA-256 hash (RFC 5816), which RFC 3161 tokens carry. */
async function essCertificate(authority: Authority): Promise<pkijs.Attribute> {
  const hash = await crypto.subtle.digest("SHA-256", authority.certificateDer);
  const certId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hash })] });
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] });
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}

/** A granted token for `request`, stamped `now`: the TSTInfo signed by the authority (its certificate when asked). */
export async function grantedReply(request: pkijs.TimeStampReq, authority: Authority, now: Date): Promise<Uint8Array> {
  const serial = crypto.getRandomValues(new Uint8Array(8));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: OID.policy,
    messageImprint: request.messageImprint,
    serialNumber: new asn1js.Integer({ valueHex: serial }),
    genTime: now,
    ...(request.nonce ? { nonce: request.nonce } : {}),
  });
  const content = info.toSchema().toBER();
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: await crypto.subtle.digest("SHA-256", content) })],
    }),
    await essCertificate(authority),
  ];
  const { certificate } = authority;
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    certificates: request.certReq ? [certificate] : [],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
  });
  await signed.sign(authority.privateKey, 0, "SHA-256");
  const token = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return statusReply(pkijs.PKIStatus.granted, token);
}

/** A TimeStampResp of `status`, with `token` when granted. */
export function statusReply(status: pkijs.PKIStatus, token?: pkijs.ContentInfo): Uint8Array {
  const reply = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status }),
    ...(token ? { timeStampToken: token } : {}),
  });
  return new Uint8Array(reply.toSchema().toBER());
}

/** The authority's key and certificate of the local state in `file`, made on first use. */
export async function developmentAuthority(file: string): Promise<Authority> {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const made = await makeAuthority("CN=Folio development time-stamp authority (not trusted anywhere)");
    writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  }
  return openAuthority(JSON.parse(readFileSync(file, "utf8")));
}

/** The reply to one posted query: a granted token, or a rejection when the query is not a TimeStampReq. */
export async function replyTo(body: Uint8Array, authority: Authority): Promise<Uint8Array> {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(body.slice().buffer);
  } catch {
    return statusReply(pkijs.PKIStatus.rejection);
  }
  return grantedReply(request, authority, new Date());
}

/** Serves the authority of `file` on a free loopback port until `close`; queries over 64 KB are cut off. */
export async function startDevelopmentAuthority(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const authority = await developmentAuthority(file);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).byteLength;
      if (size > 65_536) return void res.writeHead(413).end();
      chunks.push(chunk as Buffer);
    }
    if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
    const reply = await replyTo(new Uint8Array(Buffer.concat(chunks)), authority);
    res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close };
}
