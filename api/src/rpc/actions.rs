//! The actions of the contract, in one table: each line is a `codigo`, the [`Request`] variant it
//! decodes to (with its typed payload) and, marked `admin`, whether it is the administrator's,
//! or, marked `get`, whether it is a public catalogue read also answered by `GET /api`.
//! The table generates the enum (serde-tagged by `codigo`), the list of every `codigo`
//! ([`Request::CODIGOS`], how an unknown action is told from a bad payload),
//! [`Request::is_admin_action`] (what the dispatcher's guard refuses to anyone else before the
//! payload is read) and [`Request::is_cacheable_read`] (what `GET /api?codigo=…` accepts,
//! [`super::reads`]). Admin handlers also take the [`crate::auth::Admin`] extractor, and a test
//! checks that the two agree.

use super::{account, admin, ads, catalog, notary, orders, supplier};
use serde::Deserialize;

/// Defines [`Request`] and its lists from the table.
macro_rules! actions {
    (@admin admin) => { true };
    (@admin get) => { false };
    (@admin) => { false };
    (@get get) => { true };
    (@get admin) => { false };
    (@get) => { false };
    ($(
        $(#[doc = $doc:literal])*
        $($kind:ident)? $codigo:literal => $variant:ident $(($payload:ty))?,
    )+) => {
        /// Every action of the contract, by its `codigo`.
        #[derive(Debug, Deserialize)]
        #[serde(tag = "codigo")]
        pub enum Request {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $codigo)]
                $variant $(($payload))?,
            )+
        }

        impl Request {
            /// Every `codigo`, in the table's order.
            pub const CODIGOS: &'static [&'static str] = &[$($codigo),+];

            /// This request's `codigo`.
            pub fn codigo(&self) -> &'static str {
                match self {
                    $(Self::$variant { .. } => $codigo,)+
                }
            }

            /// Whether `codigo` is one of the administrator's actions.
            pub fn is_admin_action(codigo: &str) -> bool {
                match codigo {
                    $($codigo => actions!(@admin $($kind)?),)+
                    _ => false,
                }
            }

            /// Whether `codigo` is a public read-only action also answered by `GET /api`.
            pub fn is_cacheable_read(codigo: &str) -> bool {
                match codigo {
                    $($codigo => actions!(@get $($kind)?),)+
                    _ => false,
                }
            }
        }
    };
}

