//! wasm-bindgen bindings: bytes, numbers, strings and serde values in and out; errors become
//! JS exceptions carrying the spec's message; nothing here panics across the boundary.

use crate::places::{PlaceIndex, search_states};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static PLACES: RefCell<PlaceIndex> = RefCell::new(PlaceIndex::default());
}

/// Loads the municipalities (`municipios.txt`, one `City, UF` per line); returns how many.
#[wasm_bindgen]
pub fn places_load(text: &str) -> usize {
    let index = PlaceIndex::from_lines(text);
    let n = index.len();
    PLACES.with(|p| *p.borrow_mut() = index);
    n
}

/// Municipalities matching `query` (accent- and case-insensitive), at most `limit`.
#[wasm_bindgen]
pub fn places_search(query: &str, limit: usize) -> Vec<String> {
    PLACES.with(|p| {
        p.borrow()
            .search(query, limit)
            .into_iter()
            .map(str::to_owned)
            .collect()
    })
}

/// State codes matching `query`, at most `limit`.
#[wasm_bindgen]
pub fn states_search(query: &str, limit: usize) -> Vec<String> {
    search_states(query, limit)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

// --- Domain rules ----------------------------------------------------------------------------
//
// Thin bindings over the plain-Rust rules. Amounts cross as JS numbers of whole centavos.
// Objects cross as plain JS objects with the field names of the Rust types' serde form
// (`*_centavos` for amounts), read and built field by field through `Reflect`: serde's
// (de)serialisers would add about 40 KB gzipped to this wasm. Every error becomes a JS `Error`
// whose message is the spec's text; input the rules cannot read (a wrong type, a fractional
// amount) becomes `Dados inválidos: <campo>`. Nothing here can panic on input.

use crate::checkout::{Buyer, CartLine, CheckoutRequest, CheckoutSummary, Fulfilment, Seller};
use crate::coupon::{Coupon, CouponKind};
use crate::delivery::{
    Coordinates, DeliveryForm, DeliverySettings, DeliverySettingsRecord, DeliverySetup, FeeKind,
    FeeSetting, FeeState,
};
use crate::document::TaxId;
use crate::forms::{
    self, AdForm, AddressForm, BusinessForm, PaymentOptions, ProductForm, Scope,
    SupplierProfileForm, Withdrawal,
};
use crate::messages::Message;
use crate::money::Money;
use crate::phone::{self, Phone};
use crate::pricing::{ProductPrice, QuantityLimits};
use crate::store_url::{self, StoreUrl};
use crate::{checkout, coupon, delivery, messages, pricing};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn reflect_set(target: &JsValue, key: &JsValue, value: &JsValue) -> bool;
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;
    #[wasm_bindgen(js_name = Object)]
    fn new_object() -> JsValue;
    #[wasm_bindgen(js_name = Array)]
    fn new_array() -> JsValue;
}

/// The rule's message as a JS `Error`.
fn js_error(e: impl Message) -> JsError {
    JsError::new(&e.message())
}

fn bad_input(what: &str) -> JsError {
    JsError::new(&[messages::DADOS_INVALIDOS, ": ", what].concat())
}

fn money(centavos: f64, what: &str) -> Result<Money, JsError> {
    Money::from_centavos_f64(centavos).ok_or_else(|| bad_input(what))
}

fn number(m: Money) -> f64 {
    m.centavos() as f64
}

// Reading plain JS objects.

fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// `obj[key]`; a missing object reads as having no fields.
fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsError> {
    if absent(obj) {
        return Ok(JsValue::UNDEFINED);
    }
    if !obj.is_object() {
        return Err(bad_input(key));
    }
    reflect_get(obj, &JsValue::from_str(key)).map_err(|_| bad_input(key))
}

/// Text, or a number as its text, or `""` when absent.
fn text(obj: &JsValue, key: &str) -> Result<String, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(String::new())
    } else if let Some(s) = v.as_string() {
        Ok(s)
    } else if let Some(n) = v.as_f64() {
        Ok(forms::number_text(n))
    } else {
        Err(bad_input(key))
    }
}

/// Several [`text`] fields, handed out in the order of the keys.
struct Texts(std::vec::IntoIter<String>);

impl Texts {
    fn next(&mut self) -> String {
        self.0.next().unwrap_or_default()
    }
}

