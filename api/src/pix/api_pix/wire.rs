//! BACEN's API Pix on the wire: the bodies we send and the parts of the answers we read
//! (`CobGerada`/`CobCompleta`, `Pix`, `Devolucao`, the `/pix` list and the webhook's
//! notification), with the amounts as the standard writes them (`"12.50"`).

use crate::pix::{ReceivedPix, RefundAtPsp, RefundState};
use serde::{Deserialize, Serialize};
use wasm_core::money::Money;

/// `PUT /cob/{txid}`'s body.
#[derive(Debug, Serialize)]
pub struct CobRequest<'a> {
    pub calendario: Calendario,
    pub valor: Valor,
    pub chave: &'a str,
    #[serde(rename = "solicitacaoPagador")]
    pub solicitacao_pagador: &'a str,
}

#[derive(Debug, Serialize)]
pub struct Calendario {
    /// Seconds from creation.
    pub expiracao: u64,
}

#[derive(Debug, Serialize)]
pub struct Valor {
    pub original: String,
}

/// `PATCH /cob/{txid}`'s body that removes a charge.
#[derive(Debug, Serialize)]
pub struct CobRemoval {
    pub status: &'static str,
}

/// The parts of a charge we read.
#[derive(Debug, Deserialize)]
pub struct Cob {
    pub status: String,
    #[serde(rename = "pixCopiaECola", default)]
    pub pix_copia_e_cola: Option<String>,
    #[serde(default)]
    pub pix: Vec<Pix>,
}

/// A Pix received.
#[derive(Debug, Clone, Deserialize)]
pub struct Pix {
    #[serde(rename = "endToEndId")]
    pub end_to_end_id: String,
    #[serde(default)]
    pub txid: Option<String>,
    pub valor: String,
    #[serde(default)]
    pub chave: Option<String>,
    pub horario: String,
    #[serde(rename = "infoPagador", default)]
    pub info_pagador: Option<String>,
    #[serde(default)]
    pub devolucoes: Vec<Devolucao>,
}

/// A refund.
#[derive(Debug, Clone, Deserialize)]
pub struct Devolucao {
    pub id: String,
    #[serde(rename = "rtrId", default)]
    pub rtr_id: Option<String>,
    pub status: String,
    #[serde(default)]
    pub motivo: Option<String>,
}

/// `PUT /pix/{e2eid}/devolucao/{id}`'s body.
#[derive(Debug, Serialize)]
pub struct DevolucaoRequest<'a> {
    pub valor: String,
    pub descricao: &'a str,
}

/// `GET /pix`'s answer.
#[derive(Debug, Deserialize)]
pub struct PixList {
    pub parametros: Parametros,
    #[serde(default)]
    pub pix: Vec<Pix>,
}

#[derive(Debug, Deserialize)]
pub struct Parametros {
    pub paginacao: Paginacao,
}

#[derive(Debug, Deserialize)]
pub struct Paginacao {
    #[serde(rename = "quantidadeDePaginas")]
    pub quantidade_de_paginas: u32,
}

/// `PUT /webhook/{chave}`'s body.
#[derive(Debug, Serialize)]
pub struct WebhookRequest<'a> {
    #[serde(rename = "webhookUrl")]
    pub webhook_url: &'a str,
}

/// The webhook's notification: `{"pix": [...]}`.
#[derive(Debug, Deserialize)]
pub struct Notification {
    pub pix: Vec<Pix>,
}

/// The OAuth2 token answer.
#[derive(Debug, Deserialize)]
pub struct TokenAnswer {
    pub access_token: String,
    #[serde(default)]
    pub expires_in: Option<u64>,
}

/// An amount as the standard writes it (`\d{1,10}\.\d{2}`) in centavos.
pub fn parse_valor(text: &str) -> Option<Money> {
    let (units, cents) = text.split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(units) || units.len() > 10 || cents.len() != 2 || !digits(cents) {
        return None;
    }
    let units: i64 = units.parse().ok()?;
    let cents: i64 = cents.parse().ok()?;
    Some(Money::from_centavos(
        units.checked_mul(100)?.checked_add(cents)?,
    ))
}

impl Devolucao {
    /// Our view of it; `None` for a status the standard does not define.
    pub fn to_refund(&self) -> Option<RefundAtPsp> {
        let state = match self.status.as_str() {
            "EM_PROCESSAMENTO" => RefundState::Processing,
            "DEVOLVIDO" => RefundState::Done,
            "NAO_REALIZADO" => RefundState::NotDone(
                self.motivo
                    .clone()
                    .unwrap_or_else(|| "devolução não realizada".into()),
            ),
            _ => return None,
        };
        Some(RefundAtPsp {
            id: self.id.clone(),
            state,
            rtr_id: self.rtr_id.clone(),
        })
    }
}

impl Pix {
    /// Our view of it; an unreadable amount is an error (the Pix is not applied).
    pub fn to_received(&self) -> Result<ReceivedPix, String> {
        let amount = parse_valor(&self.valor)
            .ok_or_else(|| format!("valor {:?} of {}", self.valor, self.end_to_end_id))?;
        Ok(ReceivedPix {
            end_to_end_id: self.end_to_end_id.clone(),
            txid: self.txid.clone().filter(|t| !t.is_empty()),
            amount,
            chave: self.chave.clone(),
            horario: self.horario.clone(),
            info_pagador: self.info_pagador.clone(),
            refunds: self
                .devolucoes
                .iter()
                .filter_map(Devolucao::to_refund)
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn amounts_are_read_strictly() {
        assert_eq!(parse_valor("12.50"), Some(Money::from_centavos(1250)));
        assert_eq!(parse_valor("0.01"), Some(Money::from_centavos(1)));
        for bad in [
            "12.5",
            "12",
            "1,00",
            "-1.00",
            ".50",
            "12.500",
            "1 2.00",
            "12345678901.00",
        ] {
            assert_eq!(parse_valor(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_notification_reads_as_received_pix_with_refunds() {
        let n: Notification = serde_json::from_value(json!({"pix": [{
            "endToEndId": "E12345678202501011200abcdefghijk", "txid": "a".repeat(26),
            "valor": "8.00", "chave": "k", "horario": "2025-01-01T12:00:00.000Z",
            "devolucoes": [
                {"id": "D1", "rtrId": "D9", "valor": "8.00", "horario": {"solicitacao": "x"}, "status": "DEVOLVIDO"},
                {"id": "D2", "valor": "8.00", "status": "NAO_REALIZADO", "motivo": "Conta encerrada"},
                {"id": "D3", "valor": "8.00", "status": "OUTRO"},
            ],
        }]}))
        .unwrap();
        let p = n.pix[0].to_received().unwrap();
        assert_eq!(p.amount.centavos(), 800);
        assert_eq!(p.refunds.len(), 2);
        assert_eq!(p.refunds[0].state, RefundState::Done);
        assert_eq!(
            p.refunds[1].state,
            RefundState::NotDone("Conta encerrada".into())
        );
        let body = serde_json::to_value(CobRequest {
            calendario: Calendario { expiracao: 3600 },
            valor: Valor {
                original: "8.00".into(),
            },
            chave: "k",
            solicitacao_pagador: "Pedido",
        })
        .unwrap();
        assert_eq!(
            body,
            json!({"calendario": {"expiracao": 3600}, "valor": {"original": "8.00"}, "chave": "k", "solicitacaoPagador": "Pedido"})
        );
    }
}
