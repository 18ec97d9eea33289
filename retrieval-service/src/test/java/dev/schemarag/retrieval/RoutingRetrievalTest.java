package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A question without a database: routed among the registered ones its asker may read, or refused. */
class RoutingRetrievalTest {
    private static final String QUESTION = "What is the total payslip amount per employee?";

    private final FakeSchemaIndex erp = new FakeSchemaIndex("erp", ErpCatalog.TABLES);
    private final FakeSchemaIndex ledger = new FakeSchemaIndex("ledger", ErpCatalog.TABLES);
    private final SchemaRetriever retriever =
            new SchemaRetriever(new Both(erp, ledger), new FakeEmbeddingModel(), RetrievalSettings.defaults(), 16);

    private RetrievalResult ask(String principal) {
        return retriever.retrieve(RetrievalRequest.of(null, QUESTION).withAsker(Asker.of(principal)));
    }

    @Test
    void theDatabaseWhoseTablesMatchClearlyBetterIsChosenAndSaysSo() {
        erp.tableHits.addAll(List.of(new TableHit(PAYSLIPS, 0.8), new TableHit(EMPLOYEES, 0.6)));
        erp.columnHits.add(new ColumnHit(PAYSLIPS, "amount", false, 0.7));
        ledger.tableHits.add(new TableHit(EMPLOYEES, 0.4));
        ledger.columnHits.add(new ColumnHit(EMPLOYEES, "full_name", false, 0.3));

        RetrievedContext context = context(ask(null));

        assertThat(context.databaseId()).isEqualTo("erp");
        assertThat(context.metadata().routing().candidate().databaseId()).isEqualTo("erp");
        assertThat(context.metadata().routing().confidence()).isBetween(0.05, 1.0);
        assertThat(context.tables()).extracting(SelectedTable::table).startsWith(PAYSLIPS);
    }

    @Test
    void ofTwoDatabasesWithAsLikeABestTableTheOneHoldingEveryWordOfTheQuestionIsChosen() {
        // ledger has employees but no payslips: "payslip" is a word of erp only
        ledger.replaceCatalog(
                "v2",
                ErpCatalog.TABLES.stream()
                        .filter(t -> !t.name().equals(PAYSLIPS))
                        .toList(),
                List.of());
        for (FakeSchemaIndex index : List.of(erp, ledger)) {
            index.tableHits.add(new TableHit(EMPLOYEES, 0.6));
            index.columnHits.add(new ColumnHit(EMPLOYEES, "full_name", false, 0.5));
        }

        assertThat(context(ask(null)).databaseId()).isEqualTo("erp");
    }

    @Test
    void twoDatabasesTheQuestionMatchesAlikeAreAmbiguousAndBothAreListed() {
        for (FakeSchemaIndex index : List.of(erp, ledger)) {
            index.tableHits.addAll(List.of(new TableHit(PAYSLIPS, 0.8), new TableHit(EMPLOYEES, 0.6)));
            index.columnHits.add(new ColumnHit(PAYSLIPS, "amount", false, 0.7));
        }

        RetrievalResult result = ask(null);

        assertThat(result).isInstanceOf(RetrievalFailure.class);
        RetrievalFailure failure = (RetrievalFailure) result;
        assertThat(failure.errorClass()).isEqualTo(ErrorClass.AMBIGUOUS_DATABASE);
        assertThat(failure.message()).contains("erp (", "ledger (");
    }

