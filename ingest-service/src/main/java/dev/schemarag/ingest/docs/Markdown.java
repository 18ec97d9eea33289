package dev.schemarag.ingest.docs;

import java.io.Serial;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The little markdown the table docs use: ATX headings, fenced code blocks, {@code **Label:** value} fields and
 * bullets. Headings inside code blocks are code, not structure. Where the fenced blocks are is CommonMark's answer
 * (backtick and tilde fences of any length, a longer fence enclosing shorter ones); the rest is line patterns.
 */
final class Markdown {
    private static final Parser COMMONMARK =
            Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();
    /** CommonMark's line endings; its source spans count lines by them. */
    private static final Pattern LINE_END = Pattern.compile("\r\n|\r|\n");

    private static final Pattern FENCE_RUN = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    /** {@code - **Type:** text}, {@code **Use case:** ...} or {@code **Returns**: ...}. */
    private static final Pattern FIELD =
            Pattern.compile("^\\s*(?:[-*+]\\s+)?\\*\\*([^*]+?)(?::\\*\\*|\\*\\*\\s*:)\\s*(.*)$");

    private static final Pattern BULLET = Pattern.compile("^\\s*[-*+]\\s+.*");
    private static final Pattern EMPHASIS = Pattern.compile("\\*\\*|`");

    private Markdown() {}

    /**
     * A source line; {@code code} for lines inside a fenced block, {@code fence} for the delimiters themselves, and
     * {@code info} the info string (language) of an opening fence, empty otherwise.
     */
    record Line(int number, String text, boolean code, boolean fence, String info) {
        Optional<Heading> heading() {
            if (code || fence) return Optional.empty();
            Matcher m = HEADING.matcher(text);
            return m.matches() ? Optional.of(new Heading(m.group(1).length(), m.group(2))) : Optional.empty();
        }

        boolean blank() {
            return text.isBlank();
        }
    }

    record Heading(int level, String title) {}

    /** The lines under a heading, up to the next heading of the same or a higher level. */
    record Section(String title, List<Line> body) {}

    record Field(String label, String value) {}

