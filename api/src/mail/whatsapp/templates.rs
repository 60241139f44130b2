//! The approved template messages (pt_BR), as submitted to Meta for approval and listed in
//! docs/notices.md: each has a name, a body with numbered variables and one link button whose
//! address ends with a variable (the page of the order). The local Cloud API
//! (devservices/whatsapp.mjs) knows the same names and variable counts, as Meta would after the
//! approval.

use super::Kind;

/// The language of every template.
pub const LANGUAGE: &str = "pt_BR";

/// A template message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Template {
    /// Buyer: an in-person order was placed.
    PedidoRecebido,
    /// Buyer: the order's Pix was paid.
    PagamentoConfirmado,
    /// Buyer: the store left with the order.
    SaiuParaEntrega,
    /// Buyer: the store marked the order delivered.
    PedidoEntregue,
    /// Buyer: money of the order is being given back.
    ValorDevolvido,
    /// Store: a new order, paid by Pix.
    NovoPedidoPago,
    /// Store: a new order, paid on delivery or pickup.
    NovoPedidoNaEntrega,
    /// Store: a withdrawal was paid.
    SaquePago,
}

impl Template {
    pub const ALL: [Self; 8] = [
        Self::PedidoRecebido,
        Self::PagamentoConfirmado,
        Self::SaiuParaEntrega,
        Self::PedidoEntregue,
        Self::ValorDevolvido,
        Self::NovoPedidoPago,
        Self::NovoPedidoNaEntrega,
        Self::SaquePago,
    ];

    /// The name it was submitted under.
    pub fn name(self) -> &'static str {
        match self {
            Self::PedidoRecebido => "pedido_recebido",
            Self::PagamentoConfirmado => "pagamento_confirmado",
            Self::SaiuParaEntrega => "saiu_para_entrega",
            Self::PedidoEntregue => "pedido_entregue",
            Self::ValorDevolvido => "valor_devolvido",
            Self::NovoPedidoPago => "novo_pedido_pago",
            Self::NovoPedidoNaEntrega => "novo_pedido_na_entrega",
            Self::SaquePago => "saque_pago",
        }
    }

    /// The template of `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The body as submitted (`{{n}}` are the variables).
    pub fn body(self) -> &'static str {
        match self {
            Self::PedidoRecebido => {
                "Olá, {{1}}! Recebemos o seu pedido de {{2}} em {{3}}, a pagar na entrega ou \
                 retirada. A loja já foi avisada e vai preparar o seu pedido."
            }
            Self::PagamentoConfirmado => {
                "Olá, {{1}}! O seu Pix de {{2}} do pedido em {{3}} foi confirmado. A loja já foi \
                 avisada e vai preparar o seu pedido."
            }
            Self::SaiuParaEntrega => {
                "Olá, {{1}}! Seu pedido da {{2}} saiu para entrega e está a caminho."
            }
            Self::PedidoEntregue => {
                "Olá, {{1}}! {{2}} marcou seu pedido de {{3}} como entregue. Recebeu tudo certo? \
                 Abra o pedido e toque em 'Recebi meu pedido'."
            }
            Self::ValorDevolvido => {
                "Olá, {{1}}! O valor de {{2}} do seu pedido em {{3}} será devolvido para a conta \
                 de onde saiu."
            }
            Self::NovoPedidoPago => {
                "Novo pedido pago! {{1}} comprou em {{2}}: {{3}}, já pago por Pix ({{4}}). Veja \
                 os detalhes em Entregas, no seu painel."
            }
            Self::NovoPedidoNaEntrega => {
                "Novo pedido! {{1}} comprou em {{2}}: {{3}}, a pagar na {{4}}. Veja os detalhes \
                 em Entregas, no seu painel."
            }
            Self::SaquePago => "{{1}}, o seu saque de {{2}} foi pago por Pix.",
        }
    }

    /// How many variables the body has.
    pub fn variables(self) -> usize {
        self.body().matches("{{").count()
    }

    /// The kind of notice it is (what the person's table turns on or off).
    pub fn kind(self) -> Kind {
        match self {
            Self::PedidoRecebido | Self::NovoPedidoNaEntrega => Kind::Orders,
            Self::PagamentoConfirmado | Self::ValorDevolvido | Self::NovoPedidoPago => {
                Kind::Payments
            }
            Self::SaiuParaEntrega | Self::PedidoEntregue => Kind::Deliveries,
            Self::SaquePago => Kind::Withdrawals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_variables_are_numbered_from_one() {
        for t in Template::ALL {
            assert_eq!(Template::from_name(t.name()), Some(t));
            for n in 1..=t.variables() {
                assert!(t.body().contains(&format!("{{{{{n}}}}}")), "{t:?} {n}");
            }
        }
        assert_eq!(Template::NovoPedidoPago.variables(), 4);
        assert_eq!(Template::SaquePago.variables(), 2);
        assert!(Template::from_name("promocao").is_none());
    }
}