    @Test
    void aPrincipalIsRoutedOnlyByWhatItMayRead() {
        erp.tableHits.addAll(List.of(new TableHit(PAYSLIPS, 0.9), new TableHit(EMPLOYEES, 0.3)));
        erp.columnHits.add(new ColumnHit(PAYSLIPS, "amount", false, 0.8));
        ledger.tableHits.add(new TableHit(EMPLOYEES, 0.5));
        ledger.columnHits.add(new ColumnHit(EMPLOYEES, "full_name", false, 0.4));
        // on erp, sales may read everything but payslips; on ledger, everything
        erp.grant("v2", new Principals(Map.of("sales", "sales_role"), null), access(PAYSLIPS));
        ledger.grant("v2", new Principals(Map.of("sales", "sales_role"), null), access(null));

        assertThat(context(ask(null)).databaseId()).isEqualTo("erp");
        RetrievedContext sales = context(ask("sales"));
        assertThat(sales.databaseId()).isEqualTo("ledger");
        assertThat(sales.tables()).extracting(SelectedTable::table).contains(PAYSLIPS);
    }

    @Test
    void aPrincipalMappedOnOneDatabaseOnlyGoesThereAndOneMappedNowhereIsDenied() {
        erp.tableHits.add(new TableHit(EMPLOYEES, 0.3));
        ledger.tableHits.add(new TableHit(PAYSLIPS, 0.9));
        erp.grant("v2", new Principals(Map.of("sales", "sales_role"), null), access(null));

        RetrievedContext sales = context(ask("sales"));
        RetrievalResult stranger = ask("stranger");

        assertThat(sales.databaseId()).isEqualTo("erp");
        assertThat(sales.metadata().routing().confidence()).isEqualTo(1.0);
        assertThat(stranger).isInstanceOf(RetrievalFailure.class);
        assertThat(((RetrievalFailure) stranger).errorClass()).isEqualTo(ErrorClass.ACCESS_DENIED);
    }

    @Test
    void aQuestionLimitedToSchemasNoDatabaseHasGoesNowhere() {
        erp.tableHits.add(new TableHit(EMPLOYEES, 0.3));

        RetrievalResult result =
                retriever.retrieve(RetrievalRequest.of(null, QUESTION).withSchemas(Set.of("archive")));

        assertThat(result)
                .isEqualTo(new RetrievalFailure(
                        ErrorClass.UNKNOWN_SCHEMA, "no registered database has tables in schemas [archive]"));
    }

    @Test
    void aQuestionNamingItsDatabaseIsNotRouted() {
        ledger.tableHits.add(new TableHit(PAYSLIPS, 0.9));
        erp.tableHits.add(new TableHit(EMPLOYEES, 0.3));

        RetrievedContext context = context(retriever.retrieve(RetrievalRequest.of("erp", QUESTION)));

        assertThat(context.databaseId()).isEqualTo("erp");
        assertThat(context.metadata().routing()).isNull();
    }

    /** sales_role reads every column of every table but {@code hidden}. */
    private static Map<TableName, TableAccess> access(TableName hidden) {
        Map<TableName, TableAccess> access = new HashMap<>();
        for (Table table : ErpCatalog.TABLES) {
            if (table.name().equals(hidden)) continue;
            List<String> every = table.columns().stream().map(Column::name).toList();
            access.put(table.name(), new TableAccess(Map.of("sales_role", every), false, List.of()));
        }
        return access;
    }

    private static RetrievedContext context(RetrievalResult result) {
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    /** Two single-database indexes as one store. */
    private record Both(FakeSchemaIndex first, FakeSchemaIndex second) implements SchemaIndex {
        private SchemaIndex of(String databaseId) {
            return first.databases().contains(databaseId) ? first : second;
        }

        @Override
        public Optional<String> version(String databaseId) {
            return of(databaseId).version(databaseId);
        }

        @Override
        public Optional<IndexedDatabase> load(String databaseId) {
            return of(databaseId).load(databaseId);
        }

        @Override
        public List<String> databases() {
            return List.of(first.databases().get(0), second.databases().get(0));
        }

        @Override
        public List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK) {
            return of(databaseId).searchTables(databaseId, schemas, query, topK);
        }

        @Override
        public List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK) {
            return of(databaseId).searchColumns(databaseId, schemas, query, topK);
        }

        @Override
        public List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK) {
            return of(databaseId).searchDocs(databaseId, schemas, query, topK);
        }
    }
}
