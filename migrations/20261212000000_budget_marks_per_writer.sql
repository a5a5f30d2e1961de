-- The budget's marks, one per writing transaction (docs/budgets.md#speed).
--
-- With one mark per account and month, a write that found the month already marked wrote none of
-- its own (ON CONFLICT DO NOTHING) and counted on that mark; a read could take that mark with a
-- snapshot from before the write committed, sum the month without the write's entries, and leave
-- no mark behind: the month stayed wrong until the next write to it (found by the reliability
-- scenario "budget / concurrent assignments": the identity broken at a checkpoint). Now each
-- transaction writes its own mark (its id in the key), which no read can see, and so take, before
-- it commits; a read takes only committed marks, whose entries its snapshot holds. Writers never
-- wait on each other's marks. The read sums each account and month once, however many marks.
ALTER TABLE budget_dirty ADD COLUMN writer bigint NOT NULL DEFAULT txid_current();
--> statement-breakpoint
ALTER TABLE budget_dirty DROP CONSTRAINT budget_dirty_pkey;
--> statement-breakpoint
ALTER TABLE budget_dirty ADD PRIMARY KEY (account_id, month, writer);
