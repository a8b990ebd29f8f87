import type { Client } from "openapi-fetch";
import { unwrap } from "./errors.js";
import type { components, paths } from "./schema.js";

export type Certificate = components["schemas"]["Certificate"];
export type CertificateCreateRequest = components["schemas"]["CertificateCreateRequest"];

/**
 * The account's signing certificates (paid plans): upload a PKCS#12 file or PEM, list, get, delete; each throws
 * FolioError (400 at the refused field, 403 on a free or trial account, 409 `certificate_limit` past 20, 429 past 10
 * uploads a minute). The key is never answered.
 */
export function certificateCalls(api: Client<paths>) {
  return {
    certificates: {
      create: (request: CertificateCreateRequest): Promise<Certificate> =>
        unwrap(api.POST("/v1/certificates", { body: request })),
      /** One page, newest first; `has_more` says whether `startingAfter` the last id gives another. */
      list: (page: { limit?: number; startingAfter?: string } = {}) =>
        unwrap(
          api.GET("/v1/certificates", {
            params: { query: { limit: page.limit ?? 25, starting_after: page.startingAfter } },
          }),
        ),
      get: (id: string): Promise<Certificate> => unwrap(api.GET("/v1/certificates/{id}", { params: { path: { id } } })),
      delete: (id: string) => unwrap(api.DELETE("/v1/certificates/{id}", { params: { path: { id } } })),
    },
  };
}
