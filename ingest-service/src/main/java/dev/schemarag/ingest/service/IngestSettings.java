package dev.schemarag.ingest.service;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.ingest.text.EmbedTextBudget;
import java.time.Duration;
import java.util.List;

/** Settings of the ingest service's fault handling: store outages, change capture restarts and heartbeats. */
public final class IngestSettings {
    private IngestSettings() {}

    public static final Setting<String> REPLICATION_ROLE = Setting.string(
            "cdc.replication.role", "schemarag_cdc", "Least-privilege replication role Debezium connects as");
    public static final Setting<String> REPLICATION_PASSWORD =
            Setting.string("cdc.replication.password", "schemarag_cdc", "Password of the replication role");
    public static final Setting<Integer> CDC_POLL_INTERVAL_MS = Setting.integer(
            "cdc.poll.interval.ms",
            25,
            1,
            60_000,
            "How long Debezium sleeps between checks of an idle log (PostgreSQL) and how often its idle engine wakes:"
                    + " lower is fresher by about half of it and costs more CPU while nothing changes");

    /**
     * Far below the updater's max.poll.interval.ms (600 s), so a retried record never gets its member fenced; that
     * bound is checked at start, for the tasks one thread may own ({@code StreamsProperties}).
     */
    public static final Setting<Integer> REFRESH_RETRY_MS = Setting.integer(
            "ingest.refresh.retry.ms",
            60_000,
            0,
            240_000,
            "How long the embedding updater retries one schema change while the store or the target is unreachable,"
                    + " before it dead-letters the change as infra_failure (replayable)");

    public static final Setting<Integer> CDC_RESTART_BACKOFF_MAX_MS = Setting.integer(
            "cdc.restart.backoff.max.ms",
            30_000,
            1_000,
            600_000,
            "Longest wait before a stopped change-capture engine is restarted (the wait doubles from 1 s)");
    public static final Setting<Integer> CDC_HEARTBEAT_INTERVAL_MS = Setting.integer(
            "cdc.heartbeat.interval.ms",
            10_000,
            100,
            3_600_000,
            "How often change capture writes a heartbeat row, so the replication slot advances while no DDL happens");
    public static final Setting<Integer> CDC_PUBLISH_TIMEOUT_MS = Setting.integer(
            "cdc.publish.timeout.ms",
            120_000,
            1_000,
            600_000,
            "How long change capture tries to deliver a schema change to Kafka before its engine restarts");

    public static final Setting<Integer> ROLE_MEMBERSHIP_POLL_MS = Setting.integer(
            "cdc.role.membership.poll.ms",
            200,
            100,
            3_600_000,
            "How often change capture compares the memberships of the roles principals are mapped to (GRANT role TO"
                    + " role, REVOKE, ALTER ROLE ... INHERIT, which fire no event trigger) with their last reading; a"
                    + " change records the roles' privileges again, as a captured GRANT does. One catalog query per"
                    + " database and interval (0.3 ms at p50), which bounds how late a membership change starts");

    public static final Setting<Boolean> DATA_CHECK = Setting.bool(
            "ingest.relationships.data.check",
            false,
            "Check each inferred join edge on a sample of the target's data (child values among the parent's keys) as"
                    + " the read-only login: an edge with an orphan is dropped, one without gains confidence. Reads"
                    + " data; only counts leave the database, never the embeddings, topics or logs");
    public static final Setting<Integer> DATA_CHECK_SAMPLE = Setting.integer(
            "ingest.relationships.data.check.sample",
            200,
            1,
            100_000,
            "How many non-null child values the data check reads per inferred edge");
    public static final Setting<Integer> DATA_CHECK_TIMEOUT_MS = Setting.integer(
            "ingest.relationships.data.check.timeout.ms",
            2_000,
            1,
            60_000,
            "statement_timeout of one data check query; an edge whose check times out stays as inferred");

    public static final Setting<Integer> EMBED_TEXT_MAX_TOKENS = Setting.integer(
            "ingest.embed.text.max.tokens",
            EmbedTextBudget.DEFAULT_MAX_TOKENS,
            0,
            100_000,
            "Token budget of the text a column's vector is made of (about four characters a token): its names,"
                    + " type, key and synonyms are always embedded, its description keeps its first sentence and its"
                    + " table's description, repeated as context, its first sentence; further words of either while"
                    + " they fit. Tables are embedded whole. Lexical search and packets still read the whole text. 0"
                    + " embeds whole column texts. A change applies to entities embedded afterwards (new or changed"
                    + " ones)");

    public static List<Setting<?>> declared() {
        return List.of(
                REPLICATION_ROLE,
                REPLICATION_PASSWORD,
                CDC_POLL_INTERVAL_MS,
                REFRESH_RETRY_MS,
                CDC_RESTART_BACKOFF_MAX_MS,
                CDC_HEARTBEAT_INTERVAL_MS,
                CDC_PUBLISH_TIMEOUT_MS,
                ROLE_MEMBERSHIP_POLL_MS,
                DATA_CHECK,
                DATA_CHECK_SAMPLE,
                DATA_CHECK_TIMEOUT_MS,
                EMBED_TEXT_MAX_TOKENS);
    }

    /** The data check of inferred edges, from resolved settings. */
    public static IngestService.DataCheckPolicy dataCheck(Settings settings) {
        return new IngestService.DataCheckPolicy(
                settings.get(DATA_CHECK), settings.get(DATA_CHECK_SAMPLE), millis(settings, DATA_CHECK_TIMEOUT_MS));
    }

    /** The fault-handling part of the service's configuration, from resolved settings. */
    public static IngestService.Recovery recovery(Settings settings) {
        return new IngestService.Recovery(
                millis(settings, REFRESH_RETRY_MS),
                millis(settings, CDC_RESTART_BACKOFF_MAX_MS),
                millis(settings, CDC_HEARTBEAT_INTERVAL_MS),
                millis(settings, CDC_PUBLISH_TIMEOUT_MS));
    }

    private static Duration millis(Settings settings, Setting<Integer> setting) {
        return Duration.ofMillis(settings.get(setting));
    }
}
