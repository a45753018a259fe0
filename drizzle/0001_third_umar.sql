CREATE TABLE `delivery_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`message_id` text NOT NULL,
	`person_id` text,
	`attempt_id` text,
	`type` text NOT NULL,
	`recipient` text,
	`bounce_kind` text,
	`bounce_reason` text,
	`diagnostic_code` text,
	`url` text,
	`detail` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `delivery_events_workspace_idx` ON `delivery_events` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `delivery_events_message_idx` ON `delivery_events` (`workspace_id`,`message_id`,`id`);--> statement-breakpoint
CREATE INDEX `delivery_events_person_idx` ON `delivery_events` (`workspace_id`,`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `delivery_events_type_idx` ON `delivery_events` (`workspace_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `delivery_events_created_idx` ON `delivery_events` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `message_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`message_id` text NOT NULL,
	`number` integer NOT NULL,
	`state` text NOT NULL,
	`transport` text NOT NULL,
	`destination` text NOT NULL,
	`host` text,
	`recipients` text NOT NULL,
	`rcpt_responses` text,
	`response` text,
	`tls` integer,
	`started_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `message_attempts_message_idx` ON `message_attempts` (`message_id`,`number`);--> statement-breakpoint
CREATE INDEX `message_attempts_workspace_idx` ON `message_attempts` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`sender_identity_id` text NOT NULL,
	`person_id` text,
	`campaign_id` text,
	`enrollment_id` text,
	`step_id` text,
	`variant_id` text,
	`thread_id` text,
	`from_header` text NOT NULL,
	`reply_to` text,
	`recipients` text NOT NULL,
	`subject` text NOT NULL,
	`html` text,
	`text` text,
	`headers` text NOT NULL,
	`tracking` integer NOT NULL,
	`message_id_header` text NOT NULL,
	`envelope_from` text NOT NULL,
	`unsubscribe_token` text,
	`status` text NOT NULL,
	`status_detail` text,
	`holds` text NOT NULL,
	`released_holds` text NOT NULL,
	`send_at` integer,
	`due_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`attempts` integer NOT NULL,
	`first_attempt_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `messages_workspace_idx` ON `messages` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_status_idx` ON `messages` (`workspace_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `messages_person_idx` ON `messages` (`workspace_id`,`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_campaign_idx` ON `messages` (`workspace_id`,`campaign_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_connection_idx` ON `messages` (`workspace_id`,`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_due_idx` ON `messages` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `messages_lease_idx` ON `messages` (`status`,`lease_until`);--> statement-breakpoint
CREATE TABLE `quota_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` text NOT NULL,
	`quota_scope_id` text NOT NULL,
	`message_id` text NOT NULL,
	`messages` integer NOT NULL,
	`recipients` integer NOT NULL,
	`units` integer NOT NULL,
	`charged_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quota_ledger_scope_idx` ON `quota_ledger` (`quota_scope_id`,`charged_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `quota_ledger_message_uq` ON `quota_ledger` (`message_id`);--> statement-breakpoint
CREATE TABLE `sender_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`domain` text NOT NULL,
	`name` text,
	`reply_to` text,
	`tags` text NOT NULL,
	`enabled` integer NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sender_identities_connection_idx` ON `sender_identities` (`workspace_id`,`connection_id`,`position`);--> statement-breakpoint
CREATE INDEX `sender_identities_email_idx` ON `sender_identities` (`workspace_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `sender_identities_domain_idx` ON `sender_identities` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE TABLE `sending_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`domain` text NOT NULL,
	`status` text NOT NULL,
	`tracking` integer NOT NULL,
	`rsa_selector` text NOT NULL,
	`rsa_private_key` text NOT NULL,
	`rsa_public_key` text NOT NULL,
	`ed25519_selector` text NOT NULL,
	`ed25519_private_key` text NOT NULL,
	`ed25519_public_key` text NOT NULL,
	`records` text NOT NULL,
	`last_error` text,
	`checked_at` integer,
	`verified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sending_domains_workspace_idx` ON `sending_domains` (`workspace_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sending_domains_domain_uq` ON `sending_domains` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE TABLE `shaping_rules` (
	`provider` text PRIMARY KEY NOT NULL,
	`max_connections` integer NOT NULL,
	`messages_per_minute` integer NOT NULL,
	`base_connections` integer NOT NULL,
	`base_messages_per_minute` integer NOT NULL,
	`cool_off_until` integer,
	`clean_deliveries` integer NOT NULL,
	`last_throttle` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `connections` ADD `account_key` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `smtp` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `smtp_password` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `imap` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `imap_password` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `pacing` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `health_status` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `health_detail` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `health_checked_at` integer;--> statement-breakpoint
ALTER TABLE `connections` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `next_send_at` integer;--> statement-breakpoint
CREATE INDEX `connections_account_idx` ON `connections` (`workspace_id`,`account_key`);