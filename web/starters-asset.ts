// The starter gallery as a file of the studio's build, `/studio/starters.json`: what `folio init --from` writes
// into a new folder, so the CLI starts from the same documents as the studio's "New template" dialog.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { GALLERY, starterTexts } from "./src/templates/starter-files.ts";
import { joinInvoiceXml } from "./src/xml/invoice-xml-text.ts";

export const STARTERS_ASSET = "studio/starters.json";

/** Each gallery document with its four files, as a folder holds them. */
function startersJson(root: string): string {
  const read = (path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : undefined);
  const starters = GALLERY.flatMap((entry) => {
    const texts = starterTexts(entry, read);
    if (!texts) return [];
    const files = {
      "template.html": texts.source,
      "schema.json": texts.schema,
      "example.json": texts.example,
      // A folder has no XML editor: an e-invoice's XML goes back into its options, as every request sends it.
      "options.json": texts.xml
        ? `${JSON.stringify(joinInvoiceXml(JSON.parse(texts.options), texts.xml), null, 2)}\n`
        : texts.options,
    };
    const { id, label, description, expectedPages } = entry;
    return [{ id, label, description, expected_pages: expectedPages, files }];
  });
  return `${JSON.stringify({ starters }, null, 2)}\n`;
}

/** Emits the gallery next to the studio's assets; `root` is the repository, where the fixtures are. */
export function startersAsset(root: string): Plugin {
  return {
    name: "folio-starters-asset",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: STARTERS_ASSET, source: startersJson(root) });
    },
  };
}
