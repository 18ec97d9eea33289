-- SchemaRAG demo ERP data: a small, consistent snapshot of Acme Industrial GmbH (mid 2025).
-- Load after schema.sql into a fresh database:  psql -v ON_ERROR_STOP=1 -f schema.sql -f data.sql
-- Keys are explicit so foreign keys are easy to follow; derived amounts (line totals, order and invoice
-- totals, payroll) are computed by SQL from the lines so they always add up.

BEGIN;

-- ----------------------------------------------------------------------------------------------------
-- Core / Admin
-- ----------------------------------------------------------------------------------------------------

INSERT INTO currencies (currency_code, name, symbol, decimal_places, is_active) VALUES
    ('EUR', 'Euro', '€', 2, true),
    ('USD', 'US Dollar', '$', 2, true),
    ('GBP', 'Pound Sterling', '£', 2, true),
    ('CHF', 'Swiss Franc', 'CHF', 2, true),
    ('JPY', 'Japanese Yen', '¥', 0, true);

INSERT INTO countries (country_code, name, currency_code, region) VALUES
    ('DE', 'Germany', 'EUR', 'EMEA'),
    ('FR', 'France', 'EUR', 'EMEA'),
    ('NL', 'Netherlands', 'EUR', 'EMEA'),
    ('GB', 'United Kingdom', 'GBP', 'EMEA'),
    ('CH', 'Switzerland', 'CHF', 'EMEA'),
    ('US', 'United States', 'USD', 'AMER'),
    ('JP', 'Japan', 'JPY', 'APAC');

INSERT INTO addresses (address_id, address_type, line1, line2, city, region, postal_code, country_code) VALUES
    (1,  'postal',   'Friedrichstraße 68', NULL, 'Berlin', 'Berlin', '10117', 'DE'),
    (2,  'site',     'Am Borsigturm 40', NULL, 'Berlin', 'Berlin', '13507', 'DE'),
    (3,  'site',     'Hafenstraße 12', 'Halle 4', 'Hamburg', 'Hamburg', '20457', 'DE'),
    (4,  'site',     '2200 W Fulton St', NULL, 'Chicago', 'IL', '60612', 'US'),
    (5,  'site',     'Am Alten Flughafen 7', NULL, 'Leipzig', 'Sachsen', '04356', 'DE'),
    (6,  'postal',   '1 North Wacker Dr', 'Suite 3100', 'Chicago', 'IL', '60606', 'US'),
    (7,  'home',     'Kastanienallee 21', NULL, 'Berlin', 'Berlin', '10435', 'DE'),
    (8,  'home',     'Bergmannstraße 5', NULL, 'Berlin', 'Berlin', '10961', 'DE'),
    (9,  'home',     'Sonnenallee 112', NULL, 'Berlin', 'Berlin', '12045', 'DE'),
    (10, 'billing',  'Großer Grasbrook 9', NULL, 'Hamburg', 'Hamburg', '20457', 'DE'),
    (11, 'billing',  'Friedrichstraße 134', NULL, 'Berlin', 'Berlin', '10117', 'DE'),
    (12, 'billing',  '14 Rue de Rivoli', NULL, 'Paris', 'Île-de-France', '75004', 'FR'),
    (13, 'billing',  '20 Station Road', NULL, 'Cambridge', 'Cambridgeshire', 'CB1 2JD', 'GB'),
    (14, 'billing',  'Glockseeplatz 1', NULL, 'Hannover', 'Niedersachsen', '30169', 'DE'),
    (15, 'billing',  'Industriestrasse 24', NULL, 'Zug', 'ZG', '6300', 'CH'),
    (16, 'billing',  '1200 Riverside Ave', NULL, 'Jacksonville', 'FL', '32204', 'US'),
    (17, 'billing',  'Keizersgracht 300', NULL, 'Amsterdam', 'Noord-Holland', '1016 EX', 'NL'),
    (18, 'billing',  '2-7-1 Marunouchi', NULL, 'Tokyo', 'Chiyoda', '100-0005', 'JP'),
    (19, 'billing',  'Hansaring 61', NULL, 'Köln', 'Nordrhein-Westfalen', '50670', 'DE'),
    (20, 'billing',  'St.-Martin-Straße 47', NULL, 'München', 'Bayern', '81541', 'DE'),
    (21, 'billing',  '8 Clerkenwell Green', NULL, 'London', 'Greater London', 'EC1R 0DE', 'GB'),
    (22, 'billing',  'Bahnhofstraße 3', NULL, 'Dortmund', 'Nordrhein-Westfalen', '44137', 'DE'),
    (23, 'billing',  '455 Market St', NULL, 'San Francisco', 'CA', '94105', 'US'),
    (24, 'billing',  'Im Neuenheimer Feld 582', NULL, 'Heidelberg', 'Baden-Württemberg', '69120', 'DE'),
    (25, 'shipping', 'Zum Lagerplatz 3', 'Tor 2', 'Hamburg', 'Hamburg', '21129', 'DE'),
    (26, 'shipping', 'Carl-Neuberg-Straße 1', 'Anlieferung Haus K', 'Berlin', 'Berlin', '13353', 'DE'),
    (27, 'postal',   'Hanauer Landstraße 291', NULL, 'Frankfurt am Main', 'Hessen', '60314', 'DE'),
    (28, 'postal',   '3400 Central Expy', NULL, 'Santa Clara', 'CA', '95051', 'US'),
    (29, 'postal',   'De Run 5110', NULL, 'Veldhoven', 'Noord-Brabant', '5503 LT', 'NL'),
    (30, 'postal',   'Werner-von-Siemens-Ring 14', NULL, 'Stuttgart', 'Baden-Württemberg', '70569', 'DE'),
    (31, 'postal',   'Gewerbepark 9', NULL, 'Bielefeld', 'Nordrhein-Westfalen', '33609', 'DE'),
    (32, 'postal',   'Metallstraße 2', NULL, 'Aalen', 'Baden-Württemberg', '73431', 'DE'),
    (33, 'postal',   'Unit 4, Castle Park', NULL, 'Nottingham', 'Nottinghamshire', 'NG7 1FT', 'GB'),
    (34, 'postal',   'Speicherstraße 40', NULL, 'Bremen', 'Bremen', '28217', 'DE');

INSERT INTO companies (company_id, code, name, legal_name, tax_id, base_currency_code, address_id) VALUES
    (1, 'ACME-DE', 'Acme Industrial', 'Acme Industrial GmbH', 'DE298765431', 'EUR', 1),
    (2, 'ACME-US', 'Acme Industrial US', 'Acme Industrial Inc.', '36-4829175', 'USD', 6);

INSERT INTO users (user_id, username, email, full_name, is_active, last_login_at) VALUES
    (1,  'admin',      'it-admin@acme-industrial.example',    'System Administrator', true,  '2025-06-06 08:02:00+02'),
    (2,  'aschmidt',   'anna.schmidt@acme-industrial.example',  'Anna Schmidt',        true,  '2025-06-05 17:40:00+02'),
    (3,  'mweber',     'markus.weber@acme-industrial.example',  'Markus Weber',        true,  '2025-06-06 07:55:00+02'),
    (4,  'jfischer',   'julia.fischer@acme-industrial.example', 'Julia Fischer',       true,  '2025-06-06 08:15:00+02'),
    (5,  'lhoffmann',  'laura.hoffmann@acme-industrial.example','Laura Hoffmann',      true,  '2025-06-04 09:30:00+02'),
    (6,  'sklein',     'sarah.klein@acme-industrial.example',   'Sarah Klein',         true,  '2025-06-06 10:12:00+02'),
    (7,  'dmiller',    'david.miller@acme-industrial.example',  'David Miller',        true,  '2025-06-06 09:01:00+02'),
    (8,  'mbraun',     'michael.braun@acme-industrial.example', 'Michael Braun',       true,  '2025-06-05 06:45:00+02'),
    (9,  'prichter',   'paul.richter@acme-industrial.example',  'Paul Richter',        true,  '2025-06-06 08:20:00+02'),
    (10, 'lwolf',      'lena.wolf@acme-industrial.example',     'Lena Wolf',           true,  '2025-06-06 08:48:00+02'),
    (11, 'cvogel',     'clara.vogel@acme-industrial.example',   'Clara Vogel',         true,  '2025-06-06 07:30:00+02'),
    (12, 'oscott',     'oliver.scott@acme-industrial.example',  'Oliver Scott',        false, '2024-06-28 16:10:00+02');

INSERT INTO roles (role_id, code, name, description) VALUES
    (1, 'ADMIN', 'Administrator', 'Full access including user management.'),
    (2, 'ACCOUNTANT', 'Accountant', 'Posts journals, issues invoices, runs payments.'),
    (3, 'HR_MANAGER', 'HR Manager', 'Maintains employee data and approves payroll.'),
    (4, 'SALES_REP', 'Sales Representative', 'Creates quotes and sales orders for own customers.'),
    (5, 'BUYER', 'Buyer', 'Creates and approves purchase orders.'),
    (6, 'PROJECT_MANAGER', 'Project Manager', 'Plans projects and approves timesheets.'),
    (7, 'WAREHOUSE', 'Warehouse Staff', 'Books goods receipts, shipments and stock adjustments.');

INSERT INTO permissions (permission_id, code, description) VALUES
    (1, 'invoice.view', 'See customer invoices.'),
    (2, 'invoice.approve', 'Issue customer invoices and credit notes.'),
    (3, 'journal.post', 'Post journal entries to the general ledger.'),
    (4, 'payroll.view', 'See payslips of all employees.'),
    (5, 'payroll.approve', 'Approve payroll runs for payment.'),
    (6, 'sales_order.create', 'Create and confirm sales orders.'),
    (7, 'purchase_order.approve', 'Approve purchase orders above the buyer limit.'),
    (8, 'stock.adjust', 'Book inventory adjustments after counts.'),
    (9, 'user.manage', 'Create users and grant roles.');

INSERT INTO user_roles (user_id, role_id, granted_at) VALUES
    (1, 1, '2020-01-01 09:00+01'), (2, 1, '2020-01-01 09:00+01'), (3, 2, '2020-01-01 09:00+01'),
    (4, 2, '2020-01-01 09:00+01'), (5, 3, '2020-01-01 09:00+01'), (6, 4, '2020-01-01 09:00+01'),
    (7, 4, '2020-01-01 09:00+01'), (8, 7, '2020-01-01 09:00+01'), (9, 5, '2020-01-01 09:00+01'),
    (10, 6, '2020-01-01 09:00+01'), (11, 1, '2021-01-04 09:00+01'), (12, 4, '2019-03-01 09:00+01');

INSERT INTO role_permissions (role_id, permission_id) VALUES
    (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9),
    (2, 1), (2, 2), (2, 3),
    (3, 4), (3, 5),
    (4, 1), (4, 6),
    (5, 7),
    (6, 1),
    (7, 8);

INSERT INTO units_of_measure (uom_code, name, category) VALUES
    ('EA', 'Each', 'count'),
    ('BOX', 'Box', 'count'),
    ('H', 'Hour', 'time'),
    ('KG', 'Kilogram', 'weight'),
    ('M', 'Metre', 'length'),
    ('L', 'Litre', 'volume');

INSERT INTO exchange_rates (from_currency_code, to_currency_code, rate_date, rate, source) VALUES
    ('EUR', 'USD', '2024-06-28', 1.07050000, 'ECB'),
    ('EUR', 'GBP', '2024-06-28', 0.84638000, 'ECB'),
    ('EUR', 'CHF', '2024-06-28', 0.96340000, 'ECB'),
    ('EUR', 'USD', '2024-12-31', 1.03890000, 'ECB'),
    ('EUR', 'GBP', '2024-12-31', 0.82918000, 'ECB'),
    ('EUR', 'CHF', '2024-12-31', 0.94120000, 'ECB'),
    ('EUR', 'USD', '2025-03-31', 1.08150000, 'ECB'),
    ('EUR', 'GBP', '2025-03-31', 0.83536000, 'ECB'),
    ('EUR', 'CHF', '2025-03-31', 0.95310000, 'ECB'),
    ('EUR', 'USD', '2025-05-30', 1.13440000, 'ECB'),
    ('EUR', 'GBP', '2025-05-30', 0.84293000, 'ECB'),
    ('EUR', 'CHF', '2025-05-30', 0.93490000, 'ECB'),
    ('EUR', 'JPY', '2025-05-30', 163.20000000, 'ECB');

-- ----------------------------------------------------------------------------------------------------
-- Finance master data
-- ----------------------------------------------------------------------------------------------------

INSERT INTO fiscal_years (fiscal_year_id, company_id, year_label, start_date, end_date, status) VALUES
    (1, 1, 'FY2024', '2024-01-01', '2024-12-31', 'closed'),
    (2, 1, 'FY2025', '2025-01-01', '2025-12-31', 'open'),
    (3, 2, 'FY2025', '2025-01-01', '2025-12-31', 'open');

-- Periods 1-12 of each fiscal year: ids 1-12 (FY2024), 13-24 (FY2025), 25-36 (ACME-US FY2025).
-- FY2025 is closed up to April, May is soft-closed for accruals, June onwards is open.
INSERT INTO fiscal_periods (fiscal_period_id, fiscal_year_id, period_number, start_date, end_date, status)
SELECT (fy.fiscal_year_id - 1) * 12 + m,
       fy.fiscal_year_id,
       m,
       (fy.start_date + (m - 1) * interval '1 month')::date,
       (fy.start_date + m * interval '1 month' - interval '1 day')::date,
       CASE WHEN fy.status = 'closed' OR m <= 4 THEN 'closed' WHEN m = 5 THEN 'soft_closed' ELSE 'open' END
FROM fiscal_years fy
CROSS JOIN generate_series(1, 12) AS m;

INSERT INTO gl_accounts (gl_account_id, company_id, account_number, name, account_type, parent_account_id, is_postable, currency_code, description) VALUES
    (1,  1, '1000', 'Assets', 'asset', NULL, false, NULL, 'Header for all asset accounts.'),
    (2,  1, '1100', 'Bank - Deutsche Bank EUR', 'asset', 1, true, 'EUR', 'Main operating account.'),
    (3,  1, '1110', 'Bank - Citibank USD', 'asset', 1, true, 'USD', 'Receipts from US customers.'),
    (4,  1, '1120', 'Bank - HSBC GBP', 'asset', 1, true, 'GBP', 'Receipts from UK customers.'),
    (5,  1, '1130', 'Bank - UBS CHF', 'asset', 1, true, 'CHF', 'Receipts from Swiss customers.'),
    (6,  1, '1200', 'Accounts Receivable', 'asset', 1, true, NULL, 'Open customer invoices (AR control account).'),
    (7,  1, '1300', 'Inventory', 'asset', 1, true, NULL, 'Stock valued at standard cost.'),
    (8,  1, '1400', 'Input VAT', 'asset', 1, true, NULL, 'VAT paid to suppliers, reclaimable.'),
    (9,  1, '1500', 'Machinery and Equipment', 'asset', 1, true, NULL, 'Production machines at cost.'),
    (10, 1, '2000', 'Liabilities', 'liability', NULL, false, NULL, 'Header for all liability accounts.'),
    (11, 1, '2100', 'Accounts Payable', 'liability', 10, true, NULL, 'Open supplier invoices (AP control account).'),
    (12, 1, '2300', 'Output VAT', 'liability', 10, true, NULL, 'VAT charged to customers, owed to the tax office.'),
    (13, 1, '2400', 'Payroll Liabilities', 'liability', 10, true, NULL, 'Net wages, wage tax and social security not yet paid.'),
    (14, 1, '3000', 'Equity', 'equity', NULL, false, NULL, 'Header for equity accounts.'),
    (15, 1, '3100', 'Share Capital', 'equity', 14, true, NULL, NULL),
    (16, 1, '3200', 'Retained Earnings', 'equity', 14, true, NULL, NULL),
    (17, 1, '4000', 'Revenue', 'revenue', NULL, false, NULL, 'Header for revenue accounts.'),
    (18, 1, '4100', 'Product Sales', 'revenue', 17, true, NULL, 'Revenue from hardware and furniture sales.'),
    (19, 1, '4200', 'Service Revenue', 'revenue', 17, true, NULL, 'Revenue from installation, support and consulting.'),
    (20, 1, '5000', 'Cost of Goods Sold', 'expense', NULL, true, NULL, 'Standard cost of products shipped.'),
    (21, 1, '6000', 'Operating Expenses', 'expense', NULL, false, NULL, 'Header for operating expenses.'),
    (22, 1, '6100', 'Salaries and Wages', 'expense', 21, true, NULL, 'Gross pay of employees.'),
    (23, 1, '6200', 'Rent and Facilities', 'expense', 21, true, NULL, NULL),
    (24, 1, '6300', 'Travel Expenses', 'expense', 21, true, NULL, 'Reimbursed employee travel.'),
    (25, 1, '6400', 'Marketing', 'expense', 21, true, NULL, 'Campaigns, fairs and advertising.'),
    (26, 1, '6500', 'IT and Software', 'expense', 21, true, NULL, NULL),
    (27, 1, '7000', 'Freight Out', 'expense', 21, true, NULL, 'Carrier costs for customer deliveries.');

INSERT INTO cost_centers (cost_center_id, company_id, code, name) VALUES
    (1, 1, 'CC-100', 'Executive Management'),
    (2, 1, 'CC-200', 'Finance & Accounting'),
    (3, 1, 'CC-300', 'Human Resources'),
    (4, 1, 'CC-400', 'Sales'),
    (5, 1, 'CC-500', 'Operations & Logistics'),
    (6, 1, 'CC-600', 'Procurement'),
    (7, 1, 'CC-700', 'Engineering & Projects'),
    (8, 1, 'CC-800', 'Manufacturing'),
    (9, 1, 'CC-900', 'Information Technology');

INSERT INTO tax_rates (tax_rate_id, code, name, country_code, rate_percent, valid_from, valid_to) VALUES
    (1, 'DE19', 'Germany VAT standard', 'DE', 19.00, '2007-01-01', NULL),
    (2, 'DE7', 'Germany VAT reduced', 'DE', 7.00, '2007-01-01', NULL),
    (3, 'EU-RC', 'EU reverse charge (0 %)', 'DE', 0.00, '2010-01-01', NULL),
    (4, 'EXPORT', 'Export outside the EU (0 %)', 'DE', 0.00, '2010-01-01', NULL),
    (5, 'FR20', 'France TVA normale', 'FR', 20.00, '2014-01-01', NULL),
    (6, 'GB20', 'UK VAT standard', 'GB', 20.00, '2011-01-04', NULL),
    (7, 'CH81', 'Swiss MWST normal', 'CH', 8.10, '2024-01-01', NULL),
    (8, 'CH77', 'Swiss MWST normal (old)', 'CH', 7.70, '2018-01-01', '2023-12-31');

INSERT INTO payment_terms (payment_terms_id, code, description, due_days, discount_days, discount_percent) VALUES
    (1, 'NET30', 'Net 30 days', 30, NULL, NULL),
    (2, 'NET14', 'Net 14 days', 14, NULL, NULL),
    (3, 'NET60', 'Net 60 days (public sector)', 60, NULL, NULL),
    (4, '2/10NET30', '2 % discount within 10 days, net 30 days', 30, 10, 2.00),
    (5, 'PREPAID', 'Payment in advance', 0, NULL, NULL);

INSERT INTO bank_accounts (bank_account_id, company_id, name, bank_name, iban, bic, currency_code, gl_account_id) VALUES
    (1, 1, 'Operating EUR', 'Deutsche Bank AG', 'DE89370400440532013000', 'DEUTDEDBBER', 'EUR', 2),
    (2, 1, 'Receipts USD', 'Citibank Europe plc', 'DE27502109000400123456', 'CITIDEFFXXX', 'USD', 3),
    (3, 1, 'Receipts GBP', 'HSBC UK Bank plc', 'GB29HBUK40127612345678', 'HBUKGB4B', 'GBP', 4),
    (4, 1, 'Receipts CHF', 'UBS Switzerland AG', 'CH9300762011623852957', 'UBSWCHZH80A', 'CHF', 5);

-- ----------------------------------------------------------------------------------------------------
-- HR
-- ----------------------------------------------------------------------------------------------------

-- Department heads are set after the employees exist (departments and employees reference each other).
INSERT INTO departments (department_id, company_id, code, name, parent_department_id, cost_center_id, location) VALUES
    (1, 1, 'EXEC',  'Executive Management',      NULL, 1, 'Berlin HQ'),
    (2, 1, 'FIN',   'Finance & Accounting',      1,    2, 'Berlin HQ'),
    (3, 1, 'HR',    'Human Resources',           1,    3, 'Berlin HQ'),
    (4, 1, 'SALES', 'Sales',                     1,    4, 'Berlin HQ'),
    (5, 1, 'OPS',   'Operations & Logistics',    1,    5, 'Berlin Borsigturm'),
    (6, 1, 'PROC',  'Procurement',               5,    6, 'Berlin Borsigturm'),
    (7, 1, 'ENG',   'Engineering & Projects',    1,    7, 'Berlin HQ'),
    (8, 1, 'MFG',   'Manufacturing',             5,    8, 'Leipzig Plant'),
    (9, 1, 'IT',    'Information Technology',    2,    9, 'Berlin HQ');

