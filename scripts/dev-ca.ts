// `npm run dev`'s development CA (docs/signing.md#development): made once per local state, kept beside its data
// (readable by the user alone), and handed to the Worker as DEV_SIGNING_CA, so `POST /v1/certificates
// {generate: {common_name}}` issues a certificate at once. Production never has one.
import "reflect-metadata";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import * as x509 from "@peculiar/x509";

const P256 = { name: "ECDSA", namedCurve: "P-256" };
const TEN_YEARS_MS = 10 * 365 * 86_400_000;

async function makeCa(): Promise<{ certificate_pem: string; private_key_pem: string }> {
  const keys = (await crypto.subtle.generateKey(P256, true, ["sign", "verify"])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: "CN=Folio development CA (not trusted anywhere)",
    notBefore: new Date(),
    notAfter: new Date(Date.now() + TEN_YEARS_MS),
    keys,
    signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  const key = (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer;
  return {
    certificate_pem: certificate.toString("pem"),
    private_key_pem: x509.PemConverter.encode(key, "PRIVATE KEY"),
  };
}

/** The CA of the local state in `file`, made on first use; answered as the Worker's DEV_SIGNING_CA value. */
export async function developmentCa(file: string): Promise<string> {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(await makeCa(), null, 2)}\n`, { mode: 0o600 });
  }
  const { certificate_pem, private_key_pem } = JSON.parse(readFileSync(file, "utf8"));
  return Buffer.from(JSON.stringify({ certificate_pem, private_key_pem })).toString("base64");
}
