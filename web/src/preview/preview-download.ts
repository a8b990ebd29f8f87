// The preview's Download button: the file shown in the preview, saved as `<template>-preview.<format>`. It is
// the preview's own file (marked PREVIEW): the unmarked one comes from a render.
import type { PreviewFile } from "@folio/sdk";
import { $, el } from "../shared/dom";
import type { Format } from "../state/draft";

export type PreviewDownload = ReturnType<typeof createPreviewDownload>;

export function createPreviewDownload(templateName: () => string | null) {
  let shown: { file: PreviewFile; format: Format | "xml" } | null = null;
  const button = $<HTMLButtonElement>("preview-download");

  button.addEventListener("click", () => {
    if (!shown) return;
    const url = URL.createObjectURL(new Blob([shown.file.bytes], { type: shown.file.contentType }));
    const link = el("a", { href: url, download: `${templateName() ?? "document"}-preview.${shown.format}` });
    document.body.append(link);
    link.click();
    link.remove();
    // Released once the browser has surely taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  });

  return {
    /** The file now shown, or null when the preview shows nothing. */
    set(file: PreviewFile | null, format: Format | "xml") {
      shown = file ? { file, format } : null;
      button.disabled = !file;
    },
  };
}
