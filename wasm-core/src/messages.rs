//! Every user-facing Portuguese message of the domain rules, in one place.
//!
//! The error enums of the other modules display these (`#[error("{}", messages::X)]`), so a
//! message is written once and the browser and the server show the very same text. The strings
//! are the spec's own, typos included (`Adcione`, `endreço`); the few marked *gap* fill a hole
//! the spec leaves (a rule it states without a message, or a check only the server makes).

use crate::money::{AmountError, Money};
use std::borrow::Cow;

/// An error (or state) whose text is one of the messages below. `Display` shows the same text
/// (see [`display_message!`](crate::display_message)); the wasm bindings use `message()`
/// directly, which keeps string formatting out of the wasm for the constant messages.
pub trait Message {
    fn message(&self) -> Cow<'static, str>;
}

/// Implements `Display` (the message) and `std::error::Error` for [`Message`] types.
#[macro_export]
macro_rules! display_message {
    ($($ty:ty),+ $(,)?) => {$(
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$crate::messages::Message::message(self))
            }
        }
        impl ::std::error::Error for $ty {}
    )+};
}

/// A refused price shows the spec's one message, whatever the reason.
impl Message for AmountError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(PRECO_INVALIDO)
    }
}

crate::display_message!(AmountError);

// --- Prices and generic form messages ----------------------------------------------------------

/// Price that is not a number (ad wizard, add-product wizard).
pub const PRECO_INVALIDO: &str = "Insira um preço válido";
/// Price that is not a number (edit-product form).
pub const PRECO_INVALIDO_EDICAO: &str = "Digite um preço válido";
/// A required field is empty (ad and product wizards, address).
pub const PREENCHA_TODOS: &str = "Preencha todos os campos!";
/// Input that cannot be read: a payload's field (the API's generic bad payload, which answers
/// this same sentence: `api/src/messages.rs` re-exports it), or what the bindings were given (a
/// programming error on the caller's side). *Gap.*
pub const DADOS_INVALIDOS: &str = "Dados inválidos.";

// --- Coupons -----------------------------------------------------------------------------------

pub const CUPOM_VAZIO: &str = "O nome do cupom não pode ser vazio.";
pub const CUPOM_LONGO: &str = "O nome do cupom deve ter no máximo 10 caracteres.";
pub const CUPOM_ESPACOS: &str = "O nome do cupom não pode conter espaços.";
pub const CUPOM_VALOR: &str = "O valor do desconto deve ser um número positivo.";
pub const CUPOM_PORCENTAGEM: &str = "Desconto em porcentagem não pode ser maior que 100%.";
pub const CUPOM_DUPLICADO: &str = "Já existe um cupom com este nome.";
pub const CUPOM_NAO_ENCONTRADO: &str = "Cupom não encontrado!";
/// A coupon type other than `%` or `R$`. *Gap.*
pub const CUPOM_TIPO: &str = "Selecione o tipo do desconto.";
/// A coupon used after its last day (decisions.md §32).
pub const CUPOM_EXPIRADO: &str = "Cupom expirado.";
/// A coupon of one use per buyer, used by this buyer (decisions.md §32).
pub const CUPOM_USADO: &str = "Este cupom já foi usado.";
/// *Gap:* every use of a coupon's total limit taken (decisions.md §32).
pub const CUPOM_ESGOTADO: &str = "Este cupom atingiu o limite de usos.";
/// *Gap:* a coupon's validity day that is not a date.
pub const CUPOM_DATA: &str = "Insira uma data válida.";
/// *Gap:* a coupon's last day before its first.
pub const CUPOM_DATAS: &str = "A data final do cupom não pode ser anterior à inicial.";
/// *Gap:* a coupon's use limit that is not a whole number above zero.
pub const CUPOM_LIMITE: &str = "O limite de usos deve ser um número inteiro maior que zero.";
/// *Gap:* a coupon's minimum order that is not an amount.
pub const CUPOM_MINIMO: &str = "O pedido mínimo do cupom deve ser um valor válido.";

