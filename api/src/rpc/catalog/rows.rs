//! The catalogue's rows as the queries read them, and a listed item with its photos.

/// A product as the listings read it, with its supplier's name and URL.
#[derive(Debug, sqlx::FromRow)]
pub struct ProductRow {
    pub id: String,
    pub supplier_id: String,
    pub categoria: String,
    pub subcategoria: Option<String>,
    pub titulo: String,
    pub descricao: Option<String>,
    pub icone: Option<String>,
    pub preco_centavos: i64,
    pub preco_promo_centavos: Option<i64>,
    pub minimo_promo: Option<i64>,
    pub minimo: Option<i64>,
    pub estoque: Option<i64>,
    pub opcoes: String,
    pub vendas: i64,
    pub criado_em: i64,
    pub nomeforn: String,
    pub urlforn: Option<String>,
    /// 1 when a line of it may carry the buyer's note.
    pub aceita_observacao: i64,
    /// 1 when its store declares it organic.
    pub organico: i64,
}

/// A direct ad.
#[derive(Debug, sqlx::FromRow)]
pub struct AdRow {
    pub id: String,
    pub user_id: String,
    pub categoria: String,
    pub titulo: String,
    pub descricao: Option<String>,
    pub preco_centavos: i64,
    pub icone: Option<String>,
    pub origem: String,
    pub local: i64,
    pub nome: String,
    pub telefone: Option<String>,
    pub publicado_em: i64,
}

/// A supplier's public data.
#[derive(Debug, sqlx::FromRow)]
pub struct SupplierRow {
    pub user_id: String,
    pub nomeforn: String,
    pub descricaoforn: Option<String>,
    pub telefone: String,
    pub instagram: Option<String>,
    pub iconeforn: Option<String>,
    pub fundoforn: Option<String>,
    pub url: Option<String>,
    pub paleta: i64,
    pub local: i64,
    pub vendasforn: i64,
    pub pagamento_opcoes: String,
    pub entrega_opcoes: String,
    pub descricao_entrega: Option<String>,
    pub descricao_retirada: Option<String>,
    pub taxa_tipo: Option<String>,
    pub taxa_entrega_centavos: Option<i64>,
    pub taxa_por_km_centavos: Option<i64>,
    pub entrega_latitude: Option<f64>,
    pub entrega_longitude: Option<f64>,
    pub pedido_minimo_entrega_centavos: Option<i64>,
    pub pedido_minimo_retirada_centavos: Option<i64>,
    /// The maximum delivery distance in km (decisions.md §31).
    pub distancia_maxima_km: Option<i64>,
    pub compras: i64,
    pub hidden: i64,
}

/// A store in `/lojas`.
#[derive(Debug, sqlx::FromRow)]
pub struct StoreRow {
    pub user_id: String,
    pub url: String,
    pub nomeforn: String,
    pub iconeforn: Option<String>,
    pub vendasforn: i64,
    /// 'City, UF', when known.
    pub cidade: Option<String>,
    /// 1 when it serves the asked region.
    pub atende: i64,
}

/// A product or an ad with its extra photos (`icone` is the first) and, for ads, its places.
pub struct Listed<T> {
    pub item: T,
    /// `(photo id, URL)`, oldest first.
    pub photos: Vec<(String, String)>,
    /// The ad's places (ads of scope 2 and 3).
    pub places: Vec<String>,
}
