//! The wizards and forms: business registration and supplier profile, ads, products and
//! promotions, the buyer's address, store categories.

use super::js::{
    Obj, array, bad_input, count, elements, get, js_error, optional_count, strings, text,
    text_array, texts,
};
use crate::document::TaxId;
use crate::forms::{
    self, AdForm, AddressForm, BusinessForm, Category, OptionForm, ProductForm, Scope,
    SupplierProfileForm,
};
use crate::money::Money;
use crate::phone::Phone;
use wasm_bindgen::prelude::*;

/// `{local, cidades}` (`['ALL']` for all Brazil).
fn scope_js(s: &Scope) -> JsValue {
    Obj::new()
        .number("local", f64::from(s.code()))
        .set("cidades", &text_array(&s.places()))
        .done()
}

/// The fields a business registration and a supplier profile start with: `{nomeforn, cpf,
/// telefone}` (`cpf` formatted, `telefone` digits).
fn supplier_js(nomeforn: &str, cpf: &TaxId, telefone: &Phone) -> Obj {
    let obj = Obj::new();
    obj.text("nomeforn", nomeforn)
        .text("cpf", &cpf.formatted())
        .text("telefone", telefone.digits());
    obj
}

/// The fields an ad, a product and the "title and price" step start with: `{categoria, titulo,
/// preco_centavos}` (no `categoria` for the step).
fn listing_js(categoria: Option<Category>, titulo: &str, preco: Money) -> Obj {
    let obj = Obj::new();
    if let Some(c) = categoria {
        obj.text("categoria", c.label());
    }
    obj.text("titulo", titulo).money("preco_centavos", preco);
    obj
}

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
    Ok(supplier_js(&b.nomeforn, &b.cpf, &b.telefone)
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
    Ok(supplier_js(&p.nomeforn, &p.cpf, &p.telefone)
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
    Ok(
        listing_js(Some(ad.categoria), &ad.titulo, ad.preco_centavos)
            .optional_text("descricao", ad.descricao.as_deref())
            .text("origem", &ad.origem)
            .set("alcance", &scope_js(&ad.alcance))
            .done(),
    )
}

/// Wizard step "title and price" → `{titulo, preco_centavos}` (title lower-cased); `editando`
/// selects the edit form's price message.
#[wasm_bindgen]
pub fn title_price_validate(titulo: &str, preco: &str, editando: bool) -> Result<JsValue, JsError> {
    let (titulo, preco) = forms::title_and_price(titulo, preco, editando).map_err(js_error)?;
    Ok(listing_js(None, &titulo, preco).done())
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
        opcoes: option_forms(&form)?,
        descricao: t.next(),
    }
    .validate(editando)
    .map_err(js_error)?;
    let opcoes = array(p.opcoes.iter().map(|o| {
        let own = o.stock.own();
        Obj::new()
            .text("opcao", &o.label)
            .optional_money("preco_centavos", o.price)
            .optional_money("precopromo_centavos", o.promo)
            .set("estoqueproprio", &JsValue::from_bool(own.is_some()))
            .set("estoque", &optional_count(own.flatten()))
            .done()
    }));
    Ok(listing_js(Some(p.categoria), &p.titulo, p.preco_centavos)
        .set("minimo", &optional_count(p.minimo))
        .set("estoque", &optional_count(p.estoque))
        .set("opcoes", &opcoes)
        .optional_text("descricao", p.descricao.as_deref())
        .done())
}

/// The form's options: labels, or `{opcao, preco, precopromo, estoqueproprio, estoque,
/// estoqueanterior}` (decisions.md §39).
fn option_forms(form: &JsValue) -> Result<Vec<OptionForm>, JsError> {
    let items = elements(&get(form, "opcoes")?, "opcoes")?;
    let mut out = Vec::with_capacity(items.len());
    for v in &items {
        if let Some(label) = v.as_string() {
            out.push(OptionForm::label(label));
            continue;
        }
        if !v.is_object() {
            return Err(bad_input("opcoes"));
        }
        let own = get(v, "estoqueproprio")?;
        let stock = get(v, "estoque")?;
        out.push(OptionForm {
            opcao: text(v, "opcao")?,
            preco: text(v, "preco")?,
            precopromo: text(v, "precopromo")?,
            estoqueproprio: own.as_bool(),
            estoque: (!stock.is_undefined())
                .then(|| text(v, "estoque"))
                .transpose()?,
            estoqueanterior: if get(v, "estoqueanterior")?.is_undefined() {
                None
            } else {
                Some(count(v, "estoqueanterior")?)
            },
        });
    }
    Ok(out)
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

/// The address form (`cidade, rua, numero, complemento, telefone, cep, bairro`) → the same
/// fields normalised (`complemento`, `cep` and `bairro` null when empty, `cep` masked,
/// `telefone` digits).
#[wasm_bindgen]
pub fn address_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &[
            "cidade",
            "rua",
            "numero",
            "complemento",
            "telefone",
            "cep",
            "bairro",
        ],
    )?;
    let a = AddressForm {
        cidade: t.next(),
        rua: t.next(),
        numero: t.next(),
        complemento: t.next(),
        telefone: t.next(),
        cep: t.next(),
        bairro: t.next(),
    }
    .validate()
    .map_err(js_error)?;
    Ok(Obj::new()
        .text("cidade", &a.cidade)
        .text("rua", &a.rua)
        .text("numero", &a.numero)
        .optional_text("complemento", a.complemento.as_deref())
        .text("telefone", a.telefone.digits())
        .optional_text(
            "cep",
            a.cep.as_ref().map(crate::cep::Cep::masked).as_deref(),
        )
        .optional_text("bairro", a.bairro.as_deref())
        .done())
}

/// A new store category's name (`Insira o nome da categoria`).
#[wasm_bindgen]
pub fn category_name_validate(input: &str) -> Result<String, JsError> {
    forms::category_name(input).map_err(js_error)
}