INSERT INTO job_positions (position_id, code, title, department_id, grade, min_salary, max_salary, is_open) VALUES
    (1,  'CEO',  'Chief Executive Officer',     1, 'G9', 160000, 220000, false),
    (2,  'CFO',  'Chief Financial Officer',     2, 'G8', 130000, 170000, false),
    (3,  'SACC', 'Senior Accountant',           2, 'G5', 58000,  75000,  false),
    (4,  'HRM',  'HR Manager',                  3, 'G6', 78000,  98000,  false),
    (5,  'HRG',  'HR Generalist',               3, 'G4', 45000,  58000,  false),
    (6,  'SDIR', 'Sales Director',              4, 'G7', 110000, 140000, false),
    (7,  'AE',   'Account Executive',           4, 'G5', 60000,  80000,  true),
    (8,  'OPM',  'Operations Manager',          5, 'G6', 82000,  100000, false),
    (9,  'WHC',  'Warehouse Clerk',             5, 'G2', 34000,  42000,  false),
    (10, 'BUY',  'Buyer',                       6, 'G4', 52000,  66000,  false),
    (11, 'PM',   'Project Manager',             7, 'G6', 78000,  95000,  false),
    (12, 'SWE',  'Software Engineer',           7, 'G5', 62000,  85000,  false),
    (13, 'PLM',  'Plant Manager',               8, 'G6', 85000,  105000, false),
    (14, 'TECH', 'Production Technician',       8, 'G3', 40000,  50000,  false),
    (15, 'ITA',  'IT Administrator',            9, 'G4', 52000,  66000,  false),
    (16, 'DA',   'Data Analyst',                9, 'G4', 55000,  70000,  true);

INSERT INTO employees (employee_id, company_id, employee_number, first_name, last_name, email, phone, birth_date, hire_date,
                       termination_date, department_id, position_id, manager_id, employment_type, status, base_salary,
                       currency_code, home_address_id, user_id) VALUES
    (1,  1, 'E1001', 'Anna',    'Schmidt',     'anna.schmidt@acme-industrial.example',     '+49 30 5550 1001', '1972-04-18', '2015-03-01', NULL,         1, 1,  NULL, 'full_time',  'active',     185000, 'EUR', 7,    2),
    (2,  1, 'E1002', 'Markus',  'Weber',       'markus.weber@acme-industrial.example',     '+49 30 5550 1002', '1976-09-02', '2016-01-15', NULL,         2, 2,  1,    'full_time',  'active',     150000, 'EUR', 8,    3),
    (3,  1, 'E1003', 'Julia',   'Fischer',     'julia.fischer@acme-industrial.example',    '+49 30 5550 1003', '1988-12-11', '2018-06-01', NULL,         2, 3,  2,    'full_time',  'active',     68000,  'EUR', 9,    4),
    (4,  1, 'E1004', 'Thomas',  'Becker',      'thomas.becker@acme-industrial.example',    '+49 30 5550 1004', '1991-07-23', '2021-09-01', NULL,         2, 3,  2,    'full_time',  'active',     62000,  'EUR', NULL, NULL),
    (5,  1, 'E1005', 'Laura',   'Hoffmann',    'laura.hoffmann@acme-industrial.example',   '+49 30 5550 1005', '1983-03-30', '2017-04-01', NULL,         3, 4,  1,    'full_time',  'active',     90000,  'EUR', NULL, 5),
    (6,  1, 'E1006', 'Felix',   'Wagner',      'felix.wagner@acme-industrial.example',     '+49 30 5550 1006', '1995-01-14', '2022-02-01', NULL,         3, 5,  5,    'part_time',  'active',     28000,  'EUR', NULL, NULL),
    (7,  1, 'E1007', 'Sarah',   'Klein',       'sarah.klein@acme-industrial.example',      '+49 30 5550 1007', '1980-06-05', '2016-09-01', NULL,         4, 6,  1,    'full_time',  'active',     130000, 'EUR', NULL, 6),
    (8,  1, 'E1008', 'David',   'Miller',      'david.miller@acme-industrial.example',     '+49 30 5550 1008', '1987-10-19', '2019-05-15', NULL,         4, 7,  7,    'full_time',  'active',     72000,  'EUR', NULL, 7),
    (9,  1, 'E1009', 'Sophie',  'Martin',      'sophie.martin@acme-industrial.example',    '+49 30 5550 1009', '1990-02-27', '2020-11-01', NULL,         4, 7,  7,    'full_time',  'active',     70000,  'EUR', NULL, NULL),
    (10, 1, 'E1010', 'Jonas',   'Schulz',      'jonas.schulz@acme-industrial.example',     '+49 30 5550 1010', '1996-08-08', '2023-03-01', NULL,         4, 7,  7,    'full_time',  'active',     65000,  'EUR', NULL, NULL),
    (11, 1, 'E1011', 'Michael', 'Braun',       'michael.braun@acme-industrial.example',    '+49 30 5550 1011', '1979-11-03', '2017-08-01', NULL,         5, 8,  1,    'full_time',  'active',     95000,  'EUR', NULL, 8),
    (12, 1, 'E1012', 'Lukas',   'Zimmermann',  'lukas.zimmermann@acme-industrial.example', '+49 30 5550 1012', '1993-05-16', '2019-01-07', NULL,         5, 9,  11,   'full_time',  'active',     38000,  'EUR', NULL, NULL),
    (13, 1, 'E1013', 'Emma',    'Koch',        'emma.koch@acme-industrial.example',        '+49 30 5550 1013', '1998-09-25', '2021-04-12', NULL,         5, 9,  11,   'full_time',  'active',     37000,  'EUR', NULL, NULL),
    (14, 1, 'E1014', 'Paul',    'Richter',     'paul.richter@acme-industrial.example',     '+49 30 5550 1014', '1985-12-01', '2018-10-01', NULL,         6, 10, 11,   'full_time',  'active',     60000,  'EUR', NULL, 9),
    (15, 1, 'E1015', 'Lena',    'Wolf',        'lena.wolf@acme-industrial.example',        '+49 30 5550 1015', '1986-04-09', '2018-02-01', NULL,         7, 11, 1,    'full_time',  'active',     88000,  'EUR', NULL, 10),
    (16, 1, 'E1016', 'Jan',     'Neumann',     'jan.neumann@acme-industrial.example',      '+49 30 5550 1016', '1992-03-12', '2020-07-01', NULL,         7, 12, 15,   'full_time',  'active',     75000,  'EUR', NULL, NULL),
    (17, 1, 'E1017', 'Mia',     'Schwarz',     'mia.schwarz@acme-industrial.example',      '+49 30 5550 1017', '1994-07-30', '2022-09-01', NULL,         7, 12, 15,   'full_time',  'on_leave',   70000,  'EUR', NULL, NULL),
    (18, 1, 'E1018', 'Tim',     'Krüger',      'tim.krueger@acme-industrial.example',      '+49 341 5550 1018', '1978-01-21', '2016-05-01', NULL,        8, 13, 1,    'full_time',  'active',     98000,  'EUR', NULL, NULL),
    (19, 1, 'E1019', 'Nina',    'Hartmann',    'nina.hartmann@acme-industrial.example',    '+49 341 5550 1019', '1990-10-10', '2019-09-01', NULL,        8, 14, 18,   'full_time',  'active',     45000,  'EUR', NULL, NULL),
    (20, 1, 'E1020', 'Ben',     'Lange',       'ben.lange@acme-industrial.example',        '+49 341 5550 1020', '1989-06-17', '2020-03-01', NULL,        8, 14, 18,   'contractor', 'active',     44000,  'EUR', NULL, NULL),
    (21, 1, 'E1021', 'Clara',   'Vogel',       'clara.vogel@acme-industrial.example',      '+49 30 5550 1021', '1993-02-02', '2021-01-01', NULL,         9, 15, 2,    'full_time',  'active',     60000,  'EUR', NULL, 11),
    (22, 1, 'E1022', 'Oliver',  'Scott',       'oliver.scott@acme-industrial.example',     '+49 30 5550 1022', '1984-11-29', '2019-03-01', '2024-06-30', 4, 7,  7,    'full_time',  'terminated', 68000,  'EUR', NULL, 12),
    (23, 1, 'E1023', 'Lea',     'Baumann',     'lea.baumann@acme-industrial.example',      '+49 30 5550 1023', '2002-05-05', '2025-04-01', NULL,         2, NULL, 3,  'intern',     'active',     18000,  'EUR', NULL, NULL);

UPDATE departments d
SET manager_employee_id = m.employee_id
FROM (VALUES (1, 1), (2, 2), (3, 5), (4, 7), (5, 11), (6, 14), (7, 15), (8, 18), (9, 21)) AS m (department_id, employee_id)
WHERE d.department_id = m.department_id;

-- One contract per employee mirroring the current terms, plus a salary amendment for Julia Fischer.
INSERT INTO employee_contracts (employee_id, contract_type, start_date, end_date, weekly_hours, annual_salary, currency_code, probation_months, notes)
SELECT e.employee_id,
       CASE e.employment_type WHEN 'contractor' THEN 'freelance' WHEN 'intern' THEN 'internship' ELSE 'permanent' END,
       e.hire_date,
       CASE e.employment_type WHEN 'intern' THEN (e.hire_date + interval '6 months' - interval '1 day')::date ELSE e.termination_date END,
       CASE e.employment_type WHEN 'part_time' THEN 20.0 ELSE 40.0 END,
       e.base_salary,
       e.currency_code,
       CASE e.employment_type WHEN 'full_time' THEN 6 ELSE 0 END,
       NULL
FROM employees e
ORDER BY e.employee_id;
UPDATE employee_contracts SET annual_salary = 61000, end_date = '2023-12-31' WHERE employee_id = 3;
INSERT INTO employee_contracts (employee_id, contract_type, start_date, end_date, weekly_hours, annual_salary, currency_code, probation_months, notes) VALUES
    (3, 'permanent', '2024-01-01', NULL, 40.0, 68000, 'EUR', 0, 'Promotion to Senior Accountant, salary raised from 61,000 to 68,000 EUR.');

INSERT INTO leave_types (leave_type_id, code, name, is_paid, annual_allowance) VALUES
    (1, 'VAC', 'Annual vacation', true, 30.0),
    (2, 'SICK', 'Sick leave', true, NULL),
    (3, 'PARENT', 'Parental leave', false, NULL),
    (4, 'UNPAID', 'Unpaid leave', false, NULL),
    (5, 'TRAIN', 'Educational leave', true, 5.0);

INSERT INTO leave_requests (leave_request_id, employee_id, leave_type_id, start_date, end_date, days_requested, status, approver_id, reason, requested_at, decided_at) VALUES
    (1,  3,  1, '2025-03-17', '2025-03-21', 5.0,  'approved',  2,  'Family trip',                 '2025-02-10 09:12+01', '2025-02-11 14:00+01'),
    (2,  8,  1, '2025-04-14', '2025-04-25', 10.0, 'approved',  7,  'Easter holidays',             '2025-02-28 11:40+01', '2025-03-03 08:30+01'),
    (3,  12, 2, '2025-02-03', '2025-02-05', 3.0,  'approved',  11, 'Flu',                         '2025-02-03 07:05+01', '2025-02-03 09:00+01'),
    (4,  17, 3, '2025-03-01', '2025-08-31', 130.0,'approved',  15, 'Parental leave after birth',  '2024-12-15 10:00+01', '2024-12-16 10:00+01'),
    (5,  16, 1, '2025-07-07', '2025-07-25', 15.0, 'pending',   15, 'Summer vacation',             '2025-06-02 16:20+02', NULL),
    (6,  9,  1, '2025-06-23', '2025-06-27', 5.0,  'approved',  7,  NULL,                          '2025-05-20 13:00+02', '2025-05-21 09:15+02'),
    (7,  13, 1, '2025-05-26', '2025-05-30', 5.0,  'rejected',  11, 'Inventory count week',        '2025-05-02 08:00+02', '2025-05-05 10:30+02'),
    (8,  4,  5, '2025-05-12', '2025-05-13', 2.0,  'approved',  2,  'IFRS update seminar',         '2025-04-10 12:00+02', '2025-04-10 15:00+02'),
    (9,  19, 2, '2025-05-19', '2025-05-20', 2.0,  'approved',  18, NULL,                          '2025-05-19 06:30+02', '2025-05-19 08:00+02'),
    (10, 21, 1, '2025-08-04', '2025-08-15', 10.0, 'pending',   2,  'Summer vacation',             '2025-06-04 09:45+02', NULL),
    (11, 10, 1, '2025-01-02', '2025-01-03', 2.0,  'approved',  7,  'Bridge days',                 '2024-12-02 10:10+01', '2024-12-02 17:00+01'),
    (12, 6,  4, '2025-09-01', '2025-09-30', 20.0, 'cancelled', 5,  'Sabbatical month',            '2025-03-01 10:00+01', NULL);

-- Vacation balances 2025 for everybody still employed; taken days come from approved requests.
INSERT INTO leave_balances (employee_id, leave_type_id, year, entitled_days, taken_days, carried_over)
SELECT e.employee_id, 1, 2025,
       CASE e.employment_type WHEN 'part_time' THEN 15.0 WHEN 'intern' THEN 10.0 ELSE 30.0 END,
       COALESCE((SELECT sum(r.days_requested) FROM leave_requests r
                 WHERE r.employee_id = e.employee_id AND r.leave_type_id = 1 AND r.status = 'approved'
                   AND r.start_date < '2025-06-06'), 0),
       CASE WHEN e.employee_id IN (3, 8, 11) THEN 3.0 ELSE 0 END
FROM employees e
WHERE e.status <> 'terminated';

INSERT INTO attendance_records (employee_id, work_date, clock_in, clock_out, hours_worked, source) VALUES
    (12, '2025-06-02', '2025-06-02 06:58+02', '2025-06-02 15:32+02', 8.00, 'terminal'),
    (12, '2025-06-03', '2025-06-03 07:01+02', '2025-06-03 15:30+02', 8.00, 'terminal'),
    (12, '2025-06-04', '2025-06-04 06:55+02', '2025-06-04 16:40+02', 9.25, 'terminal'),
    (13, '2025-06-02', '2025-06-02 07:30+02', '2025-06-02 16:00+02', 8.00, 'terminal'),
    (13, '2025-06-03', '2025-06-03 07:28+02', '2025-06-03 16:05+02', 8.00, 'terminal'),
    (13, '2025-06-04', '2025-06-04 07:35+02', '2025-06-04 16:00+02', 7.95, 'manual'),
    (19, '2025-06-02', '2025-06-02 05:57+02', '2025-06-02 14:30+02', 8.00, 'terminal'),
    (19, '2025-06-03', '2025-06-03 05:59+02', '2025-06-03 14:31+02', 8.00, 'terminal'),
    (20, '2025-06-02', '2025-06-02 13:55+02', '2025-06-02 22:30+02', 8.00, 'terminal'),
    (20, '2025-06-03', '2025-06-03 13:58+02', '2025-06-03 22:35+02', 8.10, 'terminal'),
    (16, '2025-06-02', '2025-06-02 09:10+02', '2025-06-02 18:05+02', 8.40, 'web'),
    (16, '2025-06-03', '2025-06-03 08:50+02', '2025-06-03 17:20+02', 8.00, 'web');

-- April 2025 is paid, May 2025 approved. Payslips: 1/12 of the annual salary, flat-rate deductions.
INSERT INTO payroll_runs (payroll_run_id, company_id, period_start, period_end, pay_date, status, currency_code, created_at) VALUES
    (1, 1, '2025-04-01', '2025-04-30', '2025-04-28', 'paid',     'EUR', '2025-04-22 10:00+02'),
    (2, 1, '2025-05-01', '2025-05-31', '2025-05-28', 'approved', 'EUR', '2025-05-21 10:00+02');

INSERT INTO payslips (payroll_run_id, employee_id, gross_pay, tax_withheld, social_security, net_pay, currency_code)
SELECT r.payroll_run_id, e.employee_id, g.gross, g.tax, g.social, g.gross - g.tax - g.social, e.currency_code
FROM payroll_runs r
JOIN employees e ON e.hire_date <= r.period_end
                AND (e.termination_date IS NULL OR e.termination_date >= r.period_start)
                AND e.employment_type <> 'contractor'
CROSS JOIN LATERAL (
    SELECT round(e.base_salary / 12, 2)                   AS gross,
           round(e.base_salary / 12 * 0.24, 2)            AS tax,
           round(e.base_salary / 12 * 0.20, 2)            AS social
) g
ORDER BY r.payroll_run_id, e.employee_id;

INSERT INTO payslip_lines (payslip_id, line_number, component, description, amount)
SELECT p.payslip_id, l.line_number, l.component, l.description, l.amount
FROM payslips p
CROSS JOIN LATERAL (VALUES
    (1::smallint, 'base_salary',     'Monthly base salary',                 p.gross_pay),
    (2::smallint, 'tax',             'Wage tax and solidarity surcharge',   -p.tax_withheld),
    (3::smallint, 'social_security', 'Pension, health, unemployment',       -p.social_security)
) AS l (line_number, component, description, amount);

UPDATE payroll_runs r
SET total_gross = s.gross, total_net = s.net
FROM (SELECT payroll_run_id, sum(gross_pay) AS gross, sum(net_pay) AS net FROM payslips GROUP BY payroll_run_id) s
WHERE s.payroll_run_id = r.payroll_run_id;

INSERT INTO benefit_plans (benefit_plan_id, code, name, benefit_type, monthly_cost, currency_code) VALUES
    (1, 'BAV', 'Company pension top-up', 'pension', 150.00, 'EUR'),
    (2, 'CAR', 'Company car', 'car', 650.00, 'EUR'),
    (3, 'MEAL', 'Meal vouchers', 'meal', 108.00, 'EUR'),
    (4, 'GYM', 'Urban Sports membership', 'gym', 45.00, 'EUR');

INSERT INTO employee_benefits (employee_id, benefit_plan_id, enrolled_on, ended_on) VALUES
    (1, 1, '2015-03-01', NULL), (1, 2, '2015-03-01', NULL), (2, 1, '2016-01-15', NULL), (2, 2, '2016-01-15', NULL),
    (7, 2, '2017-01-01', NULL), (8, 3, '2019-05-15', NULL), (9, 4, '2021-01-01', NULL), (11, 1, '2018-01-01', NULL),
    (15, 4, '2019-03-01', NULL), (16, 3, '2020-07-01', NULL), (22, 3, '2019-03-01', '2024-06-30'), (19, 3, '2019-09-01', NULL);

INSERT INTO performance_reviews (employee_id, reviewer_id, review_year, rating, status, summary, completed_at) VALUES
    (2,  1,  2024, 5, 'completed', 'Led a clean FY2024 audit and the move to monthly fast close.',         '2025-01-20 10:00+01'),
    (3,  2,  2024, 4, 'completed', 'Reliable month-end close; ready to own the AR process.',               '2025-01-22 11:00+01'),
    (4,  2,  2024, 3, 'completed', 'Solid performance; needs to improve reconciliation turnaround.',       '2025-01-22 14:00+01'),
    (8,  7,  2024, 5, 'completed', 'Exceeded quota by 18 %; won Stadtwerke Hannover.',                    '2025-01-28 09:30+01'),
    (9,  7,  2024, 4, 'completed', 'Strong growth in France and Benelux.',                                '2025-01-28 11:00+01'),
    (10, 7,  2024, 3, 'completed', 'First full year; pipeline building on track.',                        '2025-01-29 10:00+01'),
    (12, 11, 2024, 4, 'completed', 'Accurate picking, trained two new colleagues.',                       '2025-02-03 08:00+01'),
    (16, 15, 2024, 4, 'completed', 'Delivered the Stadtwerke data center migration on time.',             '2025-02-05 13:00+01'),
    (19, 18, 2024, 2, 'completed', 'Scrap rate on SMT line above target; improvement plan agreed.',       '2025-02-10 09:00+01'),
    (14, 11, 2024, NULL, 'in_progress', NULL,                                                              NULL),
    (21, 2,  2024, NULL, 'scheduled',   NULL,                                                              NULL);

INSERT INTO training_courses (course_id, code, title, provider, duration_hours, cost, currency_code, is_mandatory) VALUES
    (1, 'GDPR-101', 'Data protection basics (GDPR)', 'Internal', 2.0, 0, 'EUR', true),
    (2, 'FORK-01', 'Forklift licence', 'DEKRA Akademie', 16.0, 420.00, 'EUR', false),
    (3, 'IFRS-UPD', 'IFRS update 2025', 'Haufe Akademie', 14.0, 890.00, 'EUR', false),
    (4, 'NEG-ADV', 'Advanced negotiation', 'Schranner Negotiation Institute', 16.0, 1650.00, 'EUR', false),
    (5, 'SAFE-PROD', 'Machine safety in production', 'Internal', 4.0, 0, 'EUR', true);

INSERT INTO training_enrollments (employee_id, course_id, enrolled_on, status, completed_on, score) VALUES
    (3, 1, '2025-01-10', 'completed', '2025-01-15', 95), (4, 1, '2025-01-10', 'completed', '2025-01-16', 88),
    (8, 1, '2025-01-10', 'completed', '2025-01-20', 92), (12, 1, '2025-01-10', 'enrolled', NULL, NULL),
    (4, 3, '2025-04-10', 'completed', '2025-05-13', 81), (12, 2, '2025-03-01', 'completed', '2025-03-22', 100),
    (13, 2, '2025-03-01', 'failed', '2025-03-22', 55),    (8, 4, '2025-02-01', 'completed', '2025-02-20', NULL),
    (9, 4, '2025-02-01', 'withdrawn', NULL, NULL),        (19, 5, '2025-01-05', 'completed', '2025-01-06', 90),
    (20, 5, '2025-01-05', 'completed', '2025-01-06', 85), (23, 1, '2025-04-02', 'enrolled', NULL, NULL);

INSERT INTO skills (skill_id, name, category) VALUES
    (1, 'PostgreSQL', 'technical'), (2, 'Java', 'technical'), (3, 'Network engineering', 'technical'),
    (4, 'IFRS accounting', 'certification'), (5, 'German', 'language'), (6, 'French', 'language'),
    (7, 'Negotiation', 'soft_skill'), (8, 'Forklift licence', 'certification'), (9, 'PRINCE2', 'certification');

