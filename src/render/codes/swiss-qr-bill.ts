import { escapeHtml } from "../../lib/escape-html";
import { keywordArguments } from "./code-arguments";
import type { PageGeometry } from "./code-ledger";
import { CodeRefusal } from "./code-refusal";
import { type SwissAddress, type SwissBill, swissBill } from "./swiss-bill-fields";
import { paymentPartHtml, printedAmount, printedReference } from "./swiss-payment-part";
import { symbolSvg } from "./symbol-svg";

const filter = "swiss_qr_bill";
/** The payment part with its receipt is A6 landscape twice over: 210 mm wide (guidelines 2.3, 3.1). */
export const PAYMENT_PART_WIDTH_MM = 210;

function addressLines(address: SwissAddress | undefined): string[] {
  if (!address) return ["", "", "", "", "", "", ""];
  const { name, street, buildingNumber, postalCode, town, country } = address;
  return ["S", name, street ?? "", buildingNumber ?? "", postalCode, town, country];
}

/**
 * The Swiss QR Code's payload (guidelines 2.3, 4.2): header, account, creditor, the ultimate creditor (empty, kept
 * for future use), amount, debtor, reference, message with its trailer EPD, then the billing information if any;
 * lines joined by LF, no line break after the last.
 */
export function swissPayload(bill: SwissBill): string {
  return [
    "SPC",
    "0200",
    "1",
    bill.iban,
    ...addressLines(bill.creditor),
    ...addressLines(undefined),
    bill.amount ?? "",
    bill.currency,
    ...addressLines(bill.debtor),
    bill.referenceType,
    bill.reference ?? "",
    bill.message ?? "",
    "EPD",
    ...(bill.billingInformation ? [bill.billingInformation] : []),
  ].join("\n");
}

/** The Swiss cross over the code's centre: a 7 mm white square, a 6 mm black one, the white cross (guidelines 5.2). */
function swissCross(width: number): string {
  const mm = width / 46;
  const square = (side: number, fill: string) =>
    `<rect x="${(width - side) / 2}" y="${(width - side) / 2}" width="${side}" height="${side}" fill="${fill}"/>`;
  const arm = 6 * mm * (6 / 32);
  const span = 6 * mm * (20 / 32);
  const bar = (w: number, h: number) =>
    `<rect x="${(width - w) / 2}" y="${(width - h) / 2}" width="${w}" height="${h}" fill="#ffffff"/>`;
  return `${square(7 * mm, "#ffffff")}${square(6 * mm, "#000000")}${bar(span, arm)}${bar(arm, span)}`;
}

/**
 * `{{ bill | swiss_qr_bill }}`: the payment part with its receipt, 210 x 105 mm, for the foot of an A4 portrait page
 * printed at scale 1 (rule `page_geometry` otherwise).
 */
export function swissQrBill(value: unknown, args: unknown[], page: PageGeometry | undefined): string {
  keywordArguments(filter, args, []);
  const bill = swissBill(value);
  if (!page || page.widthMm + 0.01 < PAYMENT_PART_WIDTH_MM || page.scale !== 1)
    throw new CodeRefusal(
      filter,
      "page",
      "page_geometry",
      `the payment part is ${PAYMENT_PART_WIDTH_MM} mm wide and printed at its size: it needs a printed page at least ` +
        `${PAYMENT_PART_WIDTH_MM} mm wide (A4 portrait) at scale 1` +
        (page ? `, not ${page.widthMm.toFixed(1)} mm at scale ${page.scale}` : ", which a card has not"),
      { min_page_width_mm: PAYMENT_PART_WIDTH_MM },
    );
  const summary =
    `Payment code: ${bill.amount ? `${bill.currency} ${printedAmount(bill.amount)}` : bill.currency} to ` +
    `${bill.creditor.name}${bill.reference ? `, reference ${printedReference(bill)}` : ""}`;
  const code = symbolSvg({
    filter,
    encoder: { kind: "qr", errorCorrection: "M" },
    text: swissPayload(bill),
    unitsPerModule: 2,
    widthMm: 46,
    nominalModuleMm: 0.5,
    quietZoneModules: 0,
    color: "#000000",
    background: "#ffffff",
    label: summary,
    overlay: swissCross,
  });
  return paymentPartHtml(bill, code, escapeHtml(summary));
}
