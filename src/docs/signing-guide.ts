// The "Signing" part of /docs (docs/signing.md): certificates, the `sign` option, what an uploaded key is and is not,
// and the refusals with the numbers the code enforces.

import { SIGN_NONCE_MAX, SIGN_TEXT_MAX } from "../contract/render-options/sign-option";
import { CERTIFICATE_UPLOADS_PER_MINUTE } from "../domain/accounts/admission";
import { MAX_CHAIN_CERTIFICATES } from "../domain/certificates/check-certificate";
import { MAX_CERTIFICATES_PER_ACCOUNT } from "../domain/certificates/create-certificate";
import { MAX_PKCS12_DERIVATIONS, MAX_PKCS12_ITERATIONS } from "../domain/certificates/pkcs12-budget";
import { MAX_PKCS12_BYTES } from "../domain/certificates/read-pkcs12";
import { BREAKER, TIME_STAMP_CALLS } from "../domain/time-stamps/time-stamps";
import { TIME_STAMP_MAX_BYTES, TIME_STAMP_TIMEOUT_MS } from "../render/pdf/signing/time-stamp-client";
import { TIME_STAMP_SKEW_MS } from "../render/pdf/signing/time-stamp-token";

const number = (n: number) => n.toLocaleString("en-US");

/** B-T: what the time-stamp authority is, what Folio checks of its token, and the bounds of its calls. */
function timeStampsGuide(): string {
  return (
    `<h3 id="time-stamps">Time-stamps (B-T)</h3>\n` +
    `<p>A <code>B-T</code> signature carries an RFC 3161 time-stamp token: the service's time-stamp authority, a ` +
    `third party, signs that the signature existed at its time, so the signing time does not rest on Folio's clock ` +
    `alone. <code>B-T</code> is the default level wherever the service has an authority. Before the token enters ` +
    `the file Folio checks it: granted, carrying the nonce Folio sent and the signature's digest, signed by a ` +
    `certificate for time-stamping (its extended key usage, critical), its time within ` +
    `${TIME_STAMP_SKEW_MS / 60_000} minutes of Folio's clock. The receipt names the authority by its certificate's ` +
    `subject. Calls are bounded: ${TIME_STAMP_CALLS.deployment} at once for the whole service and ` +
    `${TIME_STAMP_CALLS.account} per account, no redirects, ${TIME_STAMP_TIMEOUT_MS / 1000} s, ` +
    `${TIME_STAMP_MAX_BYTES / 1024} KB; after ${BREAKER.failures} failures within a minute, <code>B-T</code> ` +
    `signatures fail at once until the minute has passed. A failing authority: <code>render_failed</code>, ` +
    `<code>details.stage</code> <code>signature</code>, retryable. Under <code>npm run dev</code> a local ` +
    `development authority answers (no reader trusts it).</p>\n`
  );
}