INSERT INTO employee_skills (employee_id, skill_id, proficiency) VALUES
    (16, 1, 4), (16, 2, 5), (17, 2, 4), (21, 3, 5), (21, 1, 3), (15, 9, 4), (3, 4, 4), (2, 4, 5),
    (9, 6, 5), (9, 7, 4), (8, 7, 5), (12, 8, 5), (14, 7, 3), (22, 5, 3), (7, 6, 3);

-- ----------------------------------------------------------------------------------------------------
-- Inventory
-- ----------------------------------------------------------------------------------------------------

INSERT INTO product_categories (category_id, code, name, parent_category_id, description) VALUES
    (1, 'HW',   'Hardware',          NULL, 'IT hardware sold to business customers.'),
    (2, 'LAP',  'Laptops',           1,    'Notebooks and mobile workstations.'),
    (3, 'MON',  'Monitors',          1,    'Desktop displays.'),
    (4, 'ACC',  'Accessories',       1,    'Docking stations, keyboards, mice, headsets, cables.'),
    (5, 'NET',  'Networking',        1,    'Switches and wireless access points.'),
    (6, 'SRV',  'Services',          NULL, 'Installation, support and consulting billed by hour or year.'),
    (7, 'RAW',  'Raw Materials',     NULL, 'Components consumed by the Leipzig laptop assembly.'),
    (8, 'FURN', 'Office Furniture',  NULL, 'Desks and chairs for workplace fit-outs.');

INSERT INTO products (product_id, sku, name, description, category_id, product_type, uom_code, list_price, standard_cost, currency_code, weight_kg, reorder_point, is_active) VALUES
    (1,  'LAP-14-PRO',  'ProBook 14 Laptop',               '14" business laptop, 16 GB RAM, 512 GB SSD, assembled in Leipzig.', 2, 'stocked',      'EA', 1299.00, 870.00,  'EUR', 1.600,  20, true),
    (2,  'LAP-16-WS',   'Workstation 16 Laptop',           '16" mobile workstation with discrete GPU, 32 GB RAM.',             2, 'stocked',      'EA', 2199.00, 1540.00, 'EUR', 2.400,  10, true),
    (3,  'MON-27-4K',   'UltraView 27" 4K Monitor',        '27" IPS 3840x2160, USB-C 90 W power delivery.',                    3, 'stocked',      'EA', 449.00,  280.00,  'EUR', 6.500,  30, true),
    (4,  'MON-24-FHD',  'OfficeView 24" Monitor',          '24" 1920x1080 office display, height adjustable.',                 3, 'stocked',      'EA', 189.00,  115.00,  'EUR', 4.200,  40, true),
    (5,  'DOCK-USB-C',  'USB-C Docking Station',           'Dual 4K display dock, 100 W charging, Gigabit LAN.',               4, 'stocked',      'EA', 179.00,  95.00,   'EUR', 0.500,  50, true),
    (6,  'KB-WL-DE',    'Wireless Keyboard (German layout)', 'Low-profile keyboard, QWERTZ, 2.4 GHz receiver.',                4, 'stocked',      'EA', 59.00,   28.00,   'EUR', 0.700,  60, true),
    (7,  'MS-WL',       'Wireless Mouse',                  'Ergonomic mouse, 2.4 GHz and Bluetooth.',                          4, 'stocked',      'EA', 29.00,   12.00,   'EUR', 0.100,  80, true),
    (8,  'HS-BT-PRO',   'Bluetooth Headset Pro',           'Noise-cancelling headset certified for Teams and Zoom.',           4, 'stocked',      'EA', 149.00,  78.00,   'EUR', 0.300,  30, true),
    (9,  'SW-24-POE',   '24-Port PoE Switch',              'Managed layer-2 switch, 24 x 1 GbE PoE+, 4 x 10G SFP+.',           5, 'stocked',      'EA', 899.00,  610.00,  'EUR', 4.800,  8,  true),
    (10, 'AP-WIFI6',    'WiFi 6 Access Point',             'Ceiling-mount 802.11ax access point, PoE powered.',                5, 'stocked',      'EA', 259.00,  160.00,  'EUR', 0.900,  15, true),
    (11, 'SVC-INST',    'On-site Installation',            'Technician on site, billed per started hour.',                     6, 'service',      'H',  95.00,   55.00,   'EUR', NULL,   0,  true),
    (12, 'SVC-SUP-1Y',  'Premium Support 1 Year',          'Next-business-day hardware replacement for one device.',           6, 'service',      'EA', 399.00,  120.00,  'EUR', NULL,   0,  true),
    (13, 'SVC-CONS',    'IT Consulting',                   'Senior consultant, billed per hour.',                              6, 'service',      'H',  140.00,  70.00,   'EUR', NULL,   0,  true),
    (14, 'RAW-PCB-MB',  'Mainboard PCB Assembly',          'Populated laptop mainboard.',                                      7, 'raw_material', 'EA', 0.00,    145.00,  'EUR', 0.250,  150, true),
    (15, 'RAW-CASE-14', 'Aluminium Case 14"',              'Milled aluminium chassis for ProBook 14.',                         7, 'raw_material', 'EA', 0.00,    62.00,   'EUR', 0.450,  150, true),
    (16, 'RAW-BATT-56', 'Battery Pack 56 Wh',              'Li-ion battery pack, lot-tracked.',                                7, 'raw_material', 'EA', 0.00,    38.00,   'EUR', 0.280,  200, true),
    (17, 'RAW-DISP-14', '14" Display Panel',               'IPS panel 1920x1200 for ProBook 14.',                              7, 'raw_material', 'EA', 0.00,    95.00,   'EUR', 0.350,  150, true),
    (18, 'DESK-ELEC',   'Electric Standing Desk',          'Height-adjustable desk 160 x 80 cm, dual motor.',                  8, 'stocked',      'EA', 649.00,  390.00,  'EUR', 32.000, 5,  true),
    (19, 'CHAIR-ERGO',  'Ergonomic Office Chair',          'Mesh back, adjustable lumbar support, 5-year warranty.',           8, 'stocked',      'EA', 399.00,  210.00,  'EUR', 18.000, 10, true),
    (20, 'CBL-HDMI-2M', 'HDMI Cable 2 m',                  'Discontinued: replaced by USB-C docking.',                         4, 'consumable',   'EA', 12.00,   3.50,    'EUR', 0.100,  0,  false);

INSERT INTO warehouses (warehouse_id, company_id, code, name, address_id, manager_employee_id, capacity_m3, is_active) VALUES
    (1, 1, 'WH-BER', 'Berlin Central Warehouse', 2, 11, 12000.0, true),
    (2, 1, 'WH-HAM', 'Hamburg Port Warehouse',   3, 11, 8000.0,  true),
    (3, 2, 'WH-CHI', 'Chicago Distribution Center', 4, NULL, 6000.0, true),
    (4, 1, 'PLT-LEI', 'Leipzig Plant',           5, 18, 4500.0,  true);

INSERT INTO storage_locations (location_id, warehouse_id, code, location_type) VALUES
    (1, 1, 'A-01-1', 'rack'), (2, 1, 'A-01-2', 'rack'), (3, 1, 'B-03-1', 'rack'), (4, 1, 'DOCK-IN', 'dock'),
    (5, 1, 'DOCK-OUT', 'dock'), (6, 2, 'H4-01', 'floor'), (7, 2, 'H4-02', 'floor'), (8, 3, 'R-10-1', 'rack'),
    (9, 4, 'RM-01', 'bin'), (10, 4, 'RM-02', 'bin'), (11, 4, 'FG-01', 'rack');

INSERT INTO stock_levels (product_id, warehouse_id, quantity_on_hand, quantity_reserved, reorder_level, last_counted_at, updated_at) VALUES
    (1,  1, 64,  15, 15,  '2025-01-08 10:00+01', '2025-06-05 16:00+02'),
    (1,  2, 18,  0,  5,   '2025-01-09 10:00+01', '2025-06-02 11:00+02'),
    (1,  3, 25,  0,  10,  '2025-01-15 10:00-06', '2025-06-03 09:00-05'),
    (1,  4, 28,  0,  0,   '2025-01-10 10:00+01', '2025-06-05 18:00+02'),
    (2,  1, 9,   4,  10,  '2025-01-08 10:00+01', '2025-06-04 15:00+02'),
    (2,  3, 6,   0,  4,   '2025-01-15 10:00-06', '2025-05-20 09:00-05'),
    (3,  1, 38,  20, 25,  '2025-01-08 10:00+01', '2025-06-05 12:00+02'),
    (3,  2, 45,  0,  10,  '2025-01-09 10:00+01', '2025-05-30 10:00+02'),
    (4,  1, 28,  25, 30,  '2025-01-08 10:00+01', '2025-06-05 12:00+02'),
    (4,  2, 70,  0,  20,  '2025-01-09 10:00+01', '2025-05-30 10:00+02'),
    (5,  1, 120, 4,  40,  '2025-01-08 10:00+01', '2025-06-04 14:00+02'),
    (6,  1, 85,  0,  50,  '2025-01-08 10:00+01', '2025-05-28 14:00+02'),
    (7,  1, 140, 0,  60,  '2025-01-08 10:00+01', '2025-05-28 14:00+02'),
    (8,  1, 12,  0,  25,  '2025-01-08 10:00+01', '2025-06-02 14:00+02'),
    (9,  1, 7,   0,  6,   '2025-01-08 10:00+01', '2025-05-15 14:00+02'),
    (10, 1, 24,  0,  12,  '2025-01-08 10:00+01', '2025-05-15 14:00+02'),
    (14, 4, 260, 150, 120, '2025-01-10 10:00+01', '2025-06-05 18:00+02'),
    (15, 4, 210, 120, 120, '2025-01-10 10:00+01', '2025-06-05 18:00+02'),
    (16, 4, 300, 180, 150, '2025-01-10 10:00+01', '2025-06-05 18:00+02'),
    (17, 4, 110, 120, 120, '2025-01-10 10:00+01', '2025-06-05 18:00+02'),
    (18, 2, 11,  2,  4,   '2025-01-09 10:00+01', '2025-05-12 10:00+02'),
    (19, 2, 26,  10, 8,   '2025-01-09 10:00+01', '2025-05-12 10:00+02'),
    (20, 1, 35,  0,  0,   '2025-01-08 10:00+01', '2025-01-08 10:00+01');

INSERT INTO inventory_lots (lot_id, product_id, lot_number, manufactured_on, expires_on) VALUES
    (1, 16, 'PC-2407-118', '2024-07-02', '2027-07-01'),
    (2, 16, 'PC-2501-042', '2025-01-09', '2028-01-08'),
    (3, 1,  'LEI-2503-01', '2025-03-14', NULL),
    (4, 1,  'LEI-2504-02', '2025-04-25', NULL),
    (5, 15, 'AF-2504-77',  '2025-04-28', NULL);

INSERT INTO stock_counts (stock_count_id, warehouse_id, count_date, count_type, status, counted_by) VALUES
    (1, 1, '2025-01-08', 'annual', 'posted', 12),
    (2, 4, '2025-01-10', 'annual', 'posted', 19),
    (3, 1, '2025-06-10', 'cycle',  'planned', 13);

INSERT INTO stock_count_lines (stock_count_id, product_id, expected_quantity, counted_quantity) VALUES
    (1, 1, 52, 52), (1, 5, 130, 128), (1, 7, 160, 158), (1, 20, 36, 35),
    (2, 14, 120, 120), (2, 16, 240, 236),
    (3, 8, 12, NULL), (3, 9, 7, NULL);

INSERT INTO stock_transfers (transfer_id, product_id, from_warehouse_id, to_warehouse_id, quantity, status, requested_at, received_at) VALUES
    (1, 1, 4, 1, 80, 'received',   '2025-03-20 09:00+01', '2025-03-21 14:00+01'),
    (2, 1, 4, 1, 70, 'received',   '2025-05-02 09:00+02', '2025-05-03 13:30+02'),
    (3, 3, 2, 1, 15, 'in_transit', '2025-06-04 10:00+02', NULL),
    (4, 19, 2, 1, 5, 'requested',  '2025-06-05 15:00+02', NULL);

-- ----------------------------------------------------------------------------------------------------
-- Sales
-- ----------------------------------------------------------------------------------------------------

INSERT INTO sales_territories (territory_id, code, name, region, manager_employee_id) VALUES
    (1, 'DACH',   'Germany, Austria, Switzerland', 'EMEA', 7),
    (2, 'FR-BNL', 'France and Benelux',            'EMEA', 7),
    (3, 'UK-IE',  'United Kingdom and Ireland',    'EMEA', 7),
    (4, 'NA',     'North America',                 'AMER', 7),
    (5, 'APAC',   'Asia Pacific',                  'APAC', 7);

INSERT INTO price_lists (price_list_id, code, name, currency_code, valid_from, valid_to, is_default) VALUES
    (1, 'STD-EUR',     'Standard prices EUR',         'EUR', '2024-01-01', NULL,         true),
    (2, 'PARTNER-EUR', 'Reseller prices EUR (-15 %)', 'EUR', '2024-01-01', NULL,         false),
    (3, 'STD-USD',     'Standard prices USD',         'USD', '2024-01-01', NULL,         false),
    (4, 'STD-GBP',     'Standard prices GBP',         'GBP', '2024-01-01', NULL,         false),
    (5, 'PROMO-Q4-24', 'Year-end promotion 2024',     'EUR', '2024-11-01', '2024-12-31', false);

-- Standard list = product list price; partner, USD and GBP lists are derived from it for hardware.
INSERT INTO price_list_items (price_list_id, product_id, min_quantity, unit_price)
SELECT 1, product_id, 1, list_price FROM products WHERE is_active AND list_price > 0
UNION ALL SELECT 1, 1, 10, 1249.00
UNION ALL SELECT 1, 3, 20, 429.00
UNION ALL SELECT 2, product_id, 1, round(list_price * 0.85, 2) FROM products WHERE category_id IN (2, 3, 4, 5) AND is_active
UNION ALL SELECT 3, product_id, 1, round(list_price * 1.10, 2) FROM products WHERE category_id IN (2, 3, 4, 5) AND is_active
UNION ALL SELECT 4, product_id, 1, round(list_price * 0.86, 2) FROM products WHERE category_id IN (2, 3, 4, 5, 8) AND is_active
UNION ALL SELECT 5, 8, 1, 119.00
UNION ALL SELECT 5, 5, 1, 149.00;

INSERT INTO customers (customer_id, company_id, customer_number, name, customer_type, industry, email, phone, tax_id,
                       billing_address_id, shipping_address_id, currency_code, payment_terms_id, price_list_id, territory_id,
                       account_manager_id, credit_limit, status, notes, created_at) VALUES
    (1,  1, 'C-10001', 'Nordwind Logistics GmbH',            'business',   'Logistics',             'einkauf@nordwind-logistics.example',  '+49 40 3090 1100', 'DE811234567', 10, 25,   'EUR', 1, 1,    1, 8,  50000,  'active',   'Framework agreement 2024-2026, volume price from 10 laptops.', '2019-06-12 10:00+02'),
    (2,  1, 'C-10002', 'Helios Klinikverbund Berlin',        'business',   'Healthcare',            'it-beschaffung@helios-kv.example',    '+49 30 4500 2200', 'DE812345678', 11, 26,   'EUR', 1, 1,    1, 8,  80000,  'active',   'Deliveries only Mon-Thu 7:00-12:00 to Haus K.',                 '2020-02-03 10:00+01'),
    (3,  1, 'C-10003', 'Maison Lumière SARL',                'business',   'Retail',                'achats@maison-lumiere.example',       '+33 1 4027 3300',  'FR40303265045', 12, NULL, 'EUR', 1, 1,    2, 9,  30000,  'active',   NULL,                                                            '2021-03-15 10:00+01'),
    (4,  1, 'C-10004', 'Brightside Analytics Ltd',           'business',   'Technology',            'procurement@brightside.example',      '+44 1223 555 400', 'GB123456789', 13, NULL, 'GBP', 2, 4,    3, 9,  25000,  'active',   NULL,                                                            '2022-01-20 10:00+00'),
    (5,  1, 'C-10005', 'Stadtwerke Hannover AG',             'government', 'Utilities',             'vergabe@stadtwerke-hannover.example', '+49 511 430 5500', 'DE115566778', 14, NULL, 'EUR', 3, 1,    1, 8,  150000, 'active',   'Public tender framework contract 2024/0815; invoices via XRechnung.', '2023-11-02 10:00+01'),
    (6,  1, 'C-10006', 'Alpine Precision AG',                'business',   'Manufacturing',         'einkauf@alpine-precision.example',    '+41 41 700 6600',  'CHE-123.456.789', 15, NULL, 'CHF', 1, NULL, 1, 10, 40000,  'active',   'Export to CH: customs documents required with every shipment.',  '2024-04-10 10:00+02'),
    (7,  1, 'C-10007', 'Riverside Medical Center',           'business',   'Healthcare',            'purchasing@riverside-med.example',    '+1 904 555 0177',  '59-1234567', 16, NULL, 'USD', 1, 3,    4, 7,  60000,  'active',   NULL,                                                            '2023-05-05 10:00-04'),
    (8,  1, 'C-10008', 'Van Dijk Retail B.V.',               'business',   'Retail',                'inkoop@vandijk-retail.example',       '+31 20 555 8800',  'NL123456789B01', 17, NULL, 'EUR', 4, 1,    2, 9,  35000,  'active',   NULL,                                                            '2022-08-30 10:00+02'),
    (9,  1, 'C-10009', 'Kaizen Robotics K.K.',               'business',   'Manufacturing',         'procurement@kaizen-robotics.example', '+81 3 5555 9900',  NULL,         18, NULL, 'USD', 5, 3,    5, 7,  20000,  'active',   'Prepayment required until payment history is established.',     '2024-09-15 10:00+09'),
    (10, 1, 'C-10010', 'TechHaus Systemhaus GmbH',           'reseller',   'IT Services',           'order@techhaus.example',              '+49 221 555 1010', 'DE223344556', 19, NULL, 'EUR', 4, 2,    1, 10, 100000, 'active',   'Authorised reseller, partner price list.',                      '2018-04-01 10:00+02'),
    (11, 1, 'C-10011', 'Landesamt für Digitalisierung Bayern', 'government', 'Public Administration', 'beschaffung@ldbv.example',          '+49 89 555 1111',  NULL,         20, NULL, 'EUR', 3, 1,    1, 8,  200000, 'active',   'Framework agreement; orders above 50k EUR require a call-off number.', '2024-06-01 10:00+02'),
    (12, 1, 'C-10012', 'Greenfield Architects LLP',          'business',   'Professional Services', 'office@greenfield-arch.example',      '+44 20 5555 1212', 'GB987654321', 21, NULL, 'GBP', 2, 4,    3, 9,  15000,  'active',   NULL,                                                            '2024-10-01 10:00+01'),
    (13, 1, 'C-10013', 'Müller & Söhne Bau KG',              'business',   'Construction',          'buchhaltung@mueller-bau.example',     '+49 231 555 1313', 'DE334455667', 22, NULL, 'EUR', 1, 1,    1, 10, 10000,  'on_hold',  'Credit hold since 2025-03: invoice INV-2024-0016 more than 60 days overdue.', '2021-09-09 10:00+02'),
    (14, 1, 'C-10014', 'Pacific Coast Retail Inc.',          'business',   'Retail',                'ap@pacific-coast-retail.example',     '+1 415 555 1414',  '94-7654321', 23, NULL, 'USD', 1, 3,    4, 7,  0,      'inactive', 'Closed its US stores in 2023.',                                 '2020-01-15 10:00-08'),
    (15, 1, 'C-10015', 'Orion Biotech GmbH',                 'business',   'Healthcare',            'it@orion-biotech.example',            '+49 6221 555 1515', NULL,        24, NULL, 'EUR', 1, 1,    1, 10, 0,      'prospect', 'Converted from a trade fair lead; first quote sent.',           '2025-03-01 10:00+01');

INSERT INTO customer_contacts (contact_id, customer_id, first_name, last_name, job_title, email, phone, is_primary) VALUES
    (1,  1,  'Henrik',  'Paulsen',   'Head of IT',           'h.paulsen@nordwind-logistics.example', '+49 40 3090 1101', true),
    (2,  1,  'Svenja',  'Kröger',    'Accounts Payable',     'kreditoren@nordwind-logistics.example', '+49 40 3090 1150', false),
    (3,  2,  'Dr. Ute', 'Brandt',    'CIO',                  'u.brandt@helios-kv.example',           '+49 30 4500 2201', true),
    (4,  3,  'Camille', 'Dubois',    'Responsable achats',   'c.dubois@maison-lumiere.example',      '+33 1 4027 3301',  true),
    (5,  4,  'Oliver',  'Hughes',    'Office Manager',       'o.hughes@brightside.example',          '+44 1223 555 401', true),
    (6,  5,  'Karsten', 'Meyer',     'Vergabestelle',        'k.meyer@stadtwerke-hannover.example',  '+49 511 430 5501', true),
    (7,  6,  'Reto',    'Ammann',    'Leiter Einkauf',       'r.ammann@alpine-precision.example',    '+41 41 700 6601',  true),
    (8,  7,  'Maria',   'Gonzalez',  'IT Procurement Lead',  'm.gonzalez@riverside-med.example',     '+1 904 555 0178',  true),
    (9,  8,  'Pieter',  'de Vries',  'Category Manager IT',  'p.devries@vandijk-retail.example',     '+31 20 555 8801',  true),
    (10, 10, 'Stefan',  'Lorenz',    'Geschäftsführer',      's.lorenz@techhaus.example',            '+49 221 555 1011', true),
    (11, 11, 'Andrea',  'Huber',     'Referatsleiterin IT',  'a.huber@ldbv.example',                 '+49 89 555 1112',  true),
    (12, 13, 'Klaus',   'Müller',    'Inhaber',              'k.mueller@mueller-bau.example',        '+49 231 555 1314', true),
    (13, 15, 'Dr. Jana','Roth',      'Head of Lab IT',       'j.roth@orion-biotech.example',         '+49 6221 555 1516', true);

