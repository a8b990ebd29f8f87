CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text,
	`subject` text NOT NULL,
	`issuer` text NOT NULL,
	`serial` text NOT NULL,
	`not_before` text NOT NULL,
	`not_after` text NOT NULL,
	`fingerprint_sha256` text NOT NULL,
	`key` text NOT NULL,
	`chain` text NOT NULL,
	`sealed_key` text,
	`created_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `certificates_account` ON `certificates` (`account_id`,`created_at`,`id`);