CREATE TABLE `imap_cursors` (
	`connection_id` text NOT NULL,
	`folder` text NOT NULL,
	`workspace_id` text NOT NULL,
	`uid_validity` text NOT NULL,
	`last_uid` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`connection_id`, `folder`)
);
--> statement-breakpoint
CREATE TABLE `person_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`person_id` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`replaced_at` integer NOT NULL,
	`inbound_message_id` text
);
--> statement-breakpoint
CREATE INDEX `person_emails_person_idx` ON `person_emails` (`workspace_id`,`person_id`,`replaced_at`);--> statement-breakpoint
CREATE INDEX `person_emails_key_idx` ON `person_emails` (`workspace_id`,`email_key`);--> statement-breakpoint
CREATE TABLE `threads` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`subject` text,
	`person_id` text,
	`campaign_id` text,
	`enrollment_id` text,
	`root_message_id` text,
	`connection_id` text,
	`status` text NOT NULL,
	`snoozed_until` integer,
	`unread` integer NOT NULL,
	`unread_count` integer NOT NULL,
	`inbound_count` integer NOT NULL,
	`last_message_at` integer NOT NULL,
	`last_inbound_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `threads_key_uq` ON `threads` (`workspace_id`,`key`);--> statement-breakpoint
CREATE INDEX `threads_recent_idx` ON `threads` (`workspace_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_status_idx` ON `threads` (`workspace_id`,`status`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_unread_idx` ON `threads` (`workspace_id`,`unread`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_campaign_idx` ON `threads` (`workspace_id`,`campaign_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_person_idx` ON `threads` (`workspace_id`,`person_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_connection_idx` ON `threads` (`workspace_id`,`connection_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_snoozed_idx` ON `threads` (`snoozed_until`);--> statement-breakpoint
ALTER TABLE `enrollments` ADD `paused_until` integer;--> statement-breakpoint
CREATE INDEX `enrollments_paused_idx` ON `enrollments` (`paused_until`) WHERE status = 'paused' AND paused_until IS NOT NULL;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `source` text DEFAULT 'smtp' NOT NULL;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `connection_id` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `folder` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `thread_id` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `campaign_id` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `classification` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `sentiment` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `intent` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `verdict_by` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `text` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `return_at` integer;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `proposal` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `read` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_thread_idx` ON `inbound_messages` (`workspace_id`,`thread_id`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_campaign_idx` ON `inbound_messages` (`workspace_id`,`campaign_id`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_classification_idx` ON `inbound_messages` (`workspace_id`,`classification`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_mid_idx` ON `inbound_messages` (`workspace_id`,`message_id_header`) WHERE thread_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `inbox_settings` text;--> statement-breakpoint
CREATE INDEX `sender_identities_address_idx` ON `sender_identities` (`email_key`);