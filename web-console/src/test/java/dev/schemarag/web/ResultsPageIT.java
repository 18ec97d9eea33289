package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.admin.AdminHttp;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.ResultColumn;
import dev.schemarag.events.RetrievalMetadata;
import io.swagger.v3.oas.models.Operation;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The rows of executed answers in the page, in Debian's headless Chromium through its chromedriver (both from
 * /usr/bin: Selenium Manager never runs, nothing is downloaded), as {@code WebConsoleIT} drives it. No pipeline runs:
 * the server is the console's own, with its page and Chart.js from the WebJar, and API routes that answer each question
 * with an outcome made from a {@link QueryResult}, the way the console makes them; the event stream sends a result
 * record decoded by {@link EventRecords}. Screenshots go to {@code target/screenshots/}.
 */
class ResultsPageIT {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final int DEPARTMENTS = 120;

    private static final Map<String, QueryResult> RESULTS = Map.of(
            "Headcount by department",
            result(
                    "c-departments",
                    "SELECT d.name AS department, count(*) AS employees FROM departments d JOIN employees e"
                            + " ON e.department_id = d.id GROUP BY d.name ORDER BY d.name",
                    List.of(column("department", "text", false), column("employees", "int8", false)),
                    departments(),
                    false),
            "Hires per month",
            result(
                    "c-hires",
                    "SELECT date_trunc('month', hired_on)::date AS month, count(*) AS hires FROM employees"
                            + " GROUP BY 1 ORDER BY 1",
                    List.of(column("month", "date", false), column("hires", "int8", false)),
                    List.of(
                            List.of("2026-01-01", "4"),
                            List.of("2026-02-01", "7"),
                            List.of("2026-03-01", "5"),
                            List.of("2026-04-01", "9"),
                            List.of("2026-05-01", "12"),
                            List.of("2026-06-01", "8")),
                    false),
            "Names and emails",
            result(
                    "c-names",
                    "SELECT name, email FROM employees LIMIT 1000",
                    List.of(column("name", "text", false), column("email", "text", true)),
                    List.of(Arrays.asList("Ada, \"the first\"", null), Arrays.asList("Grace", null)),
                    true));