INSERT INTO quotes (quote_id, quote_number, customer_id, salesperson_id, quote_date, valid_until, status, currency_code) VALUES
    (1, 'Q-24051', 1,  8,  '2024-12-20', '2025-01-31', 'accepted', 'EUR'),
    (2, 'Q-25002', 12, 9,  '2025-01-10', '2025-02-10', 'expired',  'GBP'),
    (3, 'Q-25003', 15, 10, '2025-03-03', '2025-04-03', 'rejected', 'EUR'),
    (4, 'Q-25004', 7,  7,  '2025-04-10', '2025-05-10', 'accepted', 'USD'),
    (5, 'Q-25005', 8,  9,  '2025-05-02', '2025-06-02', 'accepted', 'EUR'),
    (6, 'Q-25006', 15, 10, '2025-05-28', '2025-06-30', 'sent',     'EUR');

INSERT INTO quote_lines (quote_id, line_number, product_id, quantity, unit_price, discount_percent) VALUES
    (1, 1, 2, 6, 2199.00, 0), (1, 2, 8, 10, 149.00, 0),
    (2, 1, 18, 6, 558.14, 0), (2, 2, 19, 6, 343.14, 0),
    (3, 1, 1, 25, 1249.00, 5), (3, 2, 12, 25, 399.00, 0),
    (4, 1, 1, 15, 1428.90, 0), (4, 2, 4, 15, 207.90, 0),
    (5, 1, 3, 20, 449.00, 0), (5, 2, 4, 10, 189.00, 0),
    (6, 1, 1, 20, 1249.00, 3), (6, 2, 5, 20, 179.00, 0), (6, 3, 12, 20, 399.00, 0);

UPDATE quotes q
SET total_amount = l.total
FROM (SELECT quote_id, round(sum(quantity * unit_price * (1 - discount_percent / 100)), 2) AS total
      FROM quote_lines GROUP BY quote_id) l
WHERE l.quote_id = q.quote_id;

-- Amounts are filled in from the lines below.
INSERT INTO sales_orders (sales_order_id, company_id, order_number, customer_id, quote_id, salesperson_id, order_date,
                          requested_delivery_date, status, currency_code, notes, created_at) VALUES
    (1,  1, 'SO-24001', 1,  NULL, 8,  '2024-01-15', '2024-01-29', 'invoiced',  'EUR', 'Rollout batch 1 for the Hamburg hub.',   '2024-01-15 09:20+01'),
    (2,  1, 'SO-24002', 2,  NULL, 8,  '2024-02-03', '2024-02-20', 'invoiced',  'EUR', 'Deliver to Haus K, ramp 2.',            '2024-02-03 11:05+01'),
    (3,  1, 'SO-24003', 3,  NULL, 9,  '2024-02-20', '2024-03-05', 'invoiced',  'EUR', NULL,                                    '2024-02-20 14:30+01'),
    (4,  1, 'SO-24004', 4,  NULL, 9,  '2024-03-11', '2024-03-25', 'invoiced',  'GBP', NULL,                                    '2024-03-11 10:10+01'),
    (5,  1, 'SO-24005', 5,  NULL, 8,  '2024-04-02', '2024-04-30', 'invoiced',  'EUR', 'Call-off 1 under framework 2024/0815.', '2024-04-02 08:45+02'),
    (6,  1, 'SO-24006', 6,  NULL, 10, '2024-05-14', '2024-06-03', 'invoiced',  'CHF', 'Office fit-out Zug, 2nd floor.',        '2024-05-14 15:00+02'),
    (7,  1, 'SO-24007', 7,  NULL, 22, '2024-05-28', '2024-06-14', 'invoiced',  'USD', NULL,                                    '2024-05-28 16:40+02'),
    (8,  1, 'SO-24008', 1,  NULL, 8,  '2024-07-09', '2024-07-23', 'invoiced',  'EUR', NULL,                                    '2024-07-09 09:00+02'),
    (9,  1, 'SO-24009', 8,  NULL, 9,  '2024-08-19', '2024-09-02', 'invoiced',  'EUR', NULL,                                    '2024-08-19 10:30+02'),
    (10, 1, 'SO-24010', 10, NULL, 10, '2024-09-05', '2024-09-16', 'invoiced',  'EUR', 'Drop-ship to end customer not allowed.', '2024-09-05 13:15+02'),
    (11, 1, 'SO-24011', 9,  NULL, 7,  '2024-10-01', '2024-10-25', 'invoiced',  'USD', 'Prepaid; ship after receipt of payment.', '2024-10-01 03:00+02'),
    (12, 1, 'SO-24012', 11, NULL, 8,  '2024-10-22', '2024-11-29', 'invoiced',  'EUR', 'Call-off LDBV-2024-117; 2 % framework discount.', '2024-10-22 09:40+02'),
    (13, 1, 'SO-24013', 2,  NULL, 8,  '2024-11-12', '2024-11-26', 'invoiced',  'EUR', NULL,                                    '2024-11-12 12:00+01'),
    (14, 1, 'SO-24014', 12, NULL, 9,  '2024-12-02', '2024-12-20', 'cancelled', 'GBP', 'Cancelled by customer: office move postponed.', '2024-12-02 10:00+01'),
    (15, 1, 'SO-25001', 1,  1,    8,  '2025-01-13', '2025-01-31', 'invoiced',  'EUR', NULL,                                    '2025-01-13 09:10+01'),
    (16, 1, 'SO-25002', 5,  NULL, 8,  '2025-02-04', '2025-03-14', 'invoiced',  'EUR', 'Call-off 2 under framework 2024/0815.', '2025-02-04 08:30+01'),
    (17, 1, 'SO-25003', 3,  NULL, 9,  '2025-02-25', '2025-03-10', 'invoiced',  'EUR', NULL,                                    '2025-02-25 15:20+01'),
    (18, 1, 'SO-25004', 6,  NULL, 10, '2025-03-18', '2025-04-15', 'shipped',   'CHF', NULL,                                    '2025-03-18 11:00+01'),
    (19, 1, 'SO-25005', 10, NULL, 10, '2025-04-07', '2025-04-22', 'shipped',   'EUR', NULL,                                    '2025-04-07 10:45+02'),
    (20, 1, 'SO-25006', 7,  4,    7,  '2025-04-29', '2025-06-20', 'confirmed', 'USD', NULL,                                    '2025-04-29 17:30+02'),
    (21, 1, 'SO-25007', 8,  5,    9,  '2025-05-12', '2025-06-16', 'confirmed', 'EUR', NULL,                                    '2025-05-12 09:55+02'),
    (22, 1, 'SO-25008', 4,  NULL, 9,  '2025-05-20', '2025-06-13', 'confirmed', 'GBP', NULL,                                    '2025-05-20 10:20+02'),
    (23, 1, 'SO-25009', 11, NULL, 8,  '2025-06-02', '2025-07-15', 'draft',     'EUR', 'Waiting for call-off number.',          '2025-06-02 14:00+02'),
    (24, 1, 'SO-25010', 2,  NULL, 8,  '2025-06-05', '2025-06-30', 'draft',     'EUR', NULL,                                    '2025-06-05 16:10+02');

UPDATE sales_orders o
SET payment_terms_id = c.payment_terms_id,
    shipping_address_id = COALESCE(c.shipping_address_id, c.billing_address_id),
    updated_at = o.created_at
FROM customers c
WHERE c.customer_id = o.customer_id;

-- Tax codes: DE19 for German customers, EU-RC for EU business customers abroad, EXPORT outside the EU.
INSERT INTO sales_order_lines (sales_order_id, line_number, product_id, warehouse_id, description, quantity, quantity_shipped,
                               unit_price, discount_percent, tax_rate_id, line_total)
SELECT v.so, v.ln, v.product_id, CASE WHEN p.product_type = 'service' THEN NULL ELSE v.wh END, p.name,
       v.qty, CASE WHEN o.status IN ('shipped', 'invoiced') THEN v.qty ELSE 0 END,
       v.price, v.disc, v.tax, round(v.qty * v.price * (1 - v.disc / 100), 2)
FROM (VALUES
    (1,  1, 1,  1, 20, 1249.00, 0, 1), (1,  2, 5,  1, 20, 179.00,  0, 1), (1,  3, 12, 1, 20, 399.00,  0, 1),
    (2,  1, 3,  1, 30, 429.00,  0, 1), (2,  2, 4,  1, 40, 189.00,  5, 1),
    (3,  1, 4,  1, 25, 189.00,  0, 3), (3,  2, 6,  1, 25, 59.00,   0, 3), (3,  3, 7,  1, 25, 29.00,   0, 3),
    (4,  1, 1,  1, 8,  1117.14, 0, 4), (4,  2, 8,  1, 8,  128.14,  0, 4),
    (5,  1, 9,  1, 6,  899.00,  0, 1), (5,  2, 10, 1, 20, 259.00,  0, 1), (5,  3, 11, 1, 40, 95.00,   0, 1), (5, 4, 13, 1, 24, 140.00, 0, 1),
    (6,  1, 18, 2, 10, 620.00,  0, 4), (6,  2, 19, 2, 20, 380.00,  0, 4),
    (7,  1, 2,  1, 5,  2418.90, 0, 4), (7,  2, 3,  1, 10, 493.90,  0, 4),
    (8,  1, 3,  1, 15, 449.00,  0, 1), (8,  2, 5,  1, 15, 179.00,  0, 1), (8,  3, 11, 1, 8,  95.00,   0, 1),
    (9,  1, 1,  1, 12, 1299.00, 3, 3), (9,  2, 5,  1, 12, 179.00,  0, 3),
    (10, 1, 1,  1, 25, 1104.15, 0, 1), (10, 2, 4,  1, 30, 160.65,  0, 1), (10, 3, 7,  1, 50, 24.65,   0, 1),
    (11, 1, 9,  1, 4,  988.90,  0, 4), (11, 2, 10, 1, 12, 284.90,  0, 4),
    (12, 1, 1,  1, 40, 1249.00, 0, 1), (12, 2, 5,  1, 40, 179.00,  0, 1), (12, 3, 3,  1, 40, 429.00,  0, 1), (12, 4, 12, 1, 40, 399.00, 0, 1),
    (13, 1, 8,  1, 20, 149.00,  0, 1), (13, 2, 10, 1, 10, 259.00,  0, 1),
    (14, 1, 18, 2, 4,  558.14,  0, 4), (14, 2, 19, 2, 4,  343.14,  0, 4),
    (15, 1, 2,  1, 6,  2199.00, 0, 1), (15, 2, 8,  1, 10, 149.00,  0, 1),
    (16, 1, 10, 1, 30, 259.00,  0, 1), (16, 2, 11, 1, 24, 95.00,   0, 1),
    (17, 1, 3,  1, 12, 449.00,  0, 3), (17, 2, 5,  1, 12, 179.00,  0, 3),
    (18, 1, 1,  1, 10, 1240.00, 0, 4), (18, 2, 12, 1, 10, 380.00,  0, 4),
    (19, 1, 1,  1, 30, 1104.15, 0, 1), (19, 2, 5,  1, 30, 152.15,  0, 1),
    (20, 1, 1,  1, 15, 1428.90, 0, 4), (20, 2, 4,  1, 15, 207.90,  0, 4),
    (21, 1, 3,  1, 20, 449.00,  0, 3), (21, 2, 4,  1, 10, 189.00,  0, 3),
    (22, 1, 2,  1, 4,  1891.14, 0, 4), (22, 2, 5,  1, 4,  153.94,  0, 4),
    (23, 1, 1,  1, 50, 1249.00, 0, 1), (23, 2, 12, 1, 50, 399.00,  0, 1),
    (24, 1, 8,  1, 30, 149.00,  0, 1)
) AS v (so, ln, product_id, wh, qty, price, disc, tax)
JOIN products p     ON p.product_id = v.product_id
JOIN sales_orders o ON o.sales_order_id = v.so;

UPDATE sales_orders o
SET subtotal = l.subtotal,
    discount_amount = CASE WHEN o.order_number = 'SO-24012' THEN round(l.subtotal * 0.02, 2) ELSE 0 END
FROM (SELECT sales_order_id, sum(line_total) AS subtotal FROM sales_order_lines GROUP BY sales_order_id) l
WHERE l.sales_order_id = o.sales_order_id;

-- Every order uses a single tax code, so tax is the rate applied to the discounted subtotal.
UPDATE sales_orders o
SET tax_amount = round((o.subtotal - o.discount_amount) * t.rate_percent / 100, 2),
    total_amount = o.subtotal - o.discount_amount + round((o.subtotal - o.discount_amount) * t.rate_percent / 100, 2)
FROM (SELECT DISTINCT l.sales_order_id, r.rate_percent
      FROM sales_order_lines l JOIN tax_rates r ON r.tax_rate_id = l.tax_rate_id) t
WHERE t.sales_order_id = o.sales_order_id;

INSERT INTO sales_returns (return_id, rma_number, sales_order_id, customer_id, return_date, reason, status, notes) VALUES
    (1, 'RMA-24001', 3,  3, '2024-03-12', 'damaged',    'refunded',  'Two monitors with cracked panels, carrier damage.'),
    (2, 'RMA-24002', 9,  8, '2024-09-10', 'wrong_item', 'refunded',  'Dock shipped with UK power supply.'),
    (3, 'RMA-25001', 17, 3, '2025-03-28', 'defective',  'requested', 'Monitor flickers at 60 Hz.');

INSERT INTO sales_return_lines (return_id, line_number, sales_order_id, sales_order_line_number, quantity, restock) VALUES
    (1, 1, 3, 1, 2, false),
    (2, 1, 9, 2, 1, true),
    (3, 1, 17, 1, 1, false);

INSERT INTO sales_targets (employee_id, year, quarter, target_amount, currency_code) VALUES
    (8, 2024, 4, 120000, 'EUR'), (9, 2024, 4, 60000, 'EUR'), (10, 2024, 4, 50000, 'EUR'),
    (8, 2025, 1, 110000, 'EUR'), (9, 2025, 1, 55000, 'EUR'), (10, 2025, 1, 60000, 'EUR'),
    (8, 2025, 2, 130000, 'EUR'), (9, 2025, 2, 65000, 'EUR'), (10, 2025, 2, 70000, 'EUR');

-- ----------------------------------------------------------------------------------------------------
-- Procurement
-- ----------------------------------------------------------------------------------------------------

INSERT INTO suppliers (supplier_id, company_id, supplier_number, name, email, phone, tax_id, address_id, currency_code, payment_terms_id, rating, status, notes, created_at) VALUES
    (1, 1, 'V-2001', 'TechSource Distribution GmbH', 'orders@techsource.example',       '+49 69 555 2001', 'DE445566778', 27, 'EUR', 4, 5, 'approved', 'Main distributor for laptops and accessories; 2 % skonto within 10 days.', '2017-01-10 10:00+01'),
    (2, 1, 'V-2002', 'Pacific Components Inc.',      'sales@pacific-components.example', '+1 408 555 2002', '77-1234567', 28, 'USD', 1, 4, 'approved', 'Networking hardware, ships from California.',                           '2019-05-20 10:00+02'),
    (3, 1, 'V-2003', 'DisplayTech Europe B.V.',      'orders@displaytech.example',       '+31 40 555 2003', 'NL987654321B01', 29, 'EUR', 1, 4, 'approved', 'Monitors and display panels.',                                          '2018-03-01 10:00+01'),
    (4, 1, 'V-2004', 'Netzwerk Partner AG',          'vertrieb@netzwerk-partner.example', '+49 711 555 2004', 'DE556677889', 30, 'EUR', 1, 3, 'approved', 'Second source for switches; delivery dates often slip.',              '2021-07-15 10:00+02'),
    (5, 1, 'V-2005', 'Büromöbel Krause GmbH',        'auftrag@bueromoebel-krause.example', '+49 521 555 2005', 'DE667788990', 31, 'EUR', 1, 4, 'approved', NULL,                                                                    '2020-09-01 10:00+02'),
    (6, 1, 'V-2006', 'AluForm Metallbau GmbH',       'info@aluform.example',             '+49 7361 555 2006', 'DE778899001', 32, 'EUR', 2, 5, 'approved', 'Custom aluminium cases for the ProBook line.',                         '2022-02-01 10:00+01'),
    (7, 1, 'V-2007', 'PowerCell Batteries Ltd',      'orders@powercell.example',         '+44 115 555 2007', 'GB556677889', 33, 'GBP', 1, 2, 'approved', 'Quality issues on lot PC-2407-118; under supplier development plan.',  '2022-05-10 10:00+01'),
    (8, 1, 'V-2008', 'Hanse Kurier Logistik GmbH',   'dispo@hanse-kurier.example',       '+49 421 555 2008', NULL,          34, 'EUR', 1, NULL, 'pending', 'Onboarding as regional courier; awaiting insurance certificate.',      '2025-05-26 10:00+02');

INSERT INTO supplier_contacts (contact_id, supplier_id, full_name, job_title, email, phone, is_primary) VALUES
    (1, 1, 'Monika Seidel',  'Key Account Manager', 'm.seidel@techsource.example',       '+49 69 555 2011', true),
    (2, 2, 'Kevin Tran',     'Inside Sales',        'k.tran@pacific-components.example', '+1 408 555 2012', true),
    (3, 3, 'Eva Janssen',    'Account Manager',     'e.janssen@displaytech.example',     '+31 40 555 2013', true),
    (4, 6, 'Jürgen Maier',   'Vertriebsleiter',     'j.maier@aluform.example',           '+49 7361 555 2016', true),
    (5, 7, 'Rachel Evans',   'Quality Manager',     'r.evans@powercell.example',         '+44 115 555 2017', false),
    (6, 7, 'Tom Baker',      'Sales Manager',       't.baker@powercell.example',         '+44 115 555 2018', true);

INSERT INTO supplier_products (supplier_id, product_id, supplier_sku, unit_cost, currency_code, lead_time_days, min_order_qty, is_preferred) VALUES
    (1, 1, 'TS-NB14P', 860.00, 'EUR', 10, 10, false),
    (1, 2, 'TS-WS16',  1540.00, 'EUR', 14, 5, true),
    (1, 5, 'TS-DOCKC', 95.00, 'EUR', 7, 20, true),
    (1, 6, 'TS-KBDE',  28.00, 'EUR', 7, 50, true),
    (1, 7, 'TS-MSWL',  12.00, 'EUR', 7, 50, true),
    (1, 8, 'TS-HSBT',  78.00, 'EUR', 7, 20, true),
    (2, 9, 'PC-SW24P', 655.00, 'USD', 28, 2, true),
    (2, 10, 'PC-AP6',  172.00, 'USD', 28, 10, true),
    (3, 3, 'DT-27UHD', 278.00, 'EUR', 14, 20, true),
    (3, 4, 'DT-24FHD', 115.00, 'EUR', 14, 20, true),
    (3, 17, 'DT-P14-1200', 95.00, 'EUR', 21, 50, true),
    (4, 9, 'NP-24POE', 610.00, 'EUR', 21, 1, false),
    (4, 10, 'NP-WIFI6', 160.00, 'EUR', 21, 5, false),
    (5, 18, 'BK-SD160', 390.00, 'EUR', 28, 2, true),
    (5, 19, 'BK-ERGO5', 210.00, 'EUR', 28, 5, true),
    (6, 15, 'AF-C14-ANO', 61.00, 'EUR', 35, 100, true),
    (7, 16, 'PCB-56WH', 33.00, 'GBP', 42, 200, true);

INSERT INTO purchase_requisitions (requisition_id, requisition_number, requested_by, department_id, needed_by, status, justification, created_at) VALUES
    (1, 'PR-25001', 12, 5, '2025-04-15', 'ordered',   'Monitor stock in Hamburg below reorder level before Q2 rollouts.', '2025-03-20 08:30+01'),
    (2, 'PR-25002', 21, 9, '2025-06-30', 'approved',  'Replacement laptops for the new data analyst and intern.',        '2025-05-15 11:00+02'),
    (3, 'PR-25003', 19, 8, '2025-06-20', 'submitted', 'Display panels short for WO-25004 (120 ProBooks).',               '2025-06-04 07:45+02');

INSERT INTO purchase_requisition_lines (requisition_id, line_number, product_id, quantity, estimated_cost) VALUES
    (1, 1, 3, 50, 13900.00), (1, 2, 4, 60, 6900.00),
    (2, 1, 1, 2, 1740.00), (2, 2, 5, 2, 190.00),
    (3, 1, 17, 100, 9500.00);

