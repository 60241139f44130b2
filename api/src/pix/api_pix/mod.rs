//! A PSP speaking BACEN's standard API Pix (`PIX_PROVIDER=api-pix`; decisions.md §20): Efí
//! first (`PIX_PSP=efi`, `efi-homologacao`), or any other with every URL configured
//! (`generic`). The standard once, the PSP's particulars in [`profile`], the HTTP and OAuth2
//! side in [`client`], the bodies in [`wire`].
//!
//! | call | endpoint |
//! |---|---|
//! | [`PixProvider::open_charge`] | `PUT /cob/{txid}` (expiry `PIX_EXPIRY_MINUTES`); answers `pixCopiaECola` |
//! | [`PixProvider::remove_charge`] | `PATCH /cob/{txid}` `{"status": "REMOVIDA_PELO_USUARIO_RECEBEDOR"}` |
//! | [`PixProvider::charge`] | `GET /cob/{txid}` (behind `consultar_pagamento` and the expiry job) |
//! | [`PixProvider::refund`], [`PixProvider::refund_status`] | `PUT`/`GET /pix/{e2eid}/devolucao/{id}` |
//! | [`PixProvider::pix`] | `GET /pix/{e2eid}` (a webhook's notification confirmed) |
//! | [`PixProvider::received`] | `GET /pix?inicio&fim`, every page (the reconciliation) |
//! | [`PixProvider::register_webhook`] | `PUT /webhook/{chave}` |
//!
//! Pix Automático (`/locrec`, `/rec`, `/cobr`, their webhooks) is [`recurring`].

pub mod client;
pub mod profile;
pub mod recurring;
pub mod wire;

