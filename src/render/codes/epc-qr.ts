import { checkedCreditorReference, checkedIban } from "./bank-references";
import { hexColor, keywordArguments } from "./code-arguments";
import { CodeRefusal } from "./code-refusal";
import { lengthInMm } from "./css-length";
import { checkedAmount, checkedText, paymentFields } from "./payment-fields";
import { symbolSvg } from "./symbol-svg";

const filter = "epc_qr";
/** The EPC's smallest printed code (docs/codes.md#epc_qr). */
const MIN_SIZE_MM = 20;

/**
 * The EPC069-12 version 002 payload: service tag, version, UTF-8, SCT, then BIC, name, IBAN, amount, purpose,
 * creditor reference or text, information; one line each, trailing empty lines left out.
 */
export function epcPayload(value: unknown): { payload: string; label: string } {
  const fields = paymentFields(filter, value);
  const currency = fields.currency ?? "EUR";
  if (currency !== "EUR")
    throw new CodeRefusal(
      filter,
      "currency",
      "currency",
      `a SEPA credit transfer code is in EUR only, not ${JSON.stringify(currency)}`,
    );
  const bic = checkedText(filter, "bic", fields.bic, 11)?.toUpperCase();
  if (bic !== undefined && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic))
    throw new CodeRefusal(filter, "bic", "bic", `bic ${JSON.stringify(bic)} is not a BIC (8 or 11 letters and digits)`);
  const name = checkedText(filter, "name", fields.name, 70, true) as string;
  const iban = checkedIban(filter, "iban", fields.iban);
  const amount =
    fields.amount === undefined || fields.amount === null
      ? undefined
      : checkedAmount(filter, "amount", fields.amount, 999_999_999.99);
  const purpose = checkedText(filter, "purpose", fields.purpose, 4)?.toUpperCase();
  if (purpose !== undefined && !/^[A-Z0-9]{4}$/.test(purpose))
    throw new CodeRefusal(
      filter,
      "purpose",
      "purpose",
      `purpose must be a four-character ISO 20022 purpose code such as GDDS`,
    );
  if (fields.reference && fields.text)
    throw new CodeRefusal(filter, "reference", "reference_or_text", "give a creditor reference or a text, not both");
  const reference = fields.reference ? checkedCreditorReference(filter, "reference", fields.reference) : undefined;
  const text = checkedText(filter, "text", fields.text, 140);
  const information = checkedText(filter, "information", fields.information, 70);
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    bic,
    name,
    iban,
    amount && `EUR${amount}`,
    purpose,
    reference,
    text,
    information,
  ];
  while (!lines[lines.length - 1]) lines.pop();
  const summary = `Payment code: ${amount ? `EUR ${amount}` : "EUR, amount to enter,"} to ${name}`;
  return {
    payload: lines.map((line) => line ?? "").join("\n"),
    label: reference ? `${summary}, reference ${reference}` : summary,
  };
}

/** `{{ payment | epc_qr: size: "30mm" }}`: the GiroCode, error correction M as the EPC asks. */
export function epcQr(value: unknown, args: unknown[]): string {
  const { payload, label } = epcPayload(value);
  const named = keywordArguments(filter, args, ["size", "color", "background"]);
  const widthMm = lengthInMm(named.get("size") ?? "30mm", filter, "size");
  if (widthMm < MIN_SIZE_MM)
    throw new CodeRefusal(
      filter,
      "size",
      "too_small",
      `an EPC code is at least ${MIN_SIZE_MM} mm wide, not ${widthMm.toFixed(1)} mm`,
      {
        min_size_mm: MIN_SIZE_MM,
      },
    );
  return symbolSvg({
    filter,
    encoder: { kind: "qr", errorCorrection: "M" },
    text: payload,
    unitsPerModule: 2,
    widthMm,
    nominalModuleMm: 0.5,
    quietZoneModules: 4,
    color: hexColor(filter, "color", named.get("color"), "#000000"),
    background: hexColor(filter, "background", named.get("background"), "#ffffff"),
    label,
  });
}