actions! {
    /// Starts a sign-in: a fresh nonce and where to send the user.
    "iniciar_login" => StartLogin,
    "login_site" => LoginSite(account::LoginSite),
    "logout_site" => LogoutSite,
    "alterar_nome" => ChangeName(account::ChangeName),
    "gerar_coordenadas" => GenerateCoordinates(wasm_core::forms::AddressForm),
    "alterar_endereco" => ChangeAddress(wasm_core::forms::AddressForm),
    "finalizar_pedido" => PlaceOrder(orders::place::PlaceOrder),
    "pegar_pedidos" => ListOrders,
    "consultar_pagamento" => CheckPayment(orders::view::CheckPayment),
    "cancelar_pedido" => CancelOrder(orders::cancel::CancelOrder),
    get "pegar_produtos_anuncios_site" => CatalogHome(catalog::HomeListing),
    get "pegar_produtos_anuncios_site2" => CatalogFirstPage(catalog::FirstPage),
    get "pegar_produtos_anuncios_local" => CatalogNextPage(catalog::NextPage),
    get "search" => CatalogSearch(catalog::Search),
    get "pegar_lojas" => Stores,
    get "start_site" => StartSite(catalog::stores::StartSite),
    get "pegar_produto_url_site" => ProductDetail(catalog::stores::ItemRef),
    get "pegar_anuncio_url_site" => AdDetail(catalog::stores::ItemRef),
    get "pegar_dadosforn" => SupplierData(catalog::stores::SupplierRef),
    "validar_cupom" => CheckCoupon(catalog::stores::CheckCoupon),
    admin "loading_admin" => AdminSuppliers,
    admin "invisivel" => AdminSetVisibility(admin::people::SetVisibility),
    admin "pegar_clientes" => AdminCustomers,
    admin "pegar_solicitacoes_saque" => AdminPendingWithdrawals,
    admin "confirmar_saque" => AdminConfirmWithdrawal(admin::withdrawals::ConfirmWithdrawal),
    admin "start_site_admin" => AdminStorefront(admin::people::AdminStorefront),
    /// Received Pix never applied, and refunds that did not give the money back (yet).
    admin "pegar_pendencias_pix" => AdminPixIssues,
    "adicionar_anuncio" => AddAd(ads::AddAd),
    "pegar_anuncios" => ListAds,
    "editar_anuncio" => EditAd(ads::EditAd),
    "excluir_anuncio" => DeleteAd(ads::DeleteAd),
    "upload_foto_anuncio" => UploadAdPhoto(ads::photos::UploadPhoto),
    "excluir_foto_anuncio" => DeleteAdPhoto(ads::photos::DeletePhoto),
    "pegar_fichas_blockchain" => TokenBalance,
    "gerarpix_blockchain" => BuyTokens(notary::tokens::BuyTokens),
    "upload_blockchain" => UploadNotarisation(notary::upload::UploadJson),
    "verificar_blockchain" => VerifyNotarisation(notary::verify::VerifyRecord),
    "cadastro_fornecedor" => RegisterSupplier(supplier::registration::Register),
    "loading_forn_site" => LoadSupplierPanel(supplier::panel::LoadPanel),
    "editar_dados_fornecedor" => EditSupplierProfile(supplier::registration::EditProfile),
    "editar_locais_fornecedor" => EditSupplierPlaces(supplier::registration::EditPlaces),
    "alterar_visibilidade" => SetSupplierHidden(supplier::registration::SetHidden),
    "alterar_compras" => SetSupplierPurchases(supplier::registration::SetPurchases),
    "editar_imagens_fornecedor" => EditSupplierImages(supplier::photos::EditImages),
    "adicionar_produto" => AddProduct(supplier::products::AddProduct),
    "pegar_produtos_fornecedor" => SupplierProducts,
    "editar_produto_site" => EditProduct(supplier::products::EditProduct),
    "editar_icone_produto_site" => EditProductIcon(supplier::photos::ProductIcon),
    "excluir_foto" => RemoveProductPhoto(supplier::photos::ProductPhoto),
    "upload_foto" => UploadProductPhoto(supplier::photos::ProductPhoto),
    "adicionar_promocao" => AddPromotion(supplier::products::ProductAction),
    "remover_promocao" => RemovePromotion(supplier::products::ProductAction),
    "habilitar_produto" => EnableProduct(supplier::products::ProductAction),
    "desabilitar_produto" => DisableProduct(supplier::products::ProductAction),
    "excluir_produto" => RemoveProduct(supplier::products::ProductAction),
    "adicionar_categoria_produto" => SetProductCategory(supplier::products::ProductAction),
    "remover_categoria_produto" => ClearProductCategory(supplier::products::ProductAction),
    "adicionar_categoria" => AddStoreCategory(supplier::store::CategoryAction),
    "remover_categoria" => RemoveStoreCategory(supplier::store::CategoryAction),
    "adicionar_cupom" => AddCoupon(supplier::store::AddCoupon),
    "excluir_cupom" => RemoveCoupon(supplier::store::RemoveCoupon),
    "pegar_entregas_pendentes" => PendingDeliveries,
    /// A single-use ticket that opens the supplier's live event stream.
    "pegar_ticket_eventos" => EventTicket,
    "pegar_entregas" => DeliveryHistory(supplier::deliveries::Period),
    "cancelar_entrega" => CancelDelivery(supplier::deliveries::OrderAction),
    "confirmar_entrega" => ConfirmDelivery(supplier::deliveries::OrderAction),
    "pegar_gestao" => Management(supplier::deliveries::Period),
    "verificar_url_site" => CheckStoreUrl(supplier::settings::CheckUrl),
    "criar_site" => CreateSite(supplier::settings::CreateSite),
    "entregas_edit" => EditDelivery(supplier::settings::EditDelivery),
    "pegar_infos_pagamentos" => PaymentInfo,
    "opcoes_pagamento" => PaymentOptions(supplier::payments::PaymentChoice),
    "pegar_historico_pagamentos" => PaymentHistory,
    "alterar_pix" => SetPixKey(supplier::payments::PixKey),
    "transferir" => Withdraw(supplier::payments::PixKey),
}
