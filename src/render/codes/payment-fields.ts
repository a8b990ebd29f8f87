import { CodeRefusal } from "./code-refusal";

/** A payment code's input: an object of named fields, or a refusal saying it is not one. */
export function paymentFields(filter: string, value: unknown): Record<string, unknown> {
  if (value === null || value === undefined || value === "")
    throw new CodeRefusal(filter, "input", "empty", "the input is empty: give the payment as an object");
  if (typeof value !== "object" || Array.isArray(value))
    throw new CodeRefusal(filter, "input", "format", `takes the payment as an object of fields, not ${typeof value}`);
  return value as Record<string, unknown>;
}

/** An amount with at most two decimals within [min, max], written with two decimals ("1949.75"). */
export function checkedAmount(filter: string, field: string, value: unknown, max: number): string {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const amount = Number(text);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || !(amount >= 0.01) || amount > max)
    throw new CodeRefusal(
      filter,
      field,
      "amount",
      `${field} must be a number from 0.01 to ${max.toLocaleString("en-US", { minimumFractionDigits: 2 })} with at ` +
        `most two decimals, not ${JSON.stringify(value)}`,
    );
  return amount.toFixed(2);
}

/** A text field of at most `max` characters; empty or absent is `undefined` unless `required`. */
export function checkedText(
  filter: string,
  field: string,
  value: unknown,
  max: number,
  required = false,
): string | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (value !== undefined && value !== null && typeof value !== "string" && typeof value !== "number")
    throw new CodeRefusal(filter, field, "format", `${field} must be text, not ${typeof value}`);
  if (text === "") {
    if (required) throw new CodeRefusal(filter, field, "empty", `${field} is empty: it is required`);
    return undefined;
  }
  const length = [...text].length;
  if (length > max)
    throw new CodeRefusal(filter, field, "too_long", `${field} is ${length} characters; at most ${max} are allowed`, {
      max_characters: max,
    });
  return text;
}
