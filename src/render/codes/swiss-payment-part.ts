import { escapeHtml } from "../../lib/escape-html";
import type { SwissAddress, SwissBill } from "./swiss-bill-fields";
import { SWISS_TEXTS, type SwissTexts } from "./swiss-texts";

/**
 * Text sizes of the guidelines (3.4): the receipt's headings 6 pt and values 8 pt, the payment part's 8 pt and
 * 10 pt, titles 11 pt bold; Arial (Arimo in Folio's Chromium, metric-compatible), never italic.
 */
const STYLE =
  ".fqb{position:relative;width:210mm;height:105mm;break-inside:avoid;page-break-inside:avoid;" +
  "box-sizing:border-box;background:#fff;color:#000;font-family:Arial,Helvetica,sans-serif;font-style:normal;" +
  "text-align:left;letter-spacing:normal}" +
  ".fqb div{position:absolute;box-sizing:border-box}.fqb p{margin:0;white-space:pre-line}" +
  ".fqb .t{font-size:11pt;font-weight:bold;line-height:13pt}" +
  ".fqb .r .h{font-size:6pt;font-weight:bold;line-height:9pt}.fqb .r .v{font-size:8pt;line-height:9pt}" +
  ".fqb .r .v+.h{margin-top:9pt}" +
  ".fqb .p .h{font-size:8pt;font-weight:bold;line-height:11pt}.fqb .p .v{font-size:10pt;line-height:11pt}" +
  ".fqb .p .v+.h{margin-top:11pt}.fqb svg.m{position:absolute}";

/** An amount as the payment part prints it: thousands apart by a space, a decimal point ("1 949.75"). */
export const printedAmount = (amount: string) => amount.replace(/\B(?=(\d{3})+\.)/g, " ");

/** A reference as printed: a QR reference 2 then 5 by 5 digits, a creditor reference 4 by 4. */
export function printedReference(bill: SwissBill): string {
  const reference = bill.reference ?? "";
  if (bill.referenceType === "QRR")
    return `${reference.slice(0, 2)} ${reference.slice(2).replace(/(\d{5})(?=\d)/g, "$1 ")}`;
  return reference.replace(/(.{4})(?=.)/g, "$1 ");
}

/** An address as printed: name, street and number, postal code and town (country first when not Swiss). */
function addressText({ name, street, buildingNumber, postalCode, town, country }: SwissAddress): string {
  const streetLine = [street, buildingNumber].filter(Boolean).join(" ");
  const place = `${country === "CH" || country === "LI" ? "" : `${country}-`}${postalCode} ${town}`;
  return [name, streetLine, place].filter(Boolean).join("\n");
}

/**
 * Corner marks of a blank field to fill by hand (guidelines 3.6), `w` x `h` mm at a 0.75 pt line; placed at `left`
 * and `top` mm, or in the flow under a heading when `at` is "flow".
 */
function blankField(left: number, top: number, w: number, h: number, at: "placed" | "flow" = "placed"): string {
  const c = 3;
  const d = [`M0 ${c}V0H${c}`, `M${w - c} 0H${w}V${c}`, `M${w} ${h - c}V${h}H${w - c}`, `M${c} ${h}H0V${h - c}`].join(
    "",
  );
  return (
    `<svg class="m" aria-hidden="true" style="${at === "flow" ? `position:static;display:block;margin-top:${top}mm` : `left:${left}mm;top:${top}mm`};width:${w}mm;height:${h}mm;overflow:visible" ` +
    `viewBox="0 0 ${w} ${h}"><path d="${d}" fill="none" stroke="#000" stroke-width="0.2646"/></svg>`
  );
}

/** Heading and value paragraphs. */
const entry = (heading: string, value: string) =>
  `<p class="h">${escapeHtml(heading)}</p><p class="v">${escapeHtml(value)}</p>`;

