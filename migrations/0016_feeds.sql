CREATE TABLE `feed_items` (
	`feed_id` text NOT NULL,
	`guid` text NOT NULL,
	`post_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`feed_id`, `guid`),
	FOREIGN KEY (`feed_id`) REFERENCES `feeds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`created_by` text NOT NULL,
	`url` text NOT NULL,
	`title` text,
	`platform` text NOT NULL,
	`mode` text DEFAULT 'draft' NOT NULL,
	`last_polled_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feeds_project_idx` ON `feeds` (`project_id`);--> statement-breakpoint
CREATE INDEX `feeds_polled_idx` ON `feeds` (`last_polled_at`);