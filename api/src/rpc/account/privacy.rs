//! LGPD self-service (decisions.md §34; docs/privacy.md): `baixar_meus_dados` answers everything
//! stored about the signed-in person, and nobody else's rows (their own store's sales without
//! their buyers' data), as one JSON document the webapp saves as a file;
//! `excluir_minha_conta` deletes the account ([`crate::domain::privacy`]) once confirmed,
//! unless orders are in progress or money is still to be received (409, naming which), and
//! signs the person out everywhere.

use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::privacy,
    error::{ApiError, ApiResult},
    events::Event,
    rpc::{
        account::UserInfo,
        catalog,
        fields::Reais,
        orders::view,
        shapes::{Ad, Done, Order, PanelSupplier, Product},
        supplier::panel,
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The confirmation `excluir_minha_conta` needs, typed by the webapp after the person confirms.
pub const CONFIRMACAO: &str = "EXCLUIR";

/// `excluir_minha_conta`: `confirmacao` must be `EXCLUIR`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccount {
    /// `EXCLUIR` (the person confirmed).
    #[serde(default)]
    pub confirmacao: String,
}

/// A sale of the person's store, without its buyer's data.
#[derive(Debug, Serialize, ToSchema)]
pub struct Sale {
    pub idpedido: String,
    /// When it was placed (ms).
    pub horario_pedido: i64,
    /// `'1'` awaiting delivery, `'2'` delivered, `'0'`/`'00'` cancelled.
    pub situacao: String,
    /// `'1'` in person, `'2'` Pix.
    pub pagamento: String,
    pub total: Reais,
}

/// A review the person wrote.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WrittenReview {
    pub idpedido: String,
    /// The store's name.
    pub loja: String,
    pub nota: i64,
    pub comentario: Option<String>,
    pub criado_em: i64,
    pub editado_em: Option<i64>,
    /// When the moderation removed it, and why.
    pub removido_em: Option<i64>,
    pub motivo_remocao: Option<String>,
}

/// A reply the person's store wrote.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WrittenReply {
    pub idpedido: String,
    pub resposta: String,
    pub respondido_em: Option<i64>,
}

/// A notarised file's record.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Notarisation {
    /// The Arweave transaction id.
    pub id: String,
    pub descricao: String,
    pub nome_arquivo: String,
    pub tipo_conteudo: String,
    pub tamanho: i64,
    pub sha256: String,
    pub link: String,
    pub criado_em: i64,
}

/// A token bought (+) or spent (−).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct TokenEntry {
    pub delta: i64,
    /// `compra` or `registro`.
    pub motivo: String,
    /// The Pix charge's txid or the Arweave transaction's id.
    pub referencia: String,
    pub criado_em: i64,
}

/// A withdrawal the person's store asked for.
#[derive(Debug, Serialize, ToSchema)]
pub struct Withdrawal {
    pub id: String,
    /// Gross, fee and net, in reais.
    pub valor: Reais,
    pub taxa: Reais,
    pub liquido: Reais,
    pub chave_pix: String,
    /// `pendente` or `pago`.
    pub status: String,
    pub criado_em: i64,
    pub confirmado_em: Option<i64>,
}

/// A coupon the person used in an order.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct CouponUse {
    pub idpedido: String,
    pub codigo: String,
    pub criado_em: i64,
    /// When its order was cancelled and the use given back.
    pub liberado_em: Option<i64>,
}

/// An e-mail sent (or to be sent) to the person.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Email {
    pub destinatario: String,
    pub assunto: String,
    pub corpo: String,
    pub criado_em: i64,
    pub enviado_em: Option<i64>,
}

/// A session (a device signed in), without its token.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Session {
    pub criado_em: i64,
    pub expira_em: i64,
    pub revogado_em: Option<i64>,
}

/// A WhatsApp opt-in (decisions.md §38): the role's phone, whether it is on, when consent was
/// given, and when and why it was turned off.
#[derive(Debug, Serialize, ToSchema)]
pub struct WhatsAppOptIn {
    pub papel: String,
    pub telefone: String,
    pub ativo: bool,
    pub consentido_em: Option<i64>,
    pub desligado_em: Option<i64>,
    pub desligado_motivo: Option<String>,
}

