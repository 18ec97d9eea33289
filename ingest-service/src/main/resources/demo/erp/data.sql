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

