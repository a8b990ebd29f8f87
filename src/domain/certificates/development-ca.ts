// `POST /v1/certificates {generate: {common_name}}` under `npm run dev` (docs/signing.md#development): a P-256
// certificate issued at once by the local development CA that `npm run dev` keeps in its state, so signing can be
// tried without a certificate of one's own. Elsewhere the setting is absent and the form is refused.
import * as x509 from "../../lib/x509";
import type { GenerateCertificate } from "./create-certificate";
import { pemBlocks } from "./read-pem";

const P256 = { name: "ECDSA", namedCurve: "P-256" };
const YEAR_MS = 365 * 86_400_000;

/** The issuer of `generate` certificates, from the CA setting (base64 of `{certificate_pem, private_key_pem}`). */
export function developmentIssuer(setting: string): GenerateCertificate {
  const ca = JSON.parse(atob(setting)) as { certificate_pem: string; private_key_pem: string };
  return async (commonName, now) => {
    const authority = new x509.X509Certificate(ca.certificate_pem);
    const [caKeyDer] = pemBlocks(ca.private_key_pem, "PRIVATE KEY", "private_key_pem");
    const signingKey = await crypto.subtle.importKey("pkcs8", caKeyDer as Uint8Array, P256, false, ["sign"]);
    const keys = (await crypto.subtle.generateKey(P256, true, ["sign", "verify"])) as CryptoKeyPair;
    const serial = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0"));
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: `01${serial.join("")}`,
      subject: new x509.Name([{ CN: [commonName] }]).toString(),
      issuer: authority.subject,
      notBefore: now,
      notAfter: new Date(now.getTime() + YEAR_MS),
      publicKey: keys.publicKey,
      signingKey,
      signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
      extensions: [
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      ],
    });
    const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer);
    return {
      privateKey: pkcs8,
      certificates: [new Uint8Array(certificate.rawData), new Uint8Array(authority.rawData)],
      fields: { certificate: "certificate_pem", key: "private_key_pem", chain: "chain_pem" },
    };
  };
}
