package dev.schemarag.app;

/** The release of SchemaRAG: what {@code --version} prints, the MCP server announces and the AsyncAPI document carries. */
public final class Release {
    public static final String VERSION = "0.1.0";

    private Release() {}
}
