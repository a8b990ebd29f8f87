CREATE TABLE `idempotency_keys` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` text NOT NULL,
	`started_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created` ON `idempotency_keys` (`created_at`);