/// A WhatsApp message sent (or to be sent) to the person: its template and variables (or the
/// free text of a reply), and its last status.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WhatsAppMessage {
    pub destinatario: String,
    pub modelo: String,
    pub variaveis: String,
    pub texto: Option<String>,
    pub criado_em: i64,
    pub enviado_em: Option<i64>,
    pub situacao: Option<String>,
}

/// `baixar_meus_dados`' answer: everything stored about the signed-in person.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyData {
    /// When this copy was made (ms).
    pub gerado_em: i64,
    /// The profile and address.
    pub perfil: UserInfo,
    /// The person's store (its private data, coupons and Pix key included), if any.
    pub loja: Option<PanelSupplier>,
    /// The store's products, if any.
    pub produtos: Vec<Product>,
    /// The person's orders, as their buyer sees them.
    pub pedidos: Vec<Order>,
    /// The store's sales, without their buyers' data.
    pub vendas: Vec<Sale>,
    pub anuncios: Vec<Ad>,
    pub avaliacoes: Vec<WrittenReview>,
    pub respostas: Vec<WrittenReply>,
    pub registros: Vec<Notarisation>,
    pub fichas: Vec<TokenEntry>,
    pub saques: Vec<Withdrawal>,
    pub cupons_usados: Vec<CouponUse>,
    pub emails: Vec<Email>,
    /// WhatsApp: the opt-ins (with their consent dates) and the messages.
    pub whatsapp: Vec<WhatsAppOptIn>,
    pub mensagens_whatsapp: Vec<WhatsAppMessage>,
    pub sessoes: Vec<Session>,
}

/// `baixar_meus_dados`.
pub async fn download(state: &AppState, user: AuthUser) -> ApiResult<MyData> {
    let db = &state.db;
    let id = user.id.as_str();
    let perfil = super::userinfo(db, id, user.is_admin).await?;
    let is_supplier: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM suppliers WHERE user_id = $1")
        .bind(id)
        .fetch_one(db)
        .await?;
    let (loja, produtos) = if is_supplier > 0 {
        (
            Some(panel::dadosforn(db, id).await?),
            panel::products(db, id).await?,
        )
    } else {
        (None, Vec::new())
    };
    let pedidos = view::all_orders(state, user.clone()).await?;
    let sales: Vec<(String, i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, criado_em, situacao, pagamento, total_centavos FROM orders \
         WHERE supplier_id = $1 ORDER BY criado_em DESC, id",
    )
    .bind(id)
    .fetch_all(db)
    .await?;
    let vendas = sales
        .into_iter()
        .map(
            |(idpedido, horario_pedido, situacao, pagamento, total)| Sale {
                idpedido,
                horario_pedido,
                situacao,
                pagamento,
                total: Reais::from_centavos(total),
            },
        )
        .collect();
    let anuncios = {
        let mut conn = db.acquire().await?;
        catalog::ads_of_user(&mut conn, id).await?
    };
    type WithdrawalRow = (String, i64, i64, i64, String, String, i64, Option<i64>);
    let withdrawals: Vec<WithdrawalRow> = sqlx::query_as(
        "SELECT id, bruto_centavos, taxa_centavos, liquido_centavos, chave_pix, status, \
         criado_em, confirmado_em FROM withdrawals WHERE supplier_id = $1 ORDER BY criado_em",
    )
    .bind(id)
    .fetch_all(db)
    .await?;
    let saques = withdrawals
        .into_iter()
        .map(
            |(id, bruto, taxa, liquido, chave_pix, status, criado_em, confirmado_em)| Withdrawal {
                id,
                valor: Reais::from_centavos(bruto),
                taxa: Reais::from_centavos(taxa),
                liquido: Reais::from_centavos(liquido),
                chave_pix,
                status,
                criado_em,
                confirmado_em,
            },
        )
        .collect();
    Ok(MyData {
        gerado_em: now_ms(),
        loja,
        produtos,
        pedidos,
        vendas,
        anuncios,
        avaliacoes: rows(
            db,
            "SELECT r.order_id AS idpedido, s.nomeforn AS loja, r.nota, r.comentario, \
             r.criado_em, r.editado_em, r.removido_em, r.motivo_remocao FROM reviews r \
             JOIN suppliers s ON s.user_id = r.supplier_id WHERE r.buyer_id = $1 \
             ORDER BY r.criado_em",
            id,
        )
        .await?,
        respostas: rows(
            db,
            "SELECT order_id AS idpedido, resposta, respondido_em FROM reviews \
             WHERE supplier_id = $1 AND resposta IS NOT NULL ORDER BY respondido_em",
            id,
        )
        .await?,
        registros: rows(
            db,
            "SELECT id, descricao, nome_arquivo, tipo_conteudo, tamanho, sha256, link, criado_em \
             FROM notarisations WHERE user_id = $1 ORDER BY criado_em",
            id,
        )
        .await?,
        fichas: rows(
            db,
            "SELECT delta, motivo, referencia, criado_em FROM token_ledger WHERE user_id = $1 \
             ORDER BY criado_em",
            id,
        )
        .await?,
        saques,
        cupons_usados: rows(
            db,
            "SELECT order_id AS idpedido, codigo, criado_em, liberado_em FROM coupon_uses \
             WHERE buyer_id = $1 ORDER BY criado_em",
            id,
        )
        .await?,
        emails: sqlx::query_as(
            "SELECT destinatario, assunto, corpo, criado_em, enviado_em FROM email_outbox \
             WHERE LOWER(destinatario) = LOWER($1) ORDER BY criado_em, id",
        )
        .bind(&perfil.email)
        .fetch_all(db)
        .await?,
        whatsapp: whatsapp_opt_ins(db, id).await?,
        mensagens_whatsapp: rows(
            db,
            "SELECT destinatario, modelo, variaveis, texto, criado_em, enviado_em, situacao \
             FROM whatsapp_outbox WHERE user_id = $1 ORDER BY criado_em, id",
            id,
        )
        .await?,
        sessoes: rows(
            db,
            "SELECT criado_em, expira_em, revogado_em FROM sessions WHERE user_id = $1 \
             ORDER BY criado_em",
            id,
        )
        .await?,
        perfil,
    })
}

