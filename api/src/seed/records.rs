//! The shapes of `seeds/demo.json`, as read by the loader.

use serde::Deserialize;

#[derive(Deserialize)]
pub(super) struct Demo {
    pub(super) usuarios: Vec<User>,
    pub(super) fornecedores: Vec<Supplier>,
    pub(super) produtos: Vec<Product>,
    pub(super) anuncios: Vec<Ad>,
}

#[derive(Deserialize)]
pub(super) struct User {
    pub(super) id: String,
    pub(super) email: String,
    pub(super) nome: String,
    pub(super) telefone: Option<String>,
    pub(super) cidade: Option<String>,
    pub(super) rua: Option<String>,
    pub(super) numero: Option<String>,
    pub(super) complemento: Option<String>,
    pub(super) latitude: Option<f64>,
    pub(super) longitude: Option<f64>,
}

#[derive(Deserialize)]
pub(super) struct Supplier {
    pub(super) usuario: String,
    pub(super) nomeforn: String,
    pub(super) descricaoforn: Option<String>,
    pub(super) telefone: String,
    pub(super) instagram: Option<String>,
    pub(super) cpf: String,
    pub(super) url: String,
    pub(super) paleta: i64,
    pub(super) local: i64,
    pub(super) cidades: Vec<String>,
    pub(super) vendasforn: i64,
    pub(super) oculto: bool,
    pub(super) compras: bool,
    pub(super) pagamentos: String,
    pub(super) pix: Option<String>,
    pub(super) delivery: Delivery,
    pub(super) categorias: Vec<String>,
    pub(super) cupons: Vec<Coupon>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Delivery {
    pub(super) entrega: String,
    pub(super) taxa_tipo: Option<String>,
    #[serde(rename = "taxaentrega")]
    pub(super) taxa_entrega: Option<f64>,
    pub(super) taxa_por_km: Option<f64>,
    pub(super) rua: Option<String>,
    pub(super) numero: Option<String>,
    pub(super) cidade: Option<String>,
    pub(super) latitude: Option<f64>,
    pub(super) longitude: Option<f64>,
    #[serde(rename = "pedidominimoentrega")]
    pub(super) minimo_entrega: Option<f64>,
    #[serde(rename = "pedidominimoretirada")]
    pub(super) minimo_retirada: Option<f64>,
    #[serde(rename = "descricaoentrega")]
    pub(super) descricao_entrega: Option<String>,
    #[serde(rename = "descricaoretirada")]
    pub(super) descricao_retirada: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct Coupon {
    pub(super) codigo: String,
    pub(super) tipo: String,
    pub(super) valor: f64,
}

#[derive(Deserialize)]
pub(super) struct Product {
    pub(super) id: String,
    pub(super) fornecedor: String,
    pub(super) categoria: String,
    pub(super) subcategoria: Option<String>,
    pub(super) titulo: String,
    pub(super) descricao: Option<String>,
    pub(super) preco: f64,
    pub(super) precopromo: Option<f64>,
    pub(super) minimopromo: Option<i64>,
    pub(super) minimo: Option<i64>,
    pub(super) estoque: Option<i64>,
    pub(super) opcoes: Vec<String>,
    pub(super) status: bool,
    pub(super) vendas: i64,
    pub(super) fotos: u32,
}

#[derive(Deserialize)]
pub(super) struct Ad {
    pub(super) id: String,
    pub(super) usuario: String,
    pub(super) categoria: String,
    pub(super) titulo: String,
    pub(super) descricao: Option<String>,
    pub(super) preco: f64,
    pub(super) origem: String,
    pub(super) local: i64,
    pub(super) cidades: Vec<String>,
    pub(super) telefone: Option<String>,
    pub(super) nome: String,
    pub(super) fotos: u32,
}
