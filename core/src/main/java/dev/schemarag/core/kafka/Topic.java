package dev.schemarag.core.kafka;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * A topic with its key and value serdes, so that producers and consumers cannot disagree on the format; the value type
 * and what the key holds are part of the published contract ({@code ./schemarag contract asyncapi}).
 */
public record Topic<K, V>(
        String name, Serde<K> keySerde, Class<V> valueType, Serde<V> valueSerde, boolean compacted, String keyMeaning) {

    public Consumed<K, V> consumed() {
        return Consumed.with(keySerde, valueSerde);
    }

    public Produced<K, V> produced() {
        return Produced.with(keySerde, valueSerde);
    }
}
