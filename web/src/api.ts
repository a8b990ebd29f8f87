// Same-origin calls to the Folio API. Every request goes to the page's own origin: nothing leaves it.

export interface FieldError {
  path: string;
  message: string;
  expected?: string;
  received?: string;
}

export interface ErrorBody {
  type: string;
  message: string;
  docs_url?: string;
  errors?: FieldError[];
  details?: Record<string, unknown>;
}

export interface Warning {
  path: string;
  code: string;
  message: string;
}

export interface Template {
  object: "template";
  name: string;
  description: string;
  latest_version: number;
  version: number;
  ref: string;
  engine: "chromium" | "satori";
  schema: Record<string, unknown>;
  options: Record<string, unknown>;
  example: unknown;
  source: string;
  message: string | null;
  updated_at: string;
  version_created_at: string;
  warnings?: Warning[];
}

export interface TemplateVersion {
  object: "template_version";
  ref: string;
  version: number;
  engine: string;
  message: string | null;
  created_at: string;
}

export interface Render {
  id: string;
  status: "queued" | "succeeded" | "failed";
  template: string;
  format: string;
  cached: boolean;
  url: string | null;
  page_count: number | null;
  created_at: string;
  error: ErrorBody | null;
}

export interface List<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

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
    const res = await fetch(path, { method, headers: this.headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body), signal });
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }

  /** POST /v1/previews: the file's bytes with the page count and the template's warnings. */
  async preview(body: Record<string, unknown>, signal: AbortSignal): Promise<{ bytes: ArrayBuffer; contentType: string; pageCount: number; warnings: Warning[]; truncated: boolean }> {
    const res = await fetch("/v1/previews", { method: "POST", headers: this.headers(true), body: JSON.stringify(body), signal });
    if (!res.ok) throw await errorOf(res);
    const bytes = await res.arrayBuffer();
    return {
      bytes,
      contentType: (res.headers.get("content-type") ?? "application/pdf").split(";")[0]!.trim(),
      pageCount: Number(res.headers.get("x-service-page-count") ?? "1"),
      warnings: decodeWarnings(res.headers.get("x-service-warnings")),
      truncated: res.headers.get("x-service-preview-truncated") === "true",
    };
  }
}

/** POST /v1/trials needs no key: a new trial account and its key. */
export async function startTrial(): Promise<{ api_key: string; account: { id: string; plan?: string } }> {
  const res = await fetch("/v1/trials", { method: "POST" });
  if (res.status !== 201) throw await errorOf(res);
  return (await res.json()) as { api_key: string; account: { id: string; plan?: string } };
}

/** X-Service-Warnings: base64url of a JSON array of {path, code, message}. */
function decodeWarnings(header: string | null): Warning[] {
  if (!header) return [];
  try {
    const b64 = header.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Warning[]) : [];
  } catch {
    return [];
  }
}
