// What a new template starts from: a small page, a real document from the gallery (fixtures/, see
// starter-files.ts), or nothing.
import { type EditorId, pretty } from "../editors/editor-texts";
import { GALLERY, starterTexts } from "./starter-files";

/** The gallery's fixture files, bundled as text and read by their path from the repository root. */
const FILES = import.meta.glob<string>(["../../../fixtures/{invoice,statement}.*", "../../../fixtures/starters/*"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const readFixture = (path: string) => FILES[`../../../${path}`];

export interface Starter {
  id: string;
  label: string;
  description: string;
  texts: Record<EditorId, string>;
}

const HELLO_SOURCE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Hello {{ name }}</title>
<style>
  @page { size: A4; margin: 20mm; }
  body { font-family: "Helvetica Neue", Arial, sans-serif; color: #1d2330; }
  h1 { color: #2f5bea; font-size: 28pt; margin: 0 0 6mm; }
  p { font-size: 12pt; line-height: 1.5; }
</style>
</head>
<body>
  <h1>Hello {{ name }}</h1>
  <p>Edit this template: the preview follows as you type.</p>
  <p>Data comes from the <strong>Example</strong> tab, checked against the <strong>Schema</strong>.</p>
</body>
</html>
`;

export const STARTERS: Starter[] = [
  {
    id: "hello",
    label: "Hello page",
    description: "One A4 page with a heading and a name.",
    texts: {
      source: HELLO_SOURCE,
      schema: pretty({ type: "object", required: ["name"], properties: { name: { type: "string", minLength: 1 } } }),
      example: pretty({ name: "Ada" }),
      options: "{}\n",
      xml: "",
    },
  },
  ...GALLERY.flatMap((entry) => {
    const texts = starterTexts(entry, readFixture);
    return texts ? [{ id: entry.id, label: entry.label, description: entry.description, texts }] : [];
  }),
  {
    id: "blank",
    label: "Blank",
    description: "Empty source; write everything yourself.",
    texts: { source: "", schema: "{}\n", example: "{}\n", options: "{}\n", xml: "" },
  },
];
