package dev.schemarag.generation.validation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.TableFunction;

/** Splits a parsed statement into its {@link QueryBlock}s, outermost first. */
final class QueryBlocks {

    private QueryBlocks() {}

    static List<QueryBlock> of(Statement statement) {
        List<Builder> done = new ArrayList<>();
        Deque<Builder> open = new ArrayDeque<>();
        AstNodes.walk(statement, new AstNodes.Visitor() {
            @Override
            public boolean enter(Object node) {
                if (node instanceof PlainSelect select) {
                    Builder block = new Builder(select, open.peek());
                    open.push(block);
                    done.add(block);
                } else if (node instanceof Column column && !open.isEmpty()) {
                    open.peek().columns.add(column);
                    return false;
                } else if (node instanceof AllTableColumns star && !open.isEmpty()) {
                    open.peek().tableStars.add(star);
                    return false;
                }
                return true;
            }

            @Override
            public void exit(Object node) {
                if (node instanceof PlainSelect) open.pop();
            }
        });
        List<QueryBlock> blocks = new ArrayList<>();
        for (Builder builder : done) builder.build(blocks);
        return blocks;
    }

    /** Collects a block's column references during the walk; built parents-first, so a child finds its parent. */
    private static final class Builder {
        private final PlainSelect select;
        private final Builder parent;
        private final List<Column> columns = new ArrayList<>();
        private final List<AllTableColumns> tableStars = new ArrayList<>();
        private QueryBlock built;

        Builder(PlainSelect select, Builder parent) {
            this.select = select;
            this.parent = parent;
        }

        void build(List<QueryBlock> out) {
            List<Relation> relations = new ArrayList<>();
            List<Join> joins = new ArrayList<>();
            addFromItem(select.getFromItem(), relations, joins);
            addJoins(select.getJoins(), relations, joins);
            built = new QueryBlock(
                    select, Optional.ofNullable(parent).map(p -> p.built), relations, joins, columns, tableStars);
            out.add(built);
        }
    }

    private static void addJoins(List<Join> joins, List<Relation> relations, List<Join> allJoins) {
        if (joins == null) return;
        for (Join join : joins) {
            allJoins.add(join);
            addFromItem(join.getFromItem(), relations, allJoins);
        }
    }

    private static void addFromItem(FromItem item, List<Relation> relations, List<Join> joins) {
        if (item == null) return;
        Optional<String> alias =
                Optional.ofNullable(item.getAlias()).map(Alias::getName).map(Identifiers::normalize);
        if (item instanceof Table table) {
            String name = Identifiers.normalize(table.getName());
            relations.add(new Relation(alias.or(() -> Optional.of(name)), Optional.of(name)));
        } else if (item instanceof ParenthesedFromItem nested) {
            addFromItem(nested.getFromItem(), relations, joins);
            addJoins(nested.getJoins(), relations, joins);
            alias.ifPresent(a -> relations.add(new Relation(Optional.of(a), Optional.empty())));
        } else if (item instanceof TableFunction function) {
            Optional<String> name = Optional.ofNullable(function.getFunction())
                    .map(f -> f.getName())
                    .map(Identifiers::normalize);
            relations.add(new Relation(alias.or(() -> name), Optional.empty()));
        } else {
            relations.add(new Relation(alias, Optional.empty()));
        }
    }
}