use super::{
    ChargeAtPsp, NewCharge, OpenCharge, PixError, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
    RefundRequest, rfc3339,
};
use crate::config::{ApiPixConfig, PixProviderKind};
use client::PspClient;
use futures::future::BoxFuture;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use profile::Profile;
use reqwest::{
    Method,
    header::{HeaderMap, HeaderName, HeaderValue},
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::Duration;

/// How long after the PSP stops accepting a charge's payment we still wait for its
/// notification before expiring it (and releasing its stock).
pub const EXPIRY_GRACE: Duration = Duration::from_secs(120);
/// Items per page of `GET /pix` (the standard's maximum).
const PAGE: u32 = 1000;
/// Pages read at most in one reconciliation.
const MAX_PAGES: u32 = 100;

/// Characters left as they are in a path segment (a Pix key may be an e-mail or `+55…`).
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_');

fn segment(s: &str) -> String {
    utf8_percent_encode(s, SEGMENT).to_string()
}

fn body<T: serde::Serialize>(value: &T) -> PixResult<Value> {
    serde_json::to_value(value).map_err(|e| PixError::Unexpected(e.to_string()))
}

fn read<T: DeserializeOwned>(value: Value, what: &str) -> PixResult<T> {
    serde_json::from_value(value).map_err(|e| PixError::Unexpected(format!("{what}: {e}")))
}

/// The standard's Pix into ours; an unreadable one is logged and left out (never applied).
fn received(list: &[wire::Pix]) -> Vec<ReceivedPix> {
    list.iter()
        .filter_map(|p| match p.to_received() {
            Ok(r) => Some(r),
            Err(e) => {
                tracing::error!(error = %e, "an unreadable Pix from the PSP");
                None
            }
        })
        .collect()
}

/// The API Pix provider.
#[derive(Debug)]
pub struct ApiPixProvider {
    client: PspClient,
    profile: Profile,
    /// The platform's Pix key.
    key: String,
}

impl ApiPixProvider {
    pub fn new(config: &ApiPixConfig, key: &str) -> anyhow::Result<Self> {
        let profile = Profile::of(config.profile);
        Ok(Self {
            client: PspClient::new(config, profile)?,
            profile,
            key: key.to_owned(),
        })
    }

    async fn call(&self, method: Method, path: &str, payload: Option<Value>) -> PixResult<Value> {
        let answer = self
            .client
            .call(method, path, &[], payload.as_ref(), HeaderMap::new())
            .await?;
        Ok(answer.body)
    }

    fn devolucao(answer: Value) -> PixResult<RefundAtPsp> {
        let d: wire::Devolucao = read(answer, "devolução")?;
        d.to_refund()
            .ok_or_else(|| PixError::Unexpected(format!("refund status {:?}", d.status)))
    }
}

impl PixProvider for ApiPixProvider {
    fn kind(&self) -> PixProviderKind {
        PixProviderKind::ApiPix
    }

    fn expiry_grace(&self) -> Duration {
        EXPIRY_GRACE
    }

    fn open_charge<'a>(&'a self, charge: NewCharge<'a>) -> BoxFuture<'a, PixResult<OpenCharge>> {
        Box::pin(async move {
            let payload = body(&wire::CobRequest {
                calendario: wire::Calendario {
                    expiracao: charge.expires_in.as_secs().max(1),
                },
                valor: wire::Valor {
                    original: charge.amount.decimal_string(),
                },
                chave: &self.key,
                solicitacao_pagador: charge.description,
            })?;
            let path = format!("/cob/{}", segment(charge.txid));
            let cob: wire::Cob = read(self.call(Method::PUT, &path, Some(payload)).await?, "cob")?;
            let copia_e_cola = cob
                .pix_copia_e_cola
                .filter(|c| c.starts_with("000201"))
                .ok_or_else(|| PixError::Unexpected("a charge without pixCopiaECola".into()))?;
            Ok(OpenCharge { copia_e_cola })
        })
    }

    fn remove_charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let payload = body(&wire::CobRemoval {
                status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
            })?;
            let path = format!("/cob/{}", segment(txid));
            self.call(Method::PATCH, &path, Some(payload)).await?;
            Ok(())
        })
    }

    fn charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<Option<ChargeAtPsp>>> {
        Box::pin(async move {
            let path = format!("/cob/{}", segment(txid));
            let cob: wire::Cob = read(self.call(Method::GET, &path, None).await?, "cob")?;
            let state = match cob.status.as_str() {
                "ATIVA" => ChargeAtPsp::Active,
                "CONCLUIDA" => ChargeAtPsp::Paid(received(&cob.pix)),
                "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP" => ChargeAtPsp::Removed,
                other => return Err(PixError::Unexpected(format!("charge status {other:?}"))),
            };
            Ok(Some(state))
        })
    }

    fn refund<'a>(&'a self, refund: RefundRequest<'a>) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        Box::pin(async move {
            let payload = body(&wire::DevolucaoRequest {
                valor: refund.amount.decimal_string(),
                descricao: refund.description,
            })?;
            let path = format!(
                "/pix/{}/devolucao/{}",
                segment(refund.end_to_end_id),
                segment(refund.id)
            );
            let answer = self.call(Method::PUT, &path, Some(payload)).await?;
            Self::devolucao(answer)
        })
    }

    fn refund_status<'a>(
        &'a self,
        end_to_end_id: &'a str,
        id: &'a str,
    ) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        Box::pin(async move {
            let path = format!("/pix/{}/devolucao/{}", segment(end_to_end_id), segment(id));
            let answer = self.call(Method::GET, &path, None).await?;
            Self::devolucao(answer)
        })
    }

    fn pix<'a>(&'a self, end_to_end_id: &'a str) -> BoxFuture<'a, PixResult<Option<ReceivedPix>>> {
        Box::pin(async move {
            let path = format!("/pix/{}", segment(end_to_end_id));
            let answer = match self.call(Method::GET, &path, None).await {
                Ok(answer) => answer,
                Err(e) if e.is_not_found() => return Ok(None),
                Err(e) => return Err(e),
            };
            let pix: wire::Pix = read(answer, "pix")?;
            let pix = pix
                .to_received()
                .map_err(|e| PixError::Unexpected(format!("pix: {e}")))?;
            if pix.end_to_end_id != end_to_end_id {
                return Err(PixError::Unexpected(format!(
                    "asked for Pix {end_to_end_id}, the PSP answered {}",
                    pix.end_to_end_id
                )));
            }
            Ok(Some(pix))
        })
    }

    fn received<'a>(
        &'a self,
        from_ms: i64,
        to_ms: i64,
    ) -> BoxFuture<'a, PixResult<Vec<ReceivedPix>>> {
        Box::pin(async move {
            let mut all = Vec::new();
            for page in 0..MAX_PAGES {
                let query = [
                    ("inicio", rfc3339(from_ms)),
                    ("fim", rfc3339(to_ms)),
                    ("paginacao.paginaAtual", page.to_string()),
                    ("paginacao.itensPorPagina", PAGE.to_string()),
                ];
                let answer = self
                    .client
                    .call(Method::GET, "/pix", &query, None, HeaderMap::new())
                    .await?;
                let list: wire::PixList = read(answer.body, "pix list")?;
                all.extend(received(&list.pix));
                if page + 1 >= list.parametros.paginacao.quantidade_de_paginas {
                    break;
                }
            }
            Ok(all)
        })
    }

    fn recurring(&self) -> Option<&dyn crate::pix::recurring::RecurringPix> {
        Some(self)
    }

    fn register_webhook<'a>(
        &'a self,
        url: &'a str,
        hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let target = profile::webhook_url(url, hmac);
            let payload = body(&wire::WebhookRequest {
                webhook_url: &target,
            })?;
            let mut headers = HeaderMap::new();
            if let (Some(_), Some(name)) = (hmac, self.profile.skip_mtls_header) {
                headers.insert(
                    HeaderName::from_static(name),
                    HeaderValue::from_static("true"),
                );
            }
            let path = format!("/webhook/{}", segment(&self.key));
            self.client
                .call(Method::PUT, &path, &[], Some(&payload), headers)
                .await?;
            tracing::info!(
                psp = self.profile.name,
                url,
                hmac = hmac.is_some(),
                "pix webhook registered"
            );
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_segments_keep_keys_readable_and_safe() {
        assert_eq!(
            segment("123e4567-e12b-12d1-a456-426655440000"),
            "123e4567-e12b-12d1-a456-426655440000"
        );
        assert_eq!(segment("loja@feira.com.br"), "loja%40feira.com.br");
        assert_eq!(segment("+5519999999999"), "%2B5519999999999");
        assert_eq!(segment("a/b"), "a%2Fb");
    }
}
