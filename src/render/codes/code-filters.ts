import type { Context, Liquid } from "liquidjs";
import { barcode } from "./barcode";
import { type CodeLedger, MAX_CODES } from "./code-ledger";
import { CodeRefusal } from "./code-refusal";
import { epcQr } from "./epc-qr";
import { qrCode } from "./qr-code";
import { swissQrBill } from "./swiss-qr-bill";

/** The Liquid context a code filter reads: what it writes (page or XML), its render's ledger and memory counter. */
interface CodeContext {
  markup: "html" | "xml";
  codes: CodeLedger;
  memoryLimit: Context["memoryLimit"];
}

type Draw = (value: unknown, args: unknown[], ledger: CodeLedger) => string;

/** Every filter that draws a code, by name (docs/codes.md). */
const CODE_FILTERS: Record<string, Draw> = {
  qr_code: (value, args) => qrCode(value, args),
  barcode: (value, [symbology, ...args]) => barcode(value, symbology, args),
  epc_qr: (value, args) => epcQr(value, args),
  swiss_qr_bill: (value, args, ledger) => swissQrBill(value, args, ledger.page),
};

export const CODE_FILTER_NAMES: ReadonlySet<string> = new Set(Object.keys(CODE_FILTERS));

/** The most refusals an example's check notes: one past the warnings an answer carries. */
const MAX_FINDINGS = 100;

type FilterThis = { context: Context; token: { getPosition(): number[] } };

function drawOnce(name: string, draw: Draw, context: CodeContext, value: unknown, args: unknown[]): string {
  if (context.markup === "xml")
    throw new CodeRefusal(
      name,
      "markup",
      "xml",
      "draws SVG markup, not text: it cannot be used in XML (an e-invoice or an XML attachment)",
    );
  const ledger = context.codes;
  ledger.count++;
  if (ledger.count > MAX_CODES)
    throw new CodeRefusal(
      name,
      "count",
      "too_many",
      `a render draws at most ${MAX_CODES.toLocaleString("en-US")} codes`,
      {
        max_codes: MAX_CODES,
      },
    );
  const key = `${name}\u0000${JSON.stringify([value, args])}`;
  let svg = ledger.drawn.get(key);
  if (svg === undefined) {
    svg = draw(value, args, ledger);
    ledger.drawn.set(key, svg);
  }
  // Drawn once or not, the markup is written again: it counts against the render's Liquid memory each time.
  context.memoryLimit.use(svg.length);
  return svg;
}

/**
 * Registers the code filters. Each answers a promise: the template driver reads its clock after every promise, so a
 * loop of codes (milliseconds each) gives other requests their turn as often as a loop of cheap tags does. A refusal fails the render (renderLiquid says which filter, field and rule); in a
 * check of the template's example it is noted where it was met and the code left out, so the check finds them all.
 */
export function registerCodeFilters(engine: Liquid): void {
  for (const [name, draw] of Object.entries(CODE_FILTERS)) {
    engine.registerFilter(name, async function (this: FilterThis, value: unknown, ...args: unknown[]) {
      const context = this.context as unknown as CodeContext;
      try {
        return drawOnce(name, draw, context, value, args);
      } catch (error) {
        const findings = context.codes.findings;
        if (!(error instanceof CodeRefusal) || !findings) throw error;
        const [line = 0, column = 0] = this.token.getPosition();
        // One more than an answer's warnings is enough to say it was cut; past the count of codes the check stops.
        if (findings.length <= MAX_FINDINGS) findings.push({ refusal: error, line, column });
        if (error.rule === "too_many") throw error;
        return "";
      }
    });
  }
}
