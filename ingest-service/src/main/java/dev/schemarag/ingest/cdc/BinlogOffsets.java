package dev.schemarag.ingest.cdc;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Adapter: the binlog offset a database's change capture has stored in its offsets file (Kafka Connect's
 * {@code FileOffsetBackingStore}: a serialized map of JSON key to JSON value, written only for records already handed
 * to Kafka). The file is read as hostile input: only a map of byte arrays is deserialized.
 */
public final class BinlogOffsets {
    private static final ObjectInputFilter MAP_OF_BYTES = ObjectInputFilter.Config.createFilter(
            "maxdepth=3;maxarray=1048576;java.util.HashMap;java.util.Map$Entry;!*");

    private BinlogOffsets() {}

    /** The offset stored for {@code slotName} (the connector's topic prefix); empty before the first flush. */
    public static Optional<BinlogOffset> stored(Path offsetsFile, String slotName) throws IOException {
        try (InputStream in = Files.newInputStream(offsetsFile);
                ObjectInputStream objects = new ObjectInputStream(in)) {
            objects.setObjectInputFilter(MAP_OF_BYTES);
            if (!(objects.readObject() instanceof Map<?, ?> raw)) return Optional.empty();
            String server = "{\"server\":\"" + slotName + "\"}";
            for (Map.Entry<?, ?> e : raw.entrySet()) {
                if (!(e.getKey() instanceof byte[] key) || !(e.getValue() instanceof byte[] value)) continue;
                if (new String(key, StandardCharsets.UTF_8).contains(server))
                    return BinlogOffset.ofJson(new String(value, StandardCharsets.UTF_8));
            }
            return Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (ClassNotFoundException e) {
            throw new IOException("not an offsets file: " + offsetsFile, e);
        }
    }
}
