CREATE TABLE `custom_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`options` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_fields_key_uq` ON `custom_fields` (`workspace_id`,`key`);--> statement-breakpoint
CREATE INDEX `custom_fields_workspace_idx` ON `custom_fields` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `groups_workspace_idx` ON `groups` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `people` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text,
	`email_key` text,
	`email_domain` text,
	`email_sendable` integer,
	`sendable_reason` text,
	`verified_at` integer,
	`given_name` text,
	`family_name` text,
	`company` text,
	`telephones` text,
	`timezone` text,
	`custom_fields` text,
	`private_notes` text,
	`score` integer,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`import_id` text,
	`archived_at` integer,
	`last_activity_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `people_workspace_idx` ON `people` (`workspace_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `people_email_uq` ON `people` (`workspace_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `people_status_idx` ON `people` (`workspace_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `people_source_idx` ON `people` (`workspace_id`,`source`,`id`);--> statement-breakpoint
CREATE INDEX `people_import_idx` ON `people` (`workspace_id`,`import_id`,`id`);--> statement-breakpoint
CREATE INDEX `people_domain_idx` ON `people` (`workspace_id`,`email_domain`);--> statement-breakpoint
CREATE TABLE `person_groups` (
	`workspace_id` text NOT NULL,
	`group_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`group_id`, `person_id`)
);
--> statement-breakpoint
CREATE INDEX `person_groups_person_idx` ON `person_groups` (`person_id`,`group_id`);