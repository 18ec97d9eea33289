-- SchemaRAG DDL capture. PostgreSQL's logical decoding carries no DDL, so event triggers record each relevant DDL
-- command as a row of schemarag_cdc.ddl_events; Debezium streams the inserts of that one table (publication
-- schemarag_ddl). A rolled-back DDL rolls its audit row back too, so it produces nothing.
-- Needs a superuser (event triggers); idempotent. The replication role is created separately with a password.
CREATE SCHEMA IF NOT EXISTS schemarag_cdc;

CREATE TABLE IF NOT EXISTS schemarag_cdc.ddl_events (
    id             bigserial PRIMARY KEY,
    command_tag    text        NOT NULL,
    object_type    text        NOT NULL,
    schema_name    text        NOT NULL,
    table_name     text        NOT NULL,
    column_name    text,
    previous_table text,
    comment_text   text,
    occurred_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Debezium's heartbeat inserts a row here every cdc.heartbeat.interval.ms: a change in the publication that lets the
-- slot confirm the server's current WAL position while no DDL happens, so an idle audit table retains no WAL.
CREATE TABLE IF NOT EXISTS schemarag_cdc.heartbeat (
    beat_at timestamptz PRIMARY KEY
);

-- Last known name of each table by oid: lets the trigger report a rename with its old name.
CREATE TABLE IF NOT EXISTS schemarag_cdc.table_names (
    table_oid   oid PRIMARY KEY,
    schema_name text NOT NULL,
    table_name  text NOT NULL
);
INSERT INTO schemarag_cdc.table_names
SELECT c.oid, n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'schemarag_cdc')
  AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
ON CONFLICT (table_oid) DO NOTHING;

CREATE OR REPLACE FUNCTION schemarag_cdc.record_ddl() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    cmd       record;
    rel       record;
    old_name  record;
    col_name  text;
    comment_t text;
BEGIN
    FOR cmd IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
        IF cmd.command_tag IN ('GRANT', 'REVOKE', 'ALTER DEFAULT PRIVILEGES') THEN
            -- PostgreSQL names no object for these (objid is NULL): ingest reads the privileges of the whole database
            -- again. Role membership (GRANT role TO role) is global and fires no event trigger at all.
            INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name)
            VALUES (cmd.command_tag, 'privileges', '', '');
            CONTINUE;
        END IF;
        IF cmd.object_type = 'policy' THEN
            SELECT c.relname, n.nspname INTO rel FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace WHERE p.oid = cmd.objid;
            CONTINUE WHEN NOT FOUND;
            INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name)
            VALUES (cmd.command_tag, 'policy', rel.nspname, rel.relname);
            CONTINUE;
        END IF;
        -- COMMENT covers every object kind: keep tables, views and their columns only.
        CONTINUE WHEN cmd.object_type NOT IN ('table', 'table column', 'view', 'view column', 'materialized view', 'foreign table');
        CONTINUE WHEN cmd.schema_name IS NULL OR cmd.schema_name IN ('schemarag_cdc', 'pg_catalog', 'information_schema')
                      OR cmd.schema_name LIKE 'pg_temp%';
        SELECT c.relname, n.nspname INTO rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = cmd.objid;
        CONTINUE WHEN NOT FOUND;
        col_name := NULL;
        IF cmd.objsubid > 0 THEN
            SELECT attname INTO col_name FROM pg_attribute WHERE attrelid = cmd.objid AND attnum = cmd.objsubid;
        END IF;
        comment_t := NULL;
        IF cmd.command_tag = 'COMMENT' THEN
            -- The comment text is not in the trigger data: read it back from the catalog.
            comment_t := CASE WHEN cmd.objsubid > 0 THEN col_description(cmd.objid, cmd.objsubid)
                              ELSE obj_description(cmd.objid, 'pg_class') END;
        END IF;
        SELECT schema_name, table_name INTO old_name FROM schemarag_cdc.table_names WHERE table_oid = cmd.objid;
        INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name, column_name, previous_table, comment_text)
        VALUES (cmd.command_tag, cmd.object_type, rel.nspname, rel.relname, col_name,
                CASE WHEN FOUND AND (old_name.table_name, old_name.schema_name) IS DISTINCT FROM (rel.relname, rel.nspname)
                     THEN old_name.schema_name || '.' || old_name.table_name END,
                comment_t);
        INSERT INTO schemarag_cdc.table_names VALUES (cmd.objid, rel.nspname, rel.relname)
        ON CONFLICT (table_oid) DO UPDATE SET schema_name = excluded.schema_name, table_name = excluded.table_name;
    END LOOP;
END $$;

CREATE OR REPLACE FUNCTION schemarag_cdc.record_drop() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    obj record;
BEGIN
    -- DROP only shows here, not in pg_event_trigger_ddl_commands().
    FOR obj IN SELECT * FROM pg_event_trigger_dropped_objects() LOOP
        IF obj.object_type = 'policy' AND tg_tag = 'DROP POLICY' THEN
            -- A policy's address is its table's schema and name, then its own name.
            INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name)
            VALUES (tg_tag, obj.object_type, obj.address_names[1], obj.address_names[2]);
            CONTINUE;
        END IF;
        CONTINUE WHEN obj.is_temporary OR obj.object_type NOT IN ('table', 'table column', 'view', 'materialized view', 'foreign table');
        CONTINUE WHEN obj.schema_name IN ('schemarag_cdc', 'pg_catalog', 'information_schema');
        IF obj.object_type = 'table column' THEN
            INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name, column_name)
            VALUES (tg_tag, obj.object_type, obj.address_names[1], obj.address_names[2], obj.address_names[3]);
        ELSE
            INSERT INTO schemarag_cdc.ddl_events (command_tag, object_type, schema_name, table_name)
            VALUES ('DROP TABLE', obj.object_type, obj.schema_name, obj.object_name);
            DELETE FROM schemarag_cdc.table_names WHERE table_oid = obj.objid;
        END IF;
    END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS schemarag_ddl_end;
CREATE EVENT TRIGGER schemarag_ddl_end ON ddl_command_end
    WHEN TAG IN ('CREATE TABLE', 'CREATE TABLE AS', 'ALTER TABLE', 'COMMENT', 'CREATE VIEW', 'ALTER VIEW',
                 'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'SELECT INTO',
                 'GRANT', 'REVOKE', 'ALTER DEFAULT PRIVILEGES', 'CREATE POLICY', 'ALTER POLICY')
    EXECUTE FUNCTION schemarag_cdc.record_ddl();
DROP EVENT TRIGGER IF EXISTS schemarag_sql_drop;
CREATE EVENT TRIGGER schemarag_sql_drop ON sql_drop
    WHEN TAG IN ('DROP TABLE', 'ALTER TABLE', 'DROP VIEW', 'DROP MATERIALIZED VIEW', 'DROP FOREIGN TABLE', 'DROP POLICY')
    EXECUTE FUNCTION schemarag_cdc.record_drop();

DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = 'schemarag_ddl') THEN
        -- Only what Debezium needs: the inserts of the audit table, and of the heartbeat table.
        CREATE PUBLICATION schemarag_ddl FOR TABLE schemarag_cdc.ddl_events, schemarag_cdc.heartbeat
            WITH (publish = 'insert');
    ELSE
        -- Narrowed again at every start: tables added to it since would stream to the replication role.
        ALTER PUBLICATION schemarag_ddl SET TABLE schemarag_cdc.ddl_events, schemarag_cdc.heartbeat;
        ALTER PUBLICATION schemarag_ddl SET (publish = 'insert');
    END IF;
END $$;
