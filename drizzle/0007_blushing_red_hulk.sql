CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`sha256` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `images_workspace_idx` ON `images` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `tracked_links` (
	`message_id` text NOT NULL,
	`idx` integer NOT NULL,
	`url` text NOT NULL,
	PRIMARY KEY(`message_id`, `idx`)
);
