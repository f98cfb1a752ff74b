ALTER TABLE `social_accounts` ADD `platform_user_id` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `platform_username` text;