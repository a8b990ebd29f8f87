// One id for the whole shipped set of rules, with no Node import: the Worker puts it into the cache key of every
// e-invoice render, so a new release of any rule set or schema renders (and checks) afresh.
import { RULE_FILES, SCHEMA_FILES } from "./rule-files.ts";

export const RULES_RELEASE = [
  ...new Set([...Object.values(SCHEMA_FILES), ...Object.values(RULE_FILES)].map((r) => `${r.name} ${r.version}`)),
]
  .sort()
  .join("; ");