fn texts(obj: &JsValue, keys: &[&str]) -> Result<Texts, JsError> {
    let mut out = Vec::with_capacity(keys.len());
    for key in keys {
        out.push(text(obj, key)?);
    }
    Ok(Texts(out.into_iter()))
}

fn optional_text(obj: &JsValue, key: &str) -> Result<Option<String>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(None)
    } else {
        v.as_string().map(Some).ok_or_else(|| bad_input(key))
    }
}

fn optional_number(obj: &JsValue, key: &str) -> Result<Option<f64>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(None)
    } else {
        v.as_f64().map(Some).ok_or_else(|| bad_input(key))
    }
}

/// A whole number ≥ 0 (a number or digits), or `None` when absent or empty.
fn count(obj: &JsValue, key: &str) -> Result<Option<u32>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        return Ok(None);
    }
    if let Some(n) = v.as_f64() {
        let ok = n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n);
        return if ok {
            Ok(Some(n as u32))
        } else {
            Err(bad_input(key))
        };
    }
    let s = v.as_string().ok_or_else(|| bad_input(key))?;
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse().map(Some).map_err(|_| bad_input(key))
}

/// Whole centavos, or `None` when absent.
fn centavos(obj: &JsValue, key: &str) -> Result<Option<Money>, JsError> {
    optional_number(obj, key)?
        .map(|n| money(n, key))
        .transpose()
}

fn raw_centavos(obj: &JsValue, key: &str) -> Result<Option<i64>, JsError> {
    Ok(centavos(obj, key)?.map(Money::centavos))
}

/// Longer arrays are refused (a sparse `length` of 4 billion would exhaust memory). The longest
/// legitimate list is a places list: 5,570 municipalities.
const MAX_ITEMS: u32 = 10_000;

/// The elements of an array (absent reads as empty).
fn elements(value: &JsValue, what: &str) -> Result<Vec<JsValue>, JsError> {
    if absent(value) {
        return Ok(Vec::new());
    }
    if !is_array(value) {
        return Err(bad_input(what));
    }
    let len = get(value, "length")?.as_f64().unwrap_or(0.0) as u32;
    if len > MAX_ITEMS {
        return Err(bad_input(what));
    }
    let mut out = Vec::with_capacity(len as usize);
    for i in 0..len {
        out.push(reflect_get(value, &JsValue::from(i)).map_err(|_| bad_input(what))?);
    }
    Ok(out)
}

/// An array of labels; `{<object_key>: label}` objects are read too when `object_key` is given.
fn strings(obj: &JsValue, key: &str, object_key: Option<&str>) -> Result<Vec<String>, JsError> {
    let items = elements(&get(obj, key)?, key)?;
    let mut out = Vec::with_capacity(items.len());
    for v in &items {
        out.push(match (v.as_string(), object_key) {
            (Some(s), _) => s,
            (None, Some(k)) if v.is_object() => text(v, k)?,
            _ => return Err(bad_input(key)),
        });
    }
    Ok(out)
}

/// `{codigo, tipo, valor}` (`valor` in hundredths).
fn read_coupon(v: &JsValue) -> Result<Coupon, JsError> {
    let kind = CouponKind::parse(&text(v, "tipo")?).map_err(js_error)?;
    let value = raw_centavos(v, "valor")?.ok_or_else(|| bad_input("valor"))?;
    Coupon::from_stored(&text(v, "codigo")?, kind, value).map_err(js_error)
}

/// The `DeliverySettingsRecord` fields.
fn read_settings(v: &JsValue) -> Result<DeliverySettings, JsError> {
    let taxa_tipo = match text(v, "taxa_tipo")?.as_str() {
        "" => None,
        "fixa" => Some(FeeKind::Fixed),
        "porKm" => Some(FeeKind::PerKm),
        _ => return Err(bad_input("taxa_tipo")),
    };
    Ok(DeliverySettingsRecord {
        entrega: text(v, "entrega")?,
        taxa_tipo,
        taxa_entrega_centavos: raw_centavos(v, "taxa_entrega_centavos")?,
        taxa_por_km_centavos: raw_centavos(v, "taxa_por_km_centavos")?,
        latitude: optional_number(v, "latitude")?,
        longitude: optional_number(v, "longitude")?,
        pedido_minimo_entrega_centavos: raw_centavos(v, "pedido_minimo_entrega_centavos")?,
        pedido_minimo_retirada_centavos: raw_centavos(v, "pedido_minimo_retirada_centavos")?,
    }
    .into())
}

