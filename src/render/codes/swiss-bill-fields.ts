import { checkedCreditorReference, checkedIban, checkedQrReference, isQrIban } from "./bank-references";
import { CodeRefusal } from "./code-refusal";
import { checkedAmount, checkedText, paymentFields } from "./payment-fields";

const filter = "swiss_qr_bill";

/** A structured address (the only kind since November 2025): name, street, building number, postal code, town, country. */
export interface SwissAddress {
  name: string;
  street?: string;
  buildingNumber?: string;
  postalCode: string;
  town: string;
  country: string;
}

/** A QR-bill's fields, checked against the Swiss Implementation Guidelines for the QR-bill 2.3 (docs/codes.md). */
export interface SwissBill {
  iban: string;
  creditor: SwissAddress;
  amount?: string;
  currency: "CHF" | "EUR";
  debtor?: SwissAddress;
  referenceType: "QRR" | "SCOR" | "NON";
  reference?: string;
  message?: string;
  billingInformation?: string;
  language: "de" | "fr" | "it" | "en";
}

/**
 * The characters a QR-bill may hold (guidelines 2.3, 4.1.1): Basic Latin, Latin-1 Supplement, Latin Extended-A,
 * Ș ș Ț ț and the euro sign.
 */
function allowedCharacter(code: number): boolean {
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0x17f) ||
    (code >= 0x218 && code <= 0x21b) ||
    code === 0x20ac
  );
}

/** A text field checked for its length and the QR-bill's character set. */
function billText(field: string, value: unknown, max: number, required = false): string | undefined {
  const text = checkedText(filter, field, value, max, required);
  for (const char of text ?? "")
    if (!allowedCharacter(char.codePointAt(0) ?? 0))
      throw new CodeRefusal(
        filter,
        field,
        "character_set",
        `${field} holds ${JSON.stringify(char)}, which a QR-bill cannot carry (Latin characters only)`,
      );
  return text;
}

function address(field: string, value: unknown): SwissAddress {
  const party = paymentFields(filter, value);
  const where = party.address === undefined ? {} : paymentFields(filter, party.address);
  const country = billText(`${field}.address.country`, where.country, 2, true) as string;
  if (!/^[A-Z]{2}$/.test(country))
    throw new CodeRefusal(
      filter,
      `${field}.address.country`,
      "country",
      "country must be a two-letter ISO 3166 code such as CH",
    );
  return {
    name: billText(`${field}.name`, party.name, 70, true) as string,
    street: billText(`${field}.address.street`, where.street, 70),
    buildingNumber: billText(`${field}.address.building_number`, where.building_number, 16),
    postalCode: billText(`${field}.address.postal_code`, where.postal_code, 16, true) as string,
    town: billText(`${field}.address.town`, where.town, 35, true) as string,
    country,
  };
}

/** The reference and its type: a QR-IBAN takes a QR reference; an ordinary IBAN a creditor reference or none. */
function reference(iban: string, value: unknown): Pick<SwissBill, "referenceType" | "reference"> {
  const given = value === undefined || value === null || value === "" ? undefined : String(value);
  const qrIban = isQrIban(iban);
  const creditorReference = given !== undefined && /^\s*RF/i.test(given);
  if (given === undefined && !qrIban) return { referenceType: "NON" };
  if (given === undefined || qrIban === creditorReference)
    throw new CodeRefusal(
      filter,
      "reference",
      "qr_iban_reference",
      qrIban
        ? "a QR-IBAN requires a QR reference (27 digits), not a creditor reference (RF…) or none"
        : "a QR reference requires a QR-IBAN; an ordinary IBAN takes a creditor reference (RF…) or none",
    );
  return qrIban
    ? { referenceType: "QRR", reference: checkedQrReference(filter, "reference", given) }
    : { referenceType: "SCOR", reference: checkedCreditorReference(filter, "reference", given) };
}

/** The bill's fields, every rule of the guidelines checked; a refusal names the field and the rule. */
export function swissBill(value: unknown): SwissBill {
  const fields = paymentFields(filter, value);
  const creditor = paymentFields(filter, fields.creditor);
  const iban = checkedIban(filter, "creditor.iban", creditor.iban);
  if (!/^(CH|LI)/.test(iban))
    throw new CodeRefusal(
      filter,
      "creditor.iban",
      "iban_country",
      "a QR-bill is paid to a Swiss or Liechtenstein IBAN (CH or LI)",
    );
  const currency = fields.currency;
  if (currency !== "CHF" && currency !== "EUR")
    throw new CodeRefusal(
      filter,
      "currency",
      "currency",
      `currency must be CHF or EUR, not ${JSON.stringify(currency)}`,
    );
  const language = fields.language ?? "de";
  if (language !== "de" && language !== "fr" && language !== "it" && language !== "en")
    throw new CodeRefusal(
      filter,
      "language",
      "language",
      `language must be de, fr, it or en, not ${JSON.stringify(language)}`,
    );
  const message = billText("message", fields.message, 140);
  const billingInformation = billText("billing_information", fields.billing_information, 140);
  const together = [...(message ?? "")].length + [...(billingInformation ?? "")].length;
  if (together > 140)
    throw new CodeRefusal(
      filter,
      "message",
      "too_long",
      `message and billing_information are ${together} characters together; at most 140 are allowed`,
      {
        max_characters: 140,
      },
    );
  return {
    iban,
    creditor: address("creditor", creditor),
    amount:
      fields.amount === undefined || fields.amount === null
        ? undefined
        : checkedAmount(filter, "amount", fields.amount, 999_999_999.99),
    currency,
    debtor: fields.debtor === undefined || fields.debtor === null ? undefined : address("debtor", fields.debtor),
    ...reference(iban, fields.reference),
    message,
    billingInformation,
    language,
  };
}
