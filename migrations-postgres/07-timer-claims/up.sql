-- PostgreSQL twin of migrations/07-timer-claims/up.sql (see 01-init for the mapping).

-- Timers claimed across processes (issue 16). Several processes on one database each claim
-- the due timers of their own shards before firing them: `claimed_by` names the process and
-- `claim_until` ends the claim (the service clock's milliseconds), after which another process
-- takes over the timer of one that died. Firing still deletes the row in the transaction of
-- what it changes, so a timer fires once even if two claims ever overlapped.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claim_until BIGINT;
