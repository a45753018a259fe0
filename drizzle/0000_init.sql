CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`token_prefix` text NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_token_hash_unique` ON `api_keys` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_workspace_idx` ON `api_keys` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`quota_scope_id` text,
	`status` text NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `connections_workspace_idx` ON `connections` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `connections_quota_scope_idx` ON `connections` (`quota_scope_id`);--> statement-breakpoint
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
CREATE TABLE `exports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`resource` text NOT NULL,
	`format` text NOT NULL,
	`filters` text NOT NULL,
	`status` text NOT NULL,
	`rows` integer,
	`bytes` integer,
	`expires_at` integer NOT NULL,
	`job_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ready_at` integer
);
--> statement-breakpoint
CREATE INDEX `exports_workspace_idx` ON `exports` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `exports_resource_idx` ON `exports` (`workspace_id`,`resource`,`id`);--> statement-breakpoint
CREATE INDEX `exports_expiry_idx` ON `exports` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`synthetic` integer DEFAULT false NOT NULL,
	`webhook_endpoint_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_workspace_idx` ON `events` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_type_idx` ON `events` (`workspace_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `events_created_idx` ON `events` (`created_at`);--> statement-breakpoint
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
CREATE TABLE `idempotency_keys` (
	`workspace_id` text NOT NULL,
	`api` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`headers` text,
	`body` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `api`, `key`)
);
--> statement-breakpoint
CREATE TABLE `import_problems` (
	`workspace_id` text NOT NULL,
	`import_id` text NOT NULL,
	`seq` integer NOT NULL,
	`row` integer,
	`column` text,
	`code` text NOT NULL,
	`detail` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `import_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`group_id` text,
	`bytes` integer NOT NULL,
	`line` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`suppressed` integer DEFAULT 0 NOT NULL,
	`problem_count` integer DEFAULT 0 NOT NULL,
	`job_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `imports_workspace_idx` ON `imports` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `imports_status_idx` ON `imports` (`workspace_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text,
	`kind` text NOT NULL,
	`args` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer NOT NULL,
	`run_at` integer NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`cancel_requested_at` integer,
	`finished_at` integer,
	`last_error` text,
	`progress` text,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`state`,`run_at`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_lease_idx` ON `jobs` (`state`,`lease_expires_at`);--> statement-breakpoint
CREATE INDEX `jobs_workspace_idx` ON `jobs` (`workspace_id`,`id`);--> statement-breakpoint
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
CREATE INDEX `people_updated_idx` ON `people` (`workspace_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `person_groups` (
	`workspace_id` text NOT NULL,
	`group_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`group_id`, `person_id`)
);
--> statement-breakpoint
CREATE INDEX `person_groups_person_idx` ON `person_groups` (`person_id`,`group_id`);--> statement-breakpoint
CREATE TABLE `quota_scopes` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`provider` text NOT NULL,
	`scope_key` text NOT NULL,
	`messages_per_day` integer,
	`recipients_per_day` integer,
	`window_limit` integer,
	`window_seconds` integer,
	`window_unit` text,
	`paused_until` integer,
	`paused_detail` text,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quota_scopes_key_uq` ON `quota_scopes` (`workspace_id`,`provider`,`scope_key`);--> statement-breakpoint
CREATE INDEX `quota_scopes_workspace_idx` ON `quota_scopes` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `quota_scopes_provider_idx` ON `quota_scopes` (`workspace_id`,`provider`,`id`);--> statement-breakpoint
CREATE INDEX `quota_scopes_scope_key_idx` ON `quota_scopes` (`workspace_id`,`scope_key`,`id`);--> statement-breakpoint
CREATE TABLE `segment_fields` (
	`workspace_id` text NOT NULL,
	`segment_id` text NOT NULL,
	`field_id` text NOT NULL,
	PRIMARY KEY(`segment_id`, `field_id`)
);
--> statement-breakpoint
CREATE INDEX `segment_fields_field_idx` ON `segment_fields` (`workspace_id`,`field_id`,`segment_id`);--> statement-breakpoint
CREATE TABLE `segments` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`filter` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `segments_workspace_idx` ON `segments` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `suppression_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`suppression_id` text NOT NULL,
	`action` text NOT NULL,
	`email` text,
	`domain` text,
	`reason` text NOT NULL,
	`actor_key_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppression_audit_workspace_idx` ON `suppression_audit` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `suppression_audit_suppression_idx` ON `suppression_audit` (`workspace_id`,`suppression_id`);--> statement-breakpoint
CREATE TABLE `suppressions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text,
	`email_key` text,
	`domain` text,
	`reason` text NOT NULL,
	`evidence` text,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppressions_workspace_idx` ON `suppressions` (`workspace_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `suppressions_email_uq` ON `suppressions` (`workspace_id`,`email_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `suppressions_domain_uq` ON `suppressions` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE INDEX `suppressions_reason_idx` ON `suppressions` (`workspace_id`,`reason`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`event_created_at` integer NOT NULL,
	`webhook_endpoint_id` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_owner` text,
	`delivered_at` integer,
	`last_attempt_started_at` integer,
	`last_attempt_duration_ms` integer,
	`last_attempt_status` integer,
	`last_attempt_excerpt` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_endpoint_uq` ON `webhook_deliveries` (`event_id`,`webhook_endpoint_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event_idx` ON `webhook_deliveries` (`workspace_id`,`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`workspace_id`,`webhook_endpoint_id`,`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_state_idx` ON `webhook_deliveries` (`workspace_id`,`state`,`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_replay_idx` ON `webhook_deliveries` (`webhook_endpoint_id`,`event_created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`next_attempt_at`) WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_purge_idx` ON `webhook_deliveries` (`event_created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`event_types` text NOT NULL,
	`enabled` integer NOT NULL,
	`disabled_reason` text,
	`disabled_at` integer,
	`secret_sealed` text NOT NULL,
	`previous_secret_sealed` text,
	`previous_secret_expires_at` integer,
	`failing_since` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_workspace_idx` ON `webhook_endpoints` (`workspace_id`,`id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`mode` text NOT NULL,
	`twin_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
