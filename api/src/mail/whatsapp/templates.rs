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
    /// Buyer: an order was cancelled with nothing charged (by either side, or not confirmed in
    /// time by the store).
    PedidoCancelado,
    /// Buyer: the order's Pix was not paid in time; the order was cancelled.
    PixExpirado,
    /// Store: the buyer opened a problem case.
    ReclamacaoAberta,
    /// The other side (both, for the Feira's): a new message in a case.
    ReclamacaoMensagem,
    /// Both: the case went to the Feira, which decides.
    ReclamacaoMediacao,
    /// Both: the case ended by agreement (amount given back, amount released).
    ReclamacaoEncerrada,
    /// Both: the Feira decided the case, with its reason.
    ReclamacaoDecidida,
    /// Buyer: a basket's cycle is ordered soon (before the cut-off).
    CestaAviso,
    /// Buyer: a basket's cycle was not ordered (nothing in stock, or refused).
    CestaNaoGerada,
    /// Buyer: the store's vacation covers the basket's deliveries.
    CestaFerias,
    /// Store: a basket's cycle was not paid by Pix Automático by the delivery's eve; its order
    /// was cancelled (not to be delivered).
    CestaNaoPaga,
}

impl Template {
    pub const ALL: [Self; 19] = [
        Self::PedidoRecebido,
        Self::PagamentoConfirmado,
        Self::SaiuParaEntrega,
        Self::PedidoEntregue,
        Self::ValorDevolvido,
        Self::NovoPedidoPago,
        Self::NovoPedidoNaEntrega,
        Self::SaquePago,
        Self::PedidoCancelado,
        Self::PixExpirado,
        Self::ReclamacaoAberta,
        Self::ReclamacaoMensagem,
        Self::ReclamacaoMediacao,
        Self::ReclamacaoEncerrada,
        Self::ReclamacaoDecidida,
        Self::CestaAviso,
        Self::CestaNaoGerada,
        Self::CestaFerias,
        Self::CestaNaoPaga,
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
            Self::PedidoCancelado => "pedido_cancelado",
            Self::PixExpirado => "pix_expirado",
            Self::ReclamacaoAberta => "reclamacao_aberta",
            Self::ReclamacaoMensagem => "reclamacao_mensagem",
            Self::ReclamacaoMediacao => "reclamacao_mediacao",
            Self::ReclamacaoEncerrada => "reclamacao_encerrada",
            Self::ReclamacaoDecidida => "reclamacao_decidida",
            Self::CestaAviso => "cesta_aviso",
            Self::CestaNaoGerada => "cesta_nao_gerada",
            Self::CestaFerias => "cesta_ferias",
            Self::CestaNaoPaga => "cesta_nao_paga",
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
            Self::SaquePago => "Olá, {{1}}! O seu saque de {{2}} foi pago por Pix.",
            Self::PedidoCancelado => {
                "Olá, {{1}}! O seu pedido de {{2}} em {{3}} foi cancelado. Nada foi cobrado por \
                 ele."
            }
            Self::PixExpirado => {
                "Olá, {{1}}! O Pix de {{2}} do seu pedido em {{3}} não foi pago dentro do prazo, \
                 e o pedido foi cancelado. Se ainda quiser os produtos, faça um novo pedido."
            }
            Self::ReclamacaoAberta => {
                "Olá! {{1}} relatou um problema com o pedido em {{2}}: {{3}}. O valor fica retido \
                 até a solução. Responda ou faça a devolução em Entregas, no pedido."
            }
            Self::ReclamacaoMensagem => {
                "Nova mensagem de {{1}} na reclamação do pedido em {{2}}. Abra o pedido para ler \
                 e responder."
            }
            Self::ReclamacaoMediacao => {
                "A reclamação do pedido em {{1}} foi para a Feira, que vai decidir. Você será \
                 avisado da decisão."
            }
            Self::ReclamacaoEncerrada => {
                "A reclamação do pedido em {{1}} foi encerrada: {{2}} devolvido ao cliente e {{3}} \
                 liberado para a loja."
            }
            Self::ReclamacaoDecidida => {
                "A Feira decidiu a reclamação do pedido em {{1}}: {{2}} devolvido ao cliente e \
                 {{3}} liberado para a loja. Motivo: {{4}}."
            }
            Self::CestaAviso => {
                "Olá, {{1}}! O pedido da sua cesta de {{2}} para {{3}} será feito em breve. Você \
                 pode mudar, pular ou pausar em Minhas assinaturas antes do prazo."
            }
            Self::CestaNaoGerada => {
                "Olá, {{1}}! O pedido da sua cesta de {{2}} para {{3}} não foi feito: {{4}} A \
                 próxima entrega segue normalmente."
            }
            Self::CestaFerias => {
                "Olá, {{1}}! {{2}} estará em férias de {{3}} a {{4}}: a sua cesta não será \
                 entregue nesses dias."
            }
            Self::CestaNaoPaga => {
                "A cesta de {{1}} em {{2}} para {{3}} não foi paga pelo Pix Automático até a \
                 véspera da entrega. O pedido foi cancelado e o estoque devolvido: não entregue \
                 esta cesta."
            }
        }
    }

    /// How many variables the body has.
    pub fn variables(self) -> usize {
        self.body().matches("{{").count()
    }

    /// The kind of notice it is (what the person's table turns on or off).
    pub fn kind(self) -> Kind {
        match self {
            Self::PedidoRecebido | Self::NovoPedidoNaEntrega | Self::PedidoCancelado => {
                Kind::Orders
            }
            Self::PixExpirado => Kind::Payments,
            Self::PagamentoConfirmado | Self::ValorDevolvido | Self::NovoPedidoPago => {
                Kind::Payments
            }
            Self::SaiuParaEntrega | Self::PedidoEntregue => Kind::Deliveries,
            Self::SaquePago => Kind::Withdrawals,
            Self::ReclamacaoAberta
            | Self::ReclamacaoMensagem
            | Self::ReclamacaoMediacao
            | Self::ReclamacaoEncerrada
            | Self::ReclamacaoDecidida => Kind::Cases,
            Self::CestaAviso | Self::CestaNaoGerada | Self::CestaFerias | Self::CestaNaoPaga => {
                Kind::Baskets
            }
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
        assert_eq!(Template::ReclamacaoDecidida.variables(), 4);
        assert_eq!(Template::CestaNaoPaga.variables(), 3);
        // Meta refuses a body that starts or ends with a variable.
        for t in Template::ALL {
            assert!(
                !t.body().starts_with("{{") && !t.body().ends_with("}}"),
                "{t:?}"
            );
        }
        assert!(Template::from_name("promocao").is_none());
    }
}
