package dev.schemarag.generation.llm;

import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.core.http.Headers;
import com.openai.core.http.HttpClient;
import com.openai.core.http.HttpRequest;
import com.openai.core.http.HttpRequestBody;
import com.openai.core.http.HttpResponse;
import com.openai.core.http.QueryParams;
import com.openai.errors.OpenAIIoException;
import dev.schemarag.generation.AsyncResults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The openai-java SDK's HTTP transport on the JDK's {@link java.net.http.HttpClient}, which waits for responses on a
 * selector instead of a thread per call: hundreds of model calls can be under way at once. The SDK's own OkHttp
 * transport runs each asynchronous call on a dispatcher thread, and at most 64 of them at once, with no way to raise
 * that. Each call gets the request timeout of its {@link RequestOptions}; a response is read whole (a chat completion
 * is small) before the SDK parses it. A failure to reach the endpoint, or a timeout ({@link
 * java.net.http.HttpTimeoutException}), fails the call with {@link OpenAIIoException}, as the SDK's transports do.
 */
final class JdkHttpTransport implements HttpClient {
    /** Headers the JDK client sets itself and refuses from the caller. */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private final java.net.http.HttpClient client;

    /** @param connectTimeout the longest a new connection may take; a call's own timeout may cut it shorter */
    JdkHttpTransport(Duration connectTimeout) {
        this.client = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .build();
    }

    @Override
    public HttpResponse execute(HttpRequest request, RequestOptions options) {
        return AsyncResults.join(executeAsync(request, options));
    }

    @Override
    public CompletableFuture<HttpResponse> executeAsync(HttpRequest request, RequestOptions options) {
        java.net.http.HttpRequest sent;
        try {
            sent = toJdk(request, options);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new OpenAIIoException("Request failed", e));
        }
        return client.sendAsync(sent, java.net.http.HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, error) -> {
                    if (error == null) return toResponse(response);
                    Throwable cause = AsyncResults.cause(error);
                    if (cause instanceof IOException io) throw new OpenAIIoException("Request failed", io);
                    throw new CompletionException(cause);
                });
    }

    private static java.net.http.HttpRequest toJdk(HttpRequest request, RequestOptions options) throws IOException {
        java.net.http.HttpRequest.Builder builder = java.net.http.HttpRequest.newBuilder(uri(request));
        Headers headers = request.headers();
        for (String name : headers.names()) {
            if (RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) continue;
            for (String value : headers.values(name)) builder.header(name, value);
        }
        Timeout timeout = options.getTimeout();
        if (timeout != null && !timeout.request().isZero()) builder.timeout(timeout.request());
        try (HttpRequestBody body = request.body()) {
            if (body == null) {
                builder.method(request.method().name(), java.net.http.HttpRequest.BodyPublishers.noBody());
            } else {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                body.writeTo(bytes);
                if (body.contentType() != null && headers.values("Content-Type").isEmpty())
                    builder.header("Content-Type", body.contentType());
                builder.method(
                        request.method().name(),
                        java.net.http.HttpRequest.BodyPublishers.ofByteArray(bytes.toByteArray()));
            }
        } catch (RuntimeException e) {
            throw new IOException("the request body could not be written", e);
        }
        return builder.build();
    }

    private static URI uri(HttpRequest request) {
        StringBuilder url = new StringBuilder(request.baseUrl().replaceAll("/+$", ""));
        for (String segment : request.pathSegments()) url.append('/').append(encode(segment));
        QueryParams query = request.queryParams();
        StringJoiner params = new StringJoiner("&", "?", "").setEmptyValue("");
        for (String key : query.keys())
            for (String value : query.values(key)) params.add(encode(key) + "=" + encode(value));
        return URI.create(url.append(params).toString());
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static HttpResponse toResponse(java.net.http.HttpResponse<byte[]> response) {
        Headers.Builder headers = Headers.builder();
        response.headers().map().forEach(headers::put);
        Headers received = headers.build();
        InputStream body = new ByteArrayInputStream(response.body());
        return new HttpResponse() {
            @Override
            public int statusCode() {
                return response.statusCode();
            }

            @Override
            public Headers headers() {
                return received;
            }

            @Override
            public InputStream body() {
                return body;
            }

            @Override
            public void close() {
                // Read whole already: nothing to release.
            }
        };
    }

    @Override
    public void close() {
        // The JDK client's connections close once it is unreachable; Java 17 has no close of its own.
    }
}
