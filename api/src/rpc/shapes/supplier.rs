//! A supplier's data (`dadosforn`): the public view (the storefront, product pages, checkout)
//! and the private one of its own panel, which adds the documents, flags, address, Pix key,
//! coupons and the delivery's start address. The parts both show are defined once.

use crate::rpc::catalog::rows::SupplierRow;
use crate::rpc::fields::Reais;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use wasm_core::delivery::days::DaysRecord;

/// What the public and the private views share.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SupplierCore {
    /// The supplier's user id.
    #[serde(rename = "usuario")]
    pub user_id: String,
    #[serde(rename = "nomeforn")]
    pub name: String,
    #[serde(rename = "descricaoforn")]
    pub description: Option<String>,
    #[serde(rename = "telefone")]
    pub phone: String,
    pub instagram: Option<String>,
    #[serde(rename = "iconeforn")]
    pub icon: Option<String>,
    /// The storefront's background.
    #[serde(rename = "fundoforn")]
    pub background: Option<String>,
    /// The storefront's URL (`/{url}`); null before the store is created.
    pub url: Option<String>,
    /// The storefront's palette (1–5).
    #[serde(rename = "paleta")]
    pub palette: i64,
    /// `true`: purchases are closed (decisions.md §12).
    #[serde(rename = "compras")]
    pub purchases_closed: bool,
    #[serde(rename = "local")]
    pub scope: super::ScopeCode,
    /// `["ALL"]` for scope 1, else the states (`UF`) or municipalities (`City, UF`).
    #[serde(rename = "cidades")]
    pub places: Vec<String>,
    /// Units sold.
    #[serde(rename = "vendasforn")]
    pub sales: i64,
}

impl SupplierCore {
    pub fn new(s: &SupplierRow, place_list: &[String]) -> Self {
        Self {
            user_id: s.user_id.clone(),
            name: s.nomeforn.clone(),
            description: s.descricaoforn.clone(),
            phone: s.telefone.clone(),
            instagram: s.instagram.clone(),
            icon: s.iconeforn.clone(),
            background: s.fundoforn.clone(),
            url: s.url.clone(),
            palette: s.paleta,
            purchases_closed: s.compras != 0,
            scope: super::ScopeCode(s.local),
            places: super::places(s.local, place_list),
            sales: s.vendasforn,
        }
    }
}

/// How the delivery fee is computed, as stored (only its schema: the value is the stored text).
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum FeeKind {
    /// A fixed fee.
    #[schema(rename = "fixa")]
    Fixed,
    /// Per km from the start address.
    #[schema(rename = "porKm")]
    PerKm,
}

/// The delivery settings (`extensoes.delivery`), as the checkout reads them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Delivery {
    /// Contains `1` (delivery) and/or `2` (pickup); empty for none.
    #[serde(rename = "entrega")]
    pub options: String,
    /// `fixa` (a fixed fee), `porKm` (per km from the start address) or null (free).
    #[serde(rename = "taxaTipo")]
    #[schema(value_type = Option<FeeKind>)]
    pub fee_kind: Option<String>,
    /// The fixed fee.
    #[serde(rename = "taxaentrega")]
    pub fixed_fee: Option<Reais>,
    /// The fee per km.
    #[serde(rename = "taxaPorKm")]
    pub fee_per_km: Option<Reais>,
    /// Where a per-km delivery (and the maximum distance) starts, rounded to about 1 km.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The smallest order delivered.
    #[serde(rename = "pedidominimoentrega")]
    pub minimum_delivery: Option<Reais>,
    /// The smallest order picked up.
    #[serde(rename = "pedidominimoretirada")]
    pub minimum_pickup: Option<Reais>,
    #[serde(rename = "descricaoentrega")]
    pub delivery_note: Option<String>,
    #[serde(rename = "descricaoretirada")]
    pub pickup_note: Option<String>,
    /// The maximum delivery distance in km from the start point (decisions.md §31); null: no
    /// limit. Beyond it checkout offers pickup only.
    #[serde(rename = "distanciamaxima")]
    pub max_km: Option<i64>,
    /// The delivery and pickup days, windows and cut-off (decisions.md §36): the buyer chooses
    /// a date and window among those they give (docs/delivery.md). No windows: no date.
    #[serde(rename = "dias")]
    pub days: DaysRecord,
}

impl Delivery {
    pub fn new(s: &SupplierRow) -> Self {
        let reais = |c: Option<i64>| c.map(Reais::from_centavos);
        // The delivery start point only as the public may know it (about 1 km); the per-km fee
        // is computed from this same point in the browser and on the server.
        let start =
            wasm_core::delivery::Coordinates::from_pair(s.entrega_latitude, s.entrega_longitude)
                .map(wasm_core::delivery::Coordinates::public);
        Self {
            options: s.entrega_opcoes.clone(),
            fee_kind: s.taxa_tipo.clone(),
            fixed_fee: reais(s.taxa_entrega_centavos),
            fee_per_km: reais(s.taxa_por_km_centavos),
            latitude: start.map(wasm_core::delivery::Coordinates::latitude),
            longitude: start.map(wasm_core::delivery::Coordinates::longitude),
            minimum_delivery: reais(s.pedido_minimo_entrega_centavos),
            minimum_pickup: reais(s.pedido_minimo_retirada_centavos),
            delivery_note: s.descricao_entrega.clone(),
            pickup_note: s.descricao_retirada.clone(),
            max_km: s.distancia_maxima_km,
            // Read apart (its own table): `with_days`.
            days: DaysRecord::default(),
        }
    }

    /// With the store's delivery days.
    pub fn with_days(mut self, days: wasm_core::delivery::days::DeliveryDays) -> Self {
        self.days = days.into();
        self
    }
}

/// The delivery settings as the supplier's panel shows them: with the start address.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanelDelivery {
    #[serde(flatten)]
    pub delivery: Delivery,
    #[serde(rename = "enderecoRua")]
    pub street: Option<String>,
    #[serde(rename = "enderecoNumero")]
    pub number: Option<String>,
    /// `City, UF`.
    #[serde(rename = "enderecoCidade")]
    pub city: Option<String>,
    /// `00000-000`.
    #[serde(rename = "enderecoCep")]
    pub cep: Option<String>,
    #[serde(rename = "enderecoBairro")]
    pub district: Option<String>,
}

/// The payment options (`extensoes.pagamentos`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublicPayments {
    /// Contains `1` (in person) and/or `2` (Pix) (decisions.md §6).
    #[serde(rename = "opcoes")]
    pub options: String,
}

/// The payment options and the Pix key, in the supplier's panel.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanelPayments {
    /// Contains `1` (in person) and/or `2` (Pix) (decisions.md §6).
    #[serde(rename = "opcoes")]
    pub options: String,
    /// The key withdrawals are paid to.
    pub pix: Option<String>,
}

/// The storefront (`extensoes.site`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Site {
    pub url: Option<String>,
    #[serde(rename = "paleta")]
    pub palette: i64,
}

/// The storefront, in the supplier's panel.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanelSite {
    pub url: Option<String>,
    #[serde(rename = "paleta")]
    pub palette: i64,
    #[serde(rename = "modelo")]
    pub template: Option<String>,
}

/// The store's own categories, `{name: name}`.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(transparent)]
pub struct Categories(pub BTreeMap<String, String>);

impl Categories {
    pub fn of(names: impl IntoIterator<Item = String>) -> Self {
        Self(names.into_iter().map(|n| (n.clone(), n)).collect())
    }
}

/// A discount coupon, with its rules (decisions.md §32) and how often it was used.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Coupon {
    /// Upper case.
    #[serde(rename = "codigo")]
    pub code: String,
    /// `%` or `R$`.
    #[serde(rename = "tipo")]
    pub kind: String,
    /// The percentage for `%`, reais for `R$`.
    #[serde(rename = "valor")]
    pub value: Reais,
    /// The first day it is valid (`AAAA-MM-DD`, Brasília time).
    pub validade_inicio: Option<String>,
    /// The last day it is valid.
    pub validade_fim: Option<String>,
    /// How many orders may use it, in all.
    pub limite_usos: Option<i64>,
    /// Each buyer may use it once.
    pub um_por_cliente: bool,
    /// The smallest products total it applies to, in reais.
    pub pedido_minimo: Option<Reais>,
    /// Orders that use it (cancelled ones give their use back).
    pub usos: i64,
    /// It applies to every delivery of a recurring basket, not only the first.
    pub todas_entregas: bool,
}

/// The store's coupons, `{code: coupon}` (only in its own panel).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(transparent)]
pub struct Coupons(pub BTreeMap<String, Coupon>);

/// `dadosforn.extensoes`, public.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublicExtensions {
    #[serde(rename = "pagamentos")]
    pub payments: PublicPayments,
    pub delivery: Delivery,
    #[serde(rename = "categorias")]
    pub categories: Categories,
    pub site: Site,
}

/// `dadosforn.extensoes`, in the supplier's panel.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanelExtensions {
    #[serde(rename = "pagamentos")]
    pub payments: PanelPayments,
    pub delivery: PanelDelivery,
    #[serde(rename = "categorias")]
    pub categories: Categories,
    #[serde(rename = "cupons")]
    pub coupons: Coupons,
    pub site: PanelSite,
}

/// A supplier's public data (`dadosforn`): no documents, flags, coupons or pickup address.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublicSupplier {
    #[serde(flatten)]
    pub core: SupplierCore,
    #[serde(rename = "extensoes")]
    pub extensions: PublicExtensions,
    /// Its buyers' reviews (decisions.md §33): on the storefront and the product pages.
    #[serde(rename = "avaliacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rating: Option<super::Rating>,
}

impl PublicSupplier {
    /// The public data of `s`, with its places and store categories.
    pub fn new(s: &SupplierRow, places: &[String], categories: &[String]) -> Self {
        Self {
            core: SupplierCore::new(s, places),
            extensions: PublicExtensions {
                payments: PublicPayments {
                    options: s.pagamento_opcoes.clone(),
                },
                delivery: Delivery::new(s),
                categories: Categories::of(categories.iter().cloned()),
                site: Site {
                    url: s.url.clone(),
                    palette: s.paleta,
                },
            },
            rating: None,
        }
    }

    /// With its reviews' average and count.
    pub fn rated(mut self, rating: super::Rating) -> Self {
        self.rating = Some(rating);
        self
    }
}

/// The supplier's own data, in its panel (`dadosforn`, private view).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanelSupplier {
    #[serde(flatten)]
    pub core: SupplierCore,
    /// The CPF or CNPJ, formatted.
    pub cpf: String,
    pub email: String,
    /// Hidden by the supplier.
    #[serde(rename = "oculto")]
    pub hidden: bool,
    /// Hidden by the administrator.
    #[serde(rename = "invisivel")]
    pub hidden_by_admin: bool,
    /// The supplier's own address (their user record).
    #[serde(rename = "rua")]
    pub street: Option<String>,
    #[serde(rename = "numero")]
    pub number: Option<String>,
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    #[serde(rename = "extensoes")]
    pub extensions: PanelExtensions,
}