    private static WebServer server;
    private static ChromeDriver browser;
    private static Path downloads;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        downloads = dir;
        server = new WebServer("127.0.0.1", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, routes());
        System.setProperty("webdriver.chrome.driver", "/usr/bin/chromedriver");
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        // Each test loads the page afresh: kept in the back-forward cache, the pages left would hold their event
        // streams open until they took every connection Chromium opens to one host (six).
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--window-size=1280,1000",
                "--disable-features=BackForwardCache");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        browser = new ChromeDriver(
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(new File("/usr/bin/chromedriver"))
                        .usingAnyFreePort()
                        .build(),
                options);
        browser.executeCdpCommand(
                "Browser.setDownloadBehavior", Map.of("behavior", "allow", "downloadPath", downloads.toString()));
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.quit();
        if (server != null) server.close();
    }

    @Test
    void rowsArePagedUnderTheAnswerWithTheirCsvAndABarChartForACategoryAndANumber() throws Exception {
        ask("Headcount by department");

        assertThat(chart()).isEqualTo("bar");
        assertThat(((Number) browser.executeScript(
                                "return Chart.getChart(document.getElementById('rows-chart')).data.labels.length"))
                        .intValue())
                .isEqualTo(DEPARTMENTS);
        screenshot("rows-bar");
        assertThat(text("rows")).contains(DEPARTMENTS + " rows in 5 ms as erp_reader");
        assertThat(cells(0)).containsExactly("Dept 001", "1");
        assertThat(browser.findElements(By.cssSelector("#rows-table tbody tr"))).hasSize(50);
        assertThat(text("rows-page")).isEqualTo("rows 1–50 of " + DEPARTMENTS);
        assertThat(browser.findElement(By.id("rows-prev")).isEnabled()).isFalse();
        WebElement count = browser.findElement(By.cssSelector("#rows-table tbody tr td.num"));
        assertThat(count.getCssValue("text-align")).isEqualTo("right");

        browser.findElement(By.id("rows-next")).click();
        assertThat(text("rows-page")).isEqualTo("rows 51–100 of " + DEPARTMENTS);
        assertThat(cells(0)).containsExactly("Dept 051", "51");
        browser.findElement(By.id("rows-next")).click();
        assertThat(text("rows-page")).isEqualTo("rows 101–120 of " + DEPARTMENTS);
        assertThat(browser.findElements(By.cssSelector("#rows-table tbody tr"))).hasSize(20);
        assertThat(cells(19)).containsExactly("Dept 120", "NULL");
        assertThat(browser.findElement(By.id("rows-next")).isEnabled()).isFalse();
        browser.findElement(By.id("rows-prev")).click();
        assertThat(text("rows-page")).isEqualTo("rows 51–100 of " + DEPARTMENTS);

        StringBuilder csv = new StringBuilder("department,employees\r\n");
        for (List<String> row : departments())
            csv.append(row.get(0))
                    .append(',')
                    .append(row.get(1) == null ? "" : row.get(1))
                    .append("\r\n");
        assertThat(downloaded()).isEqualTo(csv.toString());
        assertThat(browser.findElement(By.id("rows-csv")).getDomAttribute("download"))
                .isEqualTo("c-departments.csv");
        assertThat(severeLogs()).isEmpty();
    }

    @Test
    void aDateAndANumberDrawALine() throws Exception {
        ask("Hires per month");

        assertThat(chart()).isEqualTo("line");
        assertThat(text("rows-page")).isEqualTo("rows 1–6 of 6");
        screenshot("rows-line");
        assertThat(severeLogs()).isEmpty();
    }

    @Test
    void twoTextColumnsDrawNoChartAndMaskedCellsAndTruncationSaySo() throws Exception {
        ask("Headcount by department");
        assertThat(browser.findElements(By.id("rows-chart"))).hasSize(1);

        ask("Names and emails");

        assertThat(browser.findElements(By.id("rows-chart"))).isEmpty();
        assertThat(browser.findElements(By.cssSelector("#rows-table th")).get(1).getText())
                .isEqualTo("email (masked)");
        assertThat(cells(0)).containsExactly("Ada, \"the first\"", "masked");
        assertThat(text("rows")).contains("truncated at the row or byte cap");
        assertThat(downloaded()).isEqualTo("name,email\r\n\"Ada, \"\"the first\"\"\",\r\nGrace,\r\n");
    }

    @Test
    void theChartFollowsTheColumnTypes() {
        open("#ask");
        waitFor(() -> browser.findElements(By.cssSelector("#db option")).size() == 2); // the database, then "any"

        assertThat(chartFor("['text','int4']")).isEqualTo("bar");
        assertThat(chartFor("['varchar','numeric']")).isEqualTo("bar");
        assertThat(chartFor("['timestamptz','text','float8']")).isEqualTo("line");
        assertThat(chartFor("['int4','float8']")).isEqualTo("scatter");
        assertThat(chartFor("['text','text']")).isEqualTo("none");
        assertThat(chartFor("['text']")).isEqualTo("none");
        assertThat(chartFor("['int8']")).isEqualTo("none");
        assertThat(chartFor("['jsonb','int4']")).isEqualTo("none");
        assertThat(browser.executeScript("return JSON.stringify(chartFor(["
                        + "{name:'d',type:'text',masked:false},{name:'secret',type:'int4',masked:true},"
                        + "{name:'n',type:'int8',masked:false}]))"))
                .as("a masked column is never charted")
                .isEqualTo("{\"type\":\"bar\",\"x\":0,\"y\":2}");
    }

    @Test
    void theDashboardFollowsResultsLive() {
        open("#dashboard");

        waitFor(() -> text("outcome-feed").contains("2 rows (5 ms) c-live"));
        assertThat(browser.findElement(By.cssSelector("#outcome-feed li[data-type='result']"))
                        .getDomAttribute("class"))
                .isEqualTo("ok");
    }

    private static void ask(String question) {
        open("#ask");
        waitFor(() -> browser.findElements(By.cssSelector("#db option")).size() == 2); // the database, then "any"
        browser.findElement(By.id("question")).sendKeys(question);
        browser.findElement(By.id("ask-button")).click();
        waitFor(() -> "answered".equals(browser.findElement(By.id("answer")).getDomAttribute("data-status")));
    }

    private static String chartFor(String types) {
        return (String) browser.executeScript("const plan = chartFor(" + types
                + ".map((type, i) => ({ name: 'c' + i, type, masked: false }))); return plan ? plan.type : 'none'");
    }

    /** The kind of chart drawn under the answer, as Chart.js has it. */
    private static String chart() {
        waitFor(() -> (Boolean) browser.executeScript(
                "const c = document.getElementById('rows-chart'); return !!c && !!Chart.getChart(c)"));
        return (String)
                browser.executeScript("return Chart.getChart(document.getElementById('rows-chart')).config.type");
    }

    /** What clicking the CSV link downloads, read from the browser's download folder. */
    private static String downloaded() throws IOException {
        String name = browser.findElement(By.id("rows-csv")).getDomAttribute("download");
        Path file = downloads.resolve(name);
        Files.deleteIfExists(file);
        browser.findElement(By.id("rows-csv")).click();
        waitFor(() -> Files.exists(file) && !Files.exists(downloads.resolve(name + ".crdownload")));
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static List<String> cells(int row) {
        return browser
                .findElements(By.cssSelector("#rows-table tbody tr"))
                .get(row)
                .findElements(By.tagName("td"))
                .stream()
                .map(WebElement::getText)
                .toList();
    }

    private static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    /** Errors in the browser's console: a script error, or a Content-Security-Policy refusal. */
    private static List<String> severeLogs() {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("/api/context")) // no retrieval here: the page hides "Why these tables"
                .toList();
    }

    private static void waitFor(BooleanSupplier condition) {
        new WebDriverWait(browser, WAIT).until(d -> condition.getAsBoolean());
    }

    private static void screenshot(String name) throws Exception {
        Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /** Loads the page afresh on {@code fragment} (the same URL again would only move to the fragment). */
    private static void open(String fragment) {
        browser.get("about:blank");
        browser.get(WebConsole.url("127.0.0.1", server.port()) + fragment);
    }

    /**
     * The API the page calls, answered here: one database; each known question answered with its result as the
     * console's outcome; no retrieval context; an event stream with one result on it, held open.
     */
    private static List<ApiRoute> routes() {
        ObjectMapper json = new ObjectMapper();
        List<ApiRoute> routes = new ArrayList<>();
        routes.add(new ApiRoute(
                "GET",
                "/api/databases",
                stub("databases"),
                (exchange, p) -> AdminHttp.send(
                        exchange, 200, List.of(Map.of("id", "erp", "tables", 2, "catalogVersion", 1, "lastSync", 0)))));
        routes.add(new ApiRoute("POST", "/api/questions", stub("ask"), (exchange, p) -> {
            String question = json.readTree(WebServer.body(exchange, 4096))
                    .path("question")
                    .asText();
            QueryResult result = RESULTS.get(question);
            AdminHttp.send(exchange, 200, OutcomeView.answered(result.getCorrelationId(), result));
        }));
        routes.add(new ApiRoute(
                "GET",
                "/api/context",
                stub("context"),
                (exchange, p) ->
                        AdminHttp.send(exchange, 404, AdminHttp.error("unknown_database", "no retrieval here"))));
        routes.add(new ApiRoute("GET", "/api/events", stub("events"), (exchange, p) -> {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            try {
                out.write(EventStream.frame(liveResult()).getBytes(StandardCharsets.UTF_8));
                while (true) { // held open as the console's stream is, until the page leaves or the server stops
                    out.flush();
                    Thread.sleep(1000);
                    out.write(": heartbeat\n\n".getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException pageLeft) {
                // the browser closed the stream
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
            }
        }));
        return routes;
    }

    private static Operation stub(String id) {
        return OpenApiDocument.operation(id, "test", "answered by this test");
    }

    /** A result record on the results topic, as the console's feed decodes it. */
    private static ConsoleEvent liveResult() {
        Topics topics = new Topics("t.", new InMemorySchemaRegistry());
        QueryResult live = result(
                "c-live",
                "SELECT 1",
                List.of(column("one", "int4", false)),
                List.of(List.of("1"), List.of("1")),
                false);
        byte[] value = topics.results().valueSerde().serializer().serialize("t.results", live);
        return new EventRecords(topics)
                .toEvent(new ConsumerRecord<>("t.results", 0, 0, null, value))
                .orElseThrow();
    }

    private static List<List<String>> departments() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 1; i <= DEPARTMENTS; i++)
            rows.add(Arrays.asList(String.format("Dept %03d", i), i == DEPARTMENTS ? null : String.valueOf(i)));
        return rows;
    }

    private static ResultColumn column(String name, String type, boolean masked) {
        return new ResultColumn(name, type, masked);
    }

    private static QueryResult result(
            String id, String sql, List<ResultColumn> columns, List<List<String>> rows, boolean cut) {
        AnswerValidated answer = AnswerValidated.newBuilder()
                .setQuestionId(id)
                .setCorrelationId(id)
                .setDatabaseId("erp")
                .setQuestion("a question")
                .setSql(sql)
                .setConfidence(0.9)
                .setTablesUsed(List.of("public.employees"))
                .setExecute(true)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(
                        RetrievalMetadata.newBuilder().setStrategy("rag").build())
                .build();
        return QueryResult.newBuilder()
                .setQuestionId(id)
                .setCorrelationId(id)
                .setDatabaseId("erp")
                .setSql(sql)
                .setColumns(columns)
                .setRows(rows)
                .setRowCount(rows.size())
                .setTruncated(cut)
                .setExecutionMs(5L)
                .setExecutedAs("erp_reader")
                .setAnswer(answer)
                .setTimestamp(Instant.EPOCH)
                .build();
    }
}
