import { CodeRefusal } from "./code-refusal";

/**
 * IBAN lengths of the SEPA countries (the EPC's register); another country's IBAN is checked by its form and
 * mod 97 only.
 */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  (
    "AD24 AT20 BE16 BG22 CH21 CY28 CZ24 DE22 DK18 EE20 ES24 FI18 FR27 GB22 GI23 GR27 HR21 HU28 IE22 IS26 IT27 LI21 " +
    "LT20 LU20 LV21 MC27 MT31 NL18 NO15 PL28 PT25 RO24 SE24 SI19 SK24 SM27 VA22"
  )
    .split(" ")
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** `digits` (letters read as 10..35) modulo 97, a few characters at a time so no number grows past 2^53. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    rest = Number(`${rest}${value}`) % 97;
  }
  return rest;
}

/** An IBAN as written without spaces and in capitals; refused (rule `iban`) unless its form and mod 97 hold. */
export function checkedIban(filter: string, field: string, value: unknown): string {
  const iban = typeof value === "string" ? value.replace(/ /g, "").toUpperCase() : "";
  if (iban === "") throw new CodeRefusal(filter, field, "empty", `${field} is empty: an IBAN is required`);
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  const form = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && (expected === undefined || iban.length === expected);
  if (!form)
    throw new CodeRefusal(
      filter,
      field,
      "iban",
      `${field} ${JSON.stringify(iban.slice(0, 40))} is not an IBAN: two letters, two check digits and the account` +
        (expected ? `, ${expected} characters in all for ${iban.slice(0, 2)}` : ""),
    );
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1)
    throw new CodeRefusal(
      filter,
      field,
      "iban",
      `${field} ${iban}: its check digits ${iban.slice(2, 4)} fail the mod 97 check`,
    );
  return iban;
}

/** A QR-IBAN: a Swiss or Liechtenstein IBAN whose institution id (characters 5 to 9) is 30000 to 31999. */
export function isQrIban(iban: string): boolean {
  const institution = Number(iban.slice(4, 9));
  return /^(CH|LI)/.test(iban) && institution >= 30000 && institution <= 31999;
}

/** An ISO 11649 creditor reference ("RF18 5390 0754 7034"): RF, two check digits, up to 21 letters or digits. */
export function checkedCreditorReference(filter: string, field: string, value: unknown): string {
  const reference = String(value ?? "")
    .replace(/ /g, "")
    .toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference))
    throw new CodeRefusal(
      filter,
      field,
      "creditor_reference",
      `${field} ${JSON.stringify(reference.slice(0, 40))} is not an ISO 11649 creditor reference (RF, two check ` +
        `digits, 1 to 21 letters or digits)`,
    );
  if (mod97(reference.slice(4) + reference.slice(0, 4)) !== 1)
    throw new CodeRefusal(
      filter,
      field,
      "creditor_reference",
      `${field} ${reference}: its check digits fail the mod 97 check`,
    );
  return reference;
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of a QR reference's first 26 digits: mod 10, recursive (the guidelines' table). */
export function qrReferenceCheckDigit(digits: string): number {
  let carry = 0;
  for (const digit of digits) carry = MOD10_TABLE[(carry + Number(digit)) % 10] as number;
  return (10 - carry) % 10;
}

/** A QR reference: 27 digits, the last the mod 10 recursive check digit of the others. */
export function checkedQrReference(filter: string, field: string, value: unknown): string {
  const reference = String(value ?? "").replace(/ /g, "");
  if (!/^\d{27}$/.test(reference))
    throw new CodeRefusal(
      filter,
      field,
      "qr_reference",
      `${field} must be a QR reference of 27 digits, not ${JSON.stringify(reference.slice(0, 40))}`,
    );
  const check = qrReferenceCheckDigit(reference.slice(0, 26));
  if (Number(reference[26]) !== check)
    throw new CodeRefusal(
      filter,
      field,
      "check_digit",
      `${field} ${reference}: the check digit is ${reference[26]}, but mod 10 recursive gives ${check}`,
    );
  return reference;
}
