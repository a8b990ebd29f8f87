import { CodeRefusal } from "./code-refusal";

/** The GS1 mod 10 check digit of `digits` (weights 3 and 1 from the right), as EAN, UPC and ITF-14 use it. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN-style number with its check digit: given `length - 1` digits the digit is computed, given `length` it is
 * checked (rule `check_digit`); any other length or a non-digit is refused.
 */
export function withCheckDigit(filter: string, symbology: string, text: string, length: number): string {
  if (!/^\d+$/.test(text) || (text.length !== length && text.length !== length - 1))
    throw new CodeRefusal(
      filter,
      "text",
      "format",
      `${symbology} takes ${length - 1} digits (the check digit is computed) or ${length} with the check digit, ` +
        `not ${JSON.stringify(text.slice(0, 40))}`,
    );
  const body = text.slice(0, length - 1);
  const check = gtinCheckDigit(body);
  if (text.length === length && Number(text[length - 1]) !== check)
    throw new CodeRefusal(
      filter,
      "text",
      "check_digit",
      `${symbology} ${text}: the check digit is ${text[length - 1]}, but ${body} needs ${check}`,
    );
  return `${body}${check}`;
}