INSERT INTO purchase_orders (purchase_order_id, company_id, po_number, supplier_id, requisition_id, buyer_id, order_date, expected_date,
                             ship_to_warehouse_id, status, currency_code, notes, created_at) VALUES
    (1,  1, 'PO-24001', 1, NULL, 14, '2024-01-05', '2024-01-15', 1, 'closed',             'EUR', NULL,                                   '2024-01-05 09:00+01'),
    (2,  1, 'PO-24002', 3, NULL, 14, '2024-02-10', '2024-02-24', 1, 'closed',             'EUR', NULL,                                   '2024-02-10 09:00+01'),
    (3,  1, 'PO-24003', 2, NULL, 14, '2024-03-01', '2024-03-29', 1, 'closed',             'USD', 'Incoterms DAP Berlin.',                '2024-03-01 09:00+01'),
    (4,  1, 'PO-24004', 6, NULL, 14, '2024-04-15', '2024-05-20', 4, 'closed',             'EUR', NULL,                                   '2024-04-15 09:00+02'),
    (5,  1, 'PO-24005', 5, NULL, 14, '2024-06-03', '2024-07-01', 2, 'closed',             'EUR', NULL,                                   '2024-06-03 09:00+02'),
    (6,  1, 'PO-24006', 7, NULL, 14, '2024-07-22', '2024-09-02', 4, 'received',           'GBP', 'Lot PC-2407-118 partly rejected at incoming inspection.', '2024-07-22 09:00+02'),
    (7,  1, 'PO-24007', 1, NULL, 14, '2024-09-10', '2024-09-24', 1, 'received',           'EUR', NULL,                                   '2024-09-10 09:00+02'),
    (8,  1, 'PO-25001', 1, NULL, 14, '2025-01-20', '2025-01-30', 1, 'received',           'EUR', NULL,                                   '2025-01-20 09:00+01'),
    (9,  1, 'PO-25002', 4, NULL, 14, '2025-02-14', '2025-03-07', 1, 'partially_received', 'EUR', 'Supplier confirmed rest of APs for end of June.', '2025-02-14 09:00+01'),
    (10, 1, 'PO-25003', 3, 1,    14, '2025-03-25', '2025-04-08', 2, 'received',           'EUR', NULL,                                   '2025-03-25 09:00+01'),
    (11, 1, 'PO-25004', 6, NULL, 14, '2025-04-30', '2025-06-12', 4, 'sent',               'EUR', NULL,                                   '2025-04-30 09:00+02'),
    (12, 1, 'PO-25005', 1, NULL, 14, '2025-05-28', NULL,         1, 'draft',              'EUR', 'Headset stock below reorder level.',    '2025-05-28 09:00+02');

UPDATE purchase_orders po
SET payment_terms_id = s.payment_terms_id, updated_at = po.created_at
FROM suppliers s
WHERE s.supplier_id = po.supplier_id;

INSERT INTO purchase_order_lines (purchase_order_id, line_number, product_id, quantity, quantity_received, unit_cost, line_total)
SELECT v.po, v.ln, v.product_id, v.qty, v.received, v.cost, round(v.qty * v.cost, 2)
FROM (VALUES
    (1,  1, 1,  50,  50,  870.00), (1,  2, 3,  40,  40,  280.00),
    (2,  1, 3,  60,  60,  275.00), (2,  2, 4,  80,  80,  112.00),
    (3,  1, 9,  10,  10,  655.00), (3,  2, 10, 30,  30,  172.00),
    (4,  1, 15, 200, 200, 62.00),
    (5,  1, 18, 15,  15,  390.00), (5,  2, 19, 30,  30,  210.00),
    (6,  1, 16, 300, 276, 33.00),
    (7,  1, 2,  20,  20,  1540.00), (7,  2, 5,  100, 100, 95.00),
    (8,  1, 1,  40,  40,  860.00), (8,  2, 6,  100, 100, 28.00), (8,  3, 7,  150, 150, 12.00),
    (9,  1, 9,  6,   6,   610.00), (9,  2, 10, 20,  10,  160.00),
    (10, 1, 3,  50,  50,  278.00), (10, 2, 4,  60,  60,  115.00),
    (11, 1, 15, 150, 0,   61.00),
    (12, 1, 8,  40,  0,   78.00)
) AS v (po, ln, product_id, qty, received, cost);

UPDATE purchase_orders po
SET total_amount = l.total
FROM (SELECT purchase_order_id, sum(line_total) AS total FROM purchase_order_lines GROUP BY purchase_order_id) l
WHERE l.purchase_order_id = po.purchase_order_id;

INSERT INTO goods_receipts (goods_receipt_id, receipt_number, purchase_order_id, warehouse_id, received_date, received_by, delivery_note, notes) VALUES
    (1,  'GR-24001', 1,  1, '2024-01-15', 12, 'LS-884120', NULL),
    (2,  'GR-24002', 2,  1, '2024-02-23', 12, 'DT-24-0211', NULL),
    (3,  'GR-24003', 3,  1, '2024-04-02', 13, 'PCI-77812', 'Arrived 4 days late (customs).'),
    (4,  'GR-24004', 4,  4, '2024-05-17', 19, 'AF-1190', NULL),
    (5,  'GR-24005', 5,  2, '2024-06-28', 12, 'BK-24-331', NULL),
    (6,  'GR-24006', 6,  4, '2024-09-04', 19, 'PCB-4471', '24 packs rejected: swollen cells.'),
    (7,  'GR-24007', 7,  1, '2024-09-23', 12, 'LS-901877', NULL),
    (8,  'GR-25001', 8,  1, '2025-01-29', 13, 'LS-930245', NULL),
    (9,  'GR-25002', 9,  1, '2025-03-10', 12, 'NP-5521', 'Partial delivery: 10 of 20 access points.'),
    (10, 'GR-25003', 10, 2, '2025-04-07', 13, 'DT-25-0407', NULL);

INSERT INTO goods_receipt_lines (goods_receipt_id, line_number, purchase_order_id, po_line_number, quantity_received, quantity_rejected, lot_id)
SELECT gr.goods_receipt_id, l.line_number, l.purchase_order_id, l.line_number, l.quantity_received,
       CASE WHEN gr.purchase_order_id = 6 THEN 24 ELSE 0 END,
       CASE WHEN l.product_id = 16 THEN 1 END
FROM goods_receipts gr
JOIN purchase_order_lines l ON l.purchase_order_id = gr.purchase_order_id
WHERE l.quantity_received > 0;

-- ----------------------------------------------------------------------------------------------------
-- Projects
-- ----------------------------------------------------------------------------------------------------

INSERT INTO projects (project_id, company_id, code, name, description, customer_id, manager_employee_id, department_id, project_type,
                      billing_method, start_date, end_date, budget_amount, currency_code, status, created_at) VALUES
    (1, 1, 'PRJ-101', 'ERP Rollout Nordwind',              'Introduce finance and warehouse modules at Nordwind Logistics.',        1,    15, 7, 'client',   'time_and_material', '2024-09-01', '2025-08-31', 180000, 'EUR', 'active',    '2024-08-15 10:00+02'),
    (2, 1, 'PRJ-102', 'Network Modernisation Helios',      'Replace core switches and Wi-Fi in three hospital buildings.',          2,    15, 7, 'client',   'fixed_price',       '2025-01-15', '2025-07-31', 95000,  'EUR', 'active',    '2025-01-05 10:00+01'),
    (3, 1, 'PRJ-103', 'Data Center Relocation Stadtwerke', 'Move 140 servers to the new Hannover data center without downtime.',    5,    15, 7, 'client',   'fixed_price',       '2024-03-01', '2024-11-30', 120000, 'EUR', 'completed', '2024-02-10 10:00+01'),
    (4, 1, 'PRJ-104', 'Warehouse Scanner Rollout',         'Handheld barcode scanners for picking in Berlin and Hamburg.',          NULL, 11, 5, 'internal', 'non_billable',      '2025-02-01', '2025-09-30', 40000,  'EUR', 'active',    '2025-01-20 10:00+01'),
    (5, 1, 'PRJ-105', 'ProBook 16 Gen 2 Development',      'Design and industrialise the next 16" laptop for the Leipzig line.',    NULL, 18, 8, 'r_and_d',  'non_billable',      '2025-03-01', '2026-02-28', 250000, 'EUR', 'active',    '2025-02-15 10:00+01'),
    (6, 1, 'PRJ-106', 'Office Fit-out Alpine Precision',   'Furnish and equip the new Zug office (60 workplaces).',                 6,    15, 7, 'client',   'fixed_price',       '2025-07-01', '2025-09-30', 60000,  'CHF', 'planned',   '2025-05-20 10:00+02'),
    (7, 1, 'PRJ-107', 'BI Dashboard Brightside',           'Sales dashboard on PostgreSQL for Brightside Analytics.',               4,    15, 7, 'client',   'time_and_material', '2025-02-01', '2025-05-31', 30000,  'GBP', 'on_hold',   '2025-01-25 10:00+01');

INSERT INTO project_members (project_id, employee_id, project_role, allocation_pct, hourly_rate, joined_on) VALUES
    (1, 15, 'Project Manager',       30, 160.00, '2024-09-01'),
    (1, 16, 'Lead Developer',        80, 140.00, '2024-09-01'),
    (1, 17, 'Developer',             60, 120.00, '2024-09-01'),
    (1, 21, 'Infrastructure',        20, 120.00, '2024-10-01'),
    (2, 15, 'Project Manager',       20, NULL,   '2025-01-15'),
    (2, 21, 'Network Engineer',      50, NULL,   '2025-01-15'),
    (2, 16, 'Consultant',            20, NULL,   '2025-02-01'),
    (3, 15, 'Project Manager',       40, NULL,   '2024-03-01'),
    (3, 16, 'Migration Engineer',    80, NULL,   '2024-03-01'),
    (4, 11, 'Sponsor',               10, NULL,   '2025-02-01'),
    (4, 12, 'Key User',              20, NULL,   '2025-02-01'),
    (4, 21, 'IT Lead',               30, NULL,   '2025-02-01'),
    (5, 18, 'Project Lead',          30, NULL,   '2025-03-01'),
    (5, 19, 'Prototype Technician',  50, NULL,   '2025-03-01'),
    (5, 20, 'Test Technician',       40, NULL,   '2025-03-01'),
    (7, 15, 'Project Manager',       10, 150.00, '2025-02-01'),
    (7, 16, 'Developer',             20, 130.00, '2025-02-01');

INSERT INTO project_milestones (milestone_id, project_id, name, due_date, completed_on, billing_amount) VALUES
    (1, 3, 'Migration plan approved',   '2024-05-31', '2024-05-29', 42000),
    (2, 3, 'Data center go-live',       '2024-11-30', '2024-11-22', 98000),
    (3, 2, 'Network design sign-off',   '2025-05-15', '2025-05-28', 28500),
    (4, 2, 'Core switch cutover',       '2025-06-27', NULL,         38000),
    (5, 2, 'Wi-Fi rollout complete',    '2025-07-31', NULL,         28500),
    (6, 1, 'Finance module live',       '2025-01-31', '2025-02-03', NULL),
    (7, 1, 'Warehouse module live',     '2025-06-30', NULL,         NULL),
    (8, 5, 'Prototype EVT build',       '2025-07-15', NULL,         NULL),
    (9, 4, 'Pilot in Berlin warehouse', '2025-04-30', '2025-05-06', NULL);

INSERT INTO project_tasks (task_id, project_id, parent_task_id, milestone_id, name, description, assignee_id, status, priority, estimated_hours, start_date, due_date, created_at) VALUES
    (1,  1, NULL, 6, 'Requirements workshops',             'Finance and warehouse process workshops with key users.', 15, 'done',        'high',     40,  '2024-09-02', '2024-09-27', '2024-08-20 10:00+02'),
    (2,  1, NULL, 6, 'Finance module configuration',       'Chart of accounts, tax codes, payment runs.',             16, 'done',        'high',     160, '2024-10-01', '2025-01-17', '2024-08-20 10:00+02'),
    (3,  1, 2,    6, 'Data migration GL and open items',   'Load opening balances and open AR/AP items.',             17, 'done',        'critical', 80,  '2025-01-06', '2025-01-29', '2024-08-20 10:00+02'),
    (4,  1, NULL, 7, 'Warehouse module configuration',     'Bins, picking strategies, scanner integration.',          16, 'in_progress', 'high',     200, '2025-02-10', '2025-06-20', '2024-08-20 10:00+02'),
    (5,  1, 4,    7, 'Barcode label templates',            'GS1-128 labels for pallets and parcels.',                 17, 'blocked',     'high',     24,  '2025-03-01', '2025-06-13', '2025-02-10 10:00+01'),
    (6,  1, NULL, 7, 'User training warehouse',            'Train 35 warehouse users in Hamburg.',                    15, 'todo',        'medium',   24,  '2025-06-23', '2025-06-27', '2025-02-10 10:00+01'),
    (7,  2, NULL, 3, 'Site survey all buildings',          'Wi-Fi heat maps and cabling audit.',                      21, 'done',        'medium',   40,  '2025-01-20', '2025-02-14', '2025-01-10 10:00+01'),
    (8,  2, NULL, 3, 'Network design document',            'Target architecture with VLAN and redundancy concept.',   21, 'done',        'high',     60,  '2025-02-17', '2025-05-15', '2025-01-10 10:00+01'),
    (9,  2, NULL, 4, 'Core switch cutover',                'Night-time cutover of both core switches.',               21, 'in_progress', 'critical', 80,  '2025-06-02', '2025-06-27', '2025-01-10 10:00+01'),
    (10, 2, NULL, 5, 'Access point installation',          'Mount and configure 120 access points.',                  16, 'todo',        'medium',   120, '2025-06-30', '2025-07-25', '2025-01-10 10:00+01'),
    (11, 4, NULL, 9, 'Select scanner hardware',            'Evaluate three handheld models.',                         21, 'done',        'medium',   16,  '2025-02-03', '2025-02-28', '2025-01-25 10:00+01'),
    (12, 4, NULL, 9, 'Pilot Berlin',                       'Four-week pilot with the picking team.',                  12, 'done',        'high',     40,  '2025-03-31', '2025-04-30', '2025-01-25 10:00+01'),
    (13, 4, NULL, NULL, 'Rollout Hamburg',                 'Roll out to the Hamburg warehouse after pilot.',          12, 'todo',        'medium',   40,  '2025-07-01', '2025-08-29', '2025-01-25 10:00+01'),
    (14, 5, NULL, 8, 'Mainboard layout review',            'Review revision B layout with the PCB supplier.',         18, 'in_progress', 'high',     80,  '2025-03-10', '2025-06-20', '2025-02-20 10:00+01'),
    (15, 5, NULL, 8, 'Thermal prototype',                  'Build and measure the thermal mock-up.',                  19, 'in_progress', 'medium',   120, '2025-04-01', '2025-06-30', '2025-02-20 10:00+01'),
    (16, 5, NULL, 8, 'Battery qualification',              'Qualify a second battery source (PowerCell quality issue).', 20, 'blocked',  'critical', 60,  '2025-04-15', '2025-06-15', '2025-02-20 10:00+01'),
    (17, 7, NULL, NULL, 'Dashboard requirements',          'KPI list and mock-ups with the client.',                  15, 'done',        'medium',   16,  '2025-02-03', '2025-02-14', '2025-01-25 10:00+01'),
    (18, 7, NULL, NULL, 'Data model',                      'Star schema for the sales dashboard.',                    16, 'blocked',     'low',      40,  '2025-02-17', '2025-03-14', '2025-01-25 10:00+01');

UPDATE project_tasks SET updated_at = created_at;

INSERT INTO task_dependencies (predecessor_task_id, successor_task_id, dependency_type) VALUES
    (1, 2, 'FS'), (2, 3, 'FF'), (2, 4, 'FS'), (4, 6, 'FS'), (7, 8, 'FS'), (8, 9, 'FS'), (9, 10, 'SS'),
    (11, 12, 'FS'), (12, 13, 'FS'), (14, 15, 'SS'), (17, 18, 'FS');

INSERT INTO timesheets (timesheet_id, employee_id, week_start_date, status, submitted_at, approved_by) VALUES
    (1,  16, '2025-05-19', 'approved',  '2025-05-23 17:00+02', 15),
    (2,  16, '2025-05-26', 'approved',  '2025-05-30 17:00+02', 15),
    (3,  16, '2025-06-02', 'submitted', '2025-06-06 16:30+02', NULL),
    (4,  21, '2025-05-19', 'approved',  '2025-05-23 16:00+02', 2),
    (5,  21, '2025-05-26', 'approved',  '2025-05-30 16:00+02', 2),
    (6,  21, '2025-06-02', 'open',      NULL,                  NULL),
    (7,  15, '2025-05-19', 'approved',  '2025-05-23 18:00+02', 1),
    (8,  15, '2025-05-26', 'approved',  '2025-05-30 18:00+02', 1),
    (9,  19, '2025-05-26', 'approved',  '2025-05-30 14:30+02', 18),
    (10, 12, '2025-05-26', 'rejected',  '2025-05-30 15:00+02', 11);

INSERT INTO timesheet_entries (timesheet_id, project_id, task_id, work_date, hours, is_billable, notes) VALUES
    (1,  1, 4,  '2025-05-19', 7.5, true,  'Putaway strategy configuration'),
    (1,  1, 4,  '2025-05-20', 6.0, true,  'Picking waves'),
    (1,  2, 9,  '2025-05-20', 2.0, false, 'Cutover runbook review'),
    (1,  1, 4,  '2025-05-21', 8.0, true,  'Scanner interface tests'),
    (1,  1, 4,  '2025-05-22', 6.0, true,  'Scanner interface tests'),
    (1,  7, 18, '2025-05-23', 2.0, true,  'Client call on data model'),
    (2,  1, 4,  '2025-05-26', 8.0, true,  'Integration test with Nordwind key users'),
    (2,  1, 4,  '2025-05-27', 8.0, true,  'Bug fixing'),
    (2,  1, 4,  '2025-05-28', 7.0, true,  'Bug fixing'),
    (2,  2, 9,  '2025-05-30', 4.0, false, 'Cutover dry run'),
    (3,  1, 4,  '2025-06-02', 8.0, true,  'Go-live preparation'),
    (3,  1, 4,  '2025-06-03', 7.5, true,  'Go-live preparation'),
    (3,  2, 9,  '2025-06-04', 6.0, false, 'Night cutover building A'),
    (4,  2, 9,  '2025-05-19', 8.0, false, 'Cutover planning'),
    (4,  2, 9,  '2025-05-20', 8.0, false, 'Switch staging'),
    (4,  4, 13, '2025-05-21', 4.0, false, 'Hamburg rollout scoping'),
    (4,  1, 4,  '2025-05-22', 6.0, true,  'Scanner Wi-Fi profile for Nordwind'),
    (5,  2, 9,  '2025-05-26', 8.0, false, 'Switch staging'),
    (5,  2, 9,  '2025-05-27', 8.0, false, 'Cutover dry run'),
    (5,  2, 9,  '2025-05-28', 6.0, false, 'Cutover dry run'),
    (6,  2, 9,  '2025-06-02', 8.0, false, 'Night cutover building A'),
    (7,  1, 6,  '2025-05-19', 3.0, true,  'Training plan'),
    (7,  1, NULL, '2025-05-20', 2.0, true, 'Steering committee'),
    (7,  2, NULL, '2025-05-21', 3.0, false, 'Status meeting Helios'),
    (8,  1, NULL, '2025-05-26', 2.0, true, 'Steering committee'),
    (8,  2, NULL, '2025-05-28', 4.0, false, 'Milestone 1 acceptance'),
    (9,  5, 15, '2025-05-26', 6.0, false, 'Thermal measurements'),
    (9,  5, 15, '2025-05-27', 6.0, false, 'Thermal measurements'),
    (10, 4, 12, '2025-05-26', 3.0, false, 'Pilot feedback session');

INSERT INTO expense_claims (expense_claim_id, employee_id, project_id, claim_date, status, currency_code, approved_by) VALUES
    (1, 8,  NULL, '2025-03-05', 'reimbursed', 'EUR', 7),
    (2, 16, 1,    '2025-04-12', 'approved',   'EUR', 15),
    (3, 21, 2,    '2025-05-20', 'submitted',  'EUR', NULL),
    (4, 9,  NULL, '2025-05-30', 'submitted',  'EUR', NULL),
    (5, 15, 1,    '2025-02-10', 'rejected',   'EUR', 1);

INSERT INTO expense_claim_lines (expense_claim_id, line_number, expense_date, category, amount, description) VALUES
    (1, 1, '2025-03-03', 'travel',   289.40, 'ICE Berlin-Hamburg return, customer visit Nordwind'),
    (1, 2, '2025-03-03', 'hotel',    139.00, 'Hotel Hamburg, 1 night'),
    (1, 3, '2025-03-04', 'meals',    42.50,  'Dinner'),
    (2, 1, '2025-04-08', 'travel',   312.80, 'Flight Berlin-Hamburg return'),
    (2, 2, '2025-04-08', 'hotel',    278.00, 'Hotel Hamburg, 2 nights'),
    (3, 1, '2025-05-14', 'mileage',  86.40,  '288 km at 0.30 EUR to Helios buildings'),
    (3, 2, '2025-05-15', 'supplies', 54.99,  'Patch cables'),
    (4, 1, '2025-05-27', 'travel',   412.00, 'TGV Paris return, Maison Lumière'),
    (4, 2, '2025-05-27', 'hotel',    356.00, 'Hotel Paris, 2 nights'),
    (4, 3, '2025-05-28', 'meals',    88.20,  'Customer lunch'),
    (5, 1, '2025-02-07', 'meals',    185.00, 'Team dinner after go-live (above policy limit)');

UPDATE expense_claims c
SET total_amount = l.total
FROM (SELECT expense_claim_id, sum(amount) AS total FROM expense_claim_lines GROUP BY expense_claim_id) l
WHERE l.expense_claim_id = c.expense_claim_id;

-- ----------------------------------------------------------------------------------------------------
-- CRM
-- ----------------------------------------------------------------------------------------------------

INSERT INTO lead_sources (lead_source_id, code, name) VALUES
    (1, 'WEB', 'Website contact form'),
    (2, 'FAIR', 'Trade fair'),
    (3, 'REFERRAL', 'Customer referral'),
    (4, 'COLD', 'Cold call'),
    (5, 'CAMPAIGN', 'Marketing campaign response');

INSERT INTO campaigns (campaign_id, name, channel, start_date, end_date, budget, actual_cost, currency_code, owner_id, status) VALUES
    (1, 'Hannover Messe 2025 booth',       'trade_fair', '2025-03-31', '2025-04-04', 25000, 27800, 'EUR', 7,  'finished'),
    (2, 'Healthcare IT webinar series',    'webinar',    '2025-02-01', '2025-03-31', 5000,  3200,  'EUR', 9,  'finished'),
    (3, 'Spring laptop refresh mailing',   'email',      '2025-04-01', '2025-04-30', 4000,  3950,  'EUR', 10, 'finished'),
    (4, 'Public sector LinkedIn ads',      'social',     '2025-05-15', '2025-07-15', 12000, 4100,  'EUR', 8,  'running'),
    (5, 'Q3 reseller promotion',           'email',      '2025-07-01', '2025-09-30', 3000,  NULL,  'EUR', 10, 'planned');

