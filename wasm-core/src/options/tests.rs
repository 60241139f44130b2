use super::*;

fn m(c: i64) -> Money {
    Money::from_centavos(c)
}

fn product(stock: Option<u32>) -> ProductTerms {
    ProductTerms {
        price: ProductPrice::new(m(500), Some(m(450)), Some(3)),
        stock,
        minimum: None,
    }
}

fn kilo(stock: OptionStock) -> ProductOption {
    ProductOption {
        label: "1 kg".into(),
        price: Some(m(900)),
        promo: None,
        stock,
    }
}

#[test]
fn an_option_without_its_own_fields_sells_as_the_product() {
    let options = [ProductOption::label("500 g"), kilo(OptionStock::Count(1))];
    let p = Listed {
        titulo: "tomate",
        terms: product(Some(7)),
        options: &options,
    };
    let half = p.priced_line(Some("500 g"), 3).unwrap();
    assert_eq!(half.line.price().line_total(3), m(1350));
    assert_eq!((half.line.estoque, half.own_stock), (Some(7), false));
    assert_eq!(half.option.as_deref(), Some("500 g"));
    let one = p.priced_line(Some("1 kg"), 3).unwrap();
    // Its own price, without the product's promotion.
    assert_eq!(one.line.price().line_total(3), m(2700));
    assert_eq!((one.line.estoque, one.own_stock), (Some(1), true));
    assert_eq!(one.line.titulo, "tomate (1 kg)");
}

#[test]
fn the_option_must_be_one_of_the_products() {
    let options = [ProductOption::label("500 g")];
    let p = Listed {
        titulo: "tomate",
        terms: product(None),
        options: &options,
    };
    assert_eq!(p.priced_line(None, 1).unwrap_err(), OptionError::Choose);
    assert_eq!(
        p.priced_line(Some(" "), 1).unwrap_err(),
        OptionError::Choose
    );
    assert_eq!(
        p.priced_line(Some("2 kg"), 1).unwrap_err().to_string(),
        "A opção 2 kg não existe em tomate. Escolha outra opção."
    );
    // A product without options ignores a choice.
    let plain = Listed { options: &[], ..p };
    assert_eq!(plain.priced_line(Some("x"), 1).unwrap().option, None);
}

#[test]
fn own_promotion_applies_from_one_unit() {
    let o = ProductOption {
        promo: Some(m(800)),
        ..kilo(OptionStock::Untracked)
    };
    let t = o.terms(&product(Some(0)));
    assert_eq!(t.price.unit_price(1), m(800));
    assert_eq!((t.stock, t.own_stock), (None, true));
}

#[test]
fn from_price_and_sold_out_across_options() {
    let options = [ProductOption::label("500 g"), kilo(OptionStock::Count(0))];
    let p = Listed {
        titulo: "tomate",
        terms: product(Some(2)),
        options: &options,
    };
    assert_eq!(
        p.from_price(),
        FromPrice {
            price: m(450),
            varies: true
        }
    );
    assert!(!p.sold_out());
    assert!(p.option_sold_out(&options[1]));
    let gone = Listed {
        terms: product(Some(0)),
        ..p.clone()
    };
    assert!(gone.sold_out());
    let same = [ProductOption::label("a"), ProductOption::label("b")];
    let flat = Listed {
        options: &same,
        ..p.clone()
    };
    assert!(!flat.from_price().varies);
    let none = Listed { options: &[], ..p };
    assert_eq!(none.from_price().price, m(450));
}

#[test]
fn stored_as_labels_when_plain() {
    let plain = StoredOption::from(&ProductOption::label("Maço"));
    assert_eq!(plain, StoredOption::Label("Maço".into()));
    let own = kilo(OptionStock::Count(3));
    let back: ProductOption = StoredOption::from(&own).into();
    assert_eq!(back, own);
    assert!(OptionStock::from_own(Some(None)) == OptionStock::Untracked);
    // The stored JSON: labels stay labels; own fields make an object.
    let list: Vec<StoredOption> = serde_json::from_str(
        r#"["500 g",{"opcao":"1 kg","preco_centavos":900,"estoque":{"contagem":1}}]"#,
    )
    .unwrap();
    let options: Vec<ProductOption> = list.into_iter().map(Into::into).collect();
    assert_eq!(options[0], ProductOption::label("500 g"));
    assert_eq!(options[1], kilo(OptionStock::Count(1)));
    let stored: Vec<StoredOption> = options.iter().map(StoredOption::from).collect();
    assert_eq!(
        serde_json::to_string(&stored).unwrap(),
        r#"["500 g",{"opcao":"1 kg","preco_centavos":900,"estoque":{"contagem":1}}]"#
    );
    assert_eq!(OptionStock::Count(2).own(), Some(Some(2)));
}
