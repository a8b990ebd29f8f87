// `npm run docs:generate`: what the served /docs/sdk and /docs/cli pages say, read from the packages themselves: the
// SDK's exports with their signatures and doc comments (through the TypeScript compiler), and the CLI's help text as
// `folio --help` prints it. The Worker cannot read source files, so the result is kept in src/docs/package-reference.json,
// and test/e2e/docs-reference.test.ts fails when it no longer matches the packages.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
export const REFERENCE_FILE = join(ROOT, "src/docs/package-reference.json");

export interface SdkMember {
  name: string;
  signature: string;
  doc: string;
}
export interface SdkExport extends SdkMember {
  kind: "function" | "class" | "value" | "type";
  members: SdkMember[];
}

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function doc(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s*\n\s*/g, " ");
}

/** A member's type as a reader of the SDK writes it: methods as their signature, properties as their type. */
function memberSignature(symbol: ts.Symbol, checker: ts.TypeChecker, at: ts.Node): string {
  const type = checker.getTypeOfSymbolAtLocation(symbol, at);
  const call = type.getCallSignatures()[0];
  const optional = symbol.flags & ts.SymbolFlags.Optional ? "?" : "";
  return call ? checker.signatureToString(call, at, FORMAT) : `${optional}: ${checker.typeToString(type, at, FORMAT)}`;
}

const SDK_SOURCE = join(ROOT, "packages/sdk/src");
/** Whether the SDK itself declares the symbol (not the language's String, Error or Promise). */
const declaredInSdk = (symbol: ts.Symbol) =>
  (symbol.declarations ?? []).some((d) => d.getSourceFile().fileName.startsWith(SDK_SOURCE));

/** Members worth listing: an interface's fields, an object's methods, a class's own public fields. */
function membersOf(type: ts.Type, checker: ts.TypeChecker, at: ts.Node): SdkMember[] {
  return type
    .getProperties()
    .filter((property) => declaredInSdk(property) && !property.name.startsWith("_"))
    .map((property) => ({
      name: property.name,
      signature: memberSignature(property, checker, at),
      doc: doc(property, checker),
    }));
}

function describeExport(exported: ts.Symbol, checker: ts.TypeChecker, at: ts.Node): SdkExport {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.name;
  const text = doc(symbol, checker);
  if (symbol.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const members = membersOf(instance, checker, at);
    return { name, kind: "class", signature: `class ${name}`, doc: text, members };
  }
  if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    const call = type.getCallSignatures()[0];
    if (call) {
      // A factory's answer is what a caller uses: list its methods (createFolio's client) instead of its type.
      const members = membersOf(checker.getReturnTypeOfSignature(call), checker, at);
      const parameters = call.getDeclaration().parameters.map((p) => p.getText());
      const signature = members.length
        ? `${name}(${parameters.join(", ")})`
        : `${name}${checker.signatureToString(call, at, FORMAT)}`;
      return { name, kind: "function", signature, doc: text, members };
    }
    return {
      name,
      kind: "value",
      signature: `${name}: ${checker.typeToString(type, at, FORMAT)}`,
      doc: text,
      members: [],
    };
  }
  const declared = checker.getDeclaredTypeOfSymbol(symbol);
  const isInterface = Boolean(symbol.flags & ts.SymbolFlags.Interface);
  // An alias is shown as written (`Schemas["Render"]`, a union of names), not expanded into the schema's whole shape.
  const alias = symbol.declarations?.find(ts.isTypeAliasDeclaration);
  return {
    name,
    kind: "type",
    signature: isInterface
      ? `interface ${name}`
      : `type ${name} = ${alias?.type.getText() ?? checker.typeToString(declared, at, FORMAT)}`,
    doc: text,
    members: isInterface ? membersOf(declared, checker, at) : [],
  };
}

/** Every export of @folio/sdk but the generated OpenAPI types (their reference is /docs itself). */
export function sdkReference(): SdkExport[] {
  const entry = join(ROOT, "packages/sdk/src/index.ts");
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "packages/sdk/tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram([entry], config?.options ?? {});
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!source || !module) throw new Error(`cannot read ${entry}`);
  const generated = new Set(["components", "operations", "paths"]);
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => !generated.has(symbol.name))
    .map((symbol) => describeExport(symbol, checker, source))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `folio --help` as the built CLI prints it (npm run build:packages builds it). */
export function cliHelp(): string {
  return execFileSync(process.execPath, [join(ROOT, "packages/cli/dist/main.js"), "--help"], { encoding: "utf8" });
}

export const packageReference = () => `${JSON.stringify({ sdk: sdkReference(), cli: cliHelp() }, null, 1)}\n`;

if (import.meta.main) writeFileSync(REFERENCE_FILE, packageReference());
