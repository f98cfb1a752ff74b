CREATE TABLE `mastodon_apps` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_url` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_enc` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pending_account_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`project_id` text NOT NULL,
	`platform` text NOT NULL,
	`payload_enc` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `meta` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `account_meta` text;