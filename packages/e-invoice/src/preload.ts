// Loading a rule set takes most of a second the first time (gunzip and parse of its SEF, or the XSDs parsed by
// libxml2): a process that validates loads every shipped one at start, so no invoice pays for it.
import { hasArtefact } from "./artefacts.ts";
import { RULE_FILES, SCHEMA_FILES, type SchemaId, type SchematronId } from "./rule-files.ts";
import { loadRuleSet } from "./schematron.ts";
import { validatorFor } from "./xsd.ts";

/** Loads every XSD and every shipped rule set (a deployer's Peppol rules too, when present); returns how many. */
export function preloadRules(): number {
  const schemas = Object.keys(SCHEMA_FILES) as SchemaId[];
  for (const id of schemas) validatorFor(id);
  const ruleSets = (Object.keys(RULE_FILES) as SchematronId[]).filter((id) => hasArtefact(RULE_FILES[id].sef));
  for (const id of ruleSets) loadRuleSet(id);
  return schemas.length + ruleSets.length;
}