/** The information blocks both parts share: account and creditor, reference, and (payment part only) more. */
function information(bill: SwissBill, texts: SwissTexts, part: "receipt" | "payment"): string {
  const account = `${bill.iban.replace(/(.{4})(?=.)/g, "$1 ")}\n${addressText(bill.creditor)}`;
  const more = [bill.message, bill.billingInformation].filter(Boolean).join("\n");
  return [
    entry(texts.account, account),
    bill.reference ? entry(texts.reference, printedReference(bill)) : "",
    part === "payment" && more ? entry(texts.additionalInformation, more) : "",
    bill.debtor
      ? entry(texts.payableBy, addressText(bill.debtor))
      : `<p class="h" style="margin-top:${part === "receipt" ? 9 : 11}pt">${escapeHtml(texts.payableByBlank)}</p>` +
        (part === "receipt" ? blankField(0, 1, 52, 20, "flow") : blankField(0, 1, 65, 25, "flow")),
  ].join("");
}

/** Currency and amount side by side; a blank field for the amount when the bill has none. */
function amountSection(bill: SwissBill, texts: SwissTexts, part: "receipt" | "payment"): string {
  const currency = `<div style="left:0;top:0"><p class="h">${escapeHtml(texts.currency)}</p><p class="v">${bill.currency}</p></div>`;
  const left = part === "receipt" ? 13 : 14;
  const amount = bill.amount
    ? `<div style="left:${left}mm;top:0"><p class="h">${escapeHtml(texts.amount)}</p><p class="v">${printedAmount(bill.amount)}</p></div>`
    : `<div style="left:${left}mm;top:0"><p class="h">${escapeHtml(texts.amount)}</p></div>`;
  const blank = bill.amount ? "" : part === "receipt" ? blankField(22, 2.5, 30, 10) : blankField(11, 4.5, 40, 15);
  return currency + amount + blank;
}

/** The cut lines: above the whole block and between receipt and payment part, dashed, with scissors. */
function cutLines(): string {
  const scissors = (x: number, y: number, rotate: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rotate})" fill="none" stroke="#000" stroke-width="0.25">` +
    `<circle cx="-1.6" cy="-0.9" r="0.7"/><circle cx="-1.6" cy="0.9" r="0.7"/><path d="M-1 -0.6L2 0.9M-1 0.6L2 -0.9"/></g>`;
  return (
    `<svg class="m" aria-hidden="true" style="left:0;top:0;width:210mm;height:105mm;overflow:visible" viewBox="0 0 210 105">` +
    `<path d="M0 0.1H210M62 0V105" stroke="#000" stroke-width="0.2" stroke-dasharray="1 0.6" fill="none"/>` +
    `${scissors(8, 0.1, 0)}${scissors(62, 8, 90)}</svg>`
  );
}

/**
 * The 210 x 105 mm block (guidelines 2.3, 3): the receipt (62 mm) and the payment part (148 mm) with the QR code
 * 46 x 46 mm at 17 mm from its top and 5 mm from its left; it never breaks across pages.
 */
export function paymentPartHtml(bill: SwissBill, code: string, summary: string): string {
  const texts = SWISS_TEXTS[bill.language];
  return (
    `<div class="fqb" lang="${bill.language}" aria-label="${summary}"><style>${STYLE}</style>${cutLines()}` +
    `<div class="r" style="left:5mm;top:5mm;width:52mm;height:95mm">` +
    `<p class="t">${escapeHtml(texts.receipt)}</p>` +
    `<div style="left:0;top:7mm;width:52mm;height:56mm">${information(bill, texts, "receipt")}</div>` +
    `<div style="left:0;top:63mm;width:52mm;height:14mm">${amountSection(bill, texts, "receipt")}</div>` +
    `<div style="left:0;top:77mm;width:52mm;height:18mm"><p class="h" style="text-align:right">${escapeHtml(texts.acceptancePoint)}</p></div></div>` +
    `<div class="p" style="left:67mm;top:5mm;width:51mm;height:95mm">` +
    `<p class="t">${escapeHtml(texts.paymentPart)}</p>` +
    `<div style="left:0;top:12mm;width:46mm;height:46mm">${code}</div>` +
    `<div style="left:0;top:63mm;width:51mm;height:22mm">${amountSection(bill, texts, "payment")}</div></div>` +
    `<div class="p" style="left:118mm;top:5mm;width:87mm;height:85mm">${information(bill, texts, "payment")}</div></div>`
  );
}
