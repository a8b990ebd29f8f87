// The rules the service shares with its clients, written once in the SDK's source (packages/sdk/src/contract.ts) and
// taken from here by the rest of the Worker, so no room below the transports reaches into a package.
export { CONTENT_TYPES, OUTPUT_FORMATS, type OutputFormat, TEMPLATE_NAME_PATTERN } from "#sdk/contract";
