package dev.schemarag.retrieval.packet;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What a pure function gave for recently seen texts, keyed by the text itself, so that a changed table's new
 * rendering or a renamed column is simply a new key and the old one ages out. Bounded by the characters of the texts
 * it keeps (least recently used first out); a text longer than the whole bound is computed every time. Thread-safe:
 * the function runs outside the lock, so two threads may compute the same text once each.
 */
final class TextMemo<V> {
    private final long maxChars;
    private final Function<String, V> compute;
    private final LinkedHashMap<String, V> values = new LinkedHashMap<>(256, 0.75f, true);
    private long chars;

    TextMemo(long maxChars, Function<String, V> compute) {
        this.maxChars = maxChars;
        this.compute = compute;
    }

    V get(String text) {
        synchronized (values) {
            V known = values.get(text);
            if (known != null) return known;
        }
        V value = compute.apply(text);
        if (text.length() > maxChars) return value;
        synchronized (values) {
            if (values.put(text, value) == null) chars += text.length();
            Iterator<Map.Entry<String, V>> eldest = values.entrySet().iterator();
            while (chars > maxChars) {
                chars -= eldest.next().getKey().length();
                eldest.remove();
            }
        }
        return value;
    }

    /** Characters of the texts kept. */
    long chars() {
        synchronized (values) {
            return chars;
        }
    }

    int size() {
        synchronized (values) {
            return values.size();
        }
    }
}
