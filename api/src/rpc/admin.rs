//! The administrator's actions (spec §2 'Admin panel', §6 'Administrator', §7):
//! `loading_admin` (every supplier), `invisivel` (hide or show a supplier everywhere public),
//! `pegar_clientes` (the customers) and `start_site_admin` (a supplier's storefront as the admin
//! sees it, hidden or not) in [`people`]; `pegar_solicitacoes_saque` and `confirmar_saque`
//! (pending withdrawal requests and their payout, decisions.md §9) in [`withdrawals`];
//! `pegar_pendencias_pix` (received Pix never applied, refunds not settled) in [`pix`];
//! `pegar_pix_automatico_problemas` (recurrences and recurring charges with problems) in
//! [`pix_automatico`];
//! `pegar_resumo_fornecedor`, `moderar_anuncio` and `moderar_produto` (moderation with
//! reasons) in [`moderation`]; `permitir_documento` (a CPF/CNPJ shared by more than one store) in
//! [`documents`]; `remover_avaliacao` is with the reviews (`rpc::reviews`).
//!
//! Every handler takes the [`crate::auth::Admin`] extractor, and the dispatcher refuses these
//! actions (marked `admin` in [`super::actions`]) to any other session with 403 before the
//! payload is read for anything (decisions.md §2).

pub mod documents;
pub mod moderation;
pub mod notices;
pub mod people;
pub mod pix;
pub mod pix_automatico;
pub mod withdrawals;
