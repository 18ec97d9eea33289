package dev.schemarag.ingest.introspect;

import dev.schemarag.core.relationships.DataCheck;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import java.util.Optional;

/** Port: samples the target's data for one edge, counts only; empty when the sample could not be taken. */
public interface EdgeSampler {
    /** No data check: every edge stays as inferred. */
    EdgeSampler NONE = edge -> Optional.empty();

    Optional<DataCheck.Sample> sample(ForeignKeyEdge edge);
}
