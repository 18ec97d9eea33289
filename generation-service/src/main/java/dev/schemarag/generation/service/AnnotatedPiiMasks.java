package dev.schemarag.generation.service;

import dev.schemarag.core.annotations.AnnotationsLoader;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.generation.execution.PiiMask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The {@link PiiMask} of each registered database, from the {@code columns} section of its annotations file. The
 * file is read again whenever it changed, so a column marked {@code pii} is masked from the next statement on, without
 * a restart. No file means no PII column; a file that cannot be read throws (the executor then refuses the statement).
 */
final class AnnotatedPiiMasks implements Function<String, PiiMask> {
    private final DatabaseRegistry registry;
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /** A mask and the version of the file it was read from. */
    private record Loaded(Path file, FileTime modified, long size, PiiMask mask) {}

    AnnotatedPiiMasks(DatabaseRegistry registry) {
        this.registry = registry;
    }

    @Override
    public PiiMask apply(String databaseId) {
        Path file = registry.find(databaseId).map(db -> db.annotationsFile()).orElse(null);
        if (file == null || !Files.exists(file)) return PiiMask.NONE;
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read annotations file " + file, e);
        }
        Loaded current = loaded.get(databaseId);
        if (current != null
                && current.file.equals(file)
                && current.modified.equals(attributes.lastModifiedTime())
                && current.size == attributes.size()) return current.mask;
        PiiMask mask = new PiiMask(AnnotationsLoader.load(file).piiColumns());
        loaded.put(databaseId, new Loaded(file, attributes.lastModifiedTime(), attributes.size(), mask));
        return mask;
    }
}