INSERT INTO leads (lead_id, first_name, last_name, company_name, email, phone, lead_source_id, campaign_id, owner_id, status, score, converted_customer_id, notes, created_at) VALUES
    (1,  'Jana',   'Roth',     'Orion Biotech GmbH',      'j.roth@orion-biotech.example',        '+49 6221 555 1516', 2, 1,    10, 'converted',    85, 15,   'Met at Hannover Messe; lab IT refresh planned.',  '2025-04-02 15:00+02'),
    (2,  'Peter',  'Lang',     'Lang Logistik GmbH',      'p.lang@lang-logistik.example',        '+49 40 555 3002',   1, NULL, 8,  'qualified',    72, NULL, '80 laptops for drivers, budget approved for Q3.', '2025-04-15 09:30+02'),
    (3,  'Sandra', 'Weiß',     'Klinikum Nord',           's.weiss@klinikum-nord.example',       '+49 40 555 3003',   5, 2,    9,  'contacted',    60, NULL, NULL,                                             '2025-02-20 11:00+01'),
    (4,  'Marc',   'Dupont',   'Dupont Pharma SA',        'm.dupont@dupont-pharma.example',      '+33 4 555 3004',    1, NULL, 9,  'new',          35, NULL, NULL,                                             '2025-06-03 08:15+02'),
    (5,  'Yuki',   'Tanaka',   'Kaizen Robotics K.K.',    'y.tanaka@kaizen-robotics.example',    '+81 3 5555 9901',   3, NULL, 7,  'converted',    90, 9,    'Referred by Riverside Medical.',                   '2024-09-01 02:00+02'),
    (6,  'Frank',  'Otto',     'Otto Bau GmbH',           'f.otto@otto-bau.example',             '+49 231 555 3006',  4, NULL, 10, 'disqualified', 10, NULL, 'No budget, 5 employees only.',                     '2025-01-14 10:00+01'),
    (7,  'Ingrid', 'Berg',     'Nordic Freight AB',       'i.berg@nordic-freight.example',       '+46 8 555 3007',    2, 1,    8,  'qualified',    78, NULL, 'Interested in the Nordwind reference project.',    '2025-04-03 16:30+02'),
    (8,  'Lisa',   'Krämer',   'Stadtverwaltung Potsdam', 'l.kraemer@potsdam-verwaltung.example', '+49 331 555 3008',  5, 4,    8,  'new',          55, NULL, NULL,                                             '2025-05-22 13:00+02'),
    (9,  'Ahmed',  'Yilmaz',   'Yilmaz Handel GmbH',      'a.yilmaz@yilmaz-handel.example',      '+49 30 555 3009',   5, 3,    10, 'contacted',    40, NULL, NULL,                                             '2025-04-09 10:45+02'),
    (10, 'Greta',  'Hansen',   'Hansen Medizintechnik',   'g.hansen@hansen-medtech.example',     '+49 431 555 3010',  5, 2,    9,  'qualified',    81, NULL, 'Needs 40 monitors for the new lab floor.',         '2025-03-05 14:20+01'),
    (11, 'Robert', 'Kaiser',   'Kaiser Elektro e.K.',     'r.kaiser@kaiser-elektro.example',     '+49 711 555 3011',  5, 3,    10, 'new',          20, NULL, NULL,                                             '2025-04-22 09:00+02'),
    (12, 'Emily',  'Clark',    'Clark & Partners',        'e.clark@clark-partners.example',      '+44 20 5555 3012',  1, NULL, 9,  'new',          45, NULL, NULL,                                             '2025-06-01 12:00+02');

INSERT INTO opportunity_stages (stage_id, name, sort_order, probability, is_closed) VALUES
    (1, 'Prospecting',   1, 10,  false),
    (2, 'Qualification', 2, 20,  false),
    (3, 'Proposal',      3, 50,  false),
    (4, 'Negotiation',   4, 75,  false),
    (5, 'Closed Won',    5, 100, true),
    (6, 'Closed Lost',   6, 0,   true);

INSERT INTO opportunities (opportunity_id, name, customer_id, lead_id, stage_id, owner_id, expected_amount, currency_code, expected_close_date, closed_at, sales_order_id, created_at) VALUES
    (1,  'Nordwind laptop refresh 2025',         1,  NULL, 5, 8,  14684.00, 'EUR', '2025-01-15', '2025-01-13 09:10+01', 15,   '2024-11-20 10:00+01'),
    (2,  'Riverside clinic workstations',        7,  NULL, 5, 7,  24552.00, 'USD', '2025-04-30', '2025-04-29 17:30+02', 20,   '2025-03-25 10:00+01'),
    (3,  'Van Dijk store displays',              8,  NULL, 5, 9,  10870.00, 'EUR', '2025-05-15', '2025-05-12 09:55+02', 21,   '2025-04-18 10:00+02'),
    (4,  'Orion lab IT equipment',               15, 1,    6, 10, 41000.00, 'EUR', '2025-04-15', '2025-04-03 11:00+02', NULL, '2025-03-01 10:00+01'),
    (5,  'Orion lab IT equipment (new scope)',   15, 1,    3, 10, 40000.00, 'EUR', '2025-07-15', NULL,                  NULL, '2025-05-20 10:00+02'),
    (6,  'LDBV framework call-off 2',            11, NULL, 4, 8,  82400.00, 'EUR', '2025-06-30', NULL,                  NULL, '2025-04-10 10:00+02'),
    (7,  'Helios Wi-Fi expansion building D',    2,  NULL, 2, 8,  35000.00, 'EUR', '2025-09-30', NULL,                  NULL, '2025-05-05 10:00+02'),
    (8,  'Alpine Precision Zug office fit-out',  6,  NULL, 5, 10, 60000.00, 'CHF', '2025-05-20', '2025-05-19 16:00+02', NULL, '2025-03-10 10:00+01'),
    (9,  'Brightside dashboards phase 2',        4,  NULL, 1, 9,  18000.00, 'GBP', '2025-10-31', NULL,                  NULL, '2025-05-02 10:00+02'),
    (10, 'Kaizen Robotics network upgrade',      9,  5,    3, 7,  22000.00, 'USD', '2025-08-31', NULL,                  NULL, '2025-04-22 10:00+02'),
    (11, 'Greenfield office furniture',          12, NULL, 6, 9,  3100.00,  'GBP', '2025-02-28', '2025-02-11 10:00+01', NULL, '2024-11-25 10:00+01'),
    (12, 'Stadtwerke Wi-Fi phase 3',             5,  NULL, 4, 8,  55000.00, 'EUR', '2025-07-31', NULL,                  NULL, '2025-03-18 10:00+01');

UPDATE opportunities SET updated_at = COALESCE(closed_at, created_at);

INSERT INTO campaign_members (campaign_id, lead_id, response) VALUES
    (1, 1, 'attended'), (1, 7, 'attended'), (1, 2, 'registered'),
    (2, 3, 'attended'), (2, 10, 'attended'), (2, 4, 'opened'),
    (3, 9, 'clicked'), (3, 11, 'clicked'), (3, 6, 'opened'),
    (4, 8, 'clicked');

INSERT INTO activities (activity_type, subject, customer_id, lead_id, opportunity_id, owner_id, due_at, completed_at, notes) VALUES
    ('meeting', 'Kick-off laptop refresh 2025',          1,    NULL, 1,    8,  '2024-12-05 10:00+01', '2024-12-05 11:30+01', 'Agreed on 6 workstations + headsets.'),
    ('demo',    'Workstation demo for radiology',        7,    NULL, 2,    7,  '2025-04-08 16:00+02', '2025-04-08 17:00+02', 'Remote demo, GPU performance convinced them.'),
    ('call',    'Price negotiation store displays',      8,    NULL, 3,    9,  '2025-05-06 14:00+02', '2025-05-06 14:25+02', NULL),
    ('meeting', 'Lab walk-through Heidelberg',           15,   1,    5,    10, '2025-05-27 10:00+02', '2025-05-27 12:00+02', 'New scope: 20 laptops, docks and support.'),
    ('email',   'Send revised quote Q-25006',            15,   1,    5,    10, '2025-05-28 17:00+02', '2025-05-28 16:40+02', NULL),
    ('call',    'Follow-up on revised quote',            15,   1,    5,    10, '2025-06-10 10:00+02', NULL,                  NULL),
    ('meeting', 'Call-off 2 alignment with LDBV',        11,   NULL, 6,    8,  '2025-06-12 09:00+02', NULL,                  NULL),
    ('call',    'Qualification call Lang Logistik',      NULL, 2,    NULL, 8,  '2025-04-17 11:00+02', '2025-04-17 11:30+02', 'Budget approved, decision in Q3.'),
    ('email',   'Send webinar recording',                NULL, 3,    NULL, 9,  '2025-03-01 09:00+01', '2025-03-01 09:10+01', NULL),
    ('call',    'Intro call Hansen Medizintechnik',      NULL, 10,   NULL, 9,  '2025-03-12 15:00+01', '2025-03-12 15:40+01', NULL),
    ('task',    'Prepare Stadtwerke phase 3 offer',      5,    NULL, 12,   8,  '2025-06-13 17:00+02', NULL,                  NULL),
    ('call',    'Payment reminder INV-2024-0016',        13,   NULL, NULL, 10, '2025-02-20 10:00+01', '2025-02-20 10:15+01', 'Customer promised payment by end of March; not received.');

INSERT INTO support_tickets (ticket_id, ticket_number, customer_id, contact_id, product_id, subject, description, priority, status, assigned_to, opened_at, resolved_at) VALUES
    (1, 'TCK-25001', 1,  1,    5,    'Docks lose display after firmware update',   'Three USB-C docks drop the second screen since firmware 1.4.2.', 'high',   'resolved',    21, '2025-01-28 08:40+01', '2025-01-30 15:00+01'),
    (2, 'TCK-25002', 2,  3,    10,   'Access point reboots every night',           'AP in building C reboots at 02:00.',                              'medium', 'closed',      21, '2025-02-11 09:15+01', '2025-02-14 11:00+01'),
    (3, 'TCK-25003', 3,  4,    3,    'Monitor flickers at 60 Hz',                  'See RMA-25001.',                                                  'medium', 'resolved',    12, '2025-03-24 10:00+01', '2025-03-28 12:00+01'),
    (4, 'TCK-25004', 7,  8,    2,    'Workstation fan noise',                      'Fan loud under normal office load.',                              'low',    'waiting',     21, '2025-05-09 15:30+02', NULL),
    (5, 'TCK-25005', 5,  6,    9,    'Switch port flapping',                       'Ports 13-16 go up/down repeatedly.',                              'urgent', 'in_progress', 21, '2025-06-03 07:10+02', NULL),
    (6, 'TCK-25006', 10, 10,   NULL, 'Missing delivery note SO-25005',             'Reseller needs delivery note copy for its customer.',             'low',    'resolved',    13, '2025-04-25 11:00+02', '2025-04-25 14:00+02'),
    (7, 'TCK-25007', 11, 11,   1,    'BIOS password reset for 3 laptops',          NULL,                                                              'medium', 'open',        NULL, '2025-06-05 13:20+02', NULL),
    (8, 'TCK-25008', 13, 12,   NULL, 'Dispute over installation hours',            'Customer disputes 4 of 16 billed installation hours.',            'high',   'open',        3,  '2025-03-03 09:00+01', NULL);

INSERT INTO ticket_comments (ticket_id, author_id, body, is_internal, created_at) VALUES
    (1, 11, 'Reproduced with firmware 1.4.2; rollback to 1.4.1 fixes it.',            true,  '2025-01-29 10:00+01'),
    (1, 11, 'Please install firmware 1.4.3 released today; issue is fixed.',          false, '2025-01-30 15:00+01'),
    (2, 11, 'Scheduled reboot was enabled in the controller profile; disabled.',      false, '2025-02-14 11:00+01'),
    (3, 1,  'Replacement approved, RMA-25001 created.',                               false, '2025-03-28 12:00+01'),
    (4, 11, 'Asked customer for BIOS version and fan log.',                           false, '2025-05-12 09:00+02'),
    (5, 11, 'Cable test ok, suspect PoE budget exceeded on that port group.',        true,  '2025-06-03 09:30+02'),
    (5, 11, 'Technician on site tomorrow 08:00.',                                     false, '2025-06-04 16:00+02'),
    (6, 8,  'Delivery note sent as PDF.',                                             false, '2025-04-25 14:00+02'),
    (8, 4,  'Timesheet of technician shows 16 h on site; sending copy to customer.',   false, '2025-03-04 10:00+01'),
    (8, 4,  'Customer on credit hold until dispute is settled.',                      true,  '2025-03-10 09:00+01');

-- ----------------------------------------------------------------------------------------------------
-- Manufacturing (laptop assembly in the Leipzig plant)
-- ----------------------------------------------------------------------------------------------------

INSERT INTO work_centers (work_center_id, code, name, warehouse_id, capacity_hours_per_day, hourly_rate, currency_code) VALUES
    (1, 'WC-PREP', 'Board flashing and pre-test', 4, 16.00, 65.00, 'EUR'),
    (2, 'WC-ASSY', 'Final assembly',              4, 16.00, 85.00, 'EUR'),
    (3, 'WC-TEST', 'Burn-in and final test',      4, 24.00, 40.00, 'EUR');

INSERT INTO machines (machine_id, asset_tag, name, work_center_id, manufacturer, commissioned_on, status) VALUES
    (1, 'AT-0101', 'BIOS flashing station 1', 1, 'Acme in-house',    '2021-03-01', 'running'),
    (2, 'AT-0102', 'BIOS flashing station 2', 1, 'Acme in-house',    '2021-03-01', 'idle'),
    (3, 'AT-0201', 'Screwdriving robot',      2, 'Weber Schraubautomaten', '2022-06-15', 'running'),
    (4, 'AT-0301', 'Burn-in rack A',          3, 'Acme in-house',    '2020-01-15', 'running'),
    (5, 'AT-0302', 'Burn-in rack B',          3, 'Acme in-house',    '2020-01-15', 'broken');

INSERT INTO bills_of_materials (bom_id, product_id, version, base_quantity, is_active, valid_from) VALUES
    (1, 1, 1, 1, false, '2023-01-01'),
    (2, 1, 2, 1, true,  '2025-01-01'),
    (3, 2, 1, 1, true,  '2024-06-01');

INSERT INTO bom_components (bom_id, component_product_id, quantity, scrap_percent) VALUES
    (1, 14, 1, 1.00), (1, 15, 1, 0.50), (1, 16, 1, 0.00), (1, 17, 1, 1.50), (1, 20, 1, 0.00),
    (2, 14, 1, 1.00), (2, 15, 1, 0.50), (2, 16, 1, 0.00), (2, 17, 1, 1.50),
    (3, 14, 1, 1.00), (3, 16, 2, 0.00);

INSERT INTO routings (routing_id, product_id, version, is_active) VALUES
    (1, 1, 1, true),
    (2, 2, 1, true);

INSERT INTO routing_operations (routing_id, operation_number, work_center_id, description, setup_minutes, run_minutes_per_unit) VALUES
    (1, 10, 1, 'Flash BIOS and pre-test mainboard', 15, 4.0),
    (1, 20, 2, 'Assemble case, display and battery', 30, 18.0),
    (1, 30, 3, '8-hour burn-in and final test',      10, 6.0),
    (2, 10, 1, 'Flash BIOS and pre-test mainboard', 15, 5.0),
    (2, 20, 2, 'Assemble chassis, GPU and batteries', 45, 26.0),
    (2, 30, 3, '12-hour burn-in and final test',     10, 8.0);

INSERT INTO work_orders (work_order_id, wo_number, product_id, bom_id, routing_id, warehouse_id, sales_order_id, quantity_planned, quantity_completed,
                         quantity_scrapped, status, planned_start, planned_end, actual_start, actual_end) VALUES
    (1, 'WO-25001', 1, 2, 1, 4, NULL, 100, 98, 2, 'completed',   '2025-03-10', '2025-03-14', '2025-03-10 06:00+01', '2025-03-14 13:30+01'),
    (2, 'WO-25002', 1, 2, 1, 4, NULL, 80,  80, 0, 'completed',   '2025-04-22', '2025-04-25', '2025-04-22 06:00+02', '2025-04-25 11:00+02'),
    (3, 'WO-25003', 2, 3, 2, 4, 22,   10,  4,  0, 'in_progress', '2025-06-02', '2025-06-06', '2025-06-02 06:00+02', NULL),
    (4, 'WO-25004', 1, 2, 1, 4, NULL, 120, 0,  0, 'released',    '2025-06-10', '2025-06-20', NULL,                  NULL),
    (5, 'WO-25005', 2, 3, 2, 4, NULL, 20,  0,  0, 'planned',     '2025-06-23', '2025-06-27', NULL,                  NULL);

INSERT INTO work_order_operations (work_order_id, routing_id, operation_number, machine_id, operator_id, status, actual_minutes) VALUES
    (1, 1, 10, 1, 19, 'done',    430),
    (1, 1, 20, 3, 20, 'done',    1860),
    (1, 1, 30, 4, 19, 'done',    610),
    (2, 1, 10, 1, 19, 'done',    330),
    (2, 1, 20, 3, 20, 'done',    1420),
    (2, 1, 30, 4, 20, 'done',    495),
    (3, 2, 10, 2, 19, 'done',    65),
    (3, 2, 20, 3, 20, 'running', 120),
    (3, 2, 30, NULL, NULL, 'pending', NULL);

INSERT INTO quality_inspections (inspection_id, product_id, work_order_id, goods_receipt_id, inspector_id, inspected_at, sample_size, defects_found, result, notes) VALUES
    (1, 1,  1,    NULL, 18, '2025-03-14 12:00+01', 20, 0, 'pass',        NULL),
    (2, 1,  2,    NULL, 18, '2025-04-25 10:00+02', 20, 1, 'conditional', 'Cosmetic scratch on one lid; released with deviation D-25-07.'),
    (3, 16, NULL, 6,    19, '2024-09-04 14:00+02', 50, 4, 'fail',        'Swollen cells; 24 packs rejected, 8D report requested from PowerCell.'),
    (4, 15, NULL, 4,    19, '2024-05-17 11:00+02', 20, 0, 'pass',        NULL),
    (5, 3,  NULL, 10,   13, '2025-04-07 15:00+02', 10, 0, 'pass',        NULL);

-- ----------------------------------------------------------------------------------------------------
-- Logistics
-- ----------------------------------------------------------------------------------------------------

INSERT INTO carriers (carrier_id, code, name, tracking_url, is_active) VALUES
    (1, 'DHL', 'DHL Paket',            'https://www.dhl.de/track?piececode={tracking}', true),
    (2, 'UPS', 'UPS',                  'https://www.ups.com/track?tracknum={tracking}', true),
    (3, 'DBS', 'DB Schenker',          'https://www.dbschenker.com/track/{tracking}',   true),
    (4, 'OWN', 'Acme own fleet',       NULL,                                            true),
    (5, 'HKL', 'Hanse Kurier Logistik', NULL,                                           false);

INSERT INTO shipping_methods (shipping_method_id, carrier_id, code, name, transit_days) VALUES
    (1, 1, 'DHL-STD', 'DHL Paket Standard',             2),
    (2, 1, 'DHL-EXP', 'DHL Express',                    1),
    (3, 2, 'UPS-STD', 'UPS Standard Europe',            3),
    (4, 2, 'UPS-WWE', 'UPS Worldwide Expedited',        5),
    (5, 3, 'DBS-PAL', 'DB Schenker pallet freight',     3),
    (6, 4, 'OWN-VAN', 'Own van Berlin/Brandenburg',     1);

INSERT INTO freight_rates (shipping_method_id, country_code, max_weight_kg, rate, currency_code) VALUES
    (1, 'DE', 5,     6.49,   'EUR'),
    (1, 'DE', 31.5,  16.49,  'EUR'),
    (2, 'DE', 10,    24.90,  'EUR'),
    (3, 'FR', 30,    38.50,  'EUR'),
    (3, 'NL', 30,    34.90,  'EUR'),
    (3, 'GB', 30,    64.00,  'EUR'),
    (4, 'US', 30,    189.00, 'EUR'),
    (4, 'JP', 30,    232.00, 'EUR'),
    (5, 'DE', 1000,  145.00, 'EUR'),
    (5, 'CH', 1000,  310.00, 'EUR'),
    (5, 'FR', 1000,  260.00, 'EUR'),
    (6, 'DE', 800,   35.00,  'EUR');

INSERT INTO shipments (shipment_id, shipment_number, sales_order_id, warehouse_id, shipping_method_id, ship_to_address_id, ship_date, delivered_at, status,
                       tracking_number, freight_cost, currency_code)
