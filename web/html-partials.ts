// studio.html holds the page's frame; each dialog's markup sits beside the module that drives it
// (src/templates/new-template-dialog.html beside new-template.ts, ...) and is written into the page at build time
// where the page says `<!-- partial: <path from web/> -->`. The page served stays one file, as it always was:
// no extra request, and every element exists before the studio's modules look for it.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

const PARTIAL = /<!-- partial: (\S+) -->/g;

/** The partials `page` names, as absolute paths. */
function partialsOf(page: string, html: string): string[] {
  return [...html.matchAll(PARTIAL)].map(([, path]) => resolve(dirname(page), path ?? ""));
}

/** `page` is the HTML file whose partials are watched (`vite build --watch` builds again when one changes). */
export function htmlPartials(page: string): Plugin {
  return {
    name: "folio-html-partials",
    buildStart() {
      for (const file of partialsOf(page, readFileSync(page, "utf8"))) this.addWatchFile(file);
    },
    transformIndexHtml: {
      // Before Vite's own HTML step, so the assets a partial names are bundled as the page's own.
      order: "pre",
      handler(html, { filename }) {
        return html.replace(PARTIAL, (marker, path: string) => {
          const file = resolve(dirname(filename), path);
          if (!existsSync(file)) throw new Error(`${filename}: ${marker} names a file that does not exist (${file})`);
          return readFileSync(file, "utf8").trimEnd();
        });
      },
    },
  };
}
