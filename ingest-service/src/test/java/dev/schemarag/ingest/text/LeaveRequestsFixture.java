package dev.schemarag.ingest.text;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Map;

/** A small table with a PK, a two-column FK, an FK to a differently named column, comments and annotations. */
final class LeaveRequestsFixture {
    static final TableName LEAVE_REQUESTS = new TableName("public", "leave_requests");
    static final TableName EMPLOYEES = new TableName("public", "employees");

    static final Table TABLE = new Table(
            LEAVE_REQUESTS,
            false,
            "Leave asked for by employees",
            List.of(
                    new Column("leave_id", "bigint", false, null, null),
                    new Column("company_id", "bigint", false, null, null),
                    new Column("employee_id", "bigint", false, null, "Who asked for the leave."),
                    new Column("approver_id", "bigint", true, null, null),
                    new Column("status", "text", false, "'pending'", null),
                    new Column("starts_on", "date", false, null, "First day of leave"),
                    new Column("ends_on", "date", false, null, null),
                    new Column("reason", "character varying(200)", true, null, "Free text,\n  as typed."),
                    new Column("created_at", "timestamp with time zone", false, "now()", null)),
            List.of("leave_id"),
            List.of(
                    new ForeignKey(
                            "leave_requests_employee_fk",
                            List.of("company_id", "employee_id"),
                            EMPLOYEES,
                            List.of("company_id", "employee_id")),
                    new ForeignKey(
                            "leave_requests_approver_fk", List.of("approver_id"), EMPLOYEES, List.of("employee_id"))),
            List.of());

    static final Annotations ANNOTATIONS = new Annotations(
            Map.of("leave_requests", "HR"),
            Map.of(
                    "leave_requests",
                    List.of("absences", "time off"),
                    "leave_requests.starts_on",
                    List.of("start date", "first day off")),
            Map.of(
                    "leave_requests",
                    "Approved requests reduce the leave balance.",
                    "leave_requests.starts_on",
                    "Inclusive."));

    private LeaveRequestsFixture() {}
}
