// The parts of the OpenAPI document (/openapi.json) the served docs read: the reference and its examples.

/** The parts of an OpenAPI 3.1 schema the reference shows. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  example?: unknown;
  default?: unknown;
}
export interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
/** One operation of the document: a method on a path. */
export interface Endpoint {
  path: string;
  method: string;
  operation: Operation;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  tags?: Array<{ name: string }>;
}
