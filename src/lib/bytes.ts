// Byte arrays built from parts: PDF and PNG files are written piece by piece.

export { concatBytes, latin1Bytes } from "@folio/render-page/bytes";
