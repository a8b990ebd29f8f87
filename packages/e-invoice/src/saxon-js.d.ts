// The part of SaxonJS's API this package uses (the package ships no types).
declare module "saxon-js" {
  interface TransformOptions {
    stylesheetInternal: unknown;
    stylesheetBaseURI?: string;
    sourceNode: unknown;
    destination: "document";
    documentPool?: Record<string, unknown>;
  }
  interface XPathOptions {
    params?: Record<string, unknown>;
    namespaceContext?: Record<string, string>;
    resultForm?: "array" | "default";
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: "sync"): { principalResult: unknown };
    XPath: { evaluate(xpath: string, context: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
