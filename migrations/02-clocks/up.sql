-- Placeholder on the `offers` branch only: migration ids must be consecutive, and 02 belongs
-- to the `clocks` branch. When both branches are merged, the clocks branch's file replaces
-- this one.
SELECT 1;
