ALTER TABLE `posts` ADD `first_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `lease_until` integer;