package dev.schemarag.retrieval;

import static dev.schemarag.core.schema.Tables.table;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import java.util.List;

/** A twelve-table ERP catalog over three schemas: hr (4 tables), sales (6), finance (2). */
public final class ErpCatalog {
    public static final TableName DEPARTMENTS = Tables.name("hr.departments");
    public static final TableName EMPLOYEES = Tables.name("hr.employees");
    public static final TableName LEAVE_REQUESTS = Tables.name("hr.leave_requests");
    public static final TableName PAYSLIPS = Tables.name("hr.payslips");
    public static final TableName CUSTOMERS = Tables.name("sales.customers");
    public static final TableName REGIONS = Tables.name("sales.regions");
    public static final TableName ORDERS = Tables.name("sales.orders");
    public static final TableName ORDER_ITEMS = Tables.name("sales.order_items");
    public static final TableName PRODUCTS = Tables.name("sales.products");
    public static final TableName CATEGORIES = Tables.name("sales.categories");
    public static final TableName INVOICES = Tables.name("finance.invoices");
    public static final TableName TAX_CODES = Tables.name("finance.tax_codes");

    public static final List<Table> TABLES = List.of(
            table("hr.departments")
                    .pk("department_id")
                    .column("name", "text")
                    .comment("Company departments")
                    .build(),
            table("hr.employees")
                    .pk("employee_id")
                    .column("full_name", "text")
                    .fk("department_id", "hr.departments", "department_id")
                    .fk("manager_id", "hr.employees", "employee_id")
                    .build(),
            table("hr.leave_requests")
                    .pk("leave_id")
                    .fk("employee_id", "hr.employees", "employee_id")
                    .column("leave_type", "text", false, "vacation, sick or parental")
                    .build(),
            table("hr.payslips")
                    .pk("payslip_id")
                    .fk("employee_id", "hr.employees", "employee_id")
                    .column("amount", "numeric")
                    .build(),
            table("sales.customers")
                    .pk("customer_id")
                    .column("name", "text")
                    .fk("region_id", "sales.regions", "region_id")
                    .build(),
            table("sales.regions").pk("region_id").column("name", "text").build(),
            table("sales.orders")
                    .pk("order_id")
                    .fk("customer_id", "sales.customers", "customer_id")
                    .fk("sales_rep_id", "hr.employees", "employee_id")
                    .column("placed_at", "timestamptz")
                    .build(),
            table("sales.order_items")
                    .pk("item_id")
                    .fk("order_id", "sales.orders", "order_id")
                    .fk("product_id", "sales.products", "product_id")
                    .column("quantity", "int")
                    .build(),
            table("sales.products")
                    .pk("product_id")
                    .column("sku", "text")
                    .fk("category_id", "sales.categories", "category_id")
                    .build(),
            table("sales.categories").pk("category_id").column("label", "text").build(),
            table("finance.invoices")
                    .pk("invoice_id")
                    .fk("order_id", "sales.orders", "order_id")
                    .column("vat_amount", "numeric")
                    .build(),
            table("finance.tax_codes")
                    .column("code", "text")
                    .column("rate", "numeric")
                    .build());

    private ErpCatalog() {}
}
