// The fixtures the bench renders (fixtures/), and the invoice varied per render.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { InvoiceData } from "./scaling";

const FIXTURES = join(import.meta.dirname, "../fixtures");

export const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

export function fixtureJson<Data = Record<string, unknown>>(name: string): Data {
  return JSON.parse(fixture(name));
}

/** The invoice with a number of its own, so no render is answered from the cache. */
export function invoiceData(i: number, base = fixtureJson<InvoiceData>("invoice.data.json")): InvoiceData {
  return { ...base, invoice: { ...base.invoice, number: `INV-B-${i}-${Math.random().toString(36).slice(2, 8)}` } };
}
