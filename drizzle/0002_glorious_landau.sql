CREATE TABLE `inbound_message_raws` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`raw` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `inbound_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`state` text NOT NULL,
	`kind` text,
	`mail_from` text NOT NULL,
	`rcpt_to` text NOT NULL,
	`remote_address` text NOT NULL,
	`helo` text,
	`tls` integer NOT NULL,
	`from_header` text,
	`to_header` text,
	`subject` text,
	`message_id_header` text,
	`in_reply_to` text,
	`dedupe_key` text NOT NULL,
	`size` integer NOT NULL,
	`authentication` text,
	`report` text,
	`matched_by` text,
	`message_id` text,
	`person_id` text,
	`lease_owner` text,
	`lease_until` integer,
	`attempts` integer NOT NULL,
	`last_error` text,
	`received_at` integer NOT NULL,
	`processed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `inbound_messages_workspace_idx` ON `inbound_messages` (`workspace_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_messages_dedupe_uq` ON `inbound_messages` (`workspace_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `inbound_messages_kind_idx` ON `inbound_messages` (`workspace_id`,`kind`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_message_idx` ON `inbound_messages` (`workspace_id`,`message_id`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_person_idx` ON `inbound_messages` (`workspace_id`,`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `inbound_messages_state_idx` ON `inbound_messages` (`state`,`received_at`);--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `inbound_message_id` text;--> statement-breakpoint
CREATE INDEX `delivery_events_inbound_idx` ON `delivery_events` (`workspace_id`,`inbound_message_id`);