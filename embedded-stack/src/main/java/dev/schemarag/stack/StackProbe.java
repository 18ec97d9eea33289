package dev.schemarag.stack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/** Asks each part of a stack whether it answers, by talking to it the way clients do, with short timeouts. */
final class StackProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private StackProbe() {}

    static StackStatus probe(StackConfig config) {
        return new StackStatus(
                kafkaAnswers(config),
                postgresAnswers(config),
                registryAnswers(config.registryUrl()),
                mariadbAnswers(config));
    }

    static boolean kafkaAnswers(StackConfig config) {
        // A closed port answers fast; only then is an admin client (with its retries and log lines) worth it.
        if (!portOpen(config.kafkaPort())) {
            return false;
        }
        int timeoutMs = (int) TIMEOUT.toMillis();
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                config.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.CLIENT_ID_CONFIG,
                "schemarag-stack-probe"))) {
            return !admin.describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs))
                    .nodes()
                    .get(timeoutMs, TimeUnit.MILLISECONDS)
                    .isEmpty();
        } catch (ExecutionException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static boolean postgresAnswers(StackConfig config) {
        if (!portOpen(config.postgresPort())) {
            return false;
        }
        Properties login = new Properties();
        login.setProperty("user", EmbeddedPostgres.USER);
        login.setProperty("password", EmbeddedPostgres.PASSWORD);
        login.setProperty("connectTimeout", Long.toString(TIMEOUT.toSeconds()));
        login.setProperty("socketTimeout", Long.toString(TIMEOUT.toSeconds()));
        return selectOneAnswers("jdbc:postgresql://127.0.0.1:" + config.postgresPort() + "/postgres", login);
    }

    static boolean mariadbAnswers(StackConfig config) {
        if (!portOpen(config.mariadbPort())) {
            return false;
        }
        Properties login = new Properties();
        login.setProperty("user", EmbeddedMariaDb.USER);
        login.setProperty("password", EmbeddedMariaDb.PASSWORD);
        login.setProperty("connectTimeout", Long.toString(TIMEOUT.toMillis()));
        login.setProperty("socketTimeout", Long.toString(TIMEOUT.toMillis()));
        return selectOneAnswers("jdbc:mariadb://127.0.0.1:" + config.mariadbPort() + "/", login);
    }

    private static boolean selectOneAnswers(String url, Properties login) {
        try (Connection connection = DriverManager.getConnection(url, login);
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT 1")) {
            return result.next() && result.getInt(1) == 1;
        } catch (SQLException e) {
            return false;
        }
    }

    static boolean registryAnswers(String registryUrl) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(registryUrl + "/subjects"))
                .timeout(TIMEOUT)
                .GET()
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static boolean portOpen(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), (int) TIMEOUT.toMillis());
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
