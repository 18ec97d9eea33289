package dev.schemarag.stack;

import java.io.Serial;

/** A refusal the registry answers with: HTTP status, Confluent {@code error_code} and a message for the caller. */
final class RegistryError extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final int status;
    private final int errorCode;

    private RegistryError(int status, int errorCode, String message) {
        super(message);
        this.status = status;
        this.errorCode = errorCode;
    }

    static RegistryError subjectNotFound(String subject) {
        return new RegistryError(404, 40401, "Subject '" + subject + "' not found.");
    }

    static RegistryError versionNotFound(String subject, String version) {
        return new RegistryError(404, 40402, "Version " + version + " of subject '" + subject + "' not found.");
    }

    static RegistryError schemaNotFound(String id) {
        return new RegistryError(404, 40403, "Schema " + id + " not found");
    }

    static RegistryError invalidSchema(String reason) {
        return new RegistryError(422, 42201, "Invalid schema: " + reason);
    }

    static RegistryError incompatible(String message) {
        return new RegistryError(409, 409, message);
    }

    static RegistryError notFound(String method, String path) {
        return new RegistryError(404, 404, "HTTP 404 Not Found: no resource for " + method + " " + path);
    }

    static RegistryError methodNotAllowed(String method, String path) {
        return new RegistryError(405, 405, "HTTP 405 Method Not Allowed: " + method + " " + path);
    }

    static RegistryError storeFailure(String reason) {
        return new RegistryError(500, 50001, "Error in the backend data store: " + reason);
    }

    int status() {
        return status;
    }

    int errorCode() {
        return errorCode;
    }
}
