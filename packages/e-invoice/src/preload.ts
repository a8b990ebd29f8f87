// Loading a rule set takes most of a second the first time (gunzip and parse of its SEF, or the XSDs parsed by
// libxml2): a process that validates loads every shipped one at start, so no invoice pays for it.
import { hasArtefact } from "./artefacts.ts";
import {
  CHECK_SHARES,
  type CheckShare,
  RULE_FILES,
  SCHEMA_FILES,
  type SchemaId,
  type SchematronId,
  shareOf,
} from "./rule-files.ts";
import { loadRuleSet } from "./schematron.ts";
import { validatorFor } from "./xsd.ts";

/**
 * Loads every XSD and shipped rule set the shares run (a deployer's Peppol rules too, when present); returns how
 * many. The XSDs belong to the syntax share.
 */
export function preloadRules(shares: readonly CheckShare[] = CHECK_SHARES): number {
  const schemas = shares.includes("syntax") ? (Object.keys(SCHEMA_FILES) as SchemaId[]) : [];
  for (const id of schemas) validatorFor(id);
  const ruleSets = (Object.keys(RULE_FILES) as SchematronId[]).filter(
    (id) => shares.includes(shareOf(id)) && hasArtefact(RULE_FILES[id].sef),
  );
  for (const id of ruleSets) loadRuleSet(id);
  return schemas.length + ruleSets.length;
}
