//! The actions of the contract, in one table: each line is who may call it (`public`, `user`:
//! a session, `admin`: the administrator's), marked `get` when it is a public catalogue read
//! also answered by `GET /api`, its `codigo`, the [`Request`] variant it decodes to (with its
//! typed payload) and the type of its answer.
//!
//! The table generates the request enum (serde-tagged by `codigo`), the answer enum (each
//! variant the answer of the action of the same name), the list of every `codigo`
//! ([`Request::CODIGOS`], how an unknown action is told from a bad payload),
//! [`Request::is_admin_action`] (what the dispatcher's guard refuses to anyone else before the
//! payload is read), [`Request::is_cacheable_read`] (what `GET /api?codigo=…` accepts,
//! [`super::reads`]) and [`Request::ACTIONS`], what the OpenAPI document says of each action
//! (`crate::openapi`). Admin handlers also take the [`crate::auth::Admin`] extractor, and a test
//! checks that the two agree; another checks each action's session against its handler.

use super::{account, address, admin, ads, catalog, notary, orders, supplier};
use serde::{Deserialize, Serialize};
use utoipa::{
    ToSchema,
    openapi::{RefOr, Schema},
};

/// Who may call an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Session {
    /// Anyone; a session, when sent, may change the answer.
    Public,
    /// A signed-in user (401 without a session).
    User,
    /// The administrator (401 without a session, 403 for anyone else).
    Admin,
}

impl Session {
    /// The wire name, as the OpenAPI document writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::User => "user",
            Self::Admin => "admin",
        }
    }
}

/// Adds the component schemas of a type (and of those it refers to) to `out`; returns its name.
pub type SchemaOf = fn(&mut Vec<(String, RefOr<Schema>)>) -> String;

/// A [`SchemaOf`] for `T`.
pub fn schema_of<T: ToSchema>(out: &mut Vec<(String, RefOr<Schema>)>) -> String {
    T::schemas(out);
    let name = T::name().into_owned();
    out.push((name.clone(), T::schema()));
    name
}

/// One line of the table, as the OpenAPI document describes it.
#[derive(Debug, Clone, Copy)]
pub struct Action {
    pub codigo: &'static str,
    /// The [`Request`] variant's name.
    pub variant: &'static str,
    /// The variant's doc comment.
    pub doc: &'static str,
    pub session: Session,
    /// The payload's type (none: only `codigo`).
    pub payload: Option<SchemaOf>,
    /// The answer's type.
    pub answer: SchemaOf,
}

/// Defines [`Request`], [`Answer`] and their lists from the table.
macro_rules! actions {
    (@session public) => { Session::Public };
    (@session user) => { Session::User };
    (@session admin) => { Session::Admin };
    (@get get) => { true };
    (@get) => { false };
    (@payload) => { None };
    (@payload $payload:ty) => { Some(schema_of::<$payload> as SchemaOf) };
    ($(
        $(#[doc = $doc:literal])*
        $session:ident $($get:ident)? $codigo:literal => $variant:ident $(($payload:ty))? -> $answer:ty,
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

        /// The answer of each action: the variant of the same name as the [`Request`]'s,
        /// written as its inner value. One is built per request and written at once, so its
        /// size (that of the largest answer) costs nothing worth a box per variant.
        #[derive(Serialize)]
        #[serde(untagged)]
        #[allow(clippy::large_enum_variant)]
        pub enum Answer {
            $(
                $variant($answer),
            )+
        }

        impl Request {
            /// Every `codigo`, in the table's order.
            pub const CODIGOS: &'static [&'static str] = &[$($codigo),+];

            /// Every action, in the table's order.
            pub const ACTIONS: &'static [Action] = &[$(
                Action {
                    codigo: $codigo,
                    variant: stringify!($variant),
                    doc: concat!($($doc, "\n",)* ""),
                    session: actions!(@session $session),
                    payload: actions!(@payload $($payload)?),
                    answer: schema_of::<$answer> as SchemaOf,
                },
            )+];

            /// Whether `codigo` is one of the administrator's actions.
            pub fn is_admin_action(codigo: &str) -> bool {
                Self::session(codigo) == Some(Session::Admin)
            }

            /// Whether `codigo` is a public read-only action also answered by `GET /api`.
            pub fn is_cacheable_read(codigo: &str) -> bool {
                match codigo {
                    $($codigo => actions!(@get $($get)?),)+
                    _ => false,
                }
            }

            /// Who may call the action `codigo`; none for an unknown one.
            pub fn session(codigo: &str) -> Option<Session> {
                match codigo {
                    $($codigo => Some(actions!(@session $session)),)+
                    _ => None,
                }
            }

            /// This request's `codigo`.
            pub fn codigo(&self) -> &'static str {
                match self {
                    $(Self::$variant { .. } => $codigo,)+
                }
            }
        }

        impl Answer {
            /// The `codigo` of the action this answers.
            pub fn codigo(&self) -> &'static str {
                match self {
                    $(Self::$variant(_) => $codigo,)+
                }
            }
        }
    };
}