fn read_line(v: &JsValue) -> Result<CartLine, JsError> {
    Ok(CartLine {
        titulo: text(v, "titulo")?,
        preco_centavos: centavos(v, "preco_centavos")?
            .ok_or_else(|| bad_input("preco_centavos"))?,
        precopromo_centavos: centavos(v, "precopromo_centavos")?,
        minimopromo: count(v, "minimopromo")?,
        quantidade: count(v, "quantidade")?.ok_or_else(|| bad_input("quantidade"))?,
        minimo: count(v, "minimo")?,
        estoque: count(v, "estoque")?,
    })
}

// Building plain JS objects (the serde form of the Rust types; `None` is `null`).

struct Obj(JsValue);

impl Obj {
    fn new() -> Self {
        Self(new_object())
    }

    fn set(&self, key: &str, value: &JsValue) -> &Self {
        reflect_set(&self.0, &JsValue::from_str(key), value);
        self
    }

    fn text(&self, key: &str, value: &str) -> &Self {
        self.set(key, &JsValue::from_str(value))
    }

    fn optional_text(&self, key: &str, value: Option<&str>) -> &Self {
        self.set(key, &value.map_or(JsValue::NULL, JsValue::from_str))
    }

    fn number(&self, key: &str, value: f64) -> &Self {
        self.set(key, &JsValue::from_f64(value))
    }

    fn optional_number(&self, key: &str, value: Option<f64>) -> &Self {
        self.set(key, &value.map_or(JsValue::NULL, JsValue::from_f64))
    }

    fn money(&self, key: &str, value: Money) -> &Self {
        self.number(key, number(value))
    }

    fn optional_money(&self, key: &str, value: Option<Money>) -> &Self {
        self.optional_number(key, value.map(number))
    }

    fn done(&self) -> JsValue {
        self.0.clone()
    }
}

fn array(items: impl IntoIterator<Item = JsValue>) -> JsValue {
    let out = new_array();
    for (i, item) in items.into_iter().enumerate() {
        reflect_set(&out, &JsValue::from_f64(i as f64), &item);
    }
    out
}

fn text_array(items: &[String]) -> JsValue {
    array(items.iter().map(|s| JsValue::from_str(s)))
}

fn optional_count(value: Option<u32>) -> JsValue {
    value.map_or(JsValue::NULL, |n| JsValue::from_f64(f64::from(n)))
}

fn coupon_js(c: &Coupon) -> JsValue {
    Obj::new()
        .text("codigo", c.code().as_str())
        .text("tipo", c.kind().as_str())
        .number("valor", c.value_hundredths() as f64)
        .done()
}

/// `{estado, taxa_centavos, km, texto}`.
fn fee_js(fee: &FeeState) -> JsValue {
    let km = match fee {
        FeeState::PerKm { km, .. } => Some(*km),
        _ => None,
    };
    Obj::new()
        .text("estado", fee.code())
        .optional_money("taxa_centavos", fee.fee())
        .optional_number("km", km)
        .text("texto", &fee.label())
        .done()
}

fn summary_js(s: &CheckoutSummary) -> JsValue {
    let lines = s.linhas.iter().map(|l| {
        Obj::new()
            .number("quantidade", f64::from(l.quantidade))
            .money("unitario_centavos", l.unitario_centavos)
            .money("total_centavos", l.total_centavos)
            .done()
    });
    Obj::new()
        .set("linhas", &array(lines))
        .money("produtos_centavos", s.produtos_centavos)
        .set("taxa", &s.taxa.as_ref().map_or(JsValue::NULL, fee_js))
        .money("taxa_centavos", s.taxa_centavos)
        .money("desconto_centavos", s.desconto_centavos)
        .money("total_centavos", s.total_centavos)
        .done()
}

/// `{local, cidades}` (`['ALL']` for all Brazil).
fn scope_js(s: &Scope) -> JsValue {
    Obj::new()
        .number("local", f64::from(s.code()))
        .set("cidades", &text_array(&s.places()))
        .done()
}

