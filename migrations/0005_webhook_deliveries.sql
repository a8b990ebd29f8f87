CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`render_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`manual` integer DEFAULT false NOT NULL,
	`attempted_at` text NOT NULL,
	`url_host` text NOT NULL,
	`status_code` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	`next_attempt_at` text,
	FOREIGN KEY (`render_id`) REFERENCES `renders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_render` ON `webhook_deliveries` (`render_id`,`id`);