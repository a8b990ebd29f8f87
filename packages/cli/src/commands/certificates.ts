import { readFileSync } from "node:fs";
import { client } from "../config.js";
import { type Output, UsageError } from "../output.js";
import { table } from "./list.js";

export interface CertificateFlags {
  name?: string;
  key?: string;
  chain?: string;
}

/** The PKCS#12 password: FOLIO_CERTIFICATE_PASSWORD, or standard input (never a flag, which `ps` would show). */
async function password(): Promise<string> {
  if (process.env.FOLIO_CERTIFICATE_PASSWORD !== undefined) return process.env.FOLIO_CERTIFICATE_PASSWORD;
  if (process.stdin.isTTY)
    throw new UsageError("give the file's password on standard input or in FOLIO_CERTIFICATE_PASSWORD");
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

/**
 * `folio certificates add <file.p12>` (password from standard input or FOLIO_CERTIFICATE_PASSWORD), or
 * `folio certificates add <cert.pem> --key <key.pem> [--chain <chain.pem>]`: uploads a signing certificate.
 */
export async function addCertificate(file: string, flags: CertificateFlags, out: Output): Promise<void> {
  const name = flags.name ? { name: flags.name } : {};
  const request = flags.key
    ? {
        ...name,
        certificate_pem: readFileSync(file, "utf8"),
        private_key_pem: readFileSync(flags.key, "utf8"),
        ...(flags.chain ? { chain_pem: readFileSync(flags.chain, "utf8") } : {}),
      }
    : { ...name, pkcs12: readFileSync(file).toString("base64"), password: await password() };
  const certificate = await client().certificates.create(request);
  out.result(
    certificate,
    `${certificate.id}  ${certificate.subject}  ${certificate.key}  until ${certificate.not_after}`,
  );
}

/** `folio certificates ls`: the account's live signing certificates, newest first. */
export async function listCertificates(out: Output): Promise<void> {
  const list = await client().certificates.list({ limit: 100 });
  const rows = list.data.map((c) => [c.id, c.name ?? "-", c.subject, c.key, c.not_after]);
  out.result(list, rows.length ? table([["ID", "NAME", "SUBJECT", "KEY", "VALID UNTIL"], ...rows]) : "no certificates");
}

/** `folio certificates delete <id>`: the certificate signs nothing from then on. */
export async function deleteCertificate(id: string, out: Output): Promise<void> {
  out.result(await client().certificates.delete(id), `deleted ${id}`);
}