fn setup_js(s: &DeliverySetup) -> JsValue {
    let options = Obj::new()
        .set("entrega", &JsValue::from_bool(s.options.delivery))
        .set("retirada", &JsValue::from_bool(s.options.pickup))
        .done();
    let fee = Obj::new();
    match &s.fee {
        FeeSetting::Free => fee.text("taxa_tipo", "gratis"),
        FeeSetting::Fixed {
            taxa_entrega_centavos,
        } => fee
            .text("taxa_tipo", "fixa")
            .money("taxa_entrega_centavos", *taxa_entrega_centavos),
        FeeSetting::PerKm {
            taxa_por_km_centavos,
            rua,
            numero,
            cidade,
        } => fee
            .text("taxa_tipo", "porKm")
            .money("taxa_por_km_centavos", *taxa_por_km_centavos)
            .text("rua", rua)
            .text("numero", numero)
            .text("cidade", cidade),
    };
    Obj::new()
        .set("options", &options)
        .set("fee", &fee.done())
        .optional_money(
            "pedido_minimo_entrega_centavos",
            s.pedido_minimo_entrega_centavos,
        )
        .optional_money(
            "pedido_minimo_retirada_centavos",
            s.pedido_minimo_retirada_centavos,
        )
        .done()
}

// Money and prices.

/// `money_parse("12,50")` → `1250`; throws `Insira um preço válido`.
#[wasm_bindgen]
pub fn money_parse(input: &str) -> Result<f64, JsError> {
    Money::parse(input).map(number).map_err(js_error)
}

/// What the price field keeps of the typed text (digits, dots, commas → dots).
#[wasm_bindgen]
pub fn money_filter_input(input: &str) -> String {
    Money::filter_input(input)
}

/// `money_format(1250)` → `"R$ 12,50"`.
#[wasm_bindgen]
pub fn money_format(centavos: f64) -> Result<String, JsError> {
    Ok(money(centavos, "centavos")?.format())
}

/// Reais (a wire number) → centavos, rounded.
#[wasm_bindgen]
pub fn money_from_reais(reais: f64) -> Result<f64, JsError> {
    Money::from_reais(reais)
        .map(number)
        .ok_or_else(|| bad_input("reais"))
}

fn product_price(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
) -> Result<ProductPrice, JsError> {
    Ok(ProductPrice::new(
        money(preco, "preco")?,
        precopromo.map(|p| money(p, "precopromo")).transpose()?,
        minimopromo,
    ))
}

/// Unit price for `quantidade` (the promotional one from `minimopromo` on), in centavos.
#[wasm_bindgen]
pub fn price_unit(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
    quantidade: u32,
) -> Result<f64, JsError> {
    let price = product_price(preco, precopromo, minimopromo)?;
    Ok(number(price.unit_price(quantidade)))
}

/// Unit price × quantity, in centavos.
#[wasm_bindgen]
pub fn price_line_total(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
    quantidade: u32,
) -> Result<f64, JsError> {
    let price = product_price(preco, precopromo, minimopromo)?;
    Ok(number(price.line_total(quantidade)))
}

/// The discount badge `round(100 − 100 × promo / price)`, or `undefined` for no badge.
#[wasm_bindgen]
pub fn price_discount_percent(preco: f64, precopromo: f64) -> Result<Option<u8>, JsError> {
    Ok(pricing::discount_percent(
        money(preco, "preco")?,
        money(precopromo, "precopromo")?,
    ))
}

/// The quantity a product starts at: its minimum order, or 1.
#[wasm_bindgen]
pub fn quantity_default(minimo: Option<u32>) -> u32 {
    pricing::default_quantity(minimo)
}

/// The minus button: nothing at 1 or at the minimum order.
#[wasm_bindgen]
pub fn quantity_decrement(quantidade: u32, minimo: Option<u32>) -> u32 {
    QuantityLimits::new(minimo, None).decrement(quantidade)
}

/// The plus button: stops at the stock when set.
#[wasm_bindgen]
pub fn quantity_increment(quantidade: u32, estoque: Option<u32>) -> u32 {
    QuantityLimits::new(None, estoque).increment(quantidade)
}

// Coupons, checkout, delivery.

/// New coupon → `{codigo, tipo, valor}` (`valor` in hundredths); throws the spec's message.
#[wasm_bindgen]
pub fn coupon_create(
    codigo: &str,
    tipo: &str,
    valor: &str,
    existentes: Vec<String>,
) -> Result<JsValue, JsError> {
    let kind = CouponKind::parse(tipo).map_err(js_error)?;
    let existing = existentes.iter().map(String::as_str);
    let created = Coupon::create(codigo, kind, valor, existing).map_err(js_error)?;
    Ok(coupon_js(&created))
}

