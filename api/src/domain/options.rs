//! A product's options as stored (decisions.md §39): the `opcoes` JSON list read into
//! wasm-core's options (a plain label, the spec's shape, or an option with its own price and
//! stock) and written back, and the product's terms for wasm-core's [`Listed`] — the one place
//! the server turns a product row into what its lines sell at.

use wasm_core::{
    money::Money,
    options::{Listed, ProductOption, ProductTerms, StoredOption},
    pricing::ProductPrice,
};

/// The options stored in `opcoes`; a list that does not read is no options (logged).
pub fn parse(stored: &str) -> Vec<ProductOption> {
    serde_json::from_str::<Vec<StoredOption>>(stored)
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "product options are not a JSON list of options");
            Vec::new()
        })
        .into_iter()
        .map(Into::into)
        .collect()
}

/// `options` as `opcoes` stores them: plain labels for options without their own fields.
pub fn stored(options: &[ProductOption]) -> String {
    let list: Vec<StoredOption> = options.iter().map(StoredOption::from).collect();
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".to_owned())
}

/// A count column as a count (negative as 0).
pub fn count(v: Option<i64>) -> Option<u32> {
    v.map(|n| u32::try_from(n.max(0)).unwrap_or(u32::MAX))
}

/// A product's own terms from its columns: `preco_centavos`, `preco_promo_centavos`,
/// `minimo_promo`, `minimo`, `estoque`.
pub fn terms(
    preco: i64,
    promo: Option<i64>,
    promo_minimum: Option<i64>,
    minimo: Option<i64>,
    estoque: Option<i64>,
) -> ProductTerms {
    ProductTerms {
        price: ProductPrice::new(
            Money::from_centavos(preco),
            promo.map(Money::from_centavos),
            count(promo_minimum),
        ),
        stock: count(estoque),
        minimum: count(minimo),
    }
}

/// A product row's listing: its title, terms and options.
pub fn listed<'a>(
    titulo: &'a str,
    terms: ProductTerms,
    options: &'a [ProductOption],
) -> Listed<'a> {
    Listed {
        titulo,
        terms,
        options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::options::OptionStock;

    #[test]
    fn labels_and_options_round_trip() {
        let options =
            parse(r#"["Maço",{"opcao":"1 kg","preco_centavos":900,"estoque":"sem_controle"}]"#);
        assert_eq!(options[0], ProductOption::label("Maço"));
        assert_eq!(options[1].stock, OptionStock::Untracked);
        assert_eq!(parse(&stored(&options)), options);
        assert!(stored(&options[..1]) == r#"["Maço"]"#);
        assert!(parse("nonsense").is_empty());
    }
}
