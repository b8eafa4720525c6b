-- Mails kept before secrets were removed from the outbox: their reset links must not stay readable.
UPDATE "email_outbox"
SET "text" = regexp_replace("text", '\S*reset-password\?token=\S*', '[link removed]', 'g')
WHERE "text" LIKE '%reset-password?token=%';
