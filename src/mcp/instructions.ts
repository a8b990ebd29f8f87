/**
 * What the agent server tells an assistant at connection time: how the trial, templates and renders fit together,
 * so it can go from nothing to a document without reading the REST documentation first.
 */
export const MCP_INSTRUCTIONS =
  `Folio turns a template (HTML with Liquid, optionally a JSON Schema for its data) plus JSON data into a ` +
  `PDF, PNG or JPG behind a signed URL.\n` +
  `\n` +
  `Keys: send "Authorization: Bearer <API_KEY>" or pass the api_key argument. With neither, the first tool ` +
  `call creates a free trial (50 units in total, a PDF page or an image each, never reset) and returns its key as api_key in the result: ` +
  `pass that key as api_key on every later call (each keyless call would start another trial) and give it to ` +
  `the user, who can also use it with the REST API. get_api_key returns the key in use; get_usage shows what ` +
  `is left.\n` +
  `\n` +
  `Typical flow:\n` +
  `1. create_template with a name, the HTML source and, ideally, a schema and an example. Creating, ` +
  `publishing and validating are free.\n` +
  `2. validate_template checks data against the schema without rendering (free); preview_template renders it ` +
  `marked PREVIEW, free and never stored (30 a minute), answering an image format as the image to look at.\n` +
  `3. render with {template, data}. data is a JSON value (usually an object) sent as JSON, never as a ` +
  `JSON-encoded string. The answer is a render: status "succeeded" with a signed url (valid one hour) when it ` +
  `finished inline, or status "queued" with an id (large data, a webhook_url or async: true). Poll a queued ` +
  `render with get_render until its status is "succeeded" or "failed"; get_render also signs a fresh url, ` +
  `free. list_deliveries shows what a render's webhook_url answered to each delivery.\n` +
  `4. update_template publishes a new, immutable version under the same bare name; render "name" for the ` +
  `latest version or "name@N" to pin one; list_versions lists them.\n` +
  `\n` +
  `Identical renders (same template version, data and options) come from the cache and cost nothing. A failed ` +
  `call answers isError with an error type and message, the same as the REST API: validation_error lists each ` +
  `field that does not fit the schema; quota_exceeded on a trial says what to do next.`;
