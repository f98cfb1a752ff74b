CREATE TABLE `post_metric_totals` (
	`post_id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`platform` text NOT NULL,
	`published_at` integer NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`reposts` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	`collected_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_metric_totals_project_idx` ON `post_metric_totals` (`project_id`,`published_at`,`engagement`);--> statement-breakpoint
CREATE INDEX `post_metric_totals_due_idx` ON `post_metric_totals` (`collected_at`);--> statement-breakpoint
CREATE TABLE `post_metrics` (
	`post_id` text NOT NULL,
	`day` text NOT NULL,
	`project_id` text NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`reposts` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`collected_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `day`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_series` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`every` integer NOT NULL,
	`unit` text NOT NULL,
	`start_date` text NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`until_date` text,
	`count` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_series_project_idx` ON `post_series` (`project_id`);--> statement-breakpoint
CREATE TABLE `posting_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`platform` text NOT NULL,
	`weekday` integer NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posting_slots_project_idx` ON `posting_slots` (`project_id`,`platform`);--> statement-breakpoint
CREATE TABLE `project_metrics_daily` (
	`project_id` text NOT NULL,
	`day` text NOT NULL,
	`platform` text NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`reposts` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `platform`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `posts` ADD `series_id` text;--> statement-breakpoint
CREATE INDEX `posts_series_idx` ON `posts` (`series_id`,`scheduled_for`);