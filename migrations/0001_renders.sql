CREATE TABLE `renders` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`api_key_id` text,
	`template_id` text NOT NULL,
	`template_version_id` text NOT NULL,
	`template_ref` text NOT NULL,
	`format` text NOT NULL,
	`engine` text NOT NULL,
	`status` text NOT NULL,
	`cached` integer DEFAULT false NOT NULL,
	`cache_key` text NOT NULL,
	`object_key` text,
	`content_type` text NOT NULL,
	`page_count` integer,
	`billable_units` integer,
	`byte_size` integer,
	`error` text,
	`webhook_url` text,
	`webhook_status` text,
	`webhook_attempts` integer DEFAULT 0 NOT NULL,
	`batch_id` text,
	`lease_until` text,
	`created_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_version_id`) REFERENCES `template_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `renders_account_created` ON `renders` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `renders_cache` ON `renders` (`account_id`,`cache_key`,`status`);--> statement-breakpoint
CREATE INDEX `renders_batch` ON `renders` (`batch_id`);