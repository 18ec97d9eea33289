package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.CatalogLoads;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.packet.TokenCounter;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchemaRetrieverTest {
    private static final String QUESTION = "Which employees took sick leave last year?";

    private final FakeSchemaIndex index = new FakeSchemaIndex("erp", ErpCatalog.TABLES);
    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final SchemaRetriever retriever = new SchemaRetriever(index, model, RetrievalSettings.defaults(), 16);

    SchemaRetrieverTest() {
        index.tableHits.addAll(List.of(new TableHit(LEAVE_REQUESTS, 0.62), new TableHit(EMPLOYEES, 0.48)));
        index.columnHits.addAll(List.of(
                new ColumnHit(LEAVE_REQUESTS, "leave_type", false, 0.55),
                new ColumnHit(EMPLOYEES, "full_name", false, 0.35)));
    }

    @Test
    void warmUpRunsTheModelOnEveryWarmUpQuestionSoTheFirstQuestionDoesNot() {
        int warmUpQuestions = SchemaRetriever.WARM_UP_QUESTIONS.size();
        assertThat(retriever.warmUp()).containsExactly("erp");
        assertThat(retriever.embeddingCacheMisses()).isEqualTo(warmUpQuestions);
        long hits = retriever.embeddingCacheHits();

        retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(retriever.embeddingCacheMisses()).isEqualTo(warmUpQuestions + 1);
        assertThat(retriever.embeddingCacheHits()).isEqualTo(hits);
        assertThat(index.loads()).isEqualTo(1);
    }

    @Test
    void givenFollowedCatalogs_whenTheStoreChanges_thenQuestionsGetTheHeldCatalogUntilARefreshAppliesIt() {
        retriever.warmUp();
        retriever.follow();
        index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");

        assertThat(retrieve(RetrievalRequest.of("erp", QUESTION)).metadata().strategy())
                .isEqualTo(Strategy.RAG);

        retriever.refresh();

        assertThat(retrieve(RetrievalRequest.of("erp", QUESTION)).metadata().fallbackReason())
                .isEqualTo(FallbackReason.OTHER_MODEL_INDEX);
    }

    @Test
    void givenCatalogsNotFollowed_whenTheStoreChanges_thenTheNextQuestionGetsTheChange() {
        retrieve(RetrievalRequest.of("erp", QUESTION));
        index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");

        assertThat(retrieve(RetrievalRequest.of("erp", QUESTION)).metadata().fallbackReason())
                .isEqualTo(FallbackReason.OTHER_MODEL_INDEX);
    }

    @Test
    void givenAQuestionOnALargeCatalog_whenRetrieved_thenThePacketHoldsOnlyTheSelectedTables() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.RAG);
        assertThat(context.tables()).extracting(SelectedTable::table).startsWith(LEAVE_REQUESTS, EMPLOYEES);
        assertThat(context.packet())
                .contains("CREATE TABLE hr.leave_requests (", "CREATE TABLE hr.employees (")
                .doesNotContain("CREATE TABLE sales.orders (");
        assertThat(context.metadata().tablesIncluded())
                .isEqualTo(context.tables().size());
        assertThat(context.metadata().fallbackReason()).isNull();
    }

    @Test
    void givenMaxTables_whenRetrieved_thenItCapsThePacketOverTheQuestionsSettings() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION)
                .withSettings(Map.of(RetrievalSettings.MAX_TABLES.key(), "5"))
                .withMaxTables(1));

        assertThat(context.tables()).extracting(SelectedTable::table).containsExactly(LEAVE_REQUESTS);
    }

    @Test
    void givenMaxTablesOutOfRange_thenTheRequestIsRefusedSayingWhatIsAccepted() {
        assertThatThrownBy(() -> RetrievalRequest.of("erp", QUESTION).withMaxTables(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxTables must be an integer in [1, 10000], not 0");
    }

    @Test
    void givenSelectedTablesJoinedByADeclaredKey_whenRetrieved_thenTheHintsListItAndThePacketStatesItOnce() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.joinHints()).contains("leave_requests.employee_id = employees.employee_id");
        assertThat(context.packet())
                .contains("FOREIGN KEY (employee_id) REFERENCES hr.employees (employee_id)")
                .doesNotContain("-- leave_requests.employee_id = employees.employee_id");
    }

    @Test
    void givenARagPacket_whenRetrieved_thenMetadataCarriesScoresTokensAndMetrics() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        double leaveScore = 0.6 * 0.62 + 0.4 * 0.55;
        assertThat(context.tables().get(0).score()).isCloseTo(leaveScore, within(1e-9));
        assertThat(context.metadata().avgRelevanceScore())
                .isCloseTo(
                        context.tables().stream()
                                .mapToDouble(SelectedTable::score)
                                .average()
                                .orElseThrow(),
                        within(1e-9));
        assertThat(context.metadata().contextTokens()).isEqualTo(TokenCounter.count(context.packet()));
        assertThat(context.metadata().metrics())
                .containsEntry(RetrievalMetrics.TABLE_HITS, 2.0)
                .containsEntry(RetrievalMetrics.COLUMN_HITS, 2.0)
                .containsEntry(
                        RetrievalMetrics.FINAL_TABLES, (double) context.tables().size())
                .containsKeys(
                        RetrievalMetrics.FK_CANDIDATES,
                        RetrievalMetrics.FK_ADDED,
                        RetrievalMetrics.FK_BLOCKED,
                        RetrievalMetrics.BRIDGES_ADDED,
                        RetrievalMetrics.LATENCY_MS,
                        RetrievalMetrics.AVG_TABLE_SIMILARITY);
    }

    @Test
    void givenAnyPacket_whenRetrieved_thenFullSchemaTokensSumEveryTableDefinition() {
        RetrievedContext rag = retrieve(RetrievalRequest.of("erp", QUESTION));
        RetrievedContext full = retrieve(RetrievalRequest.of("erp", QUESTION)
                .withUseRetrieval(false)
                .withSettings(Map.of(RetrievalSettings.JOIN_HINT_FORMAT.key(), "none")));

        assertThat(rag.metadata().fullSchemaTokens()).isEqualTo(full.metadata().fullSchemaTokens());
        // The full packet is the definitions joined by blank lines, which cl100k folds into the preceding ");" token.
        assertThat(full.metadata().contextTokens()).isEqualTo(full.metadata().fullSchemaTokens());
    }

    @Test
    void givenACatalogBelowTheThreshold_whenRetrieved_thenTheWholeScopeIsSentWithoutFallbackReason() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION).withSchemas(Set.of("hr")));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
        assertThat(context.metadata().fallbackReason()).isNull();
        assertThat(context.tables())
                .extracting(SelectedTable::table)
                .containsExactly(DEPARTMENTS, EMPLOYEES, LEAVE_REQUESTS, PAYSLIPS);
        assertThat(context.tables()).allMatch(t -> t.reason() == SelectionReason.FULL_SCHEMA);
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void givenUseRetrievalTrue_whenTheCatalogIsSmall_thenRagIsUsedAnyway() {
        RetrievedContext context = retrieve(
                RetrievalRequest.of("erp", QUESTION).withSchemas(Set.of("hr")).withUseRetrieval(true));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.RAG);
    }

    @Test
    void givenUseRetrievalFalse_whenTheCatalogIsLarge_thenTheFullSchemaIsSent() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION).withUseRetrieval(false));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
        assertThat(context.tables()).hasSize(12);
    }

    @Test
    void givenRetrievalDisabledByTheQuestionsSettings_whenRetrieved_thenTheFullSchemaIsSent() {
        RetrievedContext context =
                retrieve(RetrievalRequest.of("erp", QUESTION).withSettings(Map.of("retrieval.enabled", "false")));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
    }

    @Test
    void givenAQuestionWithoutContentWords_whenRetrieved_thenItFallsBackAsTooShort() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", "What is it?"));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.QUESTION_TOO_SHORT);
    }

    @Test
    void givenACatalogEmbeddedByAnotherModel_whenRetrieved_thenItFallsBackWithoutSearching() {
        index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");
        index.searchFailure = new IllegalStateException("vectors of another model must not be searched");

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.OTHER_MODEL_INDEX);
        assertThat(context.tables()).hasSize(ErpCatalog.TABLES.size());
    }

    @Test
    void givenACatalogReEmbeddedByTheQuestionsModel_whenRetrieved_thenRagResumes() {
        index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");
        retrieve(RetrievalRequest.of("erp", QUESTION));
        index.replaceCatalog("v3", ErpCatalog.TABLES, List.of());

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.metadata().strategy()).isEqualTo(Strategy.RAG);
    }

    @Test
    void givenAFailingSearch_whenRetrieved_thenItFallsBackToTheFullSchemaAsRetrievalError() {
        index.searchFailure = new IllegalStateException("connection reset");

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.RETRIEVAL_ERROR);
        assertThat(context.tables()).hasSize(12);
        assertThat(context.packet()).contains("CREATE TABLE finance.tax_codes (");
    }

    @Test
    void givenAStoreOutageAfterACatalogWasLoaded_whenRetrieved_thenTheLastCatalogIsSentAsRetrievalError() {
        retrieve(RetrievalRequest.of("erp", QUESTION));
        index.loadFailure = new IllegalStateException("connection refused");
        index.searchFailure = new IllegalStateException("connection refused");

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.RETRIEVAL_ERROR);
    }

    @Test
    void givenNoHitsAtAll_whenRetrieved_thenItFallsBackAsNoResults() {
        index.tableHits.clear();
        index.columnHits.clear();

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", "weather forecast tomorrow"));

        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.NO_RESULTS);
    }

    @Test
    void givenOnlyWeakHits_whenRetrieved_thenItFallsBackAsLowScores() {
        index.tableHits.clear();
        index.columnHits.clear();
        index.tableHits.add(new TableHit(REGIONS, 0.25));

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", "weather forecast tomorrow"));

        assertThat(context.metadata().fallbackReason()).isEqualTo(FallbackReason.LOW_SCORES);
        assertThat(context.metadata().metrics()).containsEntry(RetrievalMetrics.TABLE_HITS, 1.0);
    }

    @Test
    void givenAPacketAboveTheBudget_whenRetrieved_thenItIsFlaggedNotTruncated() {
        RetrievedContext full = retrieve(RetrievalRequest.of("erp", QUESTION).withUseRetrieval(false));
        RetrievedContext tight = retrieve(RetrievalRequest.of("erp", QUESTION)
                .withUseRetrieval(false)
                .withSettings(Map.of(RetrievalSettings.CONTEXT_BUDGET_TOKENS.key(), "50")));

        assertThat(full.metadata().overBudget()).isFalse();
        assertThat(tight.metadata().overBudget()).isTrue();
        assertThat(tight.packet()).isEqualTo(full.packet());
    }

    @Test
    void givenDocChunks_whenRetrieved_thenThoseAboveTheBarAreInThePacket() {
        DocChunk leaveDoc =
                new DocChunk(LEAVE_REQUESTS, "leave_type", DocKind.COLUMN, "Sick leave is leave_type = 'sick'.");
        DocChunk weakDoc = new DocChunk(ORDERS, "", DocKind.OVERVIEW, "Orders placed by customers.");
        index.docHits.addAll(List.of(new DocHit(leaveDoc, 0.7), new DocHit(weakDoc, 0.2)));

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(context.docChunks()).extracting(DocHit::chunk).containsExactly(leaveDoc);
        assertThat(context.metadata().chunksRetrieved()).isEqualTo(1);
        assertThat(context.packet())
                .contains("-- Retrieved documentation\n-- [column] hr.leave_requests.leave_type\n--   Sick leave");
    }

    @Test
    void givenCompactFormat_whenRetrieved_thenTablesAreMSchemaLines() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION)
                .withSettings(Map.of(RetrievalSettings.PACKET_FORMAT.key(), "compact")));

        assertThat(context.packet())
                .contains("hr.leave_requests (leave_id bigint PK, employee_id bigint FK→employees, leave_type text)");
    }

    @Test
    void givenEvidence_whenRetrieved_thenItIsEmbeddedWithTheQuestion() {
        retrieve(RetrievalRequest.of("erp", QUESTION).withEvidence("sick leave means leave_type = 'sick'"));

        assertThat(model.embedded).containsExactly(QUESTION + "\nsick leave means leave_type = 'sick'");
    }

    @Test
    void givenTheSameQuestionTwice_whenRetrieved_thenItIsEmbeddedOnce() {
        retrieve(RetrievalRequest.of("erp", QUESTION));
        retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(model.embedded).hasSize(1);
    }

    @Test
    void givenAnUnchangedCatalog_whenRetrievedAgain_thenItIsNotReloaded() {
        retrieve(RetrievalRequest.of("erp", QUESTION));
        retrieve(RetrievalRequest.of("erp", "Total vat of invoices"));

        assertThat(index.loads()).isEqualTo(1);
    }

    @Test
    void givenANewCatalogVersion_whenRetrieved_thenTheNewTablesAreUsed() {
        retrieve(RetrievalRequest.of("erp", QUESTION));
        List<Table> tables = new ArrayList<>(ErpCatalog.TABLES);
        tables.add(Tables.table("hr.sick_notes")
                .pk("note_id")
                .fk("leave_id", "hr.leave_requests", "leave_id")
                .build());
        index.replaceCatalog("v2", tables, List.of());

        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION).withUseRetrieval(false));

        assertThat(index.loads()).isEqualTo(2);
        assertThat(context.packet()).contains("CREATE TABLE hr.sick_notes (");
    }

    @Test
    void givenAnUnknownDatabase_whenRetrieved_thenTheFailureSaysSo() {
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of("crm", QUESTION));

        assertThat(result)
                .isEqualTo(new RetrievalFailure(
                        ErrorClass.UNKNOWN_DATABASE,
                        "database 'crm' has no catalog in the store: not registered, or not synced yet"));
    }

    @Test
    void givenAnUnknownSchema_whenRetrieved_thenTheFailureSaysSo() {
        RetrievalResult result =
                retriever.retrieve(RetrievalRequest.of("erp", QUESTION).withSchemas(Set.of("crm")));

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.UNKNOWN_SCHEMA);
    }

    @Test
    void givenABlankQuestion_whenRetrieved_thenTheFailureIsAnInvalidRequest() {
        RetrievalResult result =
                retriever.retrieve(new RetrievalRequest("erp", "  ", null, null, null, null, null, null));

        assertThat(result).isEqualTo(new RetrievalFailure(ErrorClass.INVALID_REQUEST, "question is required"));
    }

    @Test
    void givenAQuestionOverTheSizeCap_whenRetrieved_thenItIsAnInvalidRequestAndNothingIsEmbedded() {
        String question = "x".repeat(4097);

        RetrievalResult result = retriever.retrieve(RetrievalRequest.of("erp", question));

        assertThat(result)
                .isEqualTo(new RetrievalFailure(
                        ErrorClass.INVALID_REQUEST,
                        "question is 4097 bytes (UTF-8); at most 4096 are accepted (retrieval.question.max-bytes)"));
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void givenAQuestionAtTheSizeCap_whenRetrieved_thenItIsAnswered() {
        String question = QUESTION + " " + "x".repeat(4096 - QUESTION.length() - 1);

        assertThat(retriever.retrieve(RetrievalRequest.of("erp", question)))
                .isInstanceOf(RetrievalResult.Retrieved.class);
    }

    @Test
    void givenMultiByteCharacters_whenSized_thenTheirUtf8BytesCount() {
        String question = "é".repeat(2049); // 2049 characters, 4098 bytes

        assertThat(failureOf(retriever.retrieve(RetrievalRequest.of("erp", question)))
                        .message())
                .startsWith("question is 4098 bytes (UTF-8)");
    }

    @Test
    void givenEvidenceOverTheSizeCap_whenRetrieved_thenItIsAnInvalidRequest() {
        RetrievalResult result =
                retriever.retrieve(RetrievalRequest.of("erp", QUESTION).withEvidence("e".repeat(5000)));

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.INVALID_REQUEST);
        assertThat(failureOf(result).message()).startsWith("evidence is 5000 bytes (UTF-8)");
    }

    @Test
    void givenAQuestionThatRaisesItsOwnSizeCap_whenRetrieved_thenTheServicesCapStillHolds() {
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of("erp", "x".repeat(5000))
                .withSettings(Map.of(RetrievalSettings.QUESTION_MAX_BYTES.key(), "10000")));

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.INVALID_REQUEST);
    }

    @Test
    void givenAServiceWithARaisedSizeCap_whenALongQuestionIsRetrieved_thenItIsAnswered() {
        SchemaRetriever generous = new SchemaRetriever(
                index,
                model,
                RetrievalSettings.defaults().withOverrides(Map.of("RETRIEVAL_QUESTION_MAX_BYTES", "10000")),
                16);

        assertThat(generous.retrieve(RetrievalRequest.of("erp", QUESTION + " " + "x".repeat(5000))))
                .isInstanceOf(RetrievalResult.Retrieved.class);
    }

    @Test
    void givenABadSetting_whenRetrieved_thenTheFailureNamesTheKey() {
        RetrievalResult result = retriever.retrieve(
                RetrievalRequest.of("erp", QUESTION).withSettings(Map.of("retrieval.table.topk", "many")));

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.INVALID_SETTINGS);
        assertThat(failureOf(result).message()).contains("retrieval.table.topk");
    }

    @Test
    void givenAStoreThatCannotLoadTheCatalog_whenRetrieved_thenTheFailureIsAnInfraFailure() {
        index.loadFailure = new IllegalStateException("connection refused");

        RetrievalResult result = retriever.retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(failureOf(result).message()).contains("connection refused");
    }

    @Test
    void givenTheLlmSelectionStep_whenTheModelNamesTables_thenTheOthersRetrievalWasNotSureOfLeaveThePacket() {
        List<String> prompts = new ArrayList<>();
        SchemaRetriever choosing = withChooser((system, user, timeout) -> {
            prompts.add(user);
            return new TableChooser.Reply("{\"tables\": [\"hr.leave_requests\"]}", 120, 9);
        });
        RetrievedContext unchosen = retrieve(RetrievalRequest.of("erp", QUESTION));

        RetrievedContext context =
                choosing.retrieve(RetrievalRequest.of("erp", QUESTION).withSettings(LLM_SELECT))
                                instanceof RetrievalResult.Retrieved retrieved
                        ? retrieved.context()
                        : null;

        assertThat(prompts).singleElement().asString().contains(QUESTION, "hr.leave_requests(", "hr.employees(");
        assertThat(context).isNotNull();
        assertThat(context.tables())
                .extracting(SelectedTable::table)
                .contains(LEAVE_REQUESTS)
                .doesNotContain(EMPLOYEES);
        assertThat(context.packet()).doesNotContain("CREATE TABLE hr.employees (");
        assertThat(context.metadata().metrics())
                .containsEntry(RetrievalMetrics.LLM_SELECT_DROPPED, (double)
                        (unchosen.tables().size() - context.tables().size()))
                .containsEntry(RetrievalMetrics.LLM_SELECT_PROMPT_TOKENS, 120.0)
                .containsEntry(RetrievalMetrics.LLM_SELECT_PROMPT_CL100K, (double)
                        (TokenCounter.count(ModelTableSelection.SYSTEM) + TokenCounter.count(prompts.get(0))))
                .containsKey(RetrievalMetrics.LLM_SELECT_MS);
    }

    @Test
    void givenTheLlmSelectionStep_whenTheModelFails_thenTheSelectionStaysAsRetrievalMadeIt() {
        SchemaRetriever choosing = withChooser((system, user, timeout) -> {
            throw new IllegalStateException("endpoint down");
        });
        RetrievedContext unchosen = retrieve(RetrievalRequest.of("erp", QUESTION));

        RetrievalResult result =
                choosing.retrieve(RetrievalRequest.of("erp", QUESTION).withSettings(LLM_SELECT));

        RetrievedContext context = ((RetrievalResult.Retrieved) result).context();
        assertThat(context.tables()).isEqualTo(unchosen.tables());
        assertThat(context.metadata().metrics()).containsEntry(RetrievalMetrics.LLM_SELECT_FAILED, 1.0);
    }

    @Test
    void givenAChooserButTheStepOff_thenTheModelIsNeverAsked() {
        SchemaRetriever choosing = withChooser((system, user, timeout) -> {
            throw new AssertionError("asked with retrieval.llm.select off");
        });

        RetrievalResult result = choosing.retrieve(RetrievalRequest.of("erp", QUESTION));

        assertThat(((RetrievalResult.Retrieved) result).context().metadata().metrics())
                .doesNotContainKey(RetrievalMetrics.LLM_SELECT_MS);
    }

    private static final Map<String, String> LLM_SELECT = Map.of(RetrievalSettings.LLM_SELECT.key(), "true");

    private SchemaRetriever withChooser(TableChooser chooser) {
        return new SchemaRetriever(
                index, model, RetrievalSettings.defaults(), 16, CatalogLoads.NONE, Optional.of(chooser));
    }

    private RetrievedContext retrieve(RetrievalRequest request) {
        RetrievalResult result = retriever.retrieve(request);
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    private static RetrievalFailure failureOf(RetrievalResult result) {
        assertThat(result).isInstanceOf(RetrievalFailure.class);
        return (RetrievalFailure) result;
    }
}
