import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLAN_NAMES } from "../contract/accounts";
import type { Compliance } from "../contract/compliance";
import { OUTPUT_FORMATS } from "../contract/shared-rules";
import type { ErrorBody } from "../errors";

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  // The verified address; an address given but not yet verified waits in pending_email.
  email: text("email"),
  pendingEmail: text("pending_email"),
  plan: text("plan", { enum: PLAN_NAMES }).notNull(),
  status: text("status", { enum: ["active", "suspended"] })
    .notNull()
    .default("active"),
  trial: integer("trial", { mode: "boolean" }).notNull().default(false),
  // Per-account overrides of the plan table; null means "the plan's value".
  freeRendersPerMonth: integer("free_renders_per_month"),
  monthlySpendCapUsd: real("monthly_spend_cap_usd"),
  rendersPerMinute: integer("renders_per_minute"),
  webhookSecret: text("webhook_secret").notNull(),
  webhookSecretPrefix: text("webhook_secret_prefix").notNull(),
  // Null until the secret has been handed out once; it is never shown again after that.
  webhookSecretShownAt: text("webhook_secret_shown_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_key_hash").on(t.keyHash), index("api_keys_account").on(t.accountId)],
);

export const verificationTokens = sqliteTable("verification_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id),
  email: text("email").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: text("created_at").notNull(),
});

export const templates = sqliteTable(
  "templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    latestVersion: integer("latest_version").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [
    // Only a live template holds its name: a deleted one releases it for reuse.
    uniqueIndex("templates_live_name").on(t.accountId, t.name).where(sql`deleted_at IS NULL`),
    index("templates_account_updated").on(t.accountId, t.updatedAt),
  ],
);

export const templateVersions = sqliteTable(
  "template_versions",
  {
    id: text("id").primaryKey(),
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id),
    version: integer("version").notNull(),
    engine: text("engine", { enum: ["chromium", "satori"] }).notNull(),
    source: text("source").notNull(),
    schema: text("schema", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    options: text("options", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    expectedPages: integer("expected_pages").notNull(),
    // JSON text of the example payload; SQL NULL when the template has none.
    example: text("example"),
    message: text("message"),
    checksum: text("checksum").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("template_versions_number").on(t.templateId, t.version)],
);

export const renders = sqliteTable(
  "renders",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    apiKeyId: text("api_key_id"),
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id),
    templateVersionId: text("template_version_id")
      .notNull()
      .references(() => templateVersions.id),
    templateRef: text("template_ref").notNull(),
    format: text("format", { enum: OUTPUT_FORMATS }).notNull(),
    engine: text("engine", { enum: ["chromium", "satori"] }).notNull(),
    status: text("status", { enum: ["queued", "succeeded", "failed"] }).notNull(),
    cached: integer("cached", { mode: "boolean" }).notNull().default(false),
    cacheKey: text("cache_key").notNull(),
    objectKey: text("object_key"),
    contentType: text("content_type").notNull(),
    pageCount: integer("page_count"),
    billableUnits: integer("billable_units"),
    byteSize: integer("byte_size"),
    // The error envelope's `error` object as JSON text, when failed.
    error: text("error", { mode: "json" }).$type<ErrorBody>(),
    // The receipts of what was checked in the output (an e-invoice against its rules), as JSON text.
    compliance: text("compliance", { mode: "json" }).$type<Compliance>(),
    webhookUrl: text("webhook_url"),
    webhookStatus: text("webhook_status", { enum: ["pending", "delivered", "failed"] }),
    webhookAttempts: integer("webhook_attempts").notNull().default(0),
    batchId: text("batch_id"),
    // A queue consumer holds the render until this time; a crashed consumer's lease simply runs out.
    leaseUntil: text("lease_until"),
    // When the last attempt at a queued render began: one still queued 15 minutes later is swept as failed.
    attemptStartedAt: text("attempt_started_at"),
    createdAt: text("created_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [
    index("renders_account_created").on(t.accountId, t.createdAt, t.id),
    index("renders_cache").on(t.accountId, t.cacheKey, t.status),
    index("renders_batch").on(t.batchId),
    index("renders_status_created").on(t.status, t.createdAt),
  ],
);

/**
 * Idempotency-Key answers (docs/requests.md#idempotency-key), one per account and key for 24 hours. A row without
 * `status` is a request still running; the unique (account, key) pair makes claiming a key one atomic insert.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    accountId: text("account_id").notNull(),
    key: text("key").notNull(),
    // SHA-256 of the method, the path and the canonical JSON of the body: a repeat must match it.
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type RenderRow = typeof renders.$inferSelect;