/// The person's WhatsApp opt-ins (`ativo` is a number in the table: `Any` cannot decode
/// SQLite's booleans).
async fn whatsapp_opt_ins(db: &crate::db::Db, id: &str) -> sqlx::Result<Vec<WhatsAppOptIn>> {
    type Row = (
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        Option<String>,
    );
    let found: Vec<Row> = sqlx::query_as(
        "SELECT papel, telefone, ativo, consentido_em, desligado_em, desligado_motivo \
         FROM whatsapp_contacts WHERE user_id = $1 ORDER BY papel",
    )
    .bind(id)
    .fetch_all(db)
    .await?;
    Ok(found
        .into_iter()
        .map(
            |(papel, telefone, ativo, consentido_em, desligado_em, desligado_motivo)| {
                WhatsAppOptIn {
                    papel,
                    telefone,
                    ativo: ativo != 0,
                    consentido_em,
                    desligado_em,
                    desligado_motivo,
                }
            },
        )
        .collect())
}

/// The rows of `sql`, whose only parameter is the person's id.
async fn rows<T>(db: &crate::db::Db, sql: &'static str, id: &str) -> sqlx::Result<Vec<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as(sql).bind(id).fetch_all(db).await
}

/// *Gap:* the administrator's own account cannot be deleted.
pub const CONTA_ADMIN: &str = "A conta do administrador não pode ser excluída.";

/// *Gap:* `excluir_minha_conta` without its confirmation.
pub const CONFIRME: &str = "Confirme a exclusão da conta.";

/// `excluir_minha_conta`.
pub async fn delete(state: &AppState, user: AuthUser, req: DeleteAccount) -> ApiResult<Done> {
    if user.is_admin {
        // The admin is whoever signs in with ADMIN_EMAIL: their account stays.
        return Err(ApiError::Conflict(CONTA_ADMIN.into()));
    }
    if req.confirmacao.trim() != CONFIRMACAO {
        return Err(ApiError::bad_request(CONFIRME));
    }
    // Checked and done in one transaction (409 `conta_com_pendencias` naming what is left).
    let deleted =
        privacy::delete_account(&state.db, state.pix.as_ref(), &user.id, now_ms()).await?;
    for url in &deleted.media {
        state.media.forget(url).await;
    }
    for token_hash in deleted.sessions {
        state.events.publish(Event::SessionEnded { token_hash });
    }
    tracing::info!(user = %user.id, "account deleted");
    Ok(Done::default())
}
