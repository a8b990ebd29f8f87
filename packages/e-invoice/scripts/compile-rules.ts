// Compiles the pinned schematron artefacts into the gzipped SaxonJS export files (SEF) under artefacts/, which
// are committed: nothing compiles at install, test or start. Run it only to move to a new release of an artefact:
//   node packages/e-invoice/scripts/compile-rules.ts <sources>
// <sources> holds the unmodified files named in the package README (cen/, factur-x/, xrechnung/, schxslt/, and
// peppol/ where a deployer adds it). Rules published as schematron source (XRechnung, Peppol) are first turned
// into XSLT with SchXslt, as KoSIT's own build does, with the version tokens its build fills in. Each XSLT then
// goes through direct-pattern-walks.xsl (the same rules, found without walking the invoice once per pattern), for
// Factur-X inline-code-lists.xsl (its code lists written into the rules, not scanned on every lookup), and
// hoist-absolute-paths.ts (a path read from the invoice's root evaluated once, not once per node a rule meets); the
// unmodified and the rewritten XSLT are compiled, and the rewritten one is kept only if same-findings.ts finds no
// difference between them.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { RULE_FILES, type SchematronFile, type SchematronId } from "../src/rule-files.ts";
import { hoistAbsolutePaths } from "./hoist-absolute-paths.ts";
import { assertSameFindings, loadCompiled } from "./same-findings.ts";

const [sources] = process.argv.slice(2);
if (sources === undefined) throw new Error("usage: compile-rules.ts <sources directory>");
const from = (path: string): string => join(sources, path);
const xslt3 = createRequire(import.meta.url).resolve("xslt3/xslt3.js");
const artefacts = join(import.meta.dirname, "../artefacts");
const work = mkdtempSync(join(tmpdir(), "folio-rules-"));

function run(args: string[]): void {
  execFileSync(process.execPath, [xslt3, ...args], { stdio: "inherit" });
}

/** KoSIT's build replaces these tokens in the XRechnung schematron before compiling it. */
const XRECHNUNG_TOKENS: Record<string, string> = {
  "xr-schematron.version.full": "2.5.0",
  "xrechnung.version": "3.0.2",
};

/** A schematron source turned into XSLT by SchXslt; a file it includes (`../common.sch`) is copied beside it. */
function schematronXslt(source: string): string {
  const sch = join(work, source);
  mkdirSync(dirname(sch), { recursive: true });
  const common = join(dirname(source), "../common.sch");
  if (existsSync(from(common))) copyFileSync(from(common), join(work, common));
  const text = readFileSync(from(source), "utf8");
  writeFileSync(
    sch,
    text.replace(/@([\w.-]+)@/g, (whole, token: string) => XRECHNUNG_TOKENS[token] ?? whole),
  );
  const xsl = sch.replace(/\.sch$/, ".xsl");
  run([`-xsl:${from("schxslt/pipeline-for-svrl.xsl")}`, `-s:${sch}`, `-o:${xsl}`]);
  return xsl;
}

/** The samples a rule set is proven on: its syntax's, valid ones, whose variants then break most rules. */
const samplesFor = (id: SchematronId): string[] =>
  id.endsWith("ubl") ? ["ubl-invoice.xml", "ubl-credit-note.xml"] : ["factur-x-en16931.xml", "xrechnung-cii.xml"];

function exported(xslt: string, name: string): string {
  const sef = join(work, `${name}.sef.json`);
  run([`-xsl:${xslt}`, `-export:${sef}`, "-nogo", "-relocate:on"]);
  return sef;
}

/** The stylesheet rewritten to run faster, proven to report what the unmodified one does. */
function rewritten(id: SchematronId, rules: SchematronFile, xslt: string): string {
  const walks = join(work, `${id}.direct.xsl`);
  run([`-xsl:${join(import.meta.dirname, "direct-pattern-walks.xsl")}`, `-s:${xslt}`, `-o:${walks}`]);
  let fast = walks;
  if (rules.codeList) {
    fast = join(work, `${id}.inlined.xsl`);
    run([
      `-xsl:${join(import.meta.dirname, "inline-code-lists.xsl")}`,
      `-s:${walks}`,
      `-o:${fast}`,
      `code-db=${pathToFileURL(from(rules.codeList)).href}`,
      `code-db-name=${basename(rules.codeList)}`,
    ]);
  }
  const hoisted = join(work, `${id}.hoisted.xsl`);
  const paths = hoistAbsolutePaths(readFileSync(fast, "utf8"));
  writeFileSync(hoisted, paths.xslt);
  const original = exported(xslt, `${id}.original`);
  const compiled = exported(hoisted, `${id}.rewritten`);
  const baseUri = `file:///folio-e-invoice/${rules.sef}`;
  const codeList = rules.codeList && from(rules.codeList);
  const checked = assertSameFindings(
    loadCompiled(original, baseUri, codeList),
    loadCompiled(compiled, baseUri),
    samplesFor(id),
  );
  console.log(
    `${id}: the rewritten rules (${paths.hoisted} root paths read once) report the same findings on ${checked} invoices`,
  );
  return compiled;
}

for (const [id, rules] of Object.entries(RULE_FILES) as Array<[SchematronId, SchematronFile]>) {
  // Rules a deployer adds (Peppol) are compiled when their source is there, and skipped otherwise.
  if (rules.deployerProvided && !existsSync(from(rules.source))) continue;
  const xslt = rules.source.endsWith(".sch") ? schematronXslt(rules.source) : from(rules.source);
  const sef = rewritten(id, rules, xslt);
  const target = join(artefacts, rules.sef);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, gzipSync(readFileSync(sef), { level: 9 }));
  console.log(`${rules.sef}: ${readFileSync(target).length} bytes`);
}
