use super::*;
use crate::forms::test_util::{err, m};

#[test]
fn product_wizard_rules() {
    let f: ProductForm = serde_json::from_str(
        r#"{"categoria":"Alimentos","titulo":"Mel Puro","preco":"25,00","minimo":1,"estoque":"1","opcoes":[{"opcao":" 500 g "},{"opcao":""},"1 kg"],"descricao":" "}"#,
    )
    .unwrap();
    let p = f.validate(false).unwrap();
    assert_eq!(p.titulo, "mel puro");
    assert_eq!(p.preco_centavos, m(2500));
    // A minimum of 1 is no minimum; a stock of 1 is one unit (decisions.md §26).
    assert_eq!((p.minimo, p.estoque), (None, Some(1)));
    assert_eq!(
        p.opcoes,
        vec![ProductOption::label("500 g"), ProductOption::label("1 kg")]
    );
    assert_eq!(p.descricao, None);

    assert_eq!(
        minimum_and_stock(Some(5), Some(20)),
        Ok((Some(5), Some(20)))
    );
    assert_eq!(minimum_and_stock(Some(5), None), Ok((Some(5), None)));
    assert_eq!(minimum_and_stock(Some(0), Some(3)), Ok((None, Some(3))));
    assert_eq!(minimum_and_stock(None, Some(0)), Ok((None, Some(0))));
    assert_eq!(minimum_and_stock(Some(1), Some(1)), Ok((None, Some(1))));
    assert_eq!(minimum_and_stock(Some(1), None), Ok((None, None)));
    // Sold out is allowed whatever the minimum.
    assert_eq!(minimum_and_stock(Some(5), Some(0)), Ok((Some(5), Some(0))));
    assert_eq!(
        err(minimum_and_stock(Some(5), Some(3))),
        "O estoque não pode ser menor do que o pedido mínimo"
    );
    let mut edit = f.clone();
    edit.preco = "x".into();
    assert_eq!(err(edit.validate(true)), "Digite um preço válido");
    assert_eq!(err(edit.validate(false)), "Insira um preço válido");
    edit.preco = "10".into();
    edit.opcoes = vec![OptionForm::label("o".repeat(51))];
    assert_eq!(
        err(edit.validate(true)),
        "Cada opção deve ter no máximo 50 caracteres"
    );
    assert!(serde_json::from_str::<ProductForm>(r#"{"minimo":-1}"#).is_err());
    // A product with 20,000 options was once stored.
    edit.opcoes = vec![OptionForm::label("500 g"); 20_000];
    assert_eq!(err(edit.validate(true)), "Adicione no máximo 20 opções.");
    edit.opcoes = vec![OptionForm::label("500 g"); 20];
    assert!(edit.validate(true).is_ok());
}

#[test]
fn options_with_their_own_price_and_stock() {
    let f: ProductForm = serde_json::from_str(
        r#"{"categoria":"Alimentos","titulo":"Tomate","preco":"5,00","estoque":"","opcoes":[
            "500 g",
            {"opcao":"1 kg","preco":"9,00","precopromo":"8,50","estoque":"1","estoqueanterior":3},
            {"opcao":"2 kg","preco":"17","estoqueproprio":true,"estoque":null},
            {"opcao":"3 kg","estoqueproprio":false,"estoque":"4"}
        ]}"#,
    )
    .unwrap();
    let p = f.validate(false).unwrap();
    assert_eq!(p.opcoes[0], ProductOption::label("500 g"));
    assert_eq!(
        p.opcoes[1],
        ProductOption {
            label: "1 kg".into(),
            price: Some(m(900)),
            promo: Some(m(850)),
            stock: OptionStock::Count(1),
        }
    );
    assert_eq!(p.opcoes[2].stock, OptionStock::Untracked);
    assert_eq!(p.opcoes[3].stock, OptionStock::Product);
    assert_eq!(
        f.previous_option_stocks(),
        vec![("1 kg".to_owned(), Some(3))]
    );

    let bad = |o: &str| {
        let f: ProductForm = serde_json::from_str(&format!(
            r#"{{"categoria":"Alimentos","titulo":"Tomate","preco":"5","opcoes":[{o}]}}"#
        ))
        .unwrap();
        err(f.validate(false))
    };
    assert_eq!(
        bad(r#"{"opcao":"1 kg","preco":"-9"}"#),
        "Insira um preço válido para a opção 1 kg."
    );
    assert_eq!(
        bad(r#"{"opcao":"1 kg","preco":"0"}"#),
        "Insira um preço válido para a opção 1 kg."
    );
    assert_eq!(
        bad(r#"{"opcao":"1 kg","preco":"9","precopromo":"9"}"#),
        "O preço promocional da opção 1 kg deve ser menor que o preço dela."
    );
    assert_eq!(
        bad(r#"{"opcao":"1 kg","precopromo":"4"}"#),
        "Informe o preço da opção 1 kg para dar a ela um preço promocional."
    );
    assert_eq!(
        bad(r#"{"opcao":"1 kg","estoque":"-1"}"#),
        "O estoque da opção 1 kg deve ser um número inteiro, 0 ou mais."
    );
    assert_eq!(
        bad(r#"{"opcao":"1 kg","estoque":"dois"}"#),
        "O estoque da opção 1 kg deve ser um número inteiro, 0 ou mais."
    );
}

#[test]
fn sold_out_is_tracked_stock_below_one_order() {
    assert!(!sold_out(None, None));
    assert!(!sold_out(None, Some(5)));
    assert!(sold_out(Some(0), None));
    assert!(!sold_out(Some(1), None));
    assert!(!sold_out(Some(1), Some(1)));
    assert!(sold_out(Some(4), Some(5)));
    assert!(!sold_out(Some(5), Some(5)));
    assert!(sold_out(Some(0), Some(0)));
}

#[test]
fn promotions() {
    assert_eq!(promotion("", 3), Ok(None));
    assert_eq!(
        promotion("8,50", 3),
        Ok(Some(Promotion {
            precopromo_centavos: m(850),
            minimopromo: 3
        }))
    );
    assert_eq!(err(promotion("abc", 1)), "Digite um preço válido");
    assert_eq!(
        err(promotion("8", 0)),
        "A quantidade mínima da promoção deve ser ao menos 1"
    );
}
