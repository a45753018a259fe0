CREATE TABLE `ai_usage` (
	`workspace_id` text NOT NULL,
	`period` text NOT NULL,
	`used_tokens` integer NOT NULL,
	`warned_at` integer,
	`exceeded_at` integer,
	PRIMARY KEY(`workspace_id`, `period`)
);
--> statement-breakpoint
CREATE TABLE `campaign_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`person_id` text NOT NULL,
	`message_id` text,
	`step_id` text,
	`variant_id` text,
	`inbound_message_id` text,
	`occurred_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_replies_uq` ON `campaign_replies` (`enrollment_id`,`inbound_message_id`);--> statement-breakpoint
CREATE INDEX `campaign_replies_campaign_idx` ON `campaign_replies` (`campaign_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `campaign_replies_created_idx` ON `campaign_replies` (`workspace_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `campaign_stats_days` (
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`step_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`day` text NOT NULL,
	`sent` integer NOT NULL,
	`opened` integer NOT NULL,
	`clicked` integer NOT NULL,
	`replied` integer NOT NULL,
	`bounced` integer NOT NULL,
	`unsubscribed` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `step_id`, `variant_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `campaign_stats_days_workspace_idx` ON `campaign_stats_days` (`workspace_id`,`day`);--> statement-breakpoint
CREATE TABLE `campaign_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`revision` integer NOT NULL,
	`revision_published_at` integer NOT NULL,
	`delay_seconds` integer NOT NULL,
	`same_thread` integer NOT NULL,
	`personalisation_prompt` text,
	`allocation` text NOT NULL,
	`winner_rule` text NOT NULL,
	`winner` text,
	`allocated` integer NOT NULL,
	`removed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `campaign_steps_campaign_idx` ON `campaign_steps` (`campaign_id`,`position`);--> statement-breakpoint
CREATE TABLE `campaign_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`step_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`preheader` text,
	`cc` text NOT NULL,
	`bcc` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`version` integer NOT NULL,
	`weight` integer NOT NULL,
	`removed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `campaign_variants_step_idx` ON `campaign_variants` (`step_id`,`position`);--> statement-breakpoint
CREATE INDEX `campaign_variants_campaign_idx` ON `campaign_variants` (`campaign_id`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`schedule` text NOT NULL,
	`senders` text NOT NULL,
	`stop_rules` text NOT NULL,
	`tracking` text NOT NULL,
	`stats` text NOT NULL,
	`stats_computed_at` integer,
	`last_error` text,
	`version` integer NOT NULL,
	`first_sent_at` integer,
	`completed_at` integer,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `campaigns_workspace_idx` ON `campaigns` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `campaigns_workspace_status_idx` ON `campaigns` (`workspace_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`person_id` text NOT NULL,
	`position` integer NOT NULL,
	`status` text NOT NULL,
	`status_detail` text,
	`hold` text,
	`message_id` text,
	`next_run_at` integer,
	`sender_identity_id` text,
	`waiting_for` text,
	`last_sent_message_id` text,
	`last_sent_at` integer,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_person_uq` ON `enrollments` (`campaign_id`,`person_id`);--> statement-breakpoint
CREATE INDEX `enrollments_workspace_idx` ON `enrollments` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `enrollments_campaign_idx` ON `enrollments` (`workspace_id`,`campaign_id`,`id`);--> statement-breakpoint
CREATE INDEX `enrollments_status_idx` ON `enrollments` (`workspace_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `enrollments_person_idx` ON `enrollments` (`workspace_id`,`person_id`,`status`);--> statement-breakpoint
CREATE INDEX `enrollments_due_idx` ON `enrollments` (`campaign_id`,`next_run_at`) WHERE status = 'active' AND next_run_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `enrollments_waiting_idx` ON `enrollments` (`campaign_id`,`waiting_for`) WHERE waiting_for IS NOT NULL;--> statement-breakpoint
CREATE INDEX `enrollments_sender_idx` ON `enrollments` (`campaign_id`,`sender_identity_id`);--> statement-breakpoint
CREATE TABLE `pace_days` (
	`key` text NOT NULL,
	`day` text NOT NULL,
	`planned` integer NOT NULL,
	PRIMARY KEY(`key`, `day`)
);
--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `campaign_id` text;--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `step_id` text;--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `variant_id` text;--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `machine` integer;--> statement-breakpoint
ALTER TABLE `delivery_events` ADD `machine_reason` text;--> statement-breakpoint
CREATE INDEX `delivery_events_campaign_idx` ON `delivery_events` (`campaign_id`,`type`);--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `from_key` text;--> statement-breakpoint
ALTER TABLE `inbound_messages` ADD `from_domain` text;--> statement-breakpoint
CREATE INDEX `inbound_messages_from_idx` ON `inbound_messages` (`workspace_id`,`from_key`,`received_at`);--> statement-breakpoint
CREATE INDEX `inbound_messages_from_domain_idx` ON `inbound_messages` (`workspace_id`,`from_domain`,`received_at`);--> statement-breakpoint
ALTER TABLE `sender_identities` ADD `ramp` text;--> statement-breakpoint
ALTER TABLE `sender_identities` ADD `ramp_started_at` integer;--> statement-breakpoint
CREATE INDEX `messages_enrollment_idx` ON `messages` (`enrollment_id`);--> statement-breakpoint
CREATE INDEX `people_domain_idx` ON `people` (`workspace_id`,`email_domain`);