/// The coupon of `cupons` (`[{codigo, tipo, valor}]`) matching the typed code; throws `Cupom
/// não encontrado!`.
#[wasm_bindgen]
pub fn coupon_find(cupons: JsValue, digitado: &str) -> Result<JsValue, JsError> {
    let items = elements(&cupons, "cupons")?;
    let mut coupons = Vec::with_capacity(items.len());
    for item in &items {
        coupons.push(read_coupon(item)?);
    }
    let found = coupon::find_coupon(&coupons, digitado).map_err(js_error)?;
    Ok(coupon_js(found))
}

/// The discount of `cupom` (`{codigo, tipo, valor}`) on a products total, in centavos.
#[wasm_bindgen]
pub fn coupon_discount(cupom: JsValue, produtos_centavos: f64) -> Result<f64, JsError> {
    let c = read_coupon(&cupom)?;
    Ok(number(
        c.discount(money(produtos_centavos, "produtos_centavos")?),
    ))
}

/// The order summary `{linhas: [{quantidade, unitario_centavos, total_centavos}],
/// produtos_centavos, taxa, taxa_centavos, desconto_centavos, total_centavos}` of `{itens:
/// [{titulo, preco_centavos, precopromo_centavos, minimopromo, quantidade, minimo, estoque}],
/// cupom, fornecedor: {nomeforn, compras_fechadas, configuracao_entrega}, comprador: {rua,
/// latitude, longitude}, modo: 'entrega' | 'retirada'}`; throws the first applicable message.
#[wasm_bindgen]
pub fn checkout_summary(pedido: JsValue) -> Result<JsValue, JsError> {
    let seller = get(&pedido, "fornecedor")?;
    let buyer = get(&pedido, "comprador")?;
    let cupom = get(&pedido, "cupom")?;
    let items = elements(&get(&pedido, "itens")?, "itens")?;
    let mut itens = Vec::with_capacity(items.len());
    for item in &items {
        itens.push(read_line(item)?);
    }
    let request = CheckoutRequest {
        itens,
        cupom: if absent(&cupom) {
            None
        } else {
            Some(read_coupon(&cupom)?)
        },
        fornecedor: Seller {
            nomeforn: text(&seller, "nomeforn")?,
            compras_fechadas: get(&seller, "compras_fechadas")?.is_truthy(),
            delivery: read_settings(&get(&seller, "configuracao_entrega")?)?,
        },
        comprador: Buyer {
            rua: optional_text(&buyer, "rua")?,
            latitude: optional_number(&buyer, "latitude")?,
            longitude: optional_number(&buyer, "longitude")?,
        },
        modo: match text(&pedido, "modo")?.as_str() {
            "entrega" => Fulfilment::Delivery,
            "retirada" => Fulfilment::Pickup,
            _ => return Err(bad_input("modo")),
        },
    };
    let summary = checkout::checkout(&request).map_err(js_error)?;
    Ok(summary_js(&summary))
}

/// Whether a product of `novo` may join a bag of `atual`'s products; throws the spec's message.
#[wasm_bindgen]
pub fn bag_accepts(atual: Option<String>, novo: &str) -> Result<(), JsError> {
    checkout::bag_accepts(atual.as_deref(), novo).map_err(js_error)
}

/// The delivery fee `{estado, taxa_centavos, km, texto}` for a buyer at the given coordinates;
/// `configuracao` has the fields of `DeliverySettingsRecord`.
#[wasm_bindgen]
pub fn delivery_fee(
    configuracao: JsValue,
    latitude: Option<f64>,
    longitude: Option<f64>,
) -> Result<JsValue, JsError> {
    let settings = read_settings(&configuracao)?;
    let buyer = Coordinates::from_pair(latitude, longitude);
    Ok(fee_js(&delivery::fee_state(&settings, buyer)))
}

/// The fee state shown while data loads (`Calculando taxa...`).
#[wasm_bindgen]
pub fn delivery_fee_calculating() -> JsValue {
    fee_js(&FeeState::Calculating)
}

/// Haversine distance in km (Earth radius 6371 km).
#[wasm_bindgen]
pub fn delivery_distance_km(
    latitude1: f64,
    longitude1: f64,
    latitude2: f64,
    longitude2: f64,
) -> Result<f64, JsError> {
    let a = Coordinates::new(latitude1, longitude1).map_err(|_| bad_input("coordenadas"))?;
    let b = Coordinates::new(latitude2, longitude2).map_err(|_| bad_input("coordenadas"))?;
    Ok(delivery::distance_km(a, b))
}

/// The supplier's delivery-settings form (`entrega, taxaTipo, taxaentrega, taxaPorKm,
/// enderecoRua, enderecoNumero, enderecoCidade, pedidominimoentrega, pedidominimoretirada`) →
/// `{options: {entrega, retirada}, fee: {taxa_tipo: 'gratis' | 'fixa' | 'porKm', …},
/// pedido_minimo_entrega_centavos, pedido_minimo_retirada_centavos}`; throws the spec's message.
#[wasm_bindgen]
pub fn delivery_settings_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &[
            "entrega",
            "taxaTipo",
            "taxaentrega",
            "taxaPorKm",
            "enderecoRua",
            "enderecoNumero",
            "enderecoCidade",
            "pedidominimoentrega",
            "pedidominimoretirada",
        ],
    )?;
    let f = DeliveryForm {
        entrega: t.next(),
        taxa_tipo: t.next(),
        taxaentrega: t.next(),
        taxa_por_km: t.next(),
        endereco_rua: t.next(),
        endereco_numero: t.next(),
        endereco_cidade: t.next(),
        pedidominimoentrega: t.next(),
        pedidominimoretirada: t.next(),
    };
    Ok(setup_js(&f.validate().map_err(js_error)?))
}

// Phone, CPF/CNPJ, store URL.

/// `(19) 99876-5432` / `(19) 3421-1234`, progressively while typing.
#[wasm_bindgen]
pub fn phone_mask(input: &str) -> String {
    phone::mask(input)
}

/// At least 14 masked characters (10 or 11 digits).
#[wasm_bindgen]
pub fn phone_is_valid(input: &str) -> bool {
    Phone::parse(input).is_ok()
}

/// CPF or CNPJ (numeric or alphanumeric) → its formatted form; throws `Insira um CPF/CNPJ` or
/// `Insira um CPF/CNPJ válido`.
#[wasm_bindgen]
pub fn document_validate(input: &str) -> Result<String, JsError> {
    TaxId::parse(input).map(|d| d.formatted()).map_err(js_error)
}

/// The store-URL field as typed: lower case, no whitespace.
#[wasm_bindgen]
pub fn store_url_normalize(input: &str) -> String {
    store_url::normalize(input)
}

/// A valid store URL name, or throws `Digite uma URL` and the like.
#[wasm_bindgen]
pub fn store_url_validate(input: &str) -> Result<String, JsError> {
    StoreUrl::parse(input)
        .map(|u| u.as_str().to_owned())
        .map_err(js_error)
}

// Wizards and forms.

/// Business registration (`nomeforn, cpf, telefone, descricaoforn, instagram, local,
/// cidades`) → `{nomeforn, cpf, telefone, descricaoforn, instagram, alcance: {local,
/// cidades}}` (`cpf` formatted, `telefone` digits).
#[wasm_bindgen]
pub fn business_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &["nomeforn", "cpf", "telefone", "descricaoforn", "instagram"],
    )?;
    let b = BusinessForm {
        nomeforn: t.next(),
        cpf: t.next(),
        telefone: t.next(),
        descricaoforn: t.next(),
        instagram: t.next(),
        local: count(&form, "local")?,
        cidades: strings(&form, "cidades", None)?,
    }
    .validate()
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("nomeforn", &b.nomeforn)
        .text("cpf", &b.cpf.formatted())
        .text("telefone", b.telefone.digits())
        .optional_text("descricaoforn", b.descricaoforn.as_deref())
        .optional_text("instagram", b.instagram.as_deref())
        .set("alcance", &scope_js(&b.alcance))
        .done())
}

/// A name: the business wizard's public name or a user's display name (`Insira um nome!`).
#[wasm_bindgen]
pub fn name_validate(input: &str) -> Result<String, JsError> {
    forms::business_name(input).map_err(js_error)
}

/// Wizard step: the phone (`Insira um telefone`) → its masked form.
#[wasm_bindgen]
pub fn business_phone_validate(input: &str) -> Result<String, JsError> {
    forms::business_phone(input)
        .map(|p| p.masked())
        .map_err(js_error)
}

/// Wizard step: the business description (optional, at most 500 characters).
#[wasm_bindgen]
pub fn business_description_validate(input: &str) -> Result<Option<String>, JsError> {
    forms::business_description(input).map_err(js_error)
}

/// Wizard steps: scope `local` (1, 2, 3) and places → `{local, cidades}`.
#[wasm_bindgen]
pub fn scope_validate(local: Option<u32>, lugares: Vec<String>) -> Result<JsValue, JsError> {
    Ok(scope_js(&Scope::parse(local, &lugares).map_err(js_error)?))
}

/// The supplier panel's "Meus Dados" form (`nomeforn, cpf, telefone, instagram,
/// descricaoforn`) → the same fields normalised.
#[wasm_bindgen]
pub fn supplier_profile_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &["nomeforn", "cpf", "telefone", "instagram", "descricaoforn"],
    )?;
    let p = SupplierProfileForm {
        nomeforn: t.next(),
        cpf: t.next(),
        telefone: t.next(),
        instagram: t.next(),
        descricaoforn: t.next(),
    }
    .validate()
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("nomeforn", &p.nomeforn)
        .text("cpf", &p.cpf.formatted())
        .text("telefone", p.telefone.digits())
        .optional_text("instagram", p.instagram.as_deref())
        .optional_text("descricaoforn", p.descricaoforn.as_deref())
        .done())
}

/// The new-ad / ad-edit wizard (`categoria, titulo, preco, descricao, origem, locais,
/// cidades`) → `{categoria, titulo, preco_centavos, descricao, origem, alcance}`.
#[wasm_bindgen]
pub fn ad_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &["categoria", "titulo", "preco", "descricao", "origem"],
    )?;
    let ad = AdForm {
        categoria: t.next(),
        titulo: t.next(),
        preco: t.next(),
        descricao: t.next(),
        origem: t.next(),
        locais: count(&form, "locais")?,
        cidades: strings(&form, "cidades", None)?,
    }
    .validate()
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("categoria", ad.categoria.label())
        .text("titulo", &ad.titulo)
        .money("preco_centavos", ad.preco_centavos)
        .optional_text("descricao", ad.descricao.as_deref())
        .text("origem", &ad.origem)
        .set("alcance", &scope_js(&ad.alcance))
        .done())
}

/// Wizard step "title and price" → `{titulo, preco_centavos}` (title lower-cased); `editando`
/// selects the edit form's price message.
#[wasm_bindgen]
pub fn title_price_validate(titulo: &str, preco: &str, editando: bool) -> Result<JsValue, JsError> {
    let (titulo, preco) = forms::title_and_price(titulo, preco, editando).map_err(js_error)?;
    Ok(Obj::new()
        .text("titulo", &titulo)
        .money("preco_centavos", preco)
        .done())
}

/// Wizard step: an ad or product description (optional, at most 1500 characters).
#[wasm_bindgen]
pub fn description_validate(input: &str) -> Result<Option<String>, JsError> {
    forms::long_description(input).map_err(js_error)
}

/// The add-product (`editando = false`) or edit-product form (`categoria, titulo, preco,
/// minimo, estoque, opcoes, descricao`; `opcoes` as labels or `{opcao}` objects) →
/// `{categoria, titulo, preco_centavos, minimo, estoque, opcoes, descricao}`.
#[wasm_bindgen]
pub fn product_validate(form: JsValue, editando: bool) -> Result<JsValue, JsError> {
    let mut t = texts(&form, &["categoria", "titulo", "preco", "descricao"])?;
    let p = ProductForm {
        categoria: t.next(),
        titulo: t.next(),
        preco: t.next(),
        minimo: count(&form, "minimo")?,
        estoque: count(&form, "estoque")?,
        opcoes: strings(&form, "opcoes", Some("opcao"))?,
        descricao: t.next(),
    }
    .validate(editando)
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("categoria", p.categoria.label())
        .text("titulo", &p.titulo)
        .money("preco_centavos", p.preco_centavos)
        .set("minimo", &optional_count(p.minimo))
        .set("estoque", &optional_count(p.estoque))
        .set("opcoes", &text_array(&p.opcoes))
        .optional_text("descricao", p.descricao.as_deref())
        .done())
}

