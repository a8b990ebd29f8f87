/**
 * SHA-256 over exactly what changes the output: engine, raw source, and the canonical JSON of schema and
 * options. The SDK's source, so `folio push` (the CLI) compares the checksum the service gives.
 */
export { type TemplateDefinition, templateChecksum } from "#sdk/checksum";