SELECT v.id, v.nr, v.so, v.wh, v.method, o.shipping_address_id, v.ship_date::date, v.delivered::timestamptz, v.status, v.tracking, v.freight, 'EUR'
FROM (VALUES
    (1,  'SHP-24001', 1,  1, 1, '2024-01-19', '2024-01-22 10:12+01', 'delivered', '00340434161094012345', 32.98),
    (2,  'SHP-24002', 2,  1, 6, '2024-02-09', '2024-02-09 09:30+01', 'delivered', NULL,                   35.00),
    (3,  'SHP-24003', 3,  1, 3, '2024-02-23', '2024-02-27 14:05+01', 'delivered', '1Z999AA10123456784',   115.50),
    (4,  'SHP-24004', 4,  1, 3, '2024-03-14', '2024-03-18 11:40+01', 'delivered', '1Z999AA10123456785',   128.00),
    (5,  'SHP-24005', 5,  1, 5, '2024-04-24', '2024-04-26 08:15+02', 'delivered', 'DBS-4410087',          145.00),
    (6,  'SHP-24006', 6,  2, 5, '2024-05-31', '2024-06-04 13:20+02', 'delivered', 'DBS-4410562',          310.00),
    (7,  'SHP-24007', 7,  1, 4, '2024-06-07', '2024-06-12 16:45-04', 'delivered', '1Z999AA10123456786',   378.00),
    (8,  'SHP-24008', 8,  1, 1, '2024-07-15', '2024-07-16 12:00+02', 'delivered', '00340434161094012346', 32.98),
    (9,  'SHP-24009', 9,  1, 3, '2024-08-23', '2024-08-27 10:30+02', 'delivered', '1Z999AA10123456787',   69.80),
    (10, 'SHP-24010', 10, 1, 1, '2024-09-11', '2024-09-12 09:50+02', 'delivered', '00340434161094012347', 65.96),
    (11, 'SHP-24011', 11, 1, 4, '2024-10-03', '2024-10-09 11:00+09', 'delivered', '1Z999AA10123456788',   232.00),
    (12, 'SHP-24012', 12, 1, 5, '2024-11-25', '2024-11-27 09:00+01', 'delivered', 'DBS-4411903',          145.00),
    (13, 'SHP-24013', 13, 1, 6, '2024-11-19', '2024-11-19 10:15+01', 'delivered', NULL,                   35.00),
    (14, 'SHP-25001', 15, 1, 1, '2025-01-20', '2025-01-21 11:20+01', 'delivered', '00340434161094012348', 32.98),
    (15, 'SHP-25002', 16, 1, 5, '2025-03-12', '2025-03-14 08:40+01', 'delivered', 'DBS-4412250',          145.00),
    (16, 'SHP-25003', 17, 1, 3, '2025-02-28', '2025-03-04 15:10+01', 'delivered', '1Z999AA10123456789',   38.50),
    (17, 'SHP-25004', 18, 1, 5, '2025-04-10', '2025-04-15 10:00+02', 'delivered', 'DBS-4412871',          310.00),
    (18, 'SHP-25005', 19, 1, 1, '2025-04-17', '2025-04-18 13:35+02', 'delivered', '00340434161094012349', 65.96),
    (19, 'SHP-25006', 20, 1, 4, NULL,         NULL,                  'picking',   NULL,                   NULL)
) AS v (id, nr, so, wh, method, ship_date, delivered, status, tracking, freight)
JOIN sales_orders o ON o.sales_order_id = v.so;

-- Physical goods only; services on the same orders are not shipped.
INSERT INTO shipment_lines (shipment_id, line_number, sales_order_id, sales_order_line_number, quantity, lot_id)
SELECT s.shipment_id,
       row_number() OVER (PARTITION BY s.shipment_id ORDER BY l.line_number),
       l.sales_order_id, l.line_number, l.quantity,
       CASE WHEN s.shipment_id = 17 AND l.product_id = 1 THEN 3 WHEN s.shipment_id = 18 AND l.product_id = 1 THEN 4 END
FROM shipments s
JOIN sales_order_lines l ON l.sales_order_id = s.sales_order_id
JOIN products p          ON p.product_id = l.product_id
WHERE p.product_type <> 'service';

UPDATE shipments s
SET weight_kg = w.kg
FROM (SELECT sl.shipment_id, sum(sl.quantity * p.weight_kg) AS kg
      FROM shipment_lines sl
      JOIN sales_order_lines l ON l.sales_order_id = sl.sales_order_id AND l.line_number = sl.sales_order_line_number
      JOIN products p          ON p.product_id = l.product_id
      GROUP BY sl.shipment_id) w
WHERE w.shipment_id = s.shipment_id;

INSERT INTO tracking_events (shipment_id, event_time, status_code, location, description) VALUES
    (16, '2025-02-28 17:30+01', 'PICKED_UP',        'Berlin, DE',     'Picked up from shipper'),
    (16, '2025-03-01 04:10+01', 'IN_TRANSIT',       'Köln Hub, DE',   'Departed facility'),
    (16, '2025-03-03 09:00+01', 'EXCEPTION',        'Paris, FR',      'Consignee closed, delivery rescheduled'),
    (16, '2025-03-04 15:10+01', 'DELIVERED',        'Paris, FR',      'Delivered, signed by C. Dubois'),
    (17, '2025-04-10 16:00+02', 'PICKED_UP',        'Berlin, DE',     'Pallet collected'),
    (17, '2025-04-11 22:00+02', 'IN_TRANSIT',       'Basel, CH',      'Customs clearance'),
    (17, '2025-04-15 10:00+02', 'DELIVERED',        'Zug, CH',        'Delivered'),
    (18, '2025-04-17 18:00+02', 'PICKED_UP',        'Berlin, DE',     'Picked up from shipper'),
    (18, '2025-04-18 07:45+02', 'OUT_FOR_DELIVERY', 'Köln, DE',       'Out for delivery'),
    (18, '2025-04-18 13:35+02', 'DELIVERED',        'Köln, DE',       'Delivered to goods-in');

-- ----------------------------------------------------------------------------------------------------
-- Finance: customer invoices and payments
-- ----------------------------------------------------------------------------------------------------

-- Terms, due date, billing address and amounts are derived below from the customer and the lines.
INSERT INTO invoices (invoice_id, company_id, invoice_number, customer_id, sales_order_id, project_id, invoice_date, due_date, status, currency_code, notes, created_at) VALUES
    (1,  1, 'INV-2024-0001', 1,  1,    NULL, '2024-01-22', '2024-01-22', 'paid',           'EUR', NULL,                                          '2024-01-22 10:00+01'),
    (2,  1, 'INV-2024-0002', 2,  2,    NULL, '2024-02-12', '2024-02-12', 'paid',           'EUR', NULL,                                          '2024-02-12 10:00+01'),
    (3,  1, 'INV-2024-0003', 3,  3,    NULL, '2024-02-27', '2024-02-27', 'paid',           'EUR', 'Reverse charge: VAT due by the recipient.',   '2024-02-27 10:00+01'),
    (4,  1, 'INV-2024-0004', 4,  4,    NULL, '2024-03-18', '2024-03-18', 'paid',           'GBP', 'Export outside the EU, VAT exempt.',           '2024-03-18 10:00+01'),
    (5,  1, 'INV-2024-0005', 5,  5,    NULL, '2024-04-26', '2024-04-26', 'paid',           'EUR', 'Framework 2024/0815, call-off 1.',             '2024-04-26 10:00+02'),
    (6,  1, 'INV-2024-0006', 5,  NULL, 3,    '2024-05-31', '2024-05-31', 'paid',           'EUR', 'Milestone invoice PRJ-103.',                   '2024-05-31 10:00+02'),
    (7,  1, 'INV-2024-0007', 6,  6,    NULL, '2024-06-04', '2024-06-04', 'paid',           'CHF', 'Export outside the EU, VAT exempt.',           '2024-06-04 10:00+02'),
    (8,  1, 'INV-2024-0008', 7,  7,    NULL, '2024-06-12', '2024-06-12', 'paid',           'USD', 'Export outside the EU, VAT exempt.',           '2024-06-12 10:00+02'),
    (9,  1, 'INV-2024-0009', 1,  8,    NULL, '2024-07-17', '2024-07-17', 'paid',           'EUR', NULL,                                          '2024-07-17 10:00+02'),
    (10, 1, 'INV-2024-0010', 8,  9,    NULL, '2024-08-27', '2024-08-27', 'paid',           'EUR', 'Reverse charge: VAT due by the recipient.',   '2024-08-27 10:00+02'),
    (11, 1, 'INV-2024-0011', 10, 10,   NULL, '2024-09-13', '2024-09-13', 'paid',           'EUR', NULL,                                          '2024-09-13 10:00+02'),
    (12, 1, 'INV-2024-0012', 9,  11,   NULL, '2024-10-02', '2024-10-02', 'paid',           'USD', 'Prepayment invoice.',                          '2024-10-02 10:00+02'),
    (13, 1, 'INV-2024-0013', 2,  13,   NULL, '2024-11-20', '2024-11-20', 'paid',           'EUR', NULL,                                          '2024-11-20 10:00+01'),
    (14, 1, 'INV-2024-0014', 11, 12,   NULL, '2024-11-28', '2024-11-28', 'paid',           'EUR', 'Call-off LDBV-2024-117.',                      '2024-11-28 10:00+01'),
    (15, 1, 'INV-2024-0015', 5,  NULL, 3,    '2024-11-30', '2024-11-30', 'paid',           'EUR', 'Final milestone invoice PRJ-103.',             '2024-11-30 10:00+01'),
    (16, 1, 'INV-2024-0016', 13, NULL, NULL, '2024-12-10', '2024-12-10', 'overdue',        'EUR', NULL,                                          '2024-12-10 10:00+01'),
    (17, 1, 'INV-2025-0001', 1,  15,   NULL, '2025-01-21', '2025-01-21', 'paid',           'EUR', NULL,                                          '2025-01-21 10:00+01'),
    (18, 1, 'INV-2025-0002', 3,  17,   NULL, '2025-03-04', '2025-03-04', 'partially_paid', 'EUR', 'Reverse charge: VAT due by the recipient.',   '2025-03-04 10:00+01'),
    (19, 1, 'INV-2025-0003', 5,  16,   NULL, '2025-03-14', '2025-03-14', 'overdue',        'EUR', 'Framework 2024/0815, call-off 2.',             '2025-03-14 10:00+01'),
    (20, 1, 'INV-2025-0004', 1,  NULL, 1,    '2025-03-31', '2025-03-31', 'paid',           'EUR', 'Time and material PRJ-101, March 2025.',       '2025-03-31 10:00+02'),
    (21, 1, 'INV-2025-0005', 1,  NULL, 1,    '2025-04-30', '2025-04-30', 'paid',           'EUR', 'Time and material PRJ-101, April 2025.',       '2025-04-30 10:00+02'),
    (22, 1, 'INV-2025-0006', 1,  NULL, 1,    '2025-05-31', '2025-05-31', 'issued',         'EUR', 'Time and material PRJ-101, May 2025.',         '2025-05-31 10:00+02'),
    (23, 1, 'INV-2025-0007', 2,  NULL, 2,    '2025-05-31', '2025-05-31', 'issued',         'EUR', 'Milestone invoice PRJ-102.',                   '2025-05-31 10:00+02'),
    (24, 1, 'INV-2025-0008', 6,  18,   NULL, '2025-06-05', '2025-06-05', 'draft',          'CHF', 'Export outside the EU, VAT exempt.',           '2025-06-05 10:00+02');

UPDATE invoices i
SET payment_terms_id = c.payment_terms_id,
    due_date = i.invoice_date + t.due_days,
    billing_address_id = c.billing_address_id,
    updated_at = i.created_at
FROM customers c
JOIN payment_terms t ON t.payment_terms_id = c.payment_terms_id
WHERE c.customer_id = i.customer_id;

-- Order invoices bill every order line; revenue goes to product sales or service revenue.
INSERT INTO invoice_lines (invoice_id, line_number, product_id, sales_order_id, sales_order_line_number, description, quantity, unit_price, tax_rate_id, line_total, revenue_account_id)
SELECT i.invoice_id, l.line_number, l.product_id, l.sales_order_id, l.line_number, l.description, l.quantity,
       round(l.unit_price * (1 - l.discount_percent / 100), 2), l.tax_rate_id, l.line_total,
       CASE WHEN p.product_type = 'service' THEN 19 ELSE 18 END
FROM invoices i
JOIN sales_order_lines l ON l.sales_order_id = i.sales_order_id
JOIN products p          ON p.product_id = l.product_id;

INSERT INTO invoice_lines (invoice_id, line_number, product_id, description, quantity, unit_price, tax_rate_id, line_total, revenue_account_id)
SELECT v.invoice_id, v.line_number, v.product_id, v.description, v.quantity, v.unit_price, 1, round(v.quantity * v.unit_price, 2), v.account
FROM (VALUES
    (14, 5, NULL::bigint, 'Framework discount 2 %',                          1,   -1804.80, 18),
    (6,  1, NULL,         'Milestone 1: migration plan approved (PRJ-103)', 1,   42000.00, 19),
    (15, 1, NULL,         'Milestone 2: data center go-live (PRJ-103)',     1,   98000.00, 19),
    (16, 1, 11,           'On-site installation, site office Dortmund',     16,  95.00,    19),
    (16, 2, 12,           'Premium Support 1 Year',                         2,   399.00,   19),
    (20, 1, 13,           'IT consulting J. Neumann, March 2025',           88,  140.00,   19),
    (20, 2, 13,           'Project management L. Wolf, March 2025',         16,  160.00,   19),
    (21, 1, 13,           'IT consulting J. Neumann, April 2025',           120, 140.00,   19),
    (21, 2, 13,           'Project management L. Wolf, April 2025',         14,  160.00,   19),
    (22, 1, 13,           'IT consulting J. Neumann, May 2025',             101, 140.00,   19),
    (22, 2, 13,           'Project management L. Wolf, May 2025',           12,  160.00,   19),
    (22, 3, 13,           'Infrastructure C. Vogel, May 2025',              6,   120.00,   19),
    (23, 1, NULL,         'Milestone 1: network design sign-off (PRJ-102)', 1,   28500.00, 19)
) AS v (invoice_id, line_number, product_id, description, quantity, unit_price, account);

UPDATE invoices i
SET subtotal = l.subtotal, tax_amount = l.tax, total_amount = l.subtotal + l.tax
FROM (SELECT il.invoice_id, sum(il.line_total) AS subtotal, round(sum(il.line_total * t.rate_percent / 100), 2) AS tax
      FROM invoice_lines il JOIN tax_rates t ON t.tax_rate_id = il.tax_rate_id
      GROUP BY il.invoice_id) l
WHERE l.invoice_id = i.invoice_id;

-- One full payment per paid invoice (INV-2024-0014 paid late), a partial payment and a bounced cheque.
INSERT INTO payments (payment_id, payment_number, customer_id, bank_account_id, payment_date, amount, currency_code, method, reference, status)
SELECT row_number() OVER (ORDER BY x.payment_date, x.invoice_id),
       'PAY-' || to_char(x.payment_date, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM x.payment_date) ORDER BY x.payment_date, x.invoice_id))::text, 4, '0'),
       x.customer_id, b.bank_account_id, x.payment_date, x.amount, x.currency_code, x.method, x.reference,
       CASE WHEN x.method = 'check' AND x.invoice_id IS NULL THEN 'bounced'
            WHEN x.payment_date < '2025-05-01' THEN 'reconciled' ELSE 'received' END
FROM (
    SELECT i.invoice_id, i.customer_id, i.currency_code, i.total_amount AS amount, i.invoice_number AS reference,
           CASE WHEN i.invoice_number = 'INV-2024-0014' THEN DATE '2025-02-20'
                ELSE i.invoice_date + greatest(t.due_days - 3, 0) END AS payment_date,
           CASE i.customer_id WHEN 10 THEN 'direct_debit' WHEN 7 THEN 'check' ELSE 'bank_transfer' END AS method
    FROM invoices i JOIN payment_terms t ON t.payment_terms_id = i.payment_terms_id
    WHERE i.status = 'paid'
    UNION ALL
    SELECT 18, 3, 'EUR', 4000.00, 'INV-2025-0002 Teilzahlung', DATE '2025-04-02', 'bank_transfer'
    UNION ALL
    SELECT NULL, 13, 'EUR', 1000.00, 'Scheck 004512', DATE '2025-03-28', 'check'
) x
JOIN bank_accounts b ON b.currency_code = x.currency_code;

INSERT INTO payment_allocations (payment_id, invoice_id, amount)
SELECT p.payment_id, i.invoice_id, p.amount
FROM payments p
JOIN invoices i ON p.reference LIKE i.invoice_number || '%'
WHERE p.status <> 'bounced';

UPDATE invoices i
SET amount_paid = a.paid
FROM (SELECT invoice_id, sum(amount) AS paid FROM payment_allocations GROUP BY invoice_id) a
WHERE a.invoice_id = i.invoice_id;

-- ----------------------------------------------------------------------------------------------------
-- Finance: supplier invoices and payments
-- ----------------------------------------------------------------------------------------------------

INSERT INTO supplier_invoices (supplier_invoice_id, company_id, supplier_id, supplier_invoice_number, purchase_order_id, invoice_date, due_date, currency_code, subtotal, total_amount, status)
SELECT v.id, 1, po.supplier_id, v.number, po.purchase_order_id, v.invoice_date::date, v.invoice_date::date + t.due_days, po.currency_code, 0, 0, v.status
FROM (VALUES
    (1,  'TS-R-240118',    1,  '2024-01-16', 'paid'),
    (2,  'DT-INV-24-0233', 2,  '2024-02-24', 'paid'),
    (3,  'PCI-9912',       3,  '2024-04-02', 'paid'),
    (4,  'AF-24-1190',     4,  '2024-05-17', 'paid'),
    (5,  'BK-R-24-331',    5,  '2024-06-28', 'paid'),
    (6,  'PCB-INV-4471',   6,  '2024-09-04', 'disputed'),
    (7,  'TS-R-240923',    7,  '2024-09-24', 'paid'),
    (8,  'TS-R-250130',    8,  '2025-01-30', 'paid'),
    (9,  'NP-25-0310',     9,  '2025-03-11', 'matched'),
    (10, 'DT-INV-25-0410', 10, '2025-04-08', 'approved')
) AS v (id, number, po_id, invoice_date, status)
JOIN purchase_orders po ON po.purchase_order_id = v.po_id
JOIN payment_terms t    ON t.payment_terms_id = po.payment_terms_id;

-- PowerCell billed the full 300 packs although 24 were rejected, hence the dispute.
INSERT INTO supplier_invoice_lines (supplier_invoice_id, line_number, purchase_order_id, po_line_number, description, quantity, unit_cost, line_total, expense_account_id)
SELECT si.supplier_invoice_id, l.line_number, l.purchase_order_id, l.line_number, p.name, q.qty, l.unit_cost, round(q.qty * l.unit_cost, 2), 7
FROM supplier_invoices si
JOIN purchase_order_lines l ON l.purchase_order_id = si.purchase_order_id
JOIN products p             ON p.product_id = l.product_id
CROSS JOIN LATERAL (SELECT CASE WHEN si.status = 'disputed' THEN l.quantity ELSE l.quantity_received END AS qty) q
WHERE q.qty > 0;

-- German suppliers charge 19 % VAT; EU and non-EU suppliers invoice without VAT.
UPDATE supplier_invoices si
SET subtotal = l.subtotal,
    tax_amount = CASE WHEN a.country_code = 'DE' THEN round(l.subtotal * 0.19, 2) ELSE 0 END,
    total_amount = l.subtotal + CASE WHEN a.country_code = 'DE' THEN round(l.subtotal * 0.19, 2) ELSE 0 END
FROM (SELECT supplier_invoice_id, sum(line_total) AS subtotal FROM supplier_invoice_lines GROUP BY supplier_invoice_id) l,
     suppliers s
JOIN addresses a ON a.address_id = s.address_id
WHERE l.supplier_invoice_id = si.supplier_invoice_id AND s.supplier_id = si.supplier_id;

-- TechSource invoices are paid within 10 days to take the 2 % early-payment discount.
INSERT INTO supplier_payments (supplier_invoice_id, bank_account_id, payment_date, amount, currency_code, discount_taken, reference)
SELECT si.supplier_invoice_id, b.bank_account_id,
       CASE WHEN t.discount_days IS NOT NULL THEN si.invoice_date + t.discount_days - 1 ELSE si.due_date - 2 END,
       si.total_amount - d.discount, si.currency_code, d.discount, 'Payment ' || si.supplier_invoice_number
FROM supplier_invoices si
JOIN suppliers s        ON s.supplier_id = si.supplier_id
JOIN payment_terms t    ON t.payment_terms_id = s.payment_terms_id
JOIN bank_accounts b    ON b.currency_code = si.currency_code
CROSS JOIN LATERAL (SELECT CASE WHEN t.discount_percent IS NOT NULL THEN round(si.total_amount * t.discount_percent / 100, 2) ELSE 0 END AS discount) d
WHERE si.status = 'paid'
ORDER BY si.supplier_invoice_id;

-- ----------------------------------------------------------------------------------------------------
-- Finance: general ledger (sub-ledger postings, payroll and manual journals)
-- ----------------------------------------------------------------------------------------------------

-- Sales journal: one posted entry per issued customer invoice.
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, source_type, source_id, currency_code, created_by, posted_at, created_at)
SELECT i.company_id,
       'SJ-' || to_char(i.invoice_date, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM i.invoice_date) ORDER BY i.invoice_date, i.invoice_id))::text, 4, '0'),
       fp.fiscal_period_id, i.invoice_date, 'sales', 'Customer invoice ' || i.invoice_number, 'posted', 'invoices', i.invoice_id,
       i.currency_code, 4, i.invoice_date + time '18:00', i.invoice_date + time '10:05'
FROM invoices i
JOIN fiscal_periods fp ON i.invoice_date BETWEEN fp.start_date AND fp.end_date
JOIN fiscal_years fy   ON fy.fiscal_year_id = fp.fiscal_year_id AND fy.company_id = i.company_id
WHERE i.status <> 'draft'
ORDER BY i.invoice_date, i.invoice_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, cost_center_id, project_id, debit, credit, description)
SELECT je.journal_entry_id, row_number() OVER (PARTITION BY je.journal_entry_id ORDER BY x.sort, x.account),
       x.account, x.cost_center, x.project, x.debit, x.credit, x.description
