package dev.schemarag.core.kafka;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/** A topic with its key and value serdes, so that producers and consumers cannot disagree on the format. */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde, boolean compacted) {

    public Consumed<K, V> consumed() {
        return Consumed.with(keySerde, valueSerde);
    }

    public Produced<K, V> produced() {
        return Produced.with(keySerde, valueSerde);
    }
}
