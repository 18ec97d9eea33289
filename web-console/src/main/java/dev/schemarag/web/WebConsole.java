package dev.schemarag.web;

import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.ServerAddresses;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.DeadLetterArchive;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.generation.postgres.VerifiedExampleListing;
import dev.schemarag.retrieval.main.RetrievalMain;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The web console assembled: the event feed over the pipeline's topics, the API routes, and the server that serves
 * them with the page. It is a client of the pipeline like {@code ask} and {@code dlq}; only {@code /api/context} runs
 * retrieval itself, with the retrieval service's own retriever over the store.
 */
public final class WebConsole implements AutoCloseable {
    private final EventFeed feed;
    private final AskClient asker;
    private final WebServer server;
    private final String host;

    public WebConsole(ServiceRuntime runtime, DatabaseRegistry databases) throws IOException {
        host = runtime.settings().get(WebSettings.WEB_HOST);
        String token = runtime.settings().get(AdminSettings.ADMIN_TOKEN);
        feed = new EventFeed(runtime.bootstrapServers(), runtime.security(), new EventRecords(runtime.topics()));
        try {
            asker = new AskClient(runtime.bootstrapServers(), runtime.security(), runtime.topics());
            List<ApiRoute> routes = new ArrayList<>();
            routes.addAll(new QuestionsApi(asker, feed).routes());
            routes.addAll(new DatabasesApi(databases, runtime.store(), feed).routes());
            routes.addAll(new ExamplesApi(databases, new VerifiedExampleListing(runtime.store())).routes());
            routes.addAll(new ContextApi(RetrievalMain.service(runtime).retriever()).routes());
            routes.addAll(new DeadLettersApi(
                            new DeadLetterArchive(runtime.bootstrapServers(), runtime.security(), runtime.topics()),
                            runtime.topics())
                    .routes());
            routes.addAll(new EventStream(feed).routes());
            server = new WebServer(
                    host,
                    runtime.settings().get(WebSettings.WEB_PORT),
                    token,
                    PrincipalTokens.load(runtime.settings().get(AdminSettings.PRINCIPAL_TOKENS_FILE)),
                    HttpAllowList.from(runtime.settings()),
                    feed::running,
                    routes);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The URL a person opens. */
    public String url() {
        return url(host, server.port());
    }

    /** The URL of a console listening on {@code host}:{@code port}; a wildcard address is reached on loopback. */
    public static String url(String host, int port) {
        return ServerAddresses.localUrl(host, port) + "/";
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        if (server != null) server.close();
        if (asker != null) asker.close();
        feed.close();
    }
}
