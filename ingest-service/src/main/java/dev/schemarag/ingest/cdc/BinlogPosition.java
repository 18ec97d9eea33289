package dev.schemarag.ingest.cdc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A place in a MySQL or MariaDB binlog: a file and a byte position in it. The server numbers its binlog files in
 * order, so two positions compare by file number, then position.
 */
public record BinlogPosition(String file, long pos) {
    private static final Pattern FILE_NUMBER = Pattern.compile(".*\\.(\\d+)");

    /** Whether this is at or past {@code other}. */
    public boolean reaches(BinlogPosition other) {
        int files = Long.compare(fileNumber(file), fileNumber(other.file));
        return files > 0 || (files == 0 && pos >= other.pos);
    }

    /** Whether both are in the same binlog file. */
    public boolean sameFile(BinlogPosition other) {
        return fileNumber(file) == fileNumber(other.file);
    }

    /** {@code binlog.000012} → 12; -1 for a name without a number, which is behind every numbered file. */
    private static long fileNumber(String file) {
        Matcher m = FILE_NUMBER.matcher(file);
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    @Override
    public String toString() {
        return file + ":" + pos;
    }
}
