// Images far past the raster ceiling (docs/limits.md#page-images) that cost little to make or send: all black, so
// a 16,000 px square deflates to under a megabyte, but decodes to a gigabyte.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { crc32, createDeflate } from "node:zlib";
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from "@cantoo/pdf-lib";

/** `rows` rows of `rowBytes` zero bytes, deflated as they stream: the whole is never in memory. */
function deflatedZeros(rowBytes: number, rows: number): Promise<Buffer> {
  const row = Buffer.alloc(rowBytes);
  return buffer(
    Readable.from(
      (function* () {
        for (let y = 0; y < rows; y++) yield row;
      })(),
    ).pipe(createDeflate({ level: 9 })),
  );
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A black RGB PNG `side` pixels square (each row: filter byte 0, then the row's zero bytes). */
export async function blackPng(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflatedZeros(1 + 3 * side, side)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF, 200 pt square, that draws a black image `side` pixels square across the page. */
export async function blackImagePdf(side: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const image = doc.context.stream(await deflatedZeros(3 * side, side), {
    Type: "XObject",
    Subtype: "Image",
    Width: side,
    Height: side,
    ColorSpace: "DeviceRGB",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
  });
  page.node.setXObject(PDFName.of("Im0"), doc.context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(200, 0, 0, 200, 0, 0),
    drawObject("Im0"),
    popGraphicsState(),
  );
  return doc.save();
}
