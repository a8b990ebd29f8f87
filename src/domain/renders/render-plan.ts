import { RULES_RELEASE } from "@folio/e-invoice/release";
import { PDFUA_CHECKER } from "@folio/render-page/pdfua/rules";
import { DEFAULT_VIEWPORT, MAX_RASTER_PIXELS, MAX_RASTER_SIDE, rasterProblem } from "@folio/render-page/raster-limits";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { OutputFormat } from "../../contract/shared-rules";
import type { TemplateVersionRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { canonicalJson } from "../../lib/jcs";
import type { PayloadKeys } from "../../lib/payload-keys";
import type { Watermark } from "../../render/pdf/watermark";
import { cardSize } from "../../render/satori/card-document";
import { MAX_CARD_PIXELS } from "../../render/satori/satori-budget";
import type { TimeStampsPort } from "../ports/time-stamps";
import { applicableOptions } from "../render-options/applicability";
import { refuseChunkProblems } from "../render-options/chunk-rules";
import { refuseXmlFormatMismatch, type XmlFormatRule } from "../render-options/e-invoice-format";
import { refuseFinishingConflicts } from "../render-options/finishing-rules";
import { type PlannedSignature, planSignature, type SignerLookup, withSignatureKey } from "./sign-plan";

export { CONTENT_TYPES, type OutputFormat } from "../../contract/shared-rules";

/** Everything that decides the bytes of a render, fixed before any work starts. */
export interface RenderPlan {
  version: TemplateVersionRow;
  format: OutputFormat;
  /** The engine that actually renders: a satori template asked for PDF or JPG goes through Chromium. */
  engine: "chromium" | "satori";
  data: unknown;
  options: RenderOptions;
  cacheKey: string;
  /** The file's identity (its /ID): the cache key, but for a signature's nonce, which is no part of the document. */
  documentId: string;
  dataBytes: number;
  /**
   * When the render was requested: the instant the template's "now" and "today" read. Outside the cache key,
   * so a repeat of the request answers the cached file with its first date (README, "Templates that read the clock").
   */
  receivedAt: Date;
  /** Laid over every page or image; previews carry one. */
  watermark?: Required<Watermark>;
  /** `options.sign` resolved: its certificate (checked) and level; the file is signed as its last step. */
  signature?: PlannedSignature;
}

/**
 * Refuses raster options whose image alone passes the ceilings, before any work or any unit is spent. A card is its own
 * size in every format.
 */
function checkRasterSize(format: OutputFormat, engine: "chromium" | "satori", options: RenderOptions): void {
  if (format === "pdf") return;
  const { width, height } =
    engine === "satori"
      ? cardSize(options)
      : { width: options.width ?? DEFAULT_VIEWPORT.width, height: options.height ?? DEFAULT_VIEWPORT.height };
  // A card's PNG is drawn and encoded in the Worker, on the request's own CPU: its ceiling is lower (docs/limits.md).
  const drawnInWorker = engine === "satori" && format === "png";
  const maxPixels = drawnInWorker ? MAX_CARD_PIXELS : MAX_RASTER_PIXELS;
  const problem = rasterProblem(width, height, options.device_scale_factor ?? 1, maxPixels);
  if (!problem) return;
  const message =
    `The image would be ${problem}: width, height and device_scale_factor together must stay ` +
    `within ${MAX_RASTER_SIDE} pixels a side and ${maxPixels / 1e6} megapixels` +
    (drawnInWorker ? " for a satori card's PNG." : ".");
  throw new ServiceError("invalid_request", message, {
    errors: [
      {
        path: "options",
        message,
        expected: `at most ${MAX_RASTER_SIDE} pixels a side and ${maxPixels} pixels in all`,
        received: `${problem.split(" pixels")[0] ?? problem} pixels`,
      },
    ],
    details: { max_pixels: maxPixels, max_side: MAX_RASTER_SIDE },
  });
}

/**
 * `pdf` for a chromium template (`xml` when its own options hold a UBL e-invoice), `png` for a satori card, unless the
 * request names one.
 */
export function outputFormat(version: TemplateVersionRow, requested: OutputFormat | undefined): OutputFormat {
  if (requested) return requested;
  if (version.engine === "satori") return "png";
  return (version.options as RenderOptions).e_invoice?.standard === "ubl" ? "xml" : "pdf";
}

/**
 * The merged options as the cache key hashes them: each password replaced by its keyed digest, so the stored key
 * still tells apart every pair of passwords while no bare hash of one is ever stored (README, "Document finishing").
 */
async function withPasswordDigests(merged: RenderOptions, keys: Pick<PayloadKeys, "digest">): Promise<RenderOptions> {
  const encryption = merged.encryption;
  if (!encryption) return merged;
  const digest = async (password: string) => `hmac-sha256:${await keys.digest(password)}`;
  return {
    ...merged,
    encryption: {
      ...encryption,
      owner_password: await digest(encryption.owner_password),
      ...(encryption.user_password === undefined ? {} : { user_password: await digest(encryption.user_password) }),
    },
  };
}

/**
 * A checked render's options as the cache key hashes them: an e-invoice's with the release of the rules that check
 * it, a `pdfua` render's with the checker's version (docs/accessibility.md#checker), so a new release renders (and
 * checks) afresh instead of answering a receipt from the old rules.
 */
function withRulesRelease(merged: RenderOptions): object {
  const invoice = merged.e_invoice && { e_invoice: { ...merged.e_invoice, rules_release: RULES_RELEASE } };
  return { ...merged, ...invoice, ...(merged.pdfua ? { pdfua_checker: PDFUA_CHECKER } : {}) };
}

/** What planning an account's render reads: the password digests' key and the account's certificates. */
export interface PlanPorts {
  keys: Pick<PayloadKeys, "digest">;
  signers: SignerLookup;
}

export function planPorts(
  accountId: string,
  deps: { keys: PlanPorts["keys"]; signingKeys: SignerLookup["signingKeys"]; timeStamps: TimeStampsPort | null },
): PlanPorts {
  const timeStampAuthority = deps.timeStamps !== null;
  return { keys: deps.keys, signers: { accountId, signingKeys: deps.signingKeys, timeStampAuthority } };
}

/**
 * The cache key covers the merged options, as it always has (so stored renders stay found); the render itself
 * gets only the options that serve its format, template defaults for other formats left out.
 */
export async function planRender(
  version: TemplateVersionRow,
  requested: {
    format?: OutputFormat | undefined;
    data: unknown;
    options?: RenderOptions | undefined;
    receivedAt: Date;
  },
  ports: PlanPorts,
  xmlRule: XmlFormatRule = "render",
): Promise<RenderPlan> {
  const format = outputFormat(version, requested.format);
  const merged = { ...(version.options as RenderOptions), ...(requested.options ?? {}) };
  const options = applicableOptions(merged, version.engine, format);
  refuseXmlFormatMismatch(format, requested.options, options, xmlRule);
  checkRasterSize(format, version.engine, options);
  refuseFinishingConflicts(options);
  refuseChunkProblems(options, requested.data);
  const signature = await planSignature(options.sign, ports.signers, new Date());
  const canonicalData = canonicalJson(requested.data);
  const digested = await withPasswordDigests(merged, ports.keys);
  const keyOf = (keyed: RenderOptions) =>
    sha256Hex(`${version.checksum}\n${format}\n${canonicalData}\n${canonicalJson(withRulesRelease(keyed))}`);
  const cacheKey = await keyOf(withSignatureKey(digested, signature));
  const documentId =
    merged.sign?.nonce === undefined ? cacheKey : await keyOf(withSignatureKey(digested, signature, { nonce: false }));
  return {
    version,
    format,
    engine: version.engine === "satori" && format === "png" ? "satori" : "chromium",
    data: requested.data,
    options,
    cacheKey,
    documentId,
    dataBytes: new TextEncoder().encode(canonicalData).byteLength,
    receivedAt: requested.receivedAt,
    ...(signature ? { signature } : {}),
  };
}

export function objectKey(accountId: string, plan: Pick<RenderPlan, "cacheKey" | "format">): string {
  return `renders/${accountId}/${plan.cacheKey}.${plan.format}`;
}

/** A UBL e-invoice with `embed_pdf: false` prints nothing: its XML is the whole file. */
export function printsNothing(plan: Pick<RenderPlan, "format" | "options">): boolean {
  const invoice = plan.options.e_invoice;
  return plan.format === "xml" && invoice?.standard === "ubl" && invoice.embed_pdf === false;
}

/**
 * Units reserved before a render starts: the template's `expected_pages` for a PDF (or the PDF inside an XML file),
 * one raster image or XML without a PDF.
 */
export function estimatedUnits(plan: RenderPlan): number {
  return (plan.format === "pdf" || plan.format === "xml") && !printsNothing(plan) ? plan.version.expectedPages : 1;
}

/** Units billed: PDF pages actually produced (an XML file's, 1 when it holds none), one per raster image. */
export function billableUnits(format: OutputFormat, pageCount: number): number {
  if (format === "xml") return Math.max(pageCount, 1);
  return format === "pdf" ? pageCount : 1;
}
