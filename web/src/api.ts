// Same-origin calls to the Folio API. Every request goes to the page's own origin: nothing leaves it.
import { type components, type PreviewFile, previewFile } from "@folio/sdk";

// The API's own types, generated from its OpenAPI document into the SDK: the studio cannot drift from them.
type Schemas = components["schemas"];
export type FieldError = Schemas["FieldError"];
type ServiceError = Schemas["Error"]["error"];
/** The service's error envelope, or `http_error` when something before it answered (a proxy, a network failure page). */
export type ErrorBody = Omit<ServiceError, "type" | "docs_url"> & {
  type: ServiceError["type"] | "http_error";
  docs_url?: string;
};
export type Warning = Schemas["TemplateWarning"];
/** A template as read, or as just saved (with the warnings about its new version). */
export type Template = Schemas["Template"] & Partial<Pick<Schemas["SavedTemplate"], "warnings">>;
export type TemplateVersion = Schemas["TemplateVersion"];
export type Render = Schemas["Render"];
export type RenderList = Schemas["RenderList"];
export type TemplateList = Schemas["TemplateList"];
export type TemplateVersionList = Schemas["TemplateVersionList"];

/** A failed call: the service's error envelope, its HTTP status and (for 429) how long to wait. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfter: number | null,
  ) {
    super(body.message);
  }
  get type() {
    return this.body.type;
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  const retry = Number(res.headers.get("retry-after"));
  let body: ErrorBody = { type: "http_error", message: `The service answered ${res.status} ${res.statusText}.` };
  try {
    const json = (await res.json()) as { error?: ErrorBody };
    if (json?.error?.type) body = json.error;
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(res.status, body, Number.isFinite(retry) && retry > 0 ? retry : null);
}

export class Api {
  constructor(private readonly key: string) {}

  private headers(json: boolean): HeadersInit {
    return { authorization: `Bearer ${this.key}`, ...(json ? { "content-type": "application/json" } : {}) };
  }

  async json<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const res = await fetch(path, {
      method,
      headers: this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }

  /** POST /v1/previews: the file's bytes with the page count and the template's warnings. */
  async preview(body: Record<string, unknown>, signal: AbortSignal): Promise<PreviewFile> {
    const res = await fetch("/v1/previews", {
      method: "POST",
      headers: this.headers(true),
      body: JSON.stringify(body),
      signal,
    });
    if (!res.ok) throw await errorOf(res);
    return previewFile(res, new Uint8Array(await res.arrayBuffer()));
  }
}

/** POST /v1/trials needs no key: a new trial account and its key. */
export async function startTrial(): Promise<Schemas["Trial"]> {
  const res = await fetch("/v1/trials", { method: "POST" });
  if (res.status !== 201) throw await errorOf(res);
  return (await res.json()) as Schemas["Trial"];
}
