// The render backend's accessibility threads inflate Flate streams with node:zlib (container/src/native-inflate.ts,
// inflateWith in packages/render-page/src/pdfua/pdf-values.ts): the job answers the same file and report as with
// pdf-lib's decoder, and a stream zlib refuses is read by pdf-lib.
import { deflateSync, inflateSync } from "node:zlib";
import { PDFContext, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import { inflateWith, streamBytes } from "@folio/render-page/pdfua/pdf-values";
import { afterEach, describe, expect, it } from "vitest";
import { CHROMIUM, chromiumOutput, JOB_OPTIONS } from "./job-corpus.ts";

/** zlib's inflate as the backend's threads use it, counting what it is asked. */
function countedZlib(): { asked: () => number } {
  let asked = 0;
  inflateWith((data) => {
    asked++;
    return new Uint8Array(inflateSync(data));
  });
  return { asked: () => asked };
}

function flateStream(contents: Uint8Array): PDFRawStream {
  const context = PDFContext.create();
  return PDFRawStream.of(context.obj({ Filter: PDFName.of("FlateDecode") }), contents);
}

afterEach(() => inflateWith(undefined));

describe("Flate streams inflated by node:zlib", () => {
  for (const name of CHROMIUM)
    for (const pagination of [false, true])
      it(`Chromium's ${name}${pagination ? ", paginated" : ""}: the same file and report as pdf-lib's decoder`, async () => {
        const options = { ...JOB_OPTIONS, pagination };
        const withPdfLib = await mendAndCheck(chromiumOutput(name), options);
        const zlib = countedZlib();
        const withZlib = await mendAndCheck(chromiumOutput(name), options);
        expect(zlib.asked()).toBeGreaterThan(0);
        expect(withZlib.report).toEqual(withPdfLib.report);
        expect(Buffer.from(withZlib.pdf).equals(Buffer.from(withPdfLib.pdf))).toBe(true);
      });

  it("a stream whose checksum is wrong, which zlib refuses, is read by pdf-lib, which does not check it", () => {
    const text = new TextEncoder().encode("BT /F1 12 Tf (a page's text) Tj ET\n".repeat(400));
    const whole = new Uint8Array(deflateSync(text));
    const damaged = whole.slice();
    const last = damaged.length - 1;
    damaged[last] = (damaged[last] ?? 0) ^ 0xff;
    expect(() => inflateSync(damaged)).toThrow();
    const zlib = countedZlib();
    expect(Buffer.from(streamBytes(flateStream(damaged)) ?? []).equals(Buffer.from(text))).toBe(true);
    expect(Buffer.from(streamBytes(flateStream(whole)) ?? []).equals(Buffer.from(text))).toBe(true);
    expect(zlib.asked()).toBe(2);
  });
});
