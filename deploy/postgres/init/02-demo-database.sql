-- A small target database for local use, registered in deploy/databases.json: a shop with comments and foreign
-- keys, enough to index and ask about. Real deployments register their own databases instead.
CREATE DATABASE demo;
\connect demo

CREATE TABLE customers (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      text        NOT NULL UNIQUE,
    full_name  text        NOT NULL,
    country    char(2)     NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE customers IS 'People who placed at least one order or created an account';
COMMENT ON COLUMN customers.country IS 'ISO 3166-1 alpha-2 country code of the billing address';

CREATE TABLE products (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sku         text          NOT NULL UNIQUE,
    name        text          NOT NULL,
    price_cents integer       NOT NULL CHECK (price_cents >= 0)
);
COMMENT ON TABLE products IS 'Catalog of items for sale';
COMMENT ON COLUMN products.price_cents IS 'Current list price in euro cents';

CREATE TABLE orders (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id bigint      NOT NULL REFERENCES customers (id),
    status      text        NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled')),
    ordered_at  timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE orders IS 'Purchases; one row per checkout';

CREATE TABLE order_items (
    order_id         bigint  NOT NULL REFERENCES orders (id),
    product_id       bigint  NOT NULL REFERENCES products (id),
    quantity         integer NOT NULL CHECK (quantity > 0),
    unit_price_cents integer NOT NULL,
    PRIMARY KEY (order_id, product_id)
);
COMMENT ON TABLE order_items IS 'Lines of an order; unit price is the price paid at checkout';
