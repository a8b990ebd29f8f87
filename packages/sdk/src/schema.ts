/**
 * The Folio API's types, generated from GET /openapi.json by openapi-typescript: `npm run sdk:generate`.
 * Do not edit. test/e2e/sdk-types.test.ts fails when this file differs from the running service's document.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the service and its dependencies (no authentication) */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm an account's email address with the token from the verification link
         * @description The token is the credential (the link is opened from an email), so no API key is needed. Tokens are single-use and last 24 hours.
         */
        get: operations["verifyEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List live templates, most recently updated first */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template at version 1
         * @description Free. The name is lowercased; source must parse as Liquid and schema must compile (draft 2020-12). `warnings` lists what will fail at render time (unknown filters, Satori layout, an example the schema refuses) or print the date of the request (clock reads); they never block. A template that makes an e-invoice has its example's XML checked with the official rules, which counts as a preview (429 `rate_limited` past the previews' windows).
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a template's versions, newest first (metadata only) */
        get: operations["listTemplateVersions"];
        put?: never;
        /**
         * Publish a new version (name@N+1)
         * @description Free; no limit on versions. `source` is required; other definition fields are inherited when omitted. Versions are immutable. `If-Match` with the latest version's checksum or number (`"v3"`) publishes only if no other version was published since (else 409 `version_moved`). `warnings` lists what will fail, or print the date of the request, at render time; they never block. A version that makes an e-invoice has its example's XML checked with the official rules, which counts as a preview (429 `rate_limited` past the previews' windows).
         */
        post: operations["publishTemplateVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{ref}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check data against a template's schema without rendering
         * @description Free; renders nothing, and counts as a preview (the previews' windows). Returns the same field errors POST /v1/render would, the template's example payload, and the version's warnings (what will fail, or print the date of the request, at render time whatever the data).
         */
        post: operations["validateTemplateData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a template version with its source, schema, options and example */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a template (every version); its name is released
         * @description Soft delete: past renders and their files stay, version rows and checksums are kept, and rendering any of its references answers 404.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a template with data
         * @description Answers 200 with a signed URL when the render finishes inside the request or hits the cache (`cached: true`, not billed), and 202 with a queued render when `webhook_url` or `async` is set or the canonical data exceeds the inline limit (satori templates always render inline).
         */
        post: operations["createRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue up to 50 renders at once
         * @description Every item is queued (cache hits come back finished); a failing item becomes an error entry and never fails the call. Each item fires its own webhook.
         */
        post: operations["createRenderBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List renders, newest first */
        get: operations["listRenders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a render with a freshly signed URL (free)
         * @description A failed render answers 200 with `status: failed` and the error envelope in `error`.
         */
        get: operations["getRender"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renders/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a render's webhook deliveries, newest first (free)
         * @description Every delivery of the render's webhook as it was made: the schedule's attempts and the manual resends, with the receiver's status code, the error kind, the duration and when the next attempt is due. Nothing else the receiver answered is kept; the URL is shown by its host. Kept as long as the render.
         */
        get: operations["listDeliveries"];
        put?: never;
        /**
         * Resend a render's webhook event now
         * @description Sends the render's final event (`render.succeeded` or `render.failed`) to its `webhook_url` again, outside the schedule's five attempts: `X-Service-Attempt: 5`, `X-Service-Resend: <n>`, the same `webhook-id`, signed afresh. The render's `webhook_status` and `webhook_attempts` stay as the schedule left them; the delivery is listed with `manual: true`. 409 `conflict` while `webhook_status` is `pending` (`details.code: webhook_pending`, `details.next_attempt_at`) and after 10 resends (`details.code: resends_exhausted`); 400 for a render without `webhook_url`. Test events and resends share 10 a minute per key (429).
         */
        post: operations["resendWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a template: the file's bytes, watermarked, never stored or billed
         * @description Renders through the same engines and egress policy as a render, with a diagonal PREVIEW watermark on every page. Nothing is stored, cached, billed or listed. Previews have their own window of 30 a minute per API key, and a free or trial account 300 a day (429 `rate_limited`, `details.limit_name` naming the window). A PDF preview prints at most 50 pages: a longer document's preview is its first 50.
         */
        post: operations["createPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test event to a URL
         * @description One signed event `{type: "test", created_at, data: null}` to `url` only, with a `test_` delivery id (`webhook-id`, `X-Service-Delivery`) and both signature schemes, under the same egress rules as every delivery (a URL the policy refuses answers `delivered: false`, `error: "blocked"`). Test events and resends share 10 a minute per key; deliveries of every kind to one host are capped at 60 a minute (429).
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a free 50-unit trial (no API key needed)
         * @description Creates a trial account and answers its API key, on the same terms as the agent server's first call: 50 units: a PDF page or an image each, in all, at most 5 trials an hour per client address (an IPv6 client counts per /64), 20 an hour per IPv6 /48, and at most `TRIAL_STARTS_PER_HOUR_TOTAL` (200) an hour for the whole service.
         */
        post: operations["startTrial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a rendered file through its signed URL (no API key: the signature is the credential) */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account: plan, status, limits, and the webhook secret (returned once)
         * @description Free and safe to call at startup. Every call returns the full account; the first also carries the webhook signing secret, later ones `webhook_secret: null`, the secret's prefix and a `note`.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint a new webhook signing secret; the previous one stops verifying immediately */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This month's usage, cost, free-tier balance, spend cap and trial balance */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List live certificates, newest first */
        get: operations["listCertificates"];
        put?: never;
        /**
         * Upload a signing certificate with its key
         * @description Paid plans only (free and trial accounts: 403). The key is stored sealed and never answered; the file and its password are dropped once unpacked. 10 uploads a minute per key, at most 20 live certificates per account (409 `conflict`, `details.code` `certificate_limit`). A refusal is a 400 at the field that carried the value and never repeats it.
         */
        post: operations["createCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certificates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a certificate */
        get: operations["getCertificate"];
        put?: never;
        post?: never;
        /**
         * Delete a certificate; its sealed key is erased
         * @description It signs nothing from then on: a render naming it is 404 `not_found`.
         */
        delete: operations["deleteCertificate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            /**
             * @example {
             *       "database": "ok",
             *       "storage": "ok",
             *       "renderer": "ok"
             *     }
             */
            checks: {
                [key: string]: string;
            };
            /**
             * @description With `detail=1` only: the Chromium `driver` and its counters, or `error`. `backend`: the render backend's own (jobs, pages opened, pages busy and waiting, memory). `container`: `instances`, each with this Worker's jobs, failures and `backend` (null while it sleeps). `browser-rendering`: `sessions`, each with this Worker's jobs and its `browser` (jobs, pages opened, launches).
             * @example {
             *       "driver": "backend",
             *       "jobs": 120,
             *       "pages_opened": 2,
             *       "active": 1,
             *       "queued": 0,
             *       "memory_bytes": 480000000
             *     }
             */
            renderer_stats?: {
                [key: string]: unknown;
            };
        };
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request" | "asset_blocked" | "authentication_error" | "quota_exceeded" | "spend_cap_exceeded" | "permission_error" | "not_found" | "conflict" | "validation_error" | "rate_limited" | "render_failed" | "internal_error";
                message: string;
                /** Format: uri */
                docs_url: string;
                errors?: components["schemas"]["FieldError"][];
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        FieldError: {
            /** @example data.items[0].quantity */
            path: string;
            message: string;
            /** @example integer */
            expected: string;
            /** @example string */
            received?: string;
            example?: unknown;
        };
        Verification: {
            /** @enum {string} */
            object: "verification";
            account: string;
            email: string;
            /** @enum {boolean} */
            verified: true;
        };
        TemplateList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Template"][];
        };
        Template: {
            /** @enum {string} */
            object: "template";
            /** @example tpl_3k9x0c2m4n5b6v7c8x9z0a1s */
            id: string;
            name: string;
            description: string;
            latest_version: number;
            version: number;
            /** @example invoice@3 */
            ref: string;
            /**
             * @description `chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards.
             * @enum {string}
             */
            engine: "chromium" | "satori";
            /**
             * @description A JSON Schema (draft 2020-12) for `data`; `{}` accepts anything.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "name"
             *       ]
             *     }
             */
            schema: {
                [key: string]: unknown;
            };
            options: components["schemas"]["RenderOptions"];
            expected_pages: number;
            example?: unknown;
            source: string;
            /** @description SHA-256 over engine, source, schema and options. */
            checksum: string;
            message: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            version_created_at: string;
        };
        RenderOptions: {
            /** @description PDF page size; default A4. */
            page_size?: ("A3" | "A4" | "A5" | "Letter" | "Legal" | "Tabloid") | {
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                width: string;
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                height: string;
            };
            landscape?: boolean;
            margin?: string | {
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                top?: string;
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                right?: string;
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                bottom?: string;
                /**
                 * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
                 * @example 12mm
                 */
                left?: string;
            };
            print_background?: boolean;
            scale?: number;
            /** @description Liquid rendered with the same data; `<span class="pageNumber">` and `totalPages` work. */
            header_html?: string;
            footer_html?: string;
            metadata?: {
                title?: string;
                author?: string;
                subject?: string;
                keywords?: string;
                creator?: string;
                /**
                 * @description The document's language when `<html lang>` gives none (a PDF's `/Lang`).
                 * @example de-CH
                 */
                lang?: string;
            };
            /** @description Raster width in px; satori default 1200, chromium 1280. */
            width?: number;
            height?: number;
            full_page?: boolean;
            device_scale_factor?: number;
            quality?: number;
            omit_background?: boolean;
            /** @description Milliseconds on a browser page; a chunked render's limit for each chunk. */
            timeout_ms?: number;
            chunk?: components["schemas"]["Chunk"];
            /** @description A tagged PDF (structure tree, `/Lang` from `<html lang>`) for accessibility; default false. */
            tagged?: boolean;
            /** @description Bookmarks from the h1 to h6 headings; implies `tagged`. Default false. */
            outline?: boolean;
            /** @description Fills the element with the `data-toc` attribute with a nested list of the h1 to h3 headings, each a link with the page it lands on. Default false. */
            toc?: boolean;
            watermark?: components["schemas"]["Watermark"];
            /**
             * @description PDF/A-2b or PDF/A-3b: XMP identification, an sRGB output intent, fonts embedded, the document id from the cache key. Not with `encryption`.
             * @enum {string}
             */
            pdfa?: "2b" | "3b";
            /** @description Up to 10 embedded files; with `pdfa: "3b"` they are associated files with AFRelationship Data. Not with `pdfa: "2b"`. */
            attachments?: components["schemas"]["Attachment"][];
            /**
             * @description PDF/UA-1 (ISO 14289-1), checked against the machine-checkable Matterhorn conditions before the render is stored (/docs#finishing); implies `tagged`. The document must give a language (`<html lang>` or `metadata.lang`) and a title. Not with `chunk`, nor with `encryption` that forbids copying.
             * @enum {string}
             */
            pdfua?: "1";
            e_invoice?: components["schemas"]["EInvoice"];
            encryption?: components["schemas"]["Encryption"];
            sign?: components["schemas"]["Signature"];
        };
        /** @description Chromium PDF only: render the template once per slice of the array at `over` (with a `chunk` variable: index, count, first, last, offset, size), print the slices one after another and join them into one PDF whose page numbers, header, footer and finishing are those of one document (/docs#long-documents). */
        Chunk: {
            /**
             * @description a dotted path of keys to an array in `data`, such as "statement.lines" (keys only, no indices)
             * @example statement.lines
             */
            over: string;
            /**
             * @description Items per chunk, 1 to 10,000.
             * @example 500
             */
            size: number;
        };
        /** @description Text across every page, drawn under the content: the document's text stays on top and selectable. */
        Watermark: {
            /** @example CONFIDENTIAL */
            text: string;
            /** @description 0.05 to 1; default 0.15. */
            opacity?: number;
            /** @description Degrees, -90 to 90; default -45. */
            angle?: number;
        };
        Attachment: {
            /** @example terms.txt */
            filename: string;
            /** @description The file's content: Liquid rendered with the render's data when `encoding` is utf8, the bytes in base64 otherwise. */
            content: string;
            /**
             * @description Default utf8.
             * @enum {string}
             */
            encoding?: "utf8" | "base64";
            /** @example text/plain */
            mime_type: string;
            description?: string;
        };
        /** @description Factur-X: embeds the rendered CII XML as `factur-x.xml` (`xrechnung.xml` for the xrechnung profile, AFRelationship Alternative) with the Factur-X XMP extension schema; implies `pdfa: "3b"`. UBL: the file is the rendered UBL XML with the PDF inside (`format: "xml"`). Checked with the official rules either way. */
        EInvoice: components["schemas"]["FacturXInvoice"] | components["schemas"]["UblInvoice"];
        /** @description A PDF/A-3 with the CII XML inside (Factur-X, ZUGFeRD, XRechnung). */
        FacturXInvoice: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            standard: "factur-x";
            /**
             * @description The Factur-X (ZUGFeRD 2.x) profile the XML follows, written to the XMP as its conformance level; `xrechnung` is the XRechnung CIUS on CII, embedded as `xrechnung.xml`.
             * @enum {string}
             */
            profile: "minimum" | "basic-wl" | "basic" | "en16931" | "extended" | "xrechnung";
            /** @description Liquid source of the Cross Industry Invoice XML, rendered with the render's data; its root must be `rsm:CrossIndustryInvoice`. */
            xml: string;
            /**
             * @description The rendered XML is checked with the official rules (its XSD, CEN EN 16931, the profile's or CIUS's own rules). "enforce" (default): a fatal violation fails the render (`render_failed`, stage `e_invoice`, with the violations), nothing stored or billed. "report": the render succeeds and the violations are in its `compliance.e_invoice`.
             * @enum {string}
             */
            validation?: "enforce" | "report";
        };
        /** @description A UBL 2.1 XML with the printed PDF inside (Peppol BIS, XRechnung). */
        UblInvoice: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            standard: "ubl";
            /**
             * @description The rules the UBL follows: the EN 16931 core, Peppol BIS Billing 3.0 or XRechnung.
             * @enum {string}
             */
            cius: "en16931" | "peppol-bis-3" | "xrechnung";
            /** @description Liquid source of a UBL 2.1 `Invoice` or `CreditNote`, rendered with the render's data. Needs `format: "xml"`: the file is this XML. */
            xml: string;
            /**
             * @description The rendered XML is checked with the official rules (its XSD, CEN EN 16931, the profile's or CIUS's own rules). "enforce" (default): a fatal violation fails the render (`render_failed`, stage `e_invoice`, with the violations), nothing stored or billed. "report": the render succeeds and the violations are in its `compliance.e_invoice`.
             * @enum {string}
             */
            validation?: "enforce" | "report";
            /** @description Default true: the PDF printed from the template is embedded as `cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject`. false: nothing is printed (1 unit, `page_count` 0). */
            embed_pdf?: boolean;
        };
        /** @description AES-256. The passwords are never stored, logged or returned; the only option whose bytes differ from run to run. Not with `pdfa` or `e_invoice` (nor in an XML file), and never a template default. */
        Encryption: {
            /** @description Opens the document with every permission. Never stored, logged or returned. */
            owner_password: string;
            /** @description Needed to open the document at all; without one, anyone opens it with `permissions`. */
            user_password?: string;
            /** @description What a reader without the owner password may do; each defaults to true. */
            permissions?: {
                print?: boolean;
                copy?: boolean;
                modify?: boolean;
                annotate?: boolean;
            };
        };
        /** @description Signs the finished PDF (PAdES baseline), as the last finishing step. Not with `encryption` or `chunk`, never a template default; with a UBL e-invoice it signs the PDF inside. Previews never sign. */
        Signature: {
            /**
             * @description One of the account's certificates.
             * @example crt_0123456789abcdefghijklmn
             */
            certificate: string;
            /**
             * @description PAdES baseline level. `B-T` adds a time-stamp from the deployment's time-stamp authority and is refused where the deployment has none; default `B-B` there.
             * @enum {string}
             */
            level?: "B-B" | "B-T";
            /** @description Why the document is signed, written into the signature (up to 256 characters). */
            reason?: string;
            /** @description Where it is signed, written into the signature (up to 256 characters). */
            location?: string;
            /** @description How to reach the signer, written into the signature (up to 256 characters). */
            contact_info?: string;
            /** @description Up to 64 characters in the cache key only: another nonce signs the same content anew instead of answering the stored signed file. */
            nonce?: string;
            visible?: components["schemas"]["VisibleSignature"];
        };
        /** @description Where the signature shows the signer's name and the signing time (UTC); without it, invisible. */
        VisibleSignature: {
            /** @description The page, from 1; -1 is the last page. */
            page: number;
            /**
             * @description From the page's left edge.
             * @example 40mm
             */
            x: string;
            /**
             * @description From the page's top edge.
             * @example 40mm
             */
            y: string;
            /**
             * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
             * @example 40mm
             */
            width: string;
            /**
             * @description A CSS length: a number with px, in, cm, mm, pt or pc, or 0.
             * @example 40mm
             */
            height: string;
        };
        /** @description A template as created or published, with the warnings about its new version. */
        SavedTemplate: components["schemas"]["Template"] & {
            /** @description Empty when the template is clean. */
            warnings: components["schemas"]["TemplateWarning"][];
            /**
             * @description Present when the version has more than 100 warnings: `warnings` holds the first 100.
             * @enum {boolean}
             */
            warnings_truncated?: true;
        };
        /** @description Something that will go wrong at render time although the template was accepted, or (clock_read) make the file print the date of its request. e_invoice_rule: the example's e-invoice XML violates an official rule (one warning per violation); e_invoice_unchecked: no render backend could check it; e_invoice_refused: the XML is refused before any rule runs (not well-formed, a DTD or entity, a stylesheet instruction, XInclude, not the standard's root), as every render would refuse it. invalid_code: a code filter (qr_code, barcode, epc_qr, swiss_qr_bill) refuses the example's value, at its line or at `example.<field>`. accessibility: with `pdfua` in the template's options, what the example's HTML shows that a `pdfua` render fails (no language, no title, an img without alt, headings that skip, a table without th, a link without text), at its line and column in `source`; or a `pdfua` preview's file fails the PDF/UA-1 check (a render would be refused). sign_skipped: a preview with `options.sign` is never signed (a visible signature's box is outlined where it would be drawn). Warnings never block. */
        TemplateWarning: {
            /** @example source */
            path: string;
            /** @enum {string} */
            code: "unknown_filter" | "clock_read" | "liquid_stray_delimiter" | "satori_layout" | "example_invalid" | "e_invoice_rule" | "e_invoice_unchecked" | "e_invoice_refused" | "invalid_code" | "accessibility" | "sign_skipped";
            /**
             * @description e_invoice_rule: the id the official artefact gives the violated rule; invalid_code: the code filter's rule (/docs#codes); accessibility: the Matterhorn checkpoint (`14-002`) or Folio's `FOLIO-<NAME>` rule.
             * @example BR-CO-26
             */
            rule?: string;
            /** @example `source` uses the unknown filter `shiny` (line 3, column 12); rendering it fails with render_failed. */
            message: string;
        };
        TemplateInput: {
            /**
             * @description Lowercased by the service; must then match ^[a-z0-9][a-z0-9._-]{0,62}$.
             * @example invoice
             */
            name: string;
            /**
             * @description One self-contained HTML document with inline CSS and Liquid.
             * @example <h1>Hello {{ name }}</h1>
             */
            source: string;
            /**
             * @description `chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards.
             * @enum {string}
             */
            engine?: "chromium" | "satori";
            /**
             * @description A JSON Schema (draft 2020-12) for `data`; `{}` accepts anything.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "name"
             *       ]
             *     }
             */
            schema?: {
                [key: string]: unknown;
            };
            options?: components["schemas"]["RenderOptions"] & unknown;
            /** @description Page estimate for the pre-render quota check; default 1. Not a limit. */
            expected_pages?: number;
            /** @description An example payload, returned by GET and by validate. */
            example?: unknown;
            /** @description One line, shown in listings. */
            description?: string;
            /** @description Changelog line of this version. */
            message?: string;
        };
        TemplateVersionList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["TemplateVersion"][];
        };
        TemplateVersion: {
            /** @enum {string} */
            object: "template_version";
            id: string;
            template: string;
            ref: string;
            version: number;
            /**
             * @description `chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards.
             * @enum {string}
             */
            engine: "chromium" | "satori";
            checksum: string;
            message: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            created_at: string;
        };
        /** @description Omitted engine, schema, options, expected_pages and example are inherited; `{}` clears schema or options, `null` clears example. */
        TemplateVersionInput: {
            /**
             * @description One self-contained HTML document with inline CSS and Liquid.
             * @example <h1>Hello {{ name }}</h1>
             */
            source: string;
            /**
             * @description `chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards.
             * @enum {string}
             */
            engine?: "chromium" | "satori";
            /**
             * @description A JSON Schema (draft 2020-12) for `data`; `{}` accepts anything.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "name"
             *       ]
             *     }
             */
            schema?: {
                [key: string]: unknown;
            };
            options?: components["schemas"]["RenderOptions"] & unknown;
            /** @description Page estimate for the pre-render quota check; default 1. Not a limit. */
            expected_pages?: number;
            /** @description An example payload, returned by GET and by validate. */
            example?: unknown;
            /** @description One line, shown in listings. */
            description?: string;
            /** @description Changelog line of this version. */
            message?: string;
        };
        ValidationResult: {
            /** @enum {string} */
            object: "validation";
            template: string;
            valid: boolean;
            errors: components["schemas"]["FieldError"][];
            example?: unknown;
            /** @description The template version's own warnings, whatever the data: empty when it is clean. */
            warnings: components["schemas"]["TemplateWarning"][];
            /**
             * @description Present when the version has more than 100 warnings: `warnings` holds the first 100.
             * @enum {boolean}
             */
            warnings_truncated?: true;
        };
        ValidateRequest: {
            /** @description The payload to check against the template's schema. */
            data?: unknown;
        };
        DeletedTemplate: {
            /** @enum {string} */
            object: "template";
            id: string;
            name: string;
            /** @enum {boolean} */
            deleted: true;
        };
        Render: {
            /** @enum {string} */
            object: "render";
            id: string;
            /** @enum {string} */
            status: "queued" | "succeeded" | "failed";
            /** @example invoice@3 */
            template: string;
            /** @enum {string} */
            format: "pdf" | "png" | "jpg" | "xml";
            /** @enum {string} */
            engine: "chromium" | "satori";
            cached: boolean;
            /** @description Signed URL, valid for one hour from issue; null while queued and when failed. */
            url: string | null;
            /**
             * Format: date-time
             * @description When `url` stops working; null when there is no URL.
             * @example 2026-11-21T17:00:00.000Z
             */
            expires_at: string | null;
            page_count: number | null;
            billable_units: number | null;
            byte_size: number | null;
            content_type: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            completed_at: string | null;
            error: {
                /** @enum {string} */
                type: "invalid_request" | "asset_blocked" | "authentication_error" | "quota_exceeded" | "spend_cap_exceeded" | "permission_error" | "not_found" | "conflict" | "validation_error" | "rate_limited" | "render_failed" | "internal_error";
                message: string;
                /** Format: uri */
                docs_url: string;
                errors?: components["schemas"]["FieldError"][];
                details?: {
                    [key: string]: unknown;
                };
            } | null;
            compliance?: components["schemas"]["Compliance"];
            /** @enum {string|null} */
            webhook_status: "pending" | "delivered" | "failed" | null;
            webhook_attempts: number;
            batch_id?: string;
        };
        /** @description What the output was checked against and what the checks found; only on renders with `e_invoice`, `pdfua` or `sign`. */
        Compliance: {
            e_invoice?: components["schemas"]["EInvoiceCompliance"];
            accessibility?: components["schemas"]["AccessibilityCompliance"];
            signature?: components["schemas"]["SignatureCompliance"];
        };
        EInvoiceCompliance: {
            /** @enum {string} */
            standard: "factur-x" | "ubl";
            /**
             * @description The Factur-X profile, or a UBL invoice's CIUS.
             * @example en16931
             */
            profile: string;
            /**
             * @description A UBL invoice's CIUS.
             * @example peppol-bis-3
             */
            cius?: string;
            /** @description No fatal violation; null when no validator could run (`unchecked`). */
            valid: boolean | null;
            /**
             * @description Set when the render ran without a render backend under `validation: "report"`.
             * @enum {boolean}
             */
            unchecked?: true;
            /** @description The rule sets applied, each pinned by version. */
            rules: {
                /** @example CEN EN 16931 validation artefacts, CII */
                name: string;
                /** @example 1.3.16 */
                version: string;
            }[];
            rules_not_applied: {
                name: string;
                reason: string;
            }[];
            /** @description Fatal first, at most 100. */
            violations: components["schemas"]["EInvoiceViolation"][];
            /** @enum {boolean} */
            violations_truncated?: true;
        };
        EInvoiceViolation: {
            /**
             * @description The rule's id as its artefact gives it (`BR-CO-26`), `XSD` for the schema, `FOLIO-PROFILE`.
             * @example BR-CO-26
             */
            rule: string;
            /**
             * @description Warnings never fail a render.
             * @enum {string}
             */
            severity: "fatal" | "warning";
            message: string;
            /** @description An XPath into the XML (prefixes rsm, ram, udt, qdt for CII; ubl, cn, cac, cbc for UBL). */
            location: string;
        };
        AccessibilityCompliance: {
            /** @enum {string} */
            standard: "PDF/UA-1";
            /**
             * @description Folio's checker and its version.
             * @example folio-pdfua-1
             */
            checker: string;
            /**
             * @description How many machine-checkable conditions it decided.
             * @example 84
             */
            checks: number;
            /**
             * @description Always true: a `pdfua` render that fails the check is not stored.
             * @enum {boolean}
             */
            valid: true;
        };
        SignatureCompliance: {
            /**
             * @description The PAdES baseline level the file is signed at.
             * @enum {string}
             */
            level: "B-B" | "B-T";
            /** @example crt_0123456789abcdefghijklmn */
            certificate: string;
            /** @example CN=Acme Billing,O=Acme GmbH,C=DE */
            subject: string;
            /** @description The certificate's SHA-256 fingerprint, lower-case hex. */
            fingerprint_sha256: string;
            /**
             * Format: date-time
             * @description The signing time written in the signature's /M.
             * @example 2026-11-21T17:00:00.000Z
             */
            signed_at: string;
            /** @description B-T: the signature time-stamp; null at B-B. */
            timestamp: {
                /** @description The time-stamp authority certificate's subject. */
                authority: string;
                /**
                 * Format: date-time
                 * @description The time the authority vouches for.
                 * @example 2026-11-21T17:00:00.000Z
                 */
                time: string;
                /** @description The token's serial number, upper-case hex. */
                serial: string;
            } | null;
        };
        RenderRequest: {
            /**
             * @description `name` or `name@version`.
             * @example invoice@3
             */
            template: string;
            /** @description Folded into the reference: `template: name, version: 3` is `name@3`. */
            version?: number;
            /** @description Validated against the template's schema; `{}` when omitted. */
            data?: unknown;
            /**
             * @description Default `pdf` for chromium templates, `png` for satori. `jpeg` is stored as `jpg`. `webp` is not part of v1.
             * @enum {string}
             */
            format?: "pdf" | "png" | "jpg" | "xml" | "jpeg";
            options?: components["schemas"]["RenderOptions"] & unknown;
            /** @description Absolute URL (https in production); the render is queued and a signed webhook is sent when it ends. */
            webhook_url?: string;
            /** @description Force the queued path. */
            async?: boolean;
        };
        Batch: {
            /** @enum {string} */
            object: "batch";
            /** @example bat_0a1b2c3d4e5f6g7h8i9j0k1l */
            id: string;
            count: number;
            queued: number;
            cached: number;
            renders: ((components["schemas"]["Render"] & {
                index: number;
            }) | {
                index: number;
                /** @enum {string} */
                object: "error";
                error: {
                    /** @enum {string} */
                    type: "invalid_request" | "asset_blocked" | "authentication_error" | "quota_exceeded" | "spend_cap_exceeded" | "permission_error" | "not_found" | "conflict" | "validation_error" | "rate_limited" | "render_failed" | "internal_error";
                    message: string;
                    /** Format: uri */
                    docs_url: string;
                    errors?: components["schemas"]["FieldError"][];
                    details?: {
                        [key: string]: unknown;
                    };
                };
            })[];
        };
        BatchRequest: {
            /** @description 1 to 50 render requests (RENDER_MAX_BATCH_ITEMS). */
            renders: components["schemas"]["RenderRequest"][];
            /** @description Default webhook for items that set none. */
            webhook_url?: string;
        };
        RenderList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Render"][];
            has_more: boolean;
        };
        WebhookDeliveryList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookDelivery"][];
        };
        WebhookDelivery: {
            /** @enum {string} */
            object: "webhook_delivery";
            /**
             * @description The schedule's attempt (1 to 5), or for a manual resend its number (1 to 10).
             * @example 2
             */
            attempt: number;
            /** @description A resend asked for with POST /v1/renders/{id}/deliveries. */
            manual: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            attempted_at: string;
            /**
             * @description The webhook URL's host (and port, when it names one); its path and query are never shown.
             * @example hooks.example.com
             */
            url_host: string;
            /**
             * @description The receiver's HTTP status; null when no answer came. Nothing else it answers is kept.
             * @example 500
             */
            status_code: number | null;
            /**
             * @description Why no answer counted: `timeout` (no complete answer within 5 s), `connection_refused`, `dns`, `tls`, `blocked` (the egress policy refused the URL: nothing was sent), `redirect` (a 3xx, never followed). Null when the receiver answered (2xx, or another status in `status_code`).
             * @example null
             * @enum {string|null}
             */
            error: "timeout" | "connection_refused" | "dns" | "tls" | "blocked" | "redirect" | null;
            /** @description From sending to the end of the answer (or the failure). */
            duration_ms: number;
            /**
             * Format: date-time
             * @description When the schedule tries again after this attempt; null when it will not.
             * @example 2026-11-21T17:00:00.000Z
             */
            next_attempt_at: string | null;
        };
        /** @description A stored template version (`template`) or an unsaved definition (`source`, with `engine`, `schema` and `options`), rendered with `data`. */
        PreviewRequest: {
            /** @description A stored version to preview: `name` or `name@version`. Give either this or `source`. */
            template?: string;
            /**
             * @description One self-contained HTML document with inline CSS and Liquid.
             * @example <h1>Hello {{ name }}</h1>
             */
            source?: string;
            /**
             * @description `chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards.
             * @enum {string}
             */
            engine?: "chromium" | "satori";
            /**
             * @description A JSON Schema (draft 2020-12) for `data`; `{}` accepts anything.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "name"
             *       ]
             *     }
             */
            schema?: {
                [key: string]: unknown;
            };
            options?: components["schemas"]["RenderOptions"] & unknown;
            /** @description Validated against the template's schema; `{}` when omitted. */
            data?: unknown;
            /**
             * @description Default `pdf` for chromium templates, `png` for satori. `jpeg` is stored as `jpg`. `webp` is not part of v1.
             * @enum {string}
             */
            format?: "pdf" | "png" | "jpg" | "xml" | "jpeg";
        };
        WebhookTestResult: {
            /** @description The receiver answered 2xx. */
            delivered: boolean;
            /** @description The receiver's HTTP status; null when none came. */
            status_code: number | null;
            /**
             * @description `blocked`: the egress policy refused the URL and nothing was sent; `timeout`: no complete answer within 5 s; `failed`: any other failure (a status other than 2xx, a refused connection, DNS, TLS). Null when delivered.
             * @enum {string|null}
             */
            error: "blocked" | "timeout" | "failed" | null;
            duration_ms: number;
        };
        WebhookTestRequest: {
            /**
             * @description Where to send the test event: an absolute URL (https in production), under the egress rules.
             * @example https://example.com/hooks/folio
             */
            url: string;
        };
        Trial: {
            /** @enum {string} */
            object: "trial";
            /**
             * @description An ordinary API key of the new trial account; shown once.
             * @example folio_sk_...
             */
            api_key: string;
            account: components["schemas"]["Account"];
        };
        Account: {
            /** @enum {string} */
            object: "account";
            /** @example acct_0c1d2e3f4g5h6i7j8k9l0m1n */
            id: string;
            name: string;
            /** @description Null until the address is verified. */
            email: string | null;
            /** @enum {string} */
            plan: "free" | "payg" | "starter" | "growth" | "scale";
            /** @enum {string} */
            status: "active" | "suspended";
            verified: boolean;
            trial: boolean;
            /** @description The signing secret, returned once; null on every later call. */
            webhook_secret: string | null;
            webhook_secret_prefix: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            webhook_secret_shown_at: string | null;
            /** @enum {string} */
            webhook_signature_header: "X-Service-Signature";
            webhook_signature_scheme: string;
            rate_limit: {
                renders_per_minute: number;
                window_seconds: number;
                /** @enum {string} */
                scope: "api_key";
            };
            limits: {
                free_renders_per_month: number;
                monthly_spend_cap_usd: number;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            created_at: string;
            /** @description Present on calls after the first: where the webhook secret went. */
            note?: string;
        };
        WebhookSecretRotation: {
            /** @enum {string} */
            object: "webhook_secret";
            account: string;
            webhook_secret: string;
            webhook_secret_prefix: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            rotated_at: string;
            note: string;
        };
        Usage: {
            /** @enum {string} */
            object: "usage";
            account: string;
            /** @enum {string} */
            plan: "free" | "payg" | "starter" | "growth" | "scale";
            period: {
                /**
                 * Format: date-time
                 * @example 2026-11-21T17:00:00.000Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @example 2026-11-21T17:00:00.000Z
                 */
                end: string;
            };
            renders: {
                succeeded: number;
                failed: number;
                cached: number;
            };
            units: {
                used: number;
                included: number;
                remaining: number;
            };
            cost_usd: {
                period_to_date: number;
                unit_price: number;
            };
            spend_cap_usd: number;
            spend_cap_remaining_usd: number;
            /** @description A trial's allowance in units (a PDF page or an image each; the field names say renders): 50 in all, never reset. Null for other accounts. */
            trial: {
                renders_total: number;
                renders_used: number;
                renders_remaining: number;
            } | null;
            rate_limit: {
                renders_per_minute: number;
                window_seconds: number;
            };
        };
        CertificateList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Certificate"][];
            has_more: boolean;
        };
        Certificate: {
            /** @enum {string} */
            object: "certificate";
            /** @example crt_0a1b2c3d4e5f6g7h8i9j0k1l */
            id: string;
            name: string | null;
            /** @example CN=Example GmbH, O=Example GmbH, C=DE */
            subject: string;
            issuer: string;
            /**
             * @description Upper-case hex.
             * @example 4F1A09
             */
            serial: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            not_before: string;
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            not_after: string;
            /** @description SHA-256 of the certificate (DER), lower-case hex. */
            fingerprint_sha256: string;
            /** @enum {string} */
            key: "RSA-2048" | "RSA-3072" | "RSA-4096" | "EC-P256" | "EC-P384";
            /**
             * Format: date-time
             * @example 2026-11-21T17:00:00.000Z
             */
            created_at: string;
        };
        /** @description A PKCS#12 file with its password, or the certificate and key in PEM. In development (`npm run dev`) only, `{generate: {common_name}}` issues one from the local development CA. */
        CertificateCreateRequest: {
            /**
             * @description Your label for the certificate, up to 200 characters.
             * @example Invoices 2027
             */
            name?: string;
            /** @description The PKCS#12 file (.p12, .pfx) in base64, at most 64 KB decoded, with one private key, its certificate and optionally its chain. AES (PBES2) and the legacy 3DES and RC2 encryptions are read; at most 1,000,000 key-derivation iterations. */
            pkcs12: string;
            /** @description The file's password. Used to unpack it, then dropped. */
            password: string;
        } | {
            /**
             * @description Your label for the certificate, up to 200 characters.
             * @example Invoices 2027
             */
            name?: string;
            /** @description The signer's certificate, PEM. */
            certificate_pem: string;
            /** @description Its private key, unencrypted PKCS#8 PEM. */
            private_key_pem: string;
            /** @description The issuing certificates, PEM, at most 10; each must verify the one below it. */
            chain_pem?: string;
        } | {
            /**
             * @description Your label for the certificate, up to 200 characters.
             * @example Invoices 2027
             */
            name?: string;
            generate: {
                /** @example Folio development signer */
                common_name: string;
            };
        };
        DeletedCertificate: {
            /** @enum {string} */
            object: "certificate";
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: {
                /** @description `1` adds `renderer_stats`; it needs the `X-Internal-Secret` header. Without it the check stays as cheap as ever. */
                detail?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is unreachable; `checks` says which. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query: {
                /** @description The token from the verification link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address is verified. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Live templates, each at its latest version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateList"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, scoped to the account for 24 h: a repeat of the same request replays its answer (`Idempotent-Replayed: true`) and runs nothing; the same key with another body or path is 409 `idempotency_key_reused`, and while the first is running 409 `idempotency_key_in_use` with `Retry-After: 1`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateInput"];
            };
        };
        responses: {
            /** @description The template at version 1. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedTemplate"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTemplateVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A bare template name (never `name@N`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every version, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionList"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishTemplateVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, scoped to the account for 24 h: a repeat of the same request replays its answer (`Idempotent-Replayed: true`) and runs nothing; the same key with another body or path is 409 `idempotency_key_reused`, and while the first is running 409 `idempotency_key_in_use` with `Retry-After: 1`. */
                "Idempotency-Key"?: string;
                /** @description The template's latest version as the caller last saw it, in one of two forms (quoted or not): its `checksum` (64 hex digits), or its number as `v<N>` (`"v3"`), which also catches a change of example or description that the checksum does not cover. When another version has been published since, the answer is 409 `conflict` with `details.code` `version_moved` (and `details.latest_version`) and nothing is published. Any other value (a weak tag `W/"v3"`, a list, `*`, `v0`) names no version, so it is that 409 too, its message naming the two forms. Without it, a publish always lands on whatever is latest. */
                "If-Match"?: string;
            };
            path: {
                /** @description A bare template name (never `name@N`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateVersionInput"];
            };
        };
        responses: {
            /** @description The template at its new version. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedTemplate"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    validateTemplateData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `name`, `name@latest`, `name@` or `name@N`. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateRequest"];
            };
        };
        responses: {
            /** @description The validation result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationResult"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `name`, `name@latest`, `name@` or `name@N`. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resolved version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `name`, `name@latest`, `name@` or `name@N`. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedTemplate"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRender: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, scoped to the account for 24 h: a repeat of the same request replays its answer (`Idempotent-Replayed: true`) and runs nothing; the same key with another body or path is 409 `idempotency_key_reused`, and while the first is running 409 `idempotency_key_in_use` with `Retry-After: 1`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderRequest"];
            };
        };
        responses: {
            /** @description Finished (or served from the cache). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Render"];
                };
            };
            /** @description Queued: poll GET /v1/renders/{id} or wait for the webhook. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Render"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. `asset_blocked`: An image or font URL in the template failed the egress policy (only public https URLs and data: URIs are fetched), or the document holds what is not rendered: a frame, object, embed or meta refresh (`details.reason` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `quota_exceeded`: The trial's units or the plan's included units (a PDF page or an image each) would be passed by this render: `details.remaining_units` is what is left, `details.estimated_units` what it needs. `spend_cap_exceeded`: This render would take the month's cost past the account's spend cap. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: The data does not match the template's JSON Schema. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `render_failed`: Rendering failed. `details.stage` says where: `template` (Liquid: an unknown filter, a filter error, a time or memory limit), `layout` (Satori refused the card, the card would cost more to draw than a card may: `details.max_blur_area`, `max_gradient_area`, `max_svg_elements`, `max_path_segments`, `max_filter_area` or `max_pixels` names the ceiling; or the page is too large to capture), `browser` (Chromium timed out, crashed or was busy), `e_invoice` (the e-invoice does not pass the official rules: `details.violations` lists them; or they could not be checked, retryable), `accessibility` (a `pdfua` file fails the PDF/UA-1 checks: `details.violations` names each Matterhorn checkpoint; or the document has more pages than a checked file may, `details.max_pages`), `signature` (the time-stamp authority a `B-T` signature needs failed or answered a token that does not check out: retryable), `storage` (the file could not be stored) or `queue` (a queued render expired). `details.retryable` says whether the same request can succeed later. `internal_error`: A fault on the service's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRenderBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, scoped to the account for 24 h: a repeat of the same request replays its answer (`Idempotent-Replayed: true`) and runs nothing; the same key with another body or path is 409 `idempotency_key_reused`, and while the first is running 409 `idempotency_key_in_use` with `Retry-After: 1`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /** @description The batch, items in submission order. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRenders: {
        parameters: {
            query?: {
                /** @description 1..100, default 25. */
                limit?: number;
                /** @description The id of the last render of the previous page. */
                starting_after?: string;
                batch_id?: string;
                status?: "queued" | "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of renders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderList"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The render. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Render"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The render's deliveries, newest first (empty without a webhook). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery made, whatever the receiver answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreviewRequest"];
            };
        };
        responses: {
            /** @description The file. `X-Service-Page-Count` gives its pages; `X-Service-Warnings` (when present) is base64url JSON of the template's warnings, at most 8 KB (`X-Service-Warnings-Truncated: true` when some were left out); `X-Service-Preview-Truncated: true` when the document has more pages than were printed; `X-Service-E-Invoice-Rules` (an e-invoice's preview) is base64url JSON of `{rules, rules_not_applied}`: the rule sets that checked the XML, and those that did not run (its violations say nothing of them). */
            200: {
                headers: {
                    "X-Service-Page-Count": string;
                    "X-Service-Warnings"?: string;
                    "X-Service-Warnings-Truncated"?: string;
                    "X-Service-Preview-Truncated"?: string;
                    "X-Service-E-Invoice-Rules"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "application/xml": string;
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. `asset_blocked`: An image or font URL in the template failed the egress policy (only public https URLs and data: URIs are fetched), or the document holds what is not rendered: a frame, object, embed or meta refresh (`details.reason` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: The data does not match the template's JSON Schema. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `render_failed`: Rendering failed. `details.stage` says where: `template` (Liquid: an unknown filter, a filter error, a time or memory limit), `layout` (Satori refused the card, the card would cost more to draw than a card may: `details.max_blur_area`, `max_gradient_area`, `max_svg_elements`, `max_path_segments`, `max_filter_area` or `max_pixels` names the ceiling; or the page is too large to capture), `browser` (Chromium timed out, crashed or was busy), `e_invoice` (the e-invoice does not pass the official rules: `details.violations` lists them; or they could not be checked, retryable), `accessibility` (a `pdfua` file fails the PDF/UA-1 checks: `details.violations` names each Matterhorn checkpoint; or the document has more pages than a checked file may, `details.max_pages`), `signature` (the time-stamp authority a `B-T` signature needs failed or answered a token that does not check out: retryable), `storage` (the file could not be stored) or `queue` (a queued render expired). `details.retryable` says whether the same request can succeed later. `internal_error`: A fault on the service's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestRequest"];
            };
        };
        responses: {
            /** @description What the receiver answered, in coarse words. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startTrial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trial account and its key. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trial"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query: {
                expires: string;
                signature: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "application/xml": string;
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotation"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage for the current calendar month (UTC). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCertificates: {
        parameters: {
            query?: {
                /** @description 1..100, default 25. */
                limit?: number;
                /** @description The id of the last certificate of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of certificates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateList"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertificateCreateRequest"];
            };
        };
        responses: {
            /** @description The certificate, ready to sign with. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            /** @description `invalid_request`: The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_error`: The account is not allowed to do this, or a signed file link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Renders or previews are being started faster than a window allows (the plan's renders a minute per API key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials are being started faster than allowed, webhook test events and resends pass 10 a minute per API key (`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate (never its key). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedCertificate"];
                };
            };
            /** @description `authentication_error`: The API key is missing, malformed, unknown or revoked. The service does not say which. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such template, version, render or route on this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