/// Wizard step "minimum order and stock" → `[minimo, estoque]` as stored (null when unset).
#[wasm_bindgen]
pub fn minimum_stock_validate(
    minimo: Option<u32>,
    estoque: Option<u32>,
) -> Result<JsValue, JsError> {
    let (minimo, estoque) = forms::minimum_and_stock(minimo, estoque).map_err(js_error)?;
    Ok(array([optional_count(minimo), optional_count(estoque)]))
}

/// Wizard step "options" → the kept labels.
#[wasm_bindgen]
pub fn product_options_validate(opcoes: Vec<String>) -> Result<Vec<String>, JsError> {
    forms::product_options(&opcoes).map_err(js_error)
}

/// The promotion form → `{precopromo_centavos, minimopromo}`, or `null` to remove it.
#[wasm_bindgen]
pub fn promotion_validate(precopromo: &str, minimopromo: u32) -> Result<JsValue, JsError> {
    let promo = forms::promotion(precopromo, minimopromo).map_err(js_error)?;
    let value = promo.map_or(JsValue::NULL, |p| {
        Obj::new()
            .money("precopromo_centavos", p.precopromo_centavos)
            .number("minimopromo", f64::from(p.minimopromo))
            .done()
    });
    Ok(value)
}

/// The address form (`cidade, rua, numero, complemento, telefone`) → the same fields
/// normalised (`complemento` null when empty, `telefone` digits).
#[wasm_bindgen]
pub fn address_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &["cidade", "rua", "numero", "complemento", "telefone"],
    )?;
    let a = AddressForm {
        cidade: t.next(),
        rua: t.next(),
        numero: t.next(),
        complemento: t.next(),
        telefone: t.next(),
    }
    .validate()
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("cidade", &a.cidade)
        .text("rua", &a.rua)
        .text("numero", &a.numero)
        .optional_text("complemento", a.complemento.as_deref())
        .text("telefone", a.telefone.digits())
        .done())
}

/// A new store category's name (`Insira o nome da categoria`).
#[wasm_bindgen]
pub fn category_name_validate(input: &str) -> Result<String, JsError> {
    forms::category_name(input).map_err(js_error)
}

/// The payment options chosen → the stored codes (`"1"`, `"2"`, `"12"`).
#[wasm_bindgen]
pub fn payment_options_validate(presencial: bool, pix: bool) -> Result<String, JsError> {
    PaymentOptions::choose(presencial, pix)
        .map(PaymentOptions::codes)
        .map_err(js_error)
}

/// The 2 % fee and the net amount for a balance → `{taxa_centavos, liquido_centavos}`.
#[wasm_bindgen]
pub fn withdrawal_preview(saldo_centavos: f64) -> Result<JsValue, JsError> {
    let (fee, net) = Withdrawal::preview(money(saldo_centavos, "saldo_centavos")?);
    Ok(Obj::new()
        .money("taxa_centavos", fee)
        .money("liquido_centavos", net)
        .done())
}

/// A withdrawal request → `{bruto_centavos, taxa_centavos, liquido_centavos, chave_pix}`.
#[wasm_bindgen]
pub fn withdrawal_request(saldo_centavos: f64, chave_pix: &str) -> Result<JsValue, JsError> {
    let balance = money(saldo_centavos, "saldo_centavos")?;
    let w = Withdrawal::request(balance, chave_pix).map_err(js_error)?;
    Ok(Obj::new()
        .money("bruto_centavos", w.bruto_centavos)
        .money("taxa_centavos", w.taxa_centavos)
        .money("liquido_centavos", w.liquido_centavos)
        .text("chave_pix", &w.chave_pix)
        .done())
}

/// The notarisation upload checks (tokens held, file size in bytes, description) → the trimmed
/// description.
#[wasm_bindgen]
pub fn blockchain_upload_validate(
    fichas: u32,
    bytes: f64,
    descricao: &str,
) -> Result<String, JsError> {
    if !(bytes.is_finite() && bytes >= 0.0) {
        return Err(bad_input("bytes"));
    }
    forms::blockchain_upload(fichas, bytes as u64, descricao).map_err(js_error)
}

/// The price of `quantidade` tokens (R$ 5 each), in centavos.
#[wasm_bindgen]
pub fn tokens_price(quantidade: u32) -> Result<f64, JsError> {
    forms::tokens_price(quantidade)
        .map(number)
        .map_err(js_error)
}
