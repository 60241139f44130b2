-- Feira's whole schema, written once for SQLite and PostgreSQL alike.
-- Conventions: TEXT ids (opaque, URL-safe); money as BIGINT centavos (*_centavos); time as
-- BIGINT milliseconds since the Unix epoch, UTC (*_em); booleans as BOOLEAN; lists kept as
-- rows of their own table, small free-form lists (product options) as JSON in TEXT.

-- People and sign-in ------------------------------------------------------------------------
CREATE TABLE users (
    id            TEXT PRIMARY KEY,              -- `usuario` in the contract
    oidc_issuer   TEXT,                          -- NULL until the first sign-in (seeded users)
    oidc_subject  TEXT,
    email         TEXT NOT NULL UNIQUE,
    nome          TEXT NOT NULL DEFAULT '',
    telefone      TEXT,
    cidade        TEXT,
    rua           TEXT,
    numero        TEXT,
    complemento   TEXT,
    latitude      DOUBLE PRECISION,
    longitude     DOUBLE PRECISION,
    criado_em     BIGINT NOT NULL,
    UNIQUE (oidc_issuer, oidc_subject)
);

CREATE TABLE sessions (
    token_hash    TEXT PRIMARY KEY,              -- SHA-256 of the bearer token; the token is never stored
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    criado_em     BIGINT NOT NULL,
    expira_em     BIGINT NOT NULL,
    revogado_em   BIGINT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_nonces (
    nonce         TEXT PRIMARY KEY,
    expira_em     BIGINT NOT NULL
);

-- Suppliers and their settings ----------------------------------------------------------------
CREATE TABLE suppliers (
    user_id                  TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    nomeforn                 TEXT NOT NULL,
    descricaoforn            TEXT,
    telefone                 TEXT NOT NULL,
    instagram                TEXT,
    documento                TEXT NOT NULL,      -- CPF or CNPJ (`cpf` in the contract)
    email                    TEXT NOT NULL,
    iconeforn                TEXT,               -- media URL
    fundoforn                TEXT,
    url                      TEXT UNIQUE,        -- storefront name, /{url}
    paleta                   BIGINT NOT NULL DEFAULT 1,
    modelo                   TEXT,
    oculto                   BOOLEAN NOT NULL DEFAULT FALSE,   -- hidden by the supplier
    invisivel                BOOLEAN NOT NULL DEFAULT FALSE,   -- hidden by the admin
    compras_fechadas         BOOLEAN NOT NULL DEFAULT FALSE,   -- `compras: true`
    local                    BIGINT NOT NULL,    -- scope: 1 all Brazil, 2 states, 3 cities
    vendasforn               BIGINT NOT NULL DEFAULT 0,
    pagamento_opcoes         TEXT NOT NULL DEFAULT '1',        -- '1' in person, '2' Pix
    pix_chave                TEXT,
    entrega_opcoes           TEXT NOT NULL DEFAULT '',         -- '1' delivery, '2' pickup
    descricao_entrega        TEXT,
    descricao_retirada       TEXT,
    taxa_tipo                TEXT,               -- 'fixa', 'porKm' or NULL (free / to be agreed)
    taxa_entrega_centavos    BIGINT,
    taxa_por_km_centavos     BIGINT,
    entrega_rua              TEXT,
    entrega_numero           TEXT,
    entrega_cidade           TEXT,
    entrega_latitude         DOUBLE PRECISION,
    entrega_longitude        DOUBLE PRECISION,
    pedido_minimo_entrega_centavos   BIGINT,
    pedido_minimo_retirada_centavos  BIGINT,
    criado_em                BIGINT NOT NULL
);
CREATE INDEX suppliers_public ON suppliers (oculto, invisivel, vendasforn);

-- Where a supplier is shown: 'City, UF' (scope 3) or 'UF' (scope 2); none for scope 1.
CREATE TABLE supplier_places (
    supplier_id   TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    place         TEXT NOT NULL,
    PRIMARY KEY (supplier_id, place)
);
CREATE INDEX supplier_places_place ON supplier_places (place, supplier_id);

CREATE TABLE store_categories (
    supplier_id   TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    nome          TEXT NOT NULL,
    PRIMARY KEY (supplier_id, nome)
);

CREATE TABLE coupons (
    supplier_id   TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    codigo        TEXT NOT NULL,                 -- upper case, no spaces, at most 10
    tipo          TEXT NOT NULL,                 -- '%' or 'R$'
    valor         BIGINT NOT NULL,               -- hundredths: centavos for 'R$', 1/100 % for '%'
    criado_em     BIGINT NOT NULL,
    PRIMARY KEY (supplier_id, codigo)
);

-- Catalogue ----------------------------------------------------------------------------------
CREATE TABLE products (
    id                    TEXT PRIMARY KEY,
    supplier_id           TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    categoria             TEXT NOT NULL,         -- one of the four marketplace categories
    subcategoria          TEXT,                  -- the supplier's store category
    titulo                TEXT NOT NULL,         -- stored lower case
    descricao             TEXT,
    icone                 TEXT,                  -- media URL
    preco_centavos        BIGINT NOT NULL,
    preco_promo_centavos  BIGINT,
    minimo_promo          BIGINT,
    minimo                BIGINT,                -- minimum order quantity
    estoque               BIGINT,                -- NULL: not tracked
    opcoes                TEXT NOT NULL DEFAULT '[]',  -- JSON array of labels
    desabilitado          BOOLEAN NOT NULL DEFAULT FALSE, -- `status` in the contract
    vendas                BIGINT NOT NULL DEFAULT 0,
    criado_em             BIGINT NOT NULL
);
CREATE INDEX products_listing ON products (supplier_id, categoria, desabilitado, vendas);
CREATE INDEX products_category ON products (categoria, desabilitado, criado_em, id);

CREATE TABLE product_photos (
    id            TEXT PRIMARY KEY,
    product_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    url           TEXT NOT NULL,
    criado_em     BIGINT NOT NULL
);
CREATE INDEX product_photos_product ON product_photos (product_id, criado_em);

-- Direct ads -----------------------------------------------------------------------------------
CREATE TABLE ads (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    categoria       TEXT NOT NULL,
    titulo          TEXT NOT NULL,               -- stored lower case
    descricao       TEXT,
    preco_centavos  BIGINT NOT NULL,
    icone           TEXT,
    origem          TEXT NOT NULL,               -- 'City, UF'
    local           BIGINT NOT NULL,             -- 1, 2, 3 as for suppliers
    nome            TEXT NOT NULL,
    telefone        TEXT,
    publicado_em    BIGINT NOT NULL
);
CREATE INDEX ads_user ON ads (user_id, publicado_em);
CREATE INDEX ads_category ON ads (categoria, local, publicado_em, id);

CREATE TABLE ad_places (
    ad_id         TEXT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    place         TEXT NOT NULL,
    PRIMARY KEY (ad_id, place)
);
CREATE INDEX ad_places_place ON ad_places (place, ad_id);

CREATE TABLE ad_photos (
    id            TEXT PRIMARY KEY,
    ad_id         TEXT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    url           TEXT NOT NULL,
    criado_em     BIGINT NOT NULL
);
CREATE INDEX ad_photos_ad ON ad_photos (ad_id, criado_em);

-- Orders ---------------------------------------------------------------------------------------
CREATE TABLE orders (
    id                      TEXT PRIMARY KEY,
    buyer_id                TEXT NOT NULL REFERENCES users (id),
    supplier_id             TEXT NOT NULL REFERENCES suppliers (user_id),
    nomeforn                TEXT NOT NULL,
    criado_em               BIGINT NOT NULL,     -- horario_pedido
    situacao                TEXT NOT NULL,       -- '1' awaiting, '0'/'00' cancelled, '2' delivered
    tipo_entrega            TEXT NOT NULL,       -- 'Entrega' or 'Retirada'
    pagamento               TEXT NOT NULL,       -- '1' in person, '2' Pix
    status_pix              TEXT,                -- '0' expired, '1' awaiting, '2' paid; NULL in person
    txid                    TEXT,
    preco_produtos_centavos BIGINT NOT NULL,
    taxa_entrega_centavos   BIGINT NOT NULL,
    desconto_centavos       BIGINT NOT NULL,
    cupom_codigo            TEXT,
    total_centavos          BIGINT NOT NULL,
    cliente_nome            TEXT NOT NULL,
    cliente_telefone        TEXT,
    rua                     TEXT,
    numero                  TEXT,
    cidade                  TEXT,
    complemento             TEXT,
    atualizado_em           BIGINT NOT NULL
);
CREATE INDEX orders_buyer ON orders (buyer_id, criado_em);
CREATE INDEX orders_supplier ON orders (supplier_id, situacao, criado_em);

CREATE TABLE order_lines (
    id                      TEXT PRIMARY KEY,
    order_id                TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id              TEXT NOT NULL,       -- no FK: a removed product leaves its history
    titulo                  TEXT NOT NULL,
    icone                   TEXT,
    opcao                   TEXT,
    quantidade              BIGINT NOT NULL,
    preco_unitario_centavos BIGINT NOT NULL,
    pago_centavos           BIGINT NOT NULL
);
CREATE INDEX order_lines_order ON order_lines (order_id);

-- Pix ------------------------------------------------------------------------------------------
CREATE TABLE pix_charges (
    txid            TEXT PRIMARY KEY,            -- 26–35 alphanumerics
    finalidade      TEXT NOT NULL,               -- 'pedido' or 'fichas'
    order_id        TEXT REFERENCES orders (id),
    user_id         TEXT NOT NULL REFERENCES users (id),
    valor_centavos  BIGINT NOT NULL,
    fichas          BIGINT,                      -- tokens bought, for 'fichas'
    copia_e_cola    TEXT NOT NULL,               -- the BR Code payload
    status          TEXT NOT NULL,               -- 'pendente', 'pago', 'expirado', 'devolvido'
    end_to_end_id   TEXT UNIQUE,                 -- the PSP's payment id (idempotency)
    criado_em       BIGINT NOT NULL,
    expira_em       BIGINT NOT NULL,
    pago_em         BIGINT
);
CREATE INDEX pix_charges_order ON pix_charges (order_id);
CREATE INDEX pix_charges_status ON pix_charges (status, expira_em);

-- Supplier balance: open items and withdrawals -------------------------------------------------
CREATE TABLE withdrawals (
    id                      TEXT PRIMARY KEY,
    supplier_id             TEXT NOT NULL REFERENCES suppliers (user_id),
    bruto_centavos          BIGINT NOT NULL,
    taxa_centavos           BIGINT NOT NULL,     -- 2 %
    liquido_centavos        BIGINT NOT NULL,
    chave_pix               TEXT NOT NULL,
    status                  TEXT NOT NULL,       -- 'pendente' or 'pago'
    criado_em               BIGINT NOT NULL,
    confirmado_em           BIGINT
);
-- One pending withdrawal per supplier.
CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (supplier_id) WHERE status = 'pendente';

CREATE TABLE open_items (
    id              TEXT PRIMARY KEY,
    supplier_id     TEXT NOT NULL REFERENCES suppliers (user_id),
    order_id        TEXT NOT NULL UNIQUE REFERENCES orders (id),
    cliente_nome    TEXT NOT NULL,
    valor_centavos  BIGINT NOT NULL,
    status          TEXT NOT NULL,               -- '2' received (open), '3' paid out, 'devolvido'
    withdrawal_id   TEXT REFERENCES withdrawals (id),
    criado_em       BIGINT NOT NULL
);
CREATE INDEX open_items_supplier ON open_items (supplier_id, status);

-- Notarisation ---------------------------------------------------------------------------------
CREATE TABLE token_ledger (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id),
    delta           BIGINT NOT NULL,             -- +n bought, -1 spent
    motivo          TEXT NOT NULL,               -- 'compra' or 'registro'
    referencia      TEXT NOT NULL UNIQUE,        -- txid of the Pix charge or Arweave transaction
    criado_em       BIGINT NOT NULL
);
CREATE INDEX token_ledger_user ON token_ledger (user_id);

CREATE TABLE notarisations (
    id              TEXT PRIMARY KEY,            -- Arweave transaction id
    user_id         TEXT NOT NULL REFERENCES users (id),
    descricao       TEXT NOT NULL,
    nome_arquivo    TEXT NOT NULL,
    tipo_conteudo   TEXT NOT NULL,
    tamanho         BIGINT NOT NULL,
    sha256          TEXT NOT NULL,
    link            TEXT NOT NULL,
    criado_em       BIGINT NOT NULL
);
CREATE INDEX notarisations_user ON notarisations (user_id, criado_em);

-- Outgoing e-mail (recorded even without SMTP) -------------------------------------------------
CREATE TABLE email_outbox (
    id              TEXT PRIMARY KEY,
    destinatario    TEXT NOT NULL,
    assunto         TEXT NOT NULL,
    corpo           TEXT NOT NULL,
    criado_em       BIGINT NOT NULL,
    enviado_em      BIGINT,
    erro            TEXT
);
CREATE INDEX email_outbox_pending ON email_outbox (enviado_em);
