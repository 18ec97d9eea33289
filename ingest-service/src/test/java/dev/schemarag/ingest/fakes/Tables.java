package dev.schemarag.ingest.fakes;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;

/** Small tables for ingest tests: {@code employees} and {@code leave_requests} pointing at it. */
public final class Tables {
    public static final TableName EMPLOYEES = new TableName("public", "employees");
    public static final TableName LEAVE_REQUESTS = new TableName("public", "leave_requests");

    public static Table employees(String nameComment) {
        return new Table(
                EMPLOYEES,
                false,
                "Staff",
                List.of(
                        new Column("employee_id", "bigint", false, null, null),
                        new Column("full_name", "text", false, null, nameComment)),
                List.of("employee_id"),
                List.of(),
                List.of());
    }

    public static Table leaveRequests(String fkName) {
        return new Table(
                LEAVE_REQUESTS,
                false,
                "Leave asked for by employees",
                List.of(
                        new Column("leave_id", "bigint", false, null, null),
                        new Column("employee_id", "bigint", false, null, null),
                        new Column("starts_on", "date", false, null, "First day of leave")),
                List.of("leave_id"),
                List.of(new ForeignKey(fkName, List.of("employee_id"), EMPLOYEES, List.of("employee_id"))),
                List.of());
    }

    public static Table wide(TableName name, int columns) {
        return new Table(
                name,
                false,
                null,
                java.util.stream.IntStream.range(0, columns)
                        .mapToObj(i -> new Column("c" + i, "integer", true, null, null))
                        .toList(),
                List.of(),
                List.of(),
                List.of());
    }

    private Tables() {}
}
