ALTER TABLE `renders` ADD `attempt_started_at` text;--> statement-breakpoint
CREATE INDEX `renders_status_created` ON `renders` (`status`,`created_at`);