/// *Gap:* a coupon used before its first day: `'Cupom válido a partir de 10/12/2025.'`.
pub fn cupom_a_partir_de(inicio: crate::date::Date) -> String {
    format!("Cupom válido a partir de {inicio}.")
}

/// A products total below a coupon's minimum: `'Cupom válido para pedidos a partir de R$
/// 50,00.'` (decisions.md §32).
pub fn cupom_pedido_minimo(minimo: Money) -> String {
    format!("Cupom válido para pedidos a partir de {}.", minimo.format())
}

// --- Bag and checkout --------------------------------------------------------------------------

pub const CADASTRE_ENDERECO: &str = "Cadastre um endereço para realizar compras";
pub const OUTRO_FORNECEDOR: &str = "Você já possui produtos de outro fornecedor no carrinho";
/// decisions.md §7.
pub const PRECOS_MUDARAM: &str = "Os preços mudaram. Revise o pedido.";
/// An order without products. *Gap.*
pub const SACOLA_VAZIA: &str = "Sua sacola está vazia";
/// Pickup chosen at a supplier that offers delivery only. *Gap.*
pub const RETIRADA_INDISPONIVEL: &str = "Retirada indisponível";

/// `'{nomeforn} está com o período de compras fechado!'` (decisions.md §12).
pub fn compras_fechadas(nomeforn: &str) -> String {
    format!("{nomeforn} está com o período de compras fechado!")
}

/// `'Pedido mínimo para entrega: R$ 30,00'`. The spec gives this one text for the minimum
/// order of delivery *and* of pickup (buyer-ads-admin.md §5; docs/readings.md).
pub fn pedido_minimo_entrega(minimo: Money) -> String {
    format!("Pedido mínimo para entrega: {}", minimo.format())
}

/// How much a bag lacks to reach the delivery minimum: `'Faltam R$ 4,10 para o pedido mínimo
/// de entrega.'` (the checkout says what is missing, not only the minimum; docs/readings.md).
pub fn faltam_pedido_minimo_entrega(faltam: Money) -> String {
    format!(
        "{} {} para o pedido mínimo de entrega.",
        falta_ou_faltam(faltam),
        faltam.format()
    )
}

/// The same for pickup: `'Faltam R$ 4,10 para o pedido mínimo de retirada.'`.
pub fn faltam_pedido_minimo_retirada(faltam: Money) -> String {
    format!(
        "{} {} para o pedido mínimo de retirada.",
        falta_ou_faltam(faltam),
        faltam.format()
    )
}

/// `Falta` for a single real or less (`Falta R$ 1,00`, `Falta R$ 0,50`), `Faltam` above, as
/// Brazilians agree the verb with the amount.
fn falta_ou_faltam(faltam: Money) -> &'static str {
    if faltam.centavos() < 200 {
        "Falta"
    } else {
        "Faltam"
    }
}

/// `'Estoque insuficiente para {titulo}'` (decisions.md §8).
pub fn estoque_insuficiente(titulo: &str) -> String {
    format!("Estoque insuficiente para {titulo}")
}

/// A line's option that is not (or no longer) one of its product's (decisions.md §39).
pub fn opcao_inexistente(titulo: &str, opcao: &str) -> String {
    format!("A opção {opcao} não existe em {titulo}. Escolha outra opção.")
}

/// An option's price that is not a number above zero (decisions.md §39).
pub fn preco_opcao_invalido(opcao: &str) -> String {
    format!("Insira um preço válido para a opção {opcao}.")
}

/// An option's promotional price not below its price.
pub fn promo_opcao_acima(opcao: &str) -> String {
    format!("O preço promocional da opção {opcao} deve ser menor que o preço dela.")
}

/// An option's promotional price without a price of its own.
pub fn promo_opcao_sem_preco(opcao: &str) -> String {
    format!("Informe o preço da opção {opcao} para dar a ela um preço promocional.")
}

/// An option's stock that is not a whole number of 0 or more.
pub fn estoque_opcao_invalido(opcao: &str) -> String {
    format!("O estoque da opção {opcao} deve ser um número inteiro, 0 ou mais.")
}

/// A quantity below the product's minimum order (the stepper prevents it). *Gap.*
pub fn quantidade_minima(titulo: &str, minimo: u32) -> String {
    format!("A quantidade mínima de {titulo} é {minimo}")
}

/// *Gap:* more units of one product than an order may hold (`checkout::MAX_QUANTITY`).
pub fn quantidade_maxima(titulo: &str, maximo: u32) -> String {
    format!("A quantidade máxima de {titulo} por pedido é {maximo}")
}

// --- Delivery fee states -----------------------------------------------------------------------

pub const ENTREGA_INDISPONIVEL: &str = "Entrega indisponível";
pub const CALCULANDO_TAXA: &str = "Calculando taxa...";
pub const CADASTRE_ENDERECO_CALCULAR: &str = "Cadastre seu endereço para calcular";
pub const TAXA_KM_INDISPONIVEL: &str = "Taxa por Km indisponível no momento";
pub const ENTREGA_GRATIS: &str = "Entrega Grátis ou a combinar";

// --- Supplier delivery settings ----------------------------------------------------------------

pub const TAXA_FIXA_INVALIDA: &str = "O valor da taxa de entrega fixa é inválido!";
pub const TAXA_KM_INVALIDA: &str = "Insira um preço por Km válido e maior que zero!";
pub const ENDERECO_PARTIDA: &str =
    "Preencha o endereço de partida completo para usar a taxa por Km.";
pub const NUMERO_PARTIDA_INVALIDO: &str = "Insira um número de endreço válido";
pub const PEDIDO_MINIMO_ENTREGA_INVALIDO: &str =
    "O valor do pedido mínimo para entrega é inválido!";
pub const PEDIDO_MINIMO_RETIRADA_INVALIDO: &str = "Insira um pedido mínimo válido!";

// --- Delivery days and windows (decisions.md §36; *gap*: the spec has none) ------------------

/// A window's start or end that is not a time.
pub const HORARIO_INVALIDO: &str = "Insira um horário válido, como 08:00.";
pub const DIA_SEMANA_INVALIDO: &str = "Escolha um dia da semana.";
pub const JANELAS_DEMAIS: &str = "Cadastre no máximo 42 janelas de horário.";
pub const PRAZO_INVALIDO: &str = "Insira um prazo para pedidos válido.";
/// The store has delivery days and the buyer chose no date.
pub const ESCOLHA_DATA_ENTREGA: &str = "Escolha a data e o horário da entrega.";
pub const ESCOLHA_DATA_RETIRADA: &str = "Escolha a data e o horário da retirada.";
/// The date chosen is no longer offered (its cut-off passed, the store changed its days), or is
/// in the past.
pub const DATA_ENTREGA_INDISPONIVEL: &str =
    "Esta data de entrega não está mais disponível. Escolha outra.";
pub const DATA_RETIRADA_INDISPONIVEL: &str =
    "Esta data de retirada não está mais disponível. Escolha outra.";

// --- Phone, CPF/CNPJ ---------------------------------------------------------------------------

/// Business wizard: phone missing or shorter than a full mask.
pub const TELEFONE_OBRIGATORIO: &str = "Insira um telefone";
/// Address: phone missing or shorter than a full mask.
pub const TELEFONE_INVALIDO: &str = "Insira um telefone válido!";
pub const CPF_CNPJ_OBRIGATORIO: &str = "Insira um CPF/CNPJ";
/// Wrong length or check digits. *Gap.*
pub const CPF_CNPJ_INVALIDO: &str = "Insira um CPF/CNPJ válido";

// --- Store URL ---------------------------------------------------------------------------------

pub const URL_VAZIA: &str = "Digite uma URL";
pub const URL_DISPONIVEL: &str = "URL disponível!";
/// Taken by another store, or one of the app's own route names.
pub const URL_INDISPONIVEL: &str = "URL indisponível. Por favor, escolha outro nome.";
/// *Gap* (decisions.md §13).
pub const URL_TAMANHO: &str = "A URL deve ter de 3 a 40 caracteres";
/// *Gap* (decisions.md §13).
pub const URL_CARACTERES: &str = "Use apenas letras minúsculas, números e hífen na URL";

// --- Wizards and forms -------------------------------------------------------------------------

pub const NOME_OBRIGATORIO: &str = "Insira um nome!";
pub const SELECIONE_OPCAO: &str = "Selecione uma opção";
pub const ADICIONE_LOCAL: &str = "Adcione ao menos 1 local";
/// *Gap:* a category outside the four (the wizards offer only those).
pub const SELECIONE_CATEGORIA: &str = "Selecione uma categoria";
/// *Gap:* the ad wizard requires an origin city without naming a message.
pub const SELECIONE_ORIGEM: &str = "Selecione a cidade de origem";
pub const ESTOQUE_MENOR_MINIMO: &str = "O estoque não pode ser menor do que o pedido mínimo";
/// *Gap:* the promotion-minimum stepper does not go below 1.
pub const MINIMO_PROMOCAO: &str = "A quantidade mínima da promoção deve ser ao menos 1";
pub const NUMERO_INVALIDO: &str = "Insira um número válido";
pub const CATEGORIA_VAZIA: &str = "Insira o nome da categoria";
pub const PREENCHA_NOME: &str = "Por favor, preencha o campo Nome.";
pub const PREENCHA_CPF_CNPJ: &str = "Por favor, preencha o campo CPF/CNPJ.";
pub const PREENCHA_TELEFONE: &str = "Por favor, preencha o campo Telefone.";

/// The subjects of [`texto_longo`].
pub const CAMPO_DESCRICAO: &str = "A descrição";
pub const CAMPO_TITULO: &str = "O título";
pub const CAMPO_OPCAO: &str = "Cada opção";
pub const CAMPO_NOME: &str = "O nome";
pub const CAMPO_INSTAGRAM: &str = "O Instagram";
pub const CAMPO_LOCAL: &str = "Cada local";
pub const CAMPO_CIDADE: &str = "A cidade";
pub const CAMPO_RUA: &str = "A rua";
pub const CAMPO_NUMERO: &str = "O número";
pub const CAMPO_COMPLEMENTO: &str = "O complemento";
pub const CAMPO_CHAVE_PIX: &str = "A chave Pix";
pub const CAMPO_CATEGORIA: &str = "O nome da categoria";
pub const CAMPO_MODELO: &str = "O modelo";

/// *Gap:* a text longer than a field's limit (the inputs cap it; the server checks it).
pub fn texto_longo(campo: &str, max: usize) -> String {
    format!("{campo} deve ter no máximo {max} caracteres")
}