FROM journal_entries je
JOIN invoices i ON je.source_type = 'invoices' AND i.invoice_id = je.source_id
CROSS JOIN LATERAL (
    SELECT 1 AS sort, 6 AS account, NULL::integer AS cost_center, NULL::bigint AS project,
           i.total_amount AS debit, 0::numeric AS credit, 'Receivable ' || i.invoice_number AS description
    UNION ALL
    SELECT 2, il.revenue_account_id, CASE WHEN i.project_id IS NULL THEN 4 ELSE 7 END, i.project_id,
           0, sum(il.line_total), 'Revenue ' || i.invoice_number
    FROM invoice_lines il WHERE il.invoice_id = i.invoice_id GROUP BY il.revenue_account_id
    UNION ALL
    SELECT 3, 12, NULL, NULL, 0, i.tax_amount, 'Output VAT ' || i.invoice_number WHERE i.tax_amount > 0
) x;

UPDATE invoices i SET journal_entry_id = je.journal_entry_id
FROM journal_entries je WHERE je.source_type = 'invoices' AND je.source_id = i.invoice_id;

-- Cash receipts journal: cleared customer payments (the bounced cheque was never posted).
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, source_type, source_id, currency_code, created_by, posted_at, created_at)
SELECT 1,
       'CR-' || to_char(p.payment_date, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM p.payment_date) ORDER BY p.payment_date, p.payment_id))::text, 4, '0'),
       fp.fiscal_period_id, p.payment_date, 'payment', 'Customer payment ' || p.payment_number, 'posted', 'payments', p.payment_id,
       p.currency_code, 4, p.payment_date + time '17:00', p.payment_date + time '09:30'
FROM payments p
JOIN fiscal_periods fp ON p.payment_date BETWEEN fp.start_date AND fp.end_date
JOIN fiscal_years fy   ON fy.fiscal_year_id = fp.fiscal_year_id AND fy.company_id = 1
WHERE p.status <> 'bounced'
ORDER BY p.payment_date, p.payment_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, debit, credit, description)
SELECT je.journal_entry_id, 1, b.gl_account_id, p.amount, 0, 'Bank receipt ' || p.reference
FROM journal_entries je JOIN payments p ON je.source_type = 'payments' AND p.payment_id = je.source_id
JOIN bank_accounts b ON b.bank_account_id = p.bank_account_id
UNION ALL
SELECT je.journal_entry_id, 2, 6, 0, p.amount, 'Clear receivable ' || p.reference
FROM journal_entries je JOIN payments p ON je.source_type = 'payments' AND p.payment_id = je.source_id;

-- Purchase journal: every received supplier invoice is posted to inventory, input VAT and payables.
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, source_type, source_id, currency_code, created_by, posted_at, created_at)
SELECT si.company_id,
       'PJ-' || to_char(si.invoice_date, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM si.invoice_date) ORDER BY si.invoice_date, si.supplier_invoice_id))::text, 4, '0'),
       fp.fiscal_period_id, si.invoice_date, 'purchase', 'Supplier invoice ' || si.supplier_invoice_number, 'posted', 'supplier_invoices', si.supplier_invoice_id,
       si.currency_code, 3, si.invoice_date + time '16:00', si.invoice_date + time '11:00'
FROM supplier_invoices si
JOIN fiscal_periods fp ON si.invoice_date BETWEEN fp.start_date AND fp.end_date
JOIN fiscal_years fy   ON fy.fiscal_year_id = fp.fiscal_year_id AND fy.company_id = si.company_id
ORDER BY si.invoice_date, si.supplier_invoice_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, cost_center_id, debit, credit, description)
SELECT je.journal_entry_id, row_number() OVER (PARTITION BY je.journal_entry_id ORDER BY x.sort), x.account, x.cost_center, x.debit, x.credit, x.description
FROM journal_entries je
JOIN supplier_invoices si ON je.source_type = 'supplier_invoices' AND si.supplier_invoice_id = je.source_id
CROSS JOIN LATERAL (
    SELECT 1 AS sort, 7 AS account, 6 AS cost_center, si.subtotal AS debit, 0::numeric AS credit, 'Goods received ' || si.supplier_invoice_number AS description
    UNION ALL
    SELECT 2, 8, NULL, si.tax_amount, 0, 'Input VAT ' || si.supplier_invoice_number WHERE si.tax_amount > 0
    UNION ALL
    SELECT 3, 11, NULL, 0, si.total_amount, 'Payable ' || si.supplier_invoice_number
) x;

UPDATE supplier_invoices si SET journal_entry_id = je.journal_entry_id
FROM journal_entries je WHERE je.source_type = 'supplier_invoices' AND je.source_id = si.supplier_invoice_id;

-- Cash disbursements journal: supplier payments; early-payment discounts reduce inventory cost.
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, source_type, source_id, currency_code, created_by, posted_at, created_at)
SELECT 1,
       'CD-' || to_char(sp.payment_date, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM sp.payment_date) ORDER BY sp.payment_date, sp.supplier_payment_id))::text, 4, '0'),
       fp.fiscal_period_id, sp.payment_date, 'payment', 'Supplier payment ' || sp.reference, 'posted', 'supplier_payments', sp.supplier_payment_id,
       sp.currency_code, 3, sp.payment_date + time '15:00', sp.payment_date + time '08:30'
FROM supplier_payments sp
JOIN fiscal_periods fp ON sp.payment_date BETWEEN fp.start_date AND fp.end_date
JOIN fiscal_years fy   ON fy.fiscal_year_id = fp.fiscal_year_id AND fy.company_id = 1
ORDER BY sp.payment_date, sp.supplier_payment_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, debit, credit, description)
SELECT je.journal_entry_id, row_number() OVER (PARTITION BY je.journal_entry_id ORDER BY x.sort), x.account, x.debit, x.credit, x.description
FROM journal_entries je
JOIN supplier_payments sp ON je.source_type = 'supplier_payments' AND sp.supplier_payment_id = je.source_id
JOIN bank_accounts b      ON b.bank_account_id = sp.bank_account_id
CROSS JOIN LATERAL (
    SELECT 1 AS sort, 11 AS account, sp.amount + sp.discount_taken AS debit, 0::numeric AS credit, 'Clear payable' AS description
    UNION ALL
    SELECT 2, b.gl_account_id, 0, sp.amount, 'Bank transfer'
    UNION ALL
    SELECT 3, 7, 0, sp.discount_taken, 'Early-payment discount' WHERE sp.discount_taken > 0
) x;

-- Payroll journal: gross pay per cost center against payroll liabilities.
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, source_type, source_id, currency_code, created_by, posted_at, created_at)
SELECT r.company_id, 'PY-2025-' || lpad(r.payroll_run_id::text, 4, '0'), fp.fiscal_period_id, r.period_end, 'payroll',
       'Payroll ' || to_char(r.period_start, 'FMMonth YYYY'), 'posted', 'payroll_runs', r.payroll_run_id, r.currency_code, 5,
       r.pay_date + time '12:00', r.pay_date + time '10:00'
FROM payroll_runs r
JOIN fiscal_periods fp ON r.period_end BETWEEN fp.start_date AND fp.end_date
JOIN fiscal_years fy   ON fy.fiscal_year_id = fp.fiscal_year_id AND fy.company_id = r.company_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, cost_center_id, debit, credit, description)
SELECT je.journal_entry_id, row_number() OVER (PARTITION BY je.journal_entry_id ORDER BY d.cost_center_id), 22, d.cost_center_id, sum(p.gross_pay), 0, 'Gross salaries'
FROM journal_entries je
JOIN payslips p    ON je.source_type = 'payroll_runs' AND p.payroll_run_id = je.source_id
JOIN employees e   ON e.employee_id = p.employee_id
JOIN departments d ON d.department_id = e.department_id
GROUP BY je.journal_entry_id, d.cost_center_id;

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, debit, credit, description)
SELECT je.journal_entry_id, 100, 13, 0, r.total_gross, 'Net pay, wage tax and social security payable'
FROM journal_entries je
JOIN payroll_runs r ON je.source_type = 'payroll_runs' AND r.payroll_run_id = je.source_id;

-- General journal: monthly rent, a marketing accrual booked on the wrong account and reversed, a draft bonus accrual.
INSERT INTO journal_entries (company_id, entry_number, fiscal_period_id, entry_date, entry_type, description, status, currency_code, created_by, posted_at, created_at) VALUES
    (1, 'GJ-2025-0001', 13, '2025-01-02', 'manual', 'Rent January 2025: HQ and Borsigturm warehouse',  'posted',   'EUR', 4, '2025-01-02 12:00+01', '2025-01-02 11:00+01'),
    (1, 'GJ-2025-0002', 14, '2025-02-03', 'manual', 'Rent February 2025: HQ and Borsigturm warehouse', 'posted',   'EUR', 4, '2025-02-03 12:00+01', '2025-02-03 11:00+01'),
    (1, 'GJ-2025-0003', 15, '2025-03-03', 'manual', 'Rent March 2025: HQ and Borsigturm warehouse',    'posted',   'EUR', 4, '2025-03-03 12:00+01', '2025-03-03 11:00+01'),
    (1, 'GJ-2025-0004', 16, '2025-04-01', 'manual', 'Rent April 2025: HQ and Borsigturm warehouse',    'posted',   'EUR', 4, '2025-04-01 12:00+02', '2025-04-01 11:00+02'),
    (1, 'GJ-2025-0005', 17, '2025-05-02', 'manual', 'Rent May 2025: HQ and Borsigturm warehouse',      'posted',   'EUR', 4, '2025-05-02 12:00+02', '2025-05-02 11:00+02'),
    (1, 'GJ-2025-0006', 16, '2025-04-04', 'manual', 'Accrual Hannover Messe booth costs',              'reversed', 'EUR', 4, '2025-04-04 15:00+02', '2025-04-04 14:00+02'),
    (1, 'GJ-2025-0007', 16, '2025-04-07', 'adjustment', 'Reversal of GJ-2025-0006 (booked to IT instead of marketing)', 'posted', 'EUR', 3, '2025-04-07 10:00+02', '2025-04-07 09:30+02'),
    (1, 'GJ-2025-0008', 16, '2025-04-07', 'manual', 'Accrual Hannover Messe booth costs (corrected)',  'posted',   'EUR', 4, '2025-04-07 10:30+02', '2025-04-07 10:15+02'),
    (1, 'GJ-2025-0009', 17, '2025-05-31', 'manual', 'Accrual sales bonus Q2 2025',                     'draft',    'EUR', 4, NULL,                  '2025-06-03 16:00+02');

UPDATE journal_entries SET reversal_of_id = (SELECT journal_entry_id FROM journal_entries WHERE entry_number = 'GJ-2025-0006')
WHERE entry_number = 'GJ-2025-0007';

INSERT INTO journal_lines (journal_entry_id, line_number, gl_account_id, cost_center_id, debit, credit, description)
SELECT je.journal_entry_id, v.line_number, v.account, v.cost_center, v.debit, v.credit, v.description
FROM (VALUES
    ('GJ-2025-0001', 1, 23, 1,    12500.00, 0,        'Office rent Friedrichstraße'),
    ('GJ-2025-0001', 2, 23, 5,    6000.00,  0,        'Warehouse rent Borsigturm'),
    ('GJ-2025-0001', 3, 2,  NULL, 0,        18500.00, 'Standing order'),
    ('GJ-2025-0002', 1, 23, 1,    12500.00, 0,        'Office rent Friedrichstraße'),
    ('GJ-2025-0002', 2, 23, 5,    6000.00,  0,        'Warehouse rent Borsigturm'),
    ('GJ-2025-0002', 3, 2,  NULL, 0,        18500.00, 'Standing order'),
    ('GJ-2025-0003', 1, 23, 1,    12500.00, 0,        'Office rent Friedrichstraße'),
    ('GJ-2025-0003', 2, 23, 5,    6000.00,  0,        'Warehouse rent Borsigturm'),
    ('GJ-2025-0003', 3, 2,  NULL, 0,        18500.00, 'Standing order'),
    ('GJ-2025-0004', 1, 23, 1,    12500.00, 0,        'Office rent Friedrichstraße'),
    ('GJ-2025-0004', 2, 23, 5,    6000.00,  0,        'Warehouse rent Borsigturm'),
    ('GJ-2025-0004', 3, 2,  NULL, 0,        18500.00, 'Standing order'),
    ('GJ-2025-0005', 1, 23, 1,    12500.00, 0,        'Office rent Friedrichstraße'),
    ('GJ-2025-0005', 2, 23, 5,    6000.00,  0,        'Warehouse rent Borsigturm'),
    ('GJ-2025-0005', 3, 2,  NULL, 0,        18500.00, 'Standing order'),
    ('GJ-2025-0006', 1, 26, 9,    27800.00, 0,        'Booth, travel, catering Hannover Messe'),
    ('GJ-2025-0006', 2, 11, NULL, 0,        27800.00, 'Invoices to be received'),
    ('GJ-2025-0007', 1, 11, NULL, 27800.00, 0,        'Reverse accrual'),
    ('GJ-2025-0007', 2, 26, 9,    0,        27800.00, 'Reverse accrual'),
    ('GJ-2025-0008', 1, 25, 4,    27800.00, 0,        'Booth, travel, catering Hannover Messe'),
    ('GJ-2025-0008', 2, 11, NULL, 0,        27800.00, 'Invoices to be received'),
    ('GJ-2025-0009', 1, 22, 4,    15000.00, 0,        'Expected Q2 sales bonus'),
    ('GJ-2025-0009', 2, 13, NULL, 0,        15000.00, 'Bonus payable')
) AS v (entry_number, line_number, account, cost_center, debit, credit, description)
JOIN journal_entries je ON je.entry_number = v.entry_number;

-- ----------------------------------------------------------------------------------------------------
-- Finance: budget FY2025
-- ----------------------------------------------------------------------------------------------------

INSERT INTO budgets (budget_id, company_id, fiscal_year_id, name, status, approved_by) VALUES
    (1, 1, 2, 'Original budget 2025', 'approved', 2),
    (2, 1, 2, 'Forecast after Q1',    'draft',    NULL);

INSERT INTO budget_lines (budget_id, gl_account_id, cost_center_id, period_number, amount)
SELECT 1, a.account, a.cost_center, m, CASE WHEN a.account = 25 AND m = 4 THEN 25000 ELSE a.monthly END
FROM (VALUES (18, 4, 95000.00), (22, NULL::integer, 135000.00), (23, NULL, 18500.00), (25, 4, 4000.00)) AS a (account, cost_center, monthly)
CROSS JOIN generate_series(1, 12) AS m;

INSERT INTO budget_lines (budget_id, gl_account_id, cost_center_id, period_number, amount) VALUES
    (2, 25, 4, 4, 27800.00),
    (2, 18, 4, 6, 110000.00),
    (2, 18, 4, 7, 105000.00);

-- ----------------------------------------------------------------------------------------------------
-- Inventory ledger: movements derived from the receipts, shipments, production, transfers and counts above
-- ----------------------------------------------------------------------------------------------------

INSERT INTO stock_movements (product_id, warehouse_id, location_id, lot_id, movement_type, quantity, unit_cost, reference_type, reference_id, moved_at, created_by, notes)
SELECT x.product_id, x.warehouse_id, x.location_id, x.lot_id, x.movement_type, x.quantity, p.standard_cost, x.reference_type, x.reference_id, x.moved_at, x.created_by, x.notes
FROM (
    SELECT l.product_id, gr.warehouse_id, CASE gr.warehouse_id WHEN 1 THEN 4 END AS location_id, grl.lot_id,
           'receipt' AS movement_type, grl.quantity_received AS quantity, 'goods_receipts' AS reference_type,
           gr.goods_receipt_id AS reference_id, gr.received_date + time '10:00' AS moved_at, 8 AS created_by, gr.notes AS notes
    FROM goods_receipts gr
    JOIN goods_receipt_lines grl  ON grl.goods_receipt_id = gr.goods_receipt_id
    JOIN purchase_order_lines l   ON l.purchase_order_id = grl.purchase_order_id AND l.line_number = grl.po_line_number
    UNION ALL
    SELECT l.product_id, s.warehouse_id, CASE s.warehouse_id WHEN 1 THEN 5 END, sl.lot_id,
           'issue', -sl.quantity, 'shipments', s.shipment_id, s.ship_date + time '14:00', 8, NULL
    FROM shipments s
    JOIN shipment_lines sl   ON sl.shipment_id = s.shipment_id
    JOIN sales_order_lines l ON l.sales_order_id = sl.sales_order_id AND l.line_number = sl.sales_order_line_number
    WHERE s.ship_date IS NOT NULL
    UNION ALL
    SELECT wo.product_id, wo.warehouse_id, 11, CASE wo.work_order_id WHEN 1 THEN 3 WHEN 2 THEN 4 END,
           'production', wo.quantity_completed, 'work_orders', wo.work_order_id, wo.actual_end, NULL, NULL
    FROM work_orders wo
    WHERE wo.status = 'completed'
    UNION ALL
    SELECT c.component_product_id, wo.warehouse_id, 9, NULL,
           'consumption', -(wo.quantity_completed + wo.quantity_scrapped) * c.quantity, 'work_orders', wo.work_order_id, wo.actual_end, NULL, NULL
    FROM work_orders wo
    JOIN bom_components c ON c.bom_id = wo.bom_id
    WHERE wo.status = 'completed'
    UNION ALL
    SELECT t.product_id, t.from_warehouse_id, NULL, NULL, 'transfer_out', -t.quantity, 'stock_transfers', t.transfer_id, t.requested_at, 8, NULL
    FROM stock_transfers t WHERE t.status IN ('in_transit', 'received')
    UNION ALL
    SELECT t.product_id, t.to_warehouse_id, 4, NULL, 'transfer_in', t.quantity, 'stock_transfers', t.transfer_id, t.received_at, 8, NULL
    FROM stock_transfers t WHERE t.status = 'received'
    UNION ALL
    SELECT cl.product_id, sc.warehouse_id, NULL, NULL, 'adjustment', cl.counted_quantity - cl.expected_quantity, 'stock_counts', sc.stock_count_id,
           sc.count_date + time '16:00', 8, 'Annual stocktake difference'
    FROM stock_counts sc
    JOIN stock_count_lines cl ON cl.stock_count_id = sc.stock_count_id
    WHERE sc.status = 'posted' AND cl.counted_quantity <> cl.expected_quantity
    UNION ALL
    SELECT l.product_id, l.warehouse_id, 4, NULL, 'return', rl.quantity, 'sales_returns', r.return_id, r.return_date + time '11:00', 8, r.notes
    FROM sales_returns r
    JOIN sales_return_lines rl ON rl.return_id = r.return_id
    JOIN sales_order_lines l   ON l.sales_order_id = rl.sales_order_id AND l.line_number = rl.sales_order_line_number
    WHERE rl.restock AND r.status IN ('received', 'refunded')
) x
JOIN products p ON p.product_id = x.product_id
ORDER BY x.moved_at, x.reference_type, x.product_id;

-- ----------------------------------------------------------------------------------------------------
-- Audit trail and attachments
-- ----------------------------------------------------------------------------------------------------

INSERT INTO audit_log (user_id, table_name, record_id, action, changes, changed_at) VALUES
    (5,  'employees', '22', 'UPDATE', '{"status": ["active", "terminated"], "termination_date": [null, "2024-06-30"]}', '2024-06-03 10:15+02'),
    (1,  'users',     '12', 'UPDATE', '{"is_active": [true, false]}',                                                  '2024-07-01 08:00+02'),
    (6,  'customers', '7',  'UPDATE', '{"account_manager_id": [22, 7]}',                                               '2024-07-01 09:20+02'),
    (3,  'customers', '13', 'UPDATE', '{"status": ["active", "on_hold"]}',                                             '2025-03-10 09:05+01'),
    (9,  'products',  '20', 'UPDATE', '{"is_active": [true, false]}',                                                  '2025-01-02 11:00+01'),
    (4,  'journal_entries', 'GJ-2025-0006', 'UPDATE', '{"status": ["posted", "reversed"]}',                            '2025-04-07 10:00+02'),
    (4,  'invoices',  '23', 'INSERT', NULL,                                                                            '2025-05-31 10:00+02'),
    (7,  'sales_orders', '24', 'INSERT', NULL,                                                                         '2025-06-05 16:10+02');

INSERT INTO attachments (entity_type, entity_id, file_name, mime_type, size_bytes, uploaded_by, uploaded_at) VALUES
    ('expense_claims',      1, 'db-ticket-hamburg.pdf',         'application/pdf', 84211,   7,  '2025-03-05 08:10+01'),
    ('expense_claims',      1, 'hotel-hamburg.pdf',             'application/pdf', 120034,  7,  '2025-03-05 08:11+01'),
    ('supplier_invoices',   6, 'PCB-INV-4471.pdf',              'application/pdf', 201377,  9,  '2024-09-05 09:00+02'),
    ('quality_inspections', 3, 'swollen-cells-lot-PC-2407-118.jpg', 'image/jpeg',  2483911, 9,  '2024-09-04 14:30+02'),
    ('projects',            2, 'helios-network-design-v3.pdf',  'application/pdf', 3482110, 10, '2025-05-15 17:00+02'),
    ('customers',           11, 'LDBV-framework-agreement.pdf', 'application/pdf', 912344,  6,  '2024-06-01 12:00+02');

-- ----------------------------------------------------------------------------------------------------
-- Move every identity/serial sequence past the explicit keys used above, so new rows get fresh ids.
-- ----------------------------------------------------------------------------------------------------

DO $$
DECLARE
    c record;
BEGIN
    FOR c IN
        SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
        FROM information_schema.columns
        WHERE table_schema = 'public'
          AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
    LOOP
        EXECUTE format('SELECT setval(%L, COALESCE((SELECT max(%I) FROM %I), 0) + 1, false)', c.seq, c.column_name, c.table_name);
    END LOOP;
END $$;

COMMIT;
