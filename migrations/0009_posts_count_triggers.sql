-- Custom SQL (decision 169): project_post_counts follows every insert, delete and status or
-- project change of posts, whatever code path (or hand-written SQL) makes it; then the counts of
-- the posts that already exist.
CREATE TRIGGER `posts_count_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `project_post_counts` (`project_id`, `total`, `scheduled`) VALUES (NEW.`project_id`, 1, NEW.`status` = 'scheduled')
  ON CONFLICT (`project_id`) DO UPDATE SET `total` = `total` + 1, `scheduled` = `scheduled` + (NEW.`status` = 'scheduled');
END;
--> statement-breakpoint
CREATE TRIGGER `posts_count_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE `project_post_counts` SET `total` = `total` - 1, `scheduled` = `scheduled` - (OLD.`status` = 'scheduled') WHERE `project_id` = OLD.`project_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_count_update` AFTER UPDATE OF `status`, `project_id` ON `posts`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`project_id` IS NOT NEW.`project_id` BEGIN
  UPDATE `project_post_counts` SET `total` = `total` - 1, `scheduled` = `scheduled` - (OLD.`status` = 'scheduled') WHERE `project_id` = OLD.`project_id`;
  INSERT INTO `project_post_counts` (`project_id`, `total`, `scheduled`) VALUES (NEW.`project_id`, 1, NEW.`status` = 'scheduled')
  ON CONFLICT (`project_id`) DO UPDATE SET `total` = `total` + 1, `scheduled` = `scheduled` + (NEW.`status` = 'scheduled');
END;
--> statement-breakpoint
INSERT INTO `project_post_counts` (`project_id`, `total`, `scheduled`)
SELECT `project_id`, count(*), sum(`status` = 'scheduled') FROM `posts` WHERE true GROUP BY `project_id`
ON CONFLICT (`project_id`) DO UPDATE SET `total` = excluded.`total`, `scheduled` = excluded.`scheduled`;