    /** Thrown for structure the parser cannot recover from; the parser turns it into a {@link DocParseResult}. */
    static final class MalformedMarkdown extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        MalformedMarkdown(String reason) {
            super(reason);
        }
    }

    static List<Line> lines(String markdown) throws MalformedMarkdown {
        String[] raw = LINE_END.split(markdown, -1);
        boolean[] code = new boolean[raw.length];
        String[] info = new String[raw.length];
        for (FencedCodeBlock block : fencedBlocks(markdown)) {
            List<SourceSpan> spans = block.getSourceSpans();
            SourceSpan open = spans.get(0);
            SourceSpan last = spans.get(spans.size() - 1);
            String fence = fenceRun(raw[open.getLineIndex()].substring(open.getColumnIndex()));
            if (last.getLineIndex() == open.getLineIndex()
                    || !closes(raw[last.getLineIndex()].substring(last.getColumnIndex()), fence))
                throw new MalformedMarkdown(
                        "unterminated " + fence + " code fence opened at line " + (open.getLineIndex() + 1));
            info[open.getLineIndex()] =
                    block.getInfo() == null ? "" : block.getInfo().strip();
            info[last.getLineIndex()] = "";
            for (int i = open.getLineIndex() + 1; i < last.getLineIndex(); i++) code[i] = true;
        }
        List<Line> lines = new ArrayList<>(raw.length);
        for (int i = 0; i < raw.length; i++)
            lines.add(new Line(i + 1, raw[i], code[i], info[i] != null, info[i] == null ? "" : info[i]));
        return lines;
    }

    private static List<FencedCodeBlock> fencedBlocks(String markdown) {
        List<FencedCodeBlock> blocks = new ArrayList<>();
        COMMONMARK.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock block) {
                blocks.add(block);
            }
        });
        return blocks;
    }

    private static String fenceRun(String opening) {
        Matcher m = FENCE_RUN.matcher(opening);
        return m.find() ? m.group(1) : opening.strip();
    }

    /** A closing fence: the opening's character, at least as many, and nothing after it but spaces. */
    private static boolean closes(String line, String opening) {
        Matcher m = FENCE_RUN.matcher(line);
        return m.find()
                && m.group(1).charAt(0) == opening.charAt(0)
                && m.group(1).length() >= opening.length()
                && line.substring(m.end()).isBlank();
    }

    /** Splits at headings of exactly {@code level}; lines before the first such heading are dropped. */
    static List<Section> sections(List<Line> lines, int level) {
        List<Section> sections = new ArrayList<>();
        String title = null;
        List<Line> body = new ArrayList<>();
        for (Line line : lines) {
            Optional<Heading> heading = line.heading().filter(h -> h.level() <= level);
            if (heading.isPresent()) {
                if (title != null) sections.add(new Section(title, body));
                title = heading.get().level() == level ? heading.get().title() : null;
                body = new ArrayList<>();
            } else if (title != null) {
                body.add(line);
            }
        }
        if (title != null) sections.add(new Section(title, body));
        return sections;
    }

    /**
     * The {@code **Label:** value} fields of a body, outside code. A field's value continues on following lines
     * until a blank line, a bullet, a heading or a code fence.
     */
    static List<Field> fields(List<Line> body) {
        List<Field> fields = new ArrayList<>();
        String label = null;
        StringBuilder value = new StringBuilder();
        for (Line line : body) {
            Matcher m = line.code() || line.fence() ? null : FIELD.matcher(line.text());
            if (m != null && m.matches()) {
                if (label != null) fields.add(new Field(label, value.toString().strip()));
                label = m.group(1).strip();
                value = new StringBuilder(m.group(2).strip());
            } else if (label != null
                    && (line.blank()
                            || line.code()
                            || line.fence()
                            || isBullet(line)
                            || line.heading().isPresent())) {
                fields.add(new Field(label, value.toString().strip()));
                label = null;
            } else if (label != null) {
                value.append(' ').append(line.text().strip());
            }
        }
        if (label != null) fields.add(new Field(label, value.toString().strip()));
        return fields.stream().map(f -> new Field(f.label(), plain(f.value()))).toList();
    }

    static Optional<String> field(List<Field> fields, String label) {
        return fields.stream()
                .filter(f -> f.label().equalsIgnoreCase(label))
                .map(Field::value)
                .findFirst();
    }

    /** The prose of a body that is neither a field, a field's continuation, nor code. */
    static List<String> prose(List<Line> body) {
        List<String> prose = new ArrayList<>();
        boolean inField = false;
        for (Line line : body) {
            if (line.code() || line.fence() || line.heading().isPresent()) {
                inField = false;
            } else if (FIELD.matcher(line.text()).matches()) {
                inField = true;
            } else if (line.blank()) {
                inField = false;
            } else if (!inField || isBullet(line)) {
                inField = false;
                prose.add(plain(line.text()).strip());
            }
        }
        return prose;
    }

    /**
     * The contents of the fenced blocks of a body, each as one string; with {@code sqlOnly}, only blocks
     * tagged {@code sql} or untagged.
     */
    static List<String> codeBlocks(List<Line> body, boolean sqlOnly) {
        List<String> blocks = new ArrayList<>();
        List<String> current = null;
        boolean keep = false;
        for (Line line : body) {
            if (line.fence() && current == null) {
                String lang = line.info().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
                keep = !sqlOnly || lang.isEmpty() || lang.equals("sql");
                current = new ArrayList<>();
            } else if (line.fence()) {
                if (keep) blocks.add(String.join("\n", current).strip());
                current = null;
            } else if (current != null) {
                current.add(line.text());
            }
        }
        return blocks;
    }

    /** The body as plain text: emphasis removed, code kept without its fences, runs of blank lines collapsed. */
    static String plainText(List<Line> body) {
        List<String> out = new ArrayList<>();
        for (Line line : body) {
            if (line.fence()) continue;
            String text = line.code()
                    ? line.text().stripTrailing()
                    : plain(line.text()).stripTrailing();
            if (text.isBlank() && (out.isEmpty() || out.get(out.size() - 1).isEmpty())) continue;
            out.add(text.isBlank() ? "" : text);
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return String.join("\n", out);
    }

    static boolean isBullet(Line line) {
        return !line.code() && !line.fence() && BULLET.matcher(line.text()).matches();
    }

    /** Removes bold and inline-code markers. */
    static String plain(String text) {
        return EMPHASIS.matcher(text).replaceAll("");
    }
}