actions! {
    /// Starts a sign-in: a fresh nonce and where to send the user.
    public "iniciar_login" => StartLogin -> account::LoginStart,
    /// Signs in with the popup's ID token (`user`), or, without it, tells who is signed in.
    public "login_site" => LoginSite(account::LoginSite) -> account::SignedIn,
    /// Ends the session of the bearer token.
    user "logout_site" => LogoutSite -> super::shapes::Done,
    /// Renames the signed-in user.
    user "alterar_nome" => ChangeName(account::ChangeName) -> account::NameChanged,
    /// The coordinates of an address (`rua`, `numero`, `cidade`).
    public "gerar_coordenadas" => GenerateCoordinates(wasm_core::forms::AddressForm) -> address::Geocoded,
    /// Saves the signed-in user's address and phone; the coordinates are computed here.
    user "alterar_endereco" => ChangeAddress(wasm_core::forms::AddressForm) -> address::AddressSaved,
    /// Places an order from one store's bag; every price, fee and total is recomputed here.
    user "finalizar_pedido" => PlaceOrder(orders::place::PlaceOrder) -> orders::place::OrderPlaced,
    /// The signed-in buyer's orders, newest first.
    user "pegar_pedidos" => ListOrders -> orders::view::BuyerOrders,
    /// Whether an order's Pix was paid or has expired (asked of the PSP while it waits).
    user "consultar_pagamento" => CheckPayment(orders::payment::CheckPayment) -> orders::payment::PaymentState,
    /// Cancels the buyer's own order while it awaits delivery.
    user "cancelar_pedido" => CancelOrder(orders::cancel::CancelOrder) -> super::shapes::Done,
    public get "pegar_produtos_anuncios_site" => CatalogHome(catalog::HomeListing) -> catalog::answers::Home,
    public get "pegar_produtos_anuncios_site2" => CatalogFirstPage(catalog::FirstPage) -> catalog::answers::FirstCategoryPage,
    public get "pegar_produtos_anuncios_local" => CatalogNextPage(catalog::NextPage) -> catalog::answers::LaterCategoryPage,
    public get "search" => CatalogSearch(catalog::Search) -> catalog::answers::SearchResults,
    public get "pegar_lojas" => Stores(catalog::stores::StoreList) -> catalog::answers::Stores,
    public get "start_site" => StartSite(catalog::stores::StartSite) -> catalog::answers::Storefront,
    public get "pegar_produto_url_site" => ProductDetail(catalog::stores::ItemRef) -> catalog::answers::ProductDetail,
    public get "pegar_anuncio_url_site" => AdDetail(catalog::stores::ItemRef) -> catalog::answers::AdDetail,
    public get "pegar_dadosforn" => SupplierData(catalog::stores::SupplierRef) -> catalog::answers::SupplierData,
    public "validar_cupom" => CheckCoupon(catalog::stores::CheckCoupon) -> catalog::answers::CouponCheck,
    /// Every supplier, hidden or not, by name.
    admin "loading_admin" => AdminSuppliers -> admin::people::AdminSuppliers,
    /// Hides or shows a supplier and its products everywhere public.
    admin "invisivel" => AdminSetVisibility(admin::people::SetVisibility) -> admin::people::VisibilitySet,
    /// Every customer (a user without a store), by name.
    admin "pegar_clientes" => AdminCustomers -> admin::people::Customers,
    /// The pending withdrawal requests, oldest first, with their suppliers.
    admin "pegar_solicitacoes_saque" => AdminPendingWithdrawals -> admin::withdrawals::PendingWithdrawals,
    /// Confirms a withdrawal paid by Pix outside the app (only the first confirmation counts).
    admin "confirmar_saque" => AdminConfirmWithdrawal(admin::withdrawals::ConfirmWithdrawal) -> admin::withdrawals::WithdrawalConfirmed,
    admin "start_site_admin" => AdminStorefront(admin::people::AdminStorefront) -> catalog::answers::AdminStorefrontView,
    /// Received Pix never applied, refunds that did not give the money back (yet), and paid
    /// orders whose delivery was not confirmed in time.
    admin "pegar_pendencias_pix" => AdminPixIssues -> admin::pix::PixIssues,
    /// Asks a refund the PSP refused (or could not make) again.
    admin "tentar_devolucao_pix" => AdminRetryRefund(admin::pix::RetryRefund) -> admin::pix::RefundRetried,
    /// Publishes a direct ad of the signed-in user.
    user "adicionar_anuncio" => AddAd(ads::AddAd) -> ads::AdInfos,
    /// The signed-in user's ads, newest first.
    user "pegar_anuncios" => ListAds -> ads::MyAds,
    /// Edits one of the user's ads.
    user "editar_anuncio" => EditAd(ads::EditAd) -> ads::AdInfos,
    /// Removes one of the user's ads, its photos and their files.
    user "excluir_anuncio" => DeleteAd(ads::DeleteAd) -> super::shapes::Done,
    /// Adds a photo to one of the user's ads (at most 4 besides the icon).
    user "upload_foto_anuncio" => UploadAdPhoto(ads::photos::UploadPhoto) -> super::shapes::PhotoAdded,
    /// Removes a photo of one of the user's ads.
    user "excluir_foto_anuncio" => DeleteAdPhoto(ads::photos::DeletePhoto) -> super::shapes::Done,
    /// The user's tokens and notarised files.
    user "pegar_fichas_blockchain" => TokenBalance -> notary::tokens::Tokens,
    /// A Pix charge for tokens (R$ 5 each).
    user "gerarpix_blockchain" => BuyTokens(notary::tokens::BuyTokens) -> notary::tokens::TokenCharge,
    /// Notarises a file sent as a data URL (the streaming endpoint takes larger ones).
    user "upload_blockchain" => UploadNotarisation(notary::upload::UploadJson) -> notary::upload::Notarised,
    /// What was notarised in a transaction, and the gateway's status now.
    public "verificar_blockchain" => VerifyNotarisation(notary::verify::VerifyRecord) -> notary::verify::Verification,
    /// Opens the signed-in user's business account (a free store).
    user "cadastro_fornecedor" => RegisterSupplier(supplier::registration::Register) -> account::UserChanged,
    /// The supplier's panel: its private data, products, pending deliveries, balance, years.
    user "loading_forn_site" => LoadSupplierPanel(supplier::panel::LoadPanel) -> supplier::panel::PanelLoad,
    /// Saves the supplier's data (Meus Dados).
    user "editar_dados_fornecedor" => EditSupplierProfile(supplier::registration::EditProfile) -> supplier::registration::ProfileSaved,
    /// Saves where the supplier is shown (Locais de Exibição).
    user "editar_locais_fornecedor" => EditSupplierPlaces(supplier::registration::EditPlaces) -> supplier::registration::PlacesSaved,
    /// Hides or shows the profile and its products.
    user "alterar_visibilidade" => SetSupplierHidden(supplier::registration::SetHidden) -> supplier::registration::HiddenSet,
    /// Closes or opens purchases.
    user "alterar_compras" => SetSupplierPurchases(supplier::registration::SetPurchases) -> supplier::registration::PurchasesSet,
    /// Replaces, keeps or removes the profile's icon and background.
    user "editar_imagens_fornecedor" => EditSupplierImages(supplier::photos::EditImages) -> supplier::photos::ImagesSaved,
    /// Adds a product to the supplier's store.
    user "adicionar_produto" => AddProduct(supplier::products::AddProduct) -> supplier::products::ProductInfos,
    /// The supplier's products, newest first, disabled ones included.
    user "pegar_produtos_fornecedor" => SupplierProducts -> supplier::products::SupplierProducts,
    /// Edits a product (and its promotion when `precopromo` is sent).
    user "editar_produto_site" => EditProduct(supplier::products::EditProduct) -> supplier::products::ProductInfos,
    /// Replaces a product's icon.
    user "editar_icone_produto_site" => EditProductIcon(supplier::photos::ProductIcon) -> supplier::photos::IconSaved,
    /// Removes a product's photo.
    user "excluir_foto" => RemoveProductPhoto(supplier::photos::RemoveProductPhoto) -> super::shapes::Done,
    /// Adds a photo to a product (at most 4 besides the icon).
    user "upload_foto" => UploadProductPhoto(supplier::photos::UploadProductPhoto) -> super::shapes::PhotoAdded,
    /// Sets a product's promotion (an empty price removes it).
    user "adicionar_promocao" => AddPromotion(supplier::products::AddPromotion) -> supplier::products::ProductInfos,
    /// Removes a product's promotion.
    user "remover_promocao" => RemovePromotion(supplier::products::ProductRef) -> supplier::products::ProductInfos,
    /// Shows a product again.
    user "habilitar_produto" => EnableProduct(supplier::products::ProductRef) -> supplier::products::ProductInfos,
    /// Hides a product from every public listing.
    user "desabilitar_produto" => DisableProduct(supplier::products::ProductRef) -> supplier::products::ProductInfos,
    /// Removes a product, its photos and their files.
    user "excluir_produto" => RemoveProduct(supplier::products::ProductRef) -> super::shapes::Done,
    /// Puts a product in one of the store's categories.
    user "adicionar_categoria_produto" => SetProductCategory(supplier::products::SetProductCategory) -> supplier::products::ProductInfos,
    /// Takes a product out of its store category.
    user "remover_categoria_produto" => ClearProductCategory(supplier::products::ProductRef) -> supplier::products::ProductInfos,
    /// Adds a store category.
    user "adicionar_categoria" => AddStoreCategory(supplier::store::AddCategory) -> supplier::store::CategoriesAnswer,
    /// Removes a store category; its products lose it.
    user "remover_categoria" => RemoveStoreCategory(supplier::store::RemoveCategory) -> supplier::store::CategoriesAnswer,
    /// Adds a discount coupon.
    user "adicionar_cupom" => AddCoupon(supplier::store::AddCoupon) -> supplier::store::CouponsAnswer,
    /// Removes a discount coupon.
    user "excluir_cupom" => RemoveCoupon(supplier::store::RemoveCoupon) -> supplier::store::CouponsAnswer,
    /// The orders awaiting delivery, oldest first, and their count.
    user "pegar_entregas_pendentes" => PendingDeliveries -> supplier::deliveries::PendingOrders,
    /// A single-use ticket that opens the supplier's live event stream.
    user "pegar_ticket_eventos" => EventTicket -> supplier::events::EventTicket,
    /// One month's orders (Entregas' history) and the history's years.
    user "pegar_entregas" => DeliveryHistory(supplier::deliveries::Period) -> supplier::deliveries::MonthOrders,
    /// Cancels an order awaiting delivery (a paid Pix is refunded; the stock is released).
    user "cancelar_entrega" => CancelDelivery(supplier::deliveries::OrderAction) -> supplier::deliveries::DeliveryChanged,
    /// Marks an order awaiting delivery as delivered.
    user "confirmar_entrega" => ConfirmDelivery(supplier::deliveries::OrderAction) -> supplier::deliveries::DeliveryChanged,
    /// Gestão: one month's revenue, order count and products sold.
    user "pegar_gestao" => Management(supplier::deliveries::Period) -> supplier::deliveries::MonthFigures,
    /// Whether a store URL is free (signed out too: then any existing URL is taken).
    public "verificar_url_site" => CheckStoreUrl(supplier::settings::CheckUrl) -> supplier::settings::UrlCheck,
    /// Creates (or moves) the supplier's online store: its URL and palette.
    user "criar_site" => CreateSite(supplier::settings::CreateSite) -> supplier::settings::SiteCreated,
    /// Saves the delivery settings (a per-km start address is geocoded).
    user "entregas_edit" => EditDelivery(supplier::settings::EditDelivery) -> supplier::settings::DeliverySaved,
    /// Pagamentos: the options, the Pix key, the balance and its withdrawal preview, the open
    /// values and the pending withdrawal request.
    user "pegar_infos_pagamentos" => PaymentInfo -> supplier::payments::PaymentsInfo,
    /// Saves the payment options (in person, Pix; at least one).
    user "opcoes_pagamento" => PaymentOptions(supplier::payments::PaymentChoice) -> supplier::payments::OptionsSaved,
    /// The supplier's Pix orders, newest first, with their payment state.
    user "pegar_historico_pagamentos" => PaymentHistory -> supplier::payments::PaymentRecords,
    /// Saves the Pix key withdrawals are paid to.
    user "alterar_pix" => SetPixKey(supplier::payments::PixKey) -> supplier::payments::PixKeySaved,
    /// Requests the payout of the whole balance (one pending request at a time).
    user "transferir" => Withdraw(supplier::payments::PixKey) -> supplier::payments::WithdrawalRequested,
    /// The street, bairro and city of a CEP, from the lookup at `CEP_URL` (decisions.md §31).
    user "consultar_cep" => LookUpCep(address::cep::CepLookup) -> address::cep::CepFound,
}