/// *Gap:* a number with the thousands separated by a dot, as Brazilians write it (`5.570`).
fn milhares(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// *Gap:* more places than a scope holds (27 states, 6.000 municipalities).
pub fn locais_demais(max: usize) -> String {
    format!("Escolha no máximo {} locais.", milhares(max))
}

/// *Gap:* more options than a product may offer.
pub fn opcoes_demais(max: usize) -> String {
    format!("Adicione no máximo {max} opções.")
}

// --- Payments and withdrawal -------------------------------------------------------------------

pub const CHAVE_PIX: &str = "Insira sua chave Pix";
pub const SEM_SALDO: &str = "Você está sem saldo";
/// *Gap:* the save button is disabled with no option selected.
pub const SELECIONE_PAGAMENTO: &str = "Selecione ao menos uma forma de pagamento";

// --- Reviews and moderation (decisions.md §33) -------------------------------------------------

/// *Gap:* a review's note outside 1–5.
pub const AVALIACAO_NOTA: &str = "Escolha uma nota de 1 a 5.";
/// *Gap:* an empty reply to a review.
pub const RESPOSTA_VAZIA: &str = "Escreva a resposta.";
/// *Gap:* a moderation (removal, hiding) without its reason.
pub const MOTIVO_VAZIO: &str = "Informe o motivo.";
pub const CAMPO_COMENTARIO: &str = "O comentário";
pub const CAMPO_RESPOSTA: &str = "A resposta";
pub const CAMPO_MOTIVO: &str = "O motivo";

// --- Blockchain --------------------------------------------------------------------------------

pub const SEM_FICHAS: &str = "Você não possui fichas!";
pub const ARQUIVO_GRANDE: &str = "Arquivo muito grande!";
pub const INSIRA_DESCRICAO: &str = "Insira uma descrição";
/// *Gap:* the quantity stepper does not go below 1.
pub const FICHAS_QUANTIDADE: &str = "Escolha ao menos 1 ficha";

// --- Places and delivery areas (decisions.md §31) ---------------------------------------------

/// *Gap:* a CEP that is not 8 digits.
pub const CEP_INVALIDO: &str = "Insira um CEP válido";
pub const CAMPO_BAIRRO: &str = "O bairro";
/// *Gap:* the supplier's maximum delivery distance is not a whole number of km from 1 to 1000.
pub const DISTANCIA_INVALIDA: &str = "Insira uma distância máxima de entrega válida, em km.";
/// *Gap:* a maximum delivery distance needs the start address it is measured from.
pub const ENDERECO_PARTIDA_DISTANCIA: &str =
    "Preencha o endereço de partida completo para limitar a distância de entrega.";
/// *Gap:* the delivery fee's state beyond the supplier's distance, without the supplier's name.
pub const FORA_DA_AREA: &str = "Endereço fora da área de entrega.";

/// Beyond the supplier's maximum delivery distance: checkout offers pickup only (decisions.md
/// §31).
pub fn fora_da_area(nomeforn: &str) -> String {
    format!("Endereço fora da área de entrega de {nomeforn}.")
}

/// The address's coordinates are its municipality's seat (no geocoder, or it found nothing).
pub fn centro_da_cidade(cidade: &str) -> String {
    format!("Usamos o centro de {cidade} para calcular a distância")
}

// --- The delivery day (decisions.md §36) --------------------------------------------------------

/// *Gap:* a day with more stops with coordinates than one route plans (`route::MAX_STOPS`).
pub const ROTA_PARADAS_DEMAIS: &str =
    "Rota com paradas demais para calcular: divida as entregas do dia.";

/// Every constant message, for the uniqueness test.
#[cfg(test)]
const ALL: &[&str] = &[
    PRECO_INVALIDO,
    PRECO_INVALIDO_EDICAO,
    PREENCHA_TODOS,
    DADOS_INVALIDOS,
    ROTA_PARADAS_DEMAIS,
    CUPOM_VAZIO,
    CUPOM_LONGO,
    CUPOM_ESPACOS,
    CUPOM_VALOR,
    CUPOM_PORCENTAGEM,
    CUPOM_DUPLICADO,
    CUPOM_NAO_ENCONTRADO,
    CUPOM_TIPO,
    CUPOM_EXPIRADO,
    CUPOM_USADO,
    CUPOM_ESGOTADO,
    CUPOM_DATA,
    CUPOM_DATAS,
    CUPOM_LIMITE,
    CUPOM_MINIMO,
    CADASTRE_ENDERECO,
    OUTRO_FORNECEDOR,
    PRECOS_MUDARAM,
    SACOLA_VAZIA,
    RETIRADA_INDISPONIVEL,
    ENTREGA_INDISPONIVEL,
    CALCULANDO_TAXA,
    CADASTRE_ENDERECO_CALCULAR,
    TAXA_KM_INDISPONIVEL,
    ENTREGA_GRATIS,
    TAXA_FIXA_INVALIDA,
    TAXA_KM_INVALIDA,
    ENDERECO_PARTIDA,
    NUMERO_PARTIDA_INVALIDO,
    PEDIDO_MINIMO_ENTREGA_INVALIDO,
    PEDIDO_MINIMO_RETIRADA_INVALIDO,
    TELEFONE_OBRIGATORIO,
    TELEFONE_INVALIDO,
    CPF_CNPJ_OBRIGATORIO,
    CPF_CNPJ_INVALIDO,
    URL_VAZIA,
    URL_DISPONIVEL,
    URL_INDISPONIVEL,
    URL_TAMANHO,
    URL_CARACTERES,
    NOME_OBRIGATORIO,
    SELECIONE_OPCAO,
    ADICIONE_LOCAL,
    SELECIONE_CATEGORIA,
    SELECIONE_ORIGEM,
    ESTOQUE_MENOR_MINIMO,
    MINIMO_PROMOCAO,
    NUMERO_INVALIDO,
    CATEGORIA_VAZIA,
    PREENCHA_NOME,
    PREENCHA_CPF_CNPJ,
    PREENCHA_TELEFONE,
    CHAVE_PIX,
    SEM_SALDO,
    SELECIONE_PAGAMENTO,
    AVALIACAO_NOTA,
    RESPOSTA_VAZIA,
    MOTIVO_VAZIO,
    SEM_FICHAS,
    ARQUIVO_GRANDE,
    INSIRA_DESCRICAO,
    FICHAS_QUANTIDADE,
    CAMPO_DESCRICAO,
    CAMPO_TITULO,
    CAMPO_OPCAO,
    CEP_INVALIDO,
    CAMPO_BAIRRO,
    DISTANCIA_INVALIDA,
    ENDERECO_PARTIDA_DISTANCIA,
    FORA_DA_AREA,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_written_once() {
        let mut seen = std::collections::HashSet::new();
        for m in ALL {
            assert!(seen.insert(*m), "duplicate message: {m}");
            assert!(!m.trim().is_empty());
        }
    }

    #[test]
    fn parameterised_messages() {
        assert_eq!(
            pedido_minimo_entrega(Money::from_centavos(3000)),
            "Pedido mínimo para entrega: R$ 30,00"
        );
        assert_eq!(
            compras_fechadas("Sítio Boa Vista"),
            "Sítio Boa Vista está com o período de compras fechado!"
        );
        assert_eq!(estoque_insuficiente("mel"), "Estoque insuficiente para mel");
        assert_eq!(
            faltam_pedido_minimo_entrega(Money::from_centavos(410)),
            "Faltam R$ 4,10 para o pedido mínimo de entrega."
        );
        assert_eq!(
            faltam_pedido_minimo_entrega(Money::from_centavos(150)),
            "Falta R$ 1,50 para o pedido mínimo de entrega."
        );
        assert_eq!(
            faltam_pedido_minimo_retirada(Money::from_centavos(2000)),
            "Faltam R$ 20,00 para o pedido mínimo de retirada."
        );
        assert_eq!(
            cupom_pedido_minimo(Money::from_centavos(5000)),
            "Cupom válido para pedidos a partir de R$ 50,00."
        );
        assert_eq!(locais_demais(5570), "Escolha no máximo 5.570 locais.");
        assert_eq!(locais_demais(27), "Escolha no máximo 27 locais.");
        assert_eq!(opcoes_demais(20), "Adicione no máximo 20 opções.");
        assert_eq!(
            texto_longo(CAMPO_DESCRICAO, 500),
            "A descrição deve ter no máximo 500 caracteres"
        );
        assert_eq!(
            fora_da_area("Sítio Boa Vista"),
            "Endereço fora da área de entrega de Sítio Boa Vista."
        );
        assert_eq!(
            centro_da_cidade("Piracicaba"),
            "Usamos o centro de Piracicaba para calcular a distância"
        );
    }
}