export function signingGuide(): string {
  return (
    `<h2 id="signing">Signing</h2>\n` +
    `<p>A signed PDF carries a signature made with a certificate of your account. Certificates belong to accounts ` +
    `on a paid plan (free and trial accounts: 403 <code>permission_error</code>).</p>\n` +
    `<h3 id="certificates">Certificates</h3>\n` +
    `<p><code>POST /v1/certificates</code> with <code>{name?, pkcs12, password}</code> (the .p12 or .pfx file in ` +
    `base64) or <code>{name?, certificate_pem, private_key_pem, chain_pem?}</code> answers 201 with the ` +
    `certificate: <code>id</code> (<code>crt_…</code>), <code>subject</code>, <code>issuer</code>, ` +
    `<code>serial</code>, <code>not_before</code>, <code>not_after</code>, <code>fingerprint_sha256</code>, ` +
    `<code>key</code> (RSA-2048, RSA-3072, RSA-4096, EC-P256 or EC-P384). <code>GET /v1/certificates</code> lists ` +
    `them, <code>GET</code> and <code>DELETE /v1/certificates/{id}</code> read and delete one. ` +
    `${CERTIFICATE_UPLOADS_PER_MINUTE} uploads a minute per key; at most ${MAX_CERTIFICATES_PER_ACCOUNT} live ` +
    `certificates per account (409 <code>conflict</code>, <code>details.code</code> <code>certificate_limit</code>). ` +
    `PKCS#12 files as today's tools write them (AES) are read, and the 3DES and RC2 ones older OpenSSL, macOS and ` +
    `Windows export.</p>\n` +
    `<p>Under <code>npm run dev</code> only, <code>{generate: {common_name}}</code> issues a certificate at once ` +
    `from the local development CA, so signing can be tried without one of your own; elsewhere that form is 400.</p>\n` +
    `<h3 id="certificate-refusals">Refusals</h3>\n` +
    `<p>A 400 <code>invalid_request</code> at the field that carried the value (<code>pkcs12</code>, ` +
    `<code>password</code>, <code>certificate_pem</code>, <code>private_key_pem</code>, <code>chain_pem</code>), ` +
    `which never repeats it: an unreadable file or PEM; a wrong password; a <code>pkcs12</code> over ` +
    `${number(MAX_PKCS12_BYTES / 1024)} KB (<code>details.max_bytes</code>), asking more than ` +
    `${number(MAX_PKCS12_ITERATIONS)} key-derivation iterations for the whole file (<code>details.max_iterations` +
    `</code>, refused before any key is derived: the MAC and every encrypted part together, the legacy 3DES and RC2 ` +
    `parts counting their key and their IV apart, and each derivation its iterations once for every hash-sized ` +
    `block it makes, so a 3DES key from SHA-1 counts twice) or more than ${MAX_PKCS12_DERIVATIONS} ` +
    `password-derived keys; a key that is not the ` +
    `certificate's; a certificate outside its validity, without the digitalSignature or nonRepudiation key usage, ` +
    `or for TLS servers only; an RSA key outside 2048-4096 bits or a curve other than P-256 and P-384; a chain over ` +
    `${MAX_CHAIN_CERTIFICATES} certificates or whose links do not verify.</p>\n` +
    `<h3 id="signing-option">The option</h3>\n` +
    `<p><code>options.sign</code> is <code>{certificate, level?, reason?, location?, contact_info?, nonce?, ` +
    `visible?}</code>, for PDF output only (and the PDF inside a UBL e-invoice). <code>reason</code>, ` +
    `<code>location</code> and <code>contact_info</code> are 1 to ${SIGN_TEXT_MAX} characters, <code>nonce</code> ` +
    `1 to ${SIGN_NONCE_MAX} (it enters the cache key only); <code>visible</code> is a page (from 1, -1 the last) ` +
    `and a box in CSS lengths from its top left. Refused with 400 at <code>options.sign</code>: with ` +
    `<code>encryption</code>, with <code>chunk</code>, with a UBL e-invoice's <code>embed_pdf: false</code>, and ` +
    `as a template default (each request names its certificate). <code>level: "B-T"</code> needs the deployment's ` +
    `time-stamp authority, and is 400 at <code>options.sign.level</code> without one. The certificate is checked ` +
    `before the cache is looked up: one your account does not hold (deleted, or another's) is 404 ` +
    `<code>not_found</code>, one outside its validity 409 <code>conflict</code>, <code>details.code</code> ` +
    `<code>certificate_expired</code>.</p>\n` +
    `<p>Signing is the last step, after every other finishing: one incremental update holds a PAdES baseline CMS ` +
    `(detached, <code>ETSI.CAdES.detached</code>, SHA-256 or SHA-384 for P-384; signed attributes content-type, ` +
    `message-digest and signing-certificate-v2, no signing-time; the chain included; a <code>/ByteRange</code> over ` +
    `the whole file but the signature value). An invisible signature is a zero-size printed widget; a visible one ` +
    `draws the signer's name and the signing time (UTC) in an embedded font. In a tagged document the widget is in ` +
    `a Form element with <code>/Alt</code>, so <code>pdfua</code> and <code>pdfa</code> files keep their standard. ` +
    `A visible box on a page the document lacks fails with <code>render_failed</code>, stage ` +
    `<code>signature</code>. The receipt <code>compliance.signature</code> is <code>{level, certificate, subject, ` +
    `fingerprint_sha256, signed_at, timestamp}</code>. A signed render is cached as any render (the fingerprint ` +
    `and level in its key): a repeat answers the stored signed file; another <code>nonce</code> signs anew, only ` +
    `<code>/M</code>, the time text and the signature value differing. A preview never signs: its first warning is ` +
    `<code>sign_skipped</code> and a visible box is outlined.</p>\n` +
    `<h3 id="signing-keys">Keys</h3>\n` +
    `<p>The private key is never answered, logged, or sent to the render backend; the file and its password are ` +
    `dropped once unpacked. The key is stored sealed (AES-GCM under a key derived from the service's secret, bound ` +
    `to your account, the certificate and its fingerprint) and opened only by the Worker, for the request that signs. ` +
    `After the service's secret is rotated a key sealed before is sealed again the first time it is used; one that ` +
    `can no longer be opened answers 409 <code>conflict</code>, <code>details.code</code> ` +
    `<code>certificate_unreadable</code>: upload it again.</p>\n` +
    timeStampsGuide() +
    `<h3 id="signing-trust">What a signature is worth</h3>\n` +
    `<p>A reader shows a signature as trusted only when its certificate's chain leads to a list the reader trusts ` +
    `(Adobe's AATL, the EU trust lists); otherwise it shows the signature as valid but its signer as unknown. A key ` +
    `uploaded to Folio makes an advanced electronic signature or seal at most, never a qualified one: a qualified ` +
    `signature needs a key kept in a qualified signature creation device. Revocation data kept in the file ` +
    `(B-LT, B-LTA) is not offered yet.</p>\n`
  );
}
