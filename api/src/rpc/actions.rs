//! The actions of the contract, in one table: one entry per action carries everything about
//! it — who may call it (`public`, `user`: a session, `admin`: the administrator's), marked `get`
//! when it is a public catalogue read also answered by `GET /api`, `read` when it changes
//! nothing else, or `idempotent` when it changes something and honours an `Idempotency-Key`
//! (a retried request with the same key and payload is the same attempt), its `codigo`, the [`Request`] variant it decodes to (with its typed payload),
//! the type of its answer, its rate-limit class (`limit`, `none` when not limited), what its
//! body may carry (`body`: `Small`, `Photos`, `File`) and its handler (`run`). An entry without
//! any of these does not compile, nor does a misspelt handler.
//!
//! The table generates the request enum (serde-tagged by `codigo`), the answer enum (each
//! variant the answer of the action of the same name), [`dispatch`] (one `match` over every
//! action), the list of every `codigo` ([`Request::CODIGOS`], how an unknown action is told from
//! a bad payload), [`Request::is_admin_action`] (what the dispatcher's guard refuses to anyone
//! else before the payload is read), [`Request::is_cacheable_read`] (what `GET /api?codigo=…`
//! accepts, [`super::reads`]) and [`Request::ACTIONS`], what the OpenAPI document says of each
//! action (`crate::openapi`: `x-feira-session`, `x-feira-get`, `x-feira-read`, which the webapp's
//! generated client reads), the rate classes and the body bounds the decoder applies. Admin
//! handlers also take the [`crate::auth::Admin`] extractor, and a test checks that the two agree;
//! another checks each action's session against its handler.

use super::{
    Context, account, address, admin, ads, cases, catalog, notary, orders, reviews, subscriptions,
    supplier,
};
use crate::{
    auth::MaybeAuthUser,
    error::ApiResult,
    security::{bounds::Body, rate::Class},
    state::AppState,
};
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
    /// A public catalogue read also answered by `GET /api` (decisions.md §24).
    pub get: bool,
    /// It may change something (false for reads: `get` or `read` in the table); the webapp's
    /// reads revalidate for a minute after a change.
    pub changes: bool,
    /// It honours an `Idempotency-Key` header (`idempotent` in the table; others ignore the
    /// header): the dispatcher hands the key and the payload's fingerprint to its handler.
    pub idempotent: bool,
    /// Its rate-limit class (none: not limited; `crate::security::rate`).
    pub limit: Option<Class>,
    /// What its body may carry (`crate::security::bounds`).
    pub body: Body,
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
    (@get read) => { false };
    (@get idempotent) => { false };
    (@get) => { false };
    (@changes get) => { false };
    (@changes read) => { false };
    (@changes idempotent) => { true };
    (@changes) => { true };
    (@idempotent idempotent) => { true };
    (@idempotent get) => { false };
    (@idempotent read) => { false };
    (@idempotent) => { false };
    (@payload) => { None };
    (@payload $payload:ty) => { Some(schema_of::<$payload> as SchemaOf) };
    (@limit none) => { None };
    (@limit $class:ident) => { Some(Class::$class) };
    (@pat $variant:ident $r:ident $payload:ty) => { Request::$variant($r) };
    (@pat $variant:ident $r:ident) => { Request::$variant };
    ($(
        $(#[doc = $doc:literal])*
        $session:ident $($kind:ident)? $codigo:literal => $variant:ident $(($payload:ty))? -> $answer:ty,
            limit $limit:ident, body $body:ident,
            run |$s:ident, $c:ident, $r:ident, $x:ident| $handler:expr;
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
                    get: actions!(@get $($kind)?),
                    changes: actions!(@changes $($kind)?),
                    idempotent: actions!(@idempotent $($kind)?),
                    limit: actions!(@limit $limit),
                    body: Body::$body,
                    payload: actions!(@payload $($payload)?),
                    answer: schema_of::<$answer> as SchemaOf,
                },
            )+];

            /// The line of action `codigo`; none for an unknown one.
            pub fn action(codigo: &str) -> Option<&'static Action> {
                Self::ACTIONS.iter().find(|a| a.codigo == codigo)
            }

            /// Whether `codigo` is one of the administrator's actions.
            pub fn is_admin_action(codigo: &str) -> bool {
                Self::session(codigo) == Some(Session::Admin)
            }

            /// Whether `codigo` is a public read-only action also answered by `GET /api`.
            pub fn is_cacheable_read(codigo: &str) -> bool {
                match codigo {
                    $($codigo => actions!(@get $($kind)?),)+
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

        /// Runs one decoded action (`POST /api`'s, and the cacheable reads' of `GET /api?codigo=…`,
        /// [`super::reads`]): each line's `run` with `s` the state, `c` the caller (made an
        /// `AuthUser` or `Admin` by `try_into`, 401/403), `r` the payload and `x` the request's
        /// [`Context`].
        pub async fn dispatch(
            state: AppState,
            caller: MaybeAuthUser,
            request: Request,
            context: Context,
        ) -> ApiResult<Answer> {
            Ok(match request {
                $(
                    actions!(@pat $variant $r $($payload)?) => {
                        #[allow(unused_variables)]
                        let ($s, $c, $x) = (&state, caller, &context);
                        Answer::$variant($handler)
                    }
                )+
            })
        }
    };
}

actions! {
    /// Starts a sign-in: a fresh nonce and where to send the user.
    public read "iniciar_login" => StartLogin -> account::LoginStart,
        limit SignIn, body Small,
        run |s, c, r, x| account::start_login(s).await?;
    /// Signs in with the popup's ID token (`user`), or, without it, tells who is signed in.
    public read "login_site" => LoginSite(account::LoginSite) -> account::SignedIn,
        limit SignIn, body Small,
        run |s, c, r, x| account::login_site(s, c, r).await?;
    /// Ends the session of the bearer token.
    user "logout_site" => LogoutSite -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| account::logout_site(s, c.try_into()?).await?;
    /// Renames the signed-in user.
    user "alterar_nome" => ChangeName(account::ChangeName) -> account::NameChanged,
        limit none, body Small,
        run |s, c, r, x| account::change_name(s, c.try_into()?, r).await?;
    /// The signed-in person's WhatsApp notices: opt-ins (profile and store) and kinds.
    user read "pegar_avisos" => GetNotices -> account::notices::Notices,
        limit none, body Small,
        run |s, c, r, x| account::notices::notices(s, c.try_into()?).await?;
    /// Turns 'Receber avisos pelo WhatsApp' on or off (profile's or store's phone), and which
    /// kinds of notice go by WhatsApp (decisions.md §38).
    user "alterar_avisos" => ChangeNotices(account::notices::ChangeNotices) -> account::notices::Notices,
        limit none, body Small,
        run |s, c, r, x| account::notices::change_notices(s, c.try_into()?, r).await?;
    /// The coordinates of an address (`rua`, `numero`, `cidade`).
    public "gerar_coordenadas" => GenerateCoordinates(wasm_core::forms::AddressForm) -> address::Geocoded,
        limit none, body Small,
        run |s, c, r, x| address::generate_coordinates(s, r).await?;
    /// Saves the signed-in user's address and phone; the coordinates are computed here.
    user "alterar_endereco" => ChangeAddress(wasm_core::forms::AddressForm) -> address::AddressSaved,
        limit none, body Small,
        run |s, c, r, x| address::change_address(s, c.try_into()?, r).await?;
    /// Places an order from one store's bag; every price, fee and total is recomputed here.
    user idempotent "finalizar_pedido" => PlaceOrder(orders::place::PlaceOrder) -> orders::place::OrderPlaced,
        limit Order, body Small,
        run |s, c, r, x| orders::place::place_order(s, c.try_into()?, r, x.idempotency.clone()).await?;
    /// 'Assinar': the store's bag becomes a recurring basket (decisions.md §35), checked and
    /// priced as a checkout; its cycles' orders are placed at each cut-off.
    user "assinar" => Subscribe(subscriptions::subscribe::Subscribe) -> subscriptions::view::BasketView,
        limit Order, body Small,
        run |s, c, r, x| subscriptions::subscribe::subscribe(s, c.try_into()?, r).await?;
    /// 'Minhas assinaturas': the buyer's baskets with their next delivery and its total.
    user read "minhas_assinaturas" => MyBaskets(subscriptions::manage::MyBasketsAsk) -> subscriptions::manage::MyBaskets,
        limit none, body Small,
        run |s, c, r, x| subscriptions::manage::my_baskets(s, c.try_into()?, r).await?;
    /// Skips, pauses, resumes, changes or cancels one of the buyer's baskets (before a cut-off
    /// for that cycle, after it for the next).
    user "alterar_assinatura" => ChangeBasket(subscriptions::manage::ChangeBasket) -> subscriptions::view::BasketView,
        limit none, body Small,
        run |s, c, r, x| subscriptions::manage::change(s, c.try_into()?, r).await?;
    /// A page of the signed-in buyer's orders, newest first (the first without `cursor`).
    user read "pegar_pedidos" => ListOrders(super::paging::PageAsk) -> orders::view::BuyerOrders,
        limit none, body Small,
        run |s, c, r, x| orders::view::list_orders(s, c.try_into()?, r).await?;
    /// One of the buyer's past orders with today's prices and availability, to fill the bag again.
    user read "pedir_de_novo" => Reorder(orders::reorder::Reorder) -> orders::reorder::Reordered,
        limit none, body Small,
        run |s, c, r, x| orders::reorder::reorder(s, c.try_into()?, r).await?;
    /// Whether an order's Pix was paid or has expired (asked of the PSP while it waits).
    user read "consultar_pagamento" => CheckPayment(orders::payment::CheckPayment) -> orders::payment::PaymentState,
        limit none, body Small,
        run |s, c, r, x| orders::payment::check_payment(s, c.try_into()?, r).await?;
    /// Cancels the buyer's own order while it awaits delivery.
    user "cancelar_pedido" => CancelOrder(orders::cancel::CancelOrder) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| orders::cancel::cancel_order(s, c.try_into()?, r).await?;
    /// The buyer's 'Recebi meu pedido' once the store marked the order delivered: its held
    /// money is released to the store at once (decisions.md §37).
    user "confirmar_recebimento" => ConfirmReceipt(orders::receipt::ConfirmReceipt) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| orders::receipt::confirm_receipt(s, c.try_into()?, r).await?;
    /// The buyer's 'Tive um problema' on a delivered order: a case with a reason, a text and up
    /// to 3 photos; the money stays held (decisions.md §37).
    user "abrir_reclamacao" => OpenCase(cases::OpenCase) -> cases::CaseOpened,
        limit Upload, body Photos,
        run |s, c, r, x| cases::open(s, c.try_into()?, r).await?;
    /// An order's problem case and its thread, for its buyer, its store or the admin.
    user read "pegar_reclamacao" => GetCase(cases::CaseRef) -> cases::CaseAnswer,
        limit none, body Small,
        run |s, c, r, x| cases::get(s, c.try_into()?, r).await?;
    /// A message in a case (the store may propose an amount to give back).
    user "responder_reclamacao" => WriteCase(cases::WriteCase) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| cases::write(s, c.try_into()?, r).await?;
    /// The store gives back all, some lines or an amount of a case's order; the rest is released.
    user "devolver_reclamacao" => RefundCase(cases::StoreRefund) -> cases::CaseSettled,
        limit none, body Small,
        run |s, c, r, x| cases::store_refund(s, c.try_into()?, r).await?;
    /// The buyer accepts the store's proposal: the case closes as proposed.
    user "aceitar_proposta" => AcceptProposal(cases::CaseRef) -> cases::CaseSettled,
        limit none, body Small,
        run |s, c, r, x| cases::accept(s, c.try_into()?, r).await?;
    /// The buyer asks the admin to decide the case.
    user "pedir_mediacao" => AskMediation(cases::CaseRef) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| cases::ask_admin(s, c.try_into()?, r).await?;
    /// The store's count of cases and how they ended.
    user read "pegar_reclamacoes_loja" => StoreCases -> cases::StoreCaseCounts,
        limit none, body Small,
        run |s, c, r, x| cases::store_counts(s, c.try_into()?).await?;
    /// 'Disputas': the cases in mediation, the open ones and the buyers with many cases.
    admin read "pegar_disputas" => AdminDisputes -> cases::admin::Disputes,
        limit none, body Small,
        run |s, c, r, x| cases::admin::list(s, c.try_into()?).await?;
    /// Decides a case (release, refund all or an amount) with a reason both sides receive.
    admin "decidir_disputa" => AdminDecideDispute(cases::admin::Decide) -> cases::CaseSettled,
        limit none, body Small,
        run |s, c, r, x| cases::admin::decide(s, c.try_into()?, r).await?;
    public get "pegar_produtos_anuncios_site" => CatalogHome(catalog::HomeListing) -> catalog::answers::Home,
        limit none, body Small,
        run |s, c, r, x| catalog::home(s, r).await?;
    public get "pegar_produtos_anuncios_site2" => CatalogFirstPage(catalog::FirstPage) -> catalog::answers::FirstCategoryPage,
        limit none, body Small,
        run |s, c, r, x| catalog::first_page(s, r).await?;
    public get "pegar_produtos_anuncios_local" => CatalogNextPage(catalog::NextPage) -> catalog::answers::LaterCategoryPage,
        limit none, body Small,
        run |s, c, r, x| catalog::next_page(s, r).await?;
    public get "search" => CatalogSearch(catalog::Search) -> catalog::answers::SearchResults,
        limit none, body Small,
        run |s, c, r, x| catalog::search(s, r).await?;
    public get "pegar_lojas" => Stores(catalog::stores::StoreList) -> catalog::answers::Stores,
        limit none, body Small,
        run |s, c, r, x| catalog::stores::stores(s, r).await?;
    public get "start_site" => StartSite(catalog::stores::StartSite) -> catalog::answers::Storefront,
        limit none, body Small,
        run |s, c, r, x| catalog::stores::start_site(s, r).await?;
    public get "pegar_produto_url_site" => ProductDetail(catalog::stores::ItemRef) -> catalog::answers::ProductDetail,
        limit none, body Small,
        run |s, c, r, x| catalog::stores::product_detail(s, r).await?;
    public get "pegar_anuncio_url_site" => AdDetail(catalog::stores::ItemRef) -> catalog::answers::AdDetail,
        limit none, body Small,
        run |s, c, r, x| catalog::stores::ad_detail(s, r).await?;
    public get "pegar_dadosforn" => SupplierData(catalog::stores::SupplierRef) -> catalog::answers::SupplierData,
        limit none, body Small,
        run |s, c, r, x| catalog::stores::supplier_data(s, r).await?;
    public read "validar_cupom" => CheckCoupon(catalog::stores::CheckCoupon) -> catalog::answers::CouponCheck,
        limit Coupon, body Small,
        run |s, c, r, x| catalog::stores::check_coupon(s, c, r).await?;
    /// A page of the suppliers, hidden or not, by name.
    admin read "loading_admin" => AdminSuppliers(super::paging::PageAsk) -> admin::people::AdminSuppliers,
        limit none, body Small,
        run |s, c, r, x| admin::people::suppliers(s, c.try_into()?, r).await?;
    /// Hides or shows a supplier and its products everywhere public.
    admin "invisivel" => AdminSetVisibility(admin::people::SetVisibility) -> admin::people::VisibilitySet,
        limit none, body Small,
        run |s, c, r, x| admin::people::set_visibility(s, c.try_into()?, r).await?;
    /// Allows (or no longer allows) more than one store with a CPF/CNPJ.
    admin "permitir_documento" => AdminAllowDocument(admin::documents::AllowDocument) -> admin::documents::DocumentAllowed,
        limit none, body Small,
        run |s, c, r, x| admin::documents::allow(s, c.try_into()?, r).await?;
    /// A page of the customers (users without a store), by name.
    admin read "pegar_clientes" => AdminCustomers(super::paging::PageAsk) -> admin::people::Customers,
        limit none, body Small,
        run |s, c, r, x| admin::people::customers(s, c.try_into()?, r).await?;
    /// The pending withdrawal requests, oldest first, with their suppliers.
    admin read "pegar_solicitacoes_saque" => AdminPendingWithdrawals -> admin::withdrawals::PendingWithdrawals,
        limit none, body Small,
        run |s, c, r, x| admin::withdrawals::pending(s, c.try_into()?).await?;
    /// Confirms a withdrawal paid by Pix outside the app (only the first confirmation counts).
    admin "confirmar_saque" => AdminConfirmWithdrawal(admin::withdrawals::ConfirmWithdrawal) -> admin::withdrawals::WithdrawalConfirmed,
        limit none, body Small,
        run |s, c, r, x| admin::withdrawals::confirm(s, c.try_into()?, r).await?;
    admin read "start_site_admin" => AdminStorefront(admin::people::AdminStorefront) -> catalog::answers::AdminStorefrontView,
        limit none, body Small,
        run |s, c, r, x| admin::people::storefront(s, c.try_into()?, r).await?;
    /// Received Pix never applied, refunds that did not give the money back (yet), and paid
    /// orders whose delivery was not confirmed in time.
    admin read "pegar_pendencias_pix" => AdminPixIssues -> admin::pix::PixIssues,
        limit none, body Small,
        run |s, c, r, x| admin::pix::pending(s, c.try_into()?).await?;
    /// The WhatsApp messages the outbox gave up on, newest first.
    admin read "pegar_avisos_falhos" => AdminFailedNotices -> admin::notices::FailedNotices,
        limit none, body Small,
        run |s, c, r, x| admin::notices::failed(s, c.try_into()?).await?;
    /// Pix Automático recurrences and recurring charges with problems, newest first.
    admin read "pegar_pix_automatico_problemas" => AdminRecurringProblems -> admin::pix_automatico::RecurringProblems,
        limit none, body Small,
        run |s, c, r, x| admin::pix_automatico::problems(s, c.try_into()?).await?;
    /// Asks a refund the PSP refused (or could not make) again.
    admin "tentar_devolucao_pix" => AdminRetryRefund(admin::pix::RetryRefund) -> admin::pix::RefundRetried,
        limit none, body Small,
        run |s, c, r, x| admin::pix::retry_refund(s, c.try_into()?, r).await?;
    /// Publishes a direct ad of the signed-in user.
    user "adicionar_anuncio" => AddAd(ads::AddAd) -> ads::AdInfos,
        limit none, body Photos,
        run |s, c, r, x| ads::add_ad(s, c.try_into()?, r).await?;
    /// The signed-in user's ads, newest first.
    user read "pegar_anuncios" => ListAds -> ads::MyAds,
        limit none, body Small,
        run |s, c, r, x| ads::list_ads(s, c.try_into()?).await?;
    /// Edits one of the user's ads.
    user "editar_anuncio" => EditAd(ads::EditAd) -> ads::AdInfos,
        limit none, body Photos,
        run |s, c, r, x| ads::edit_ad(s, c.try_into()?, r).await?;
    /// Removes one of the user's ads, its photos and their files.
    user "excluir_anuncio" => DeleteAd(ads::DeleteAd) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| ads::delete_ad(s, c.try_into()?, r).await?;
    /// Adds a photo to one of the user's ads (at most 4 besides the icon).
    user "upload_foto_anuncio" => UploadAdPhoto(ads::photos::UploadPhoto) -> super::shapes::PhotoAdded,
        limit Upload, body Photos,
        run |s, c, r, x| ads::photos::upload_photo(s, c.try_into()?, r).await?;
    /// Removes a photo of one of the user's ads.
    user "excluir_foto_anuncio" => DeleteAdPhoto(ads::photos::DeletePhoto) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| ads::photos::delete_photo(s, c.try_into()?, r).await?;
    /// The user's tokens and notarised files.
    user read "pegar_fichas_blockchain" => TokenBalance -> notary::tokens::Tokens,
        limit none, body Small,
        run |s, c, r, x| notary::tokens::balance(s, c.try_into()?).await?;
    /// A Pix charge for tokens (R$ 5 each).
    user "gerarpix_blockchain" => BuyTokens(notary::tokens::BuyTokens) -> notary::tokens::TokenCharge,
        limit none, body Small,
        run |s, c, r, x| notary::tokens::buy(s, c.try_into()?, r).await?;
    /// Notarises a file sent as a data URL (the streaming endpoint takes larger ones).
    user "upload_blockchain" => UploadNotarisation(notary::upload::UploadJson) -> notary::upload::Notarised,
        limit Notary, body File,
        run |s, c, r, x| notary::upload::upload_json(s, c.try_into()?, r).await?;
    /// What was notarised in a transaction, and the gateway's status now.
    public read "verificar_blockchain" => VerifyNotarisation(notary::verify::VerifyRecord) -> notary::verify::Verification,
        limit none, body Small,
        run |s, c, r, x| notary::verify::verify(s, r).await?;
    /// Opens the signed-in user's business account (a free store).
    user "cadastro_fornecedor" => RegisterSupplier(supplier::registration::Register) -> account::UserChanged,
        limit none, body Photos,
        run |s, c, r, x| supplier::registration::register(s, c.try_into()?, r).await?;
    /// The supplier's panel: its private data, products, pending deliveries, balance, years.
    user read "loading_forn_site" => LoadSupplierPanel(supplier::panel::LoadPanel) -> supplier::panel::PanelLoad,
        limit none, body Small,
        run |s, c, r, x| supplier::panel::load(s, c.try_into()?, r).await?;
    /// Saves the supplier's data (Meus Dados).
    user "editar_dados_fornecedor" => EditSupplierProfile(supplier::registration::EditProfile) -> supplier::registration::ProfileSaved,
        limit none, body Small,
        run |s, c, r, x| supplier::registration::edit_profile(s, c.try_into()?, r).await?;
    /// Saves where the supplier is shown (Locais de Exibição).
    user "editar_locais_fornecedor" => EditSupplierPlaces(supplier::registration::EditPlaces) -> supplier::registration::PlacesSaved,
        limit none, body Small,
        run |s, c, r, x| supplier::registration::edit_places(s, c.try_into()?, r).await?;
    /// Hides or shows the profile and its products.
    user "alterar_visibilidade" => SetSupplierHidden(supplier::registration::SetHidden) -> supplier::registration::HiddenSet,
        limit none, body Small,
        run |s, c, r, x| supplier::registration::set_hidden(s, c.try_into()?, r).await?;
    /// Closes or opens purchases.
    user "alterar_compras" => SetSupplierPurchases(supplier::registration::SetPurchases) -> supplier::registration::PurchasesSet,
        limit none, body Small,
        run |s, c, r, x| supplier::registration::set_purchases(s, c.try_into()?, r).await?;
    /// Replaces, keeps or removes the profile's icon and background.
    user "editar_imagens_fornecedor" => EditSupplierImages(supplier::photos::EditImages) -> supplier::photos::ImagesSaved,
        limit Upload, body Photos,
        run |s, c, r, x| supplier::photos::edit_images(s, c.try_into()?, r).await?;
    /// Adds a product to the supplier's store.
    user "adicionar_produto" => AddProduct(supplier::products::AddProduct) -> supplier::products::ProductInfos,
        limit none, body Photos,
        run |s, c, r, x| supplier::products::add(s, c.try_into()?, r).await?;
    /// The supplier's products, newest first, disabled ones included.
    user read "pegar_produtos_fornecedor" => SupplierProducts -> supplier::products::SupplierProducts,
        limit none, body Small,
        run |s, c, r, x| supplier::products::list(s, c.try_into()?).await?;
    /// Edits a product (and its promotion when `precopromo` is sent).
    user "editar_produto_site" => EditProduct(supplier::products::EditProduct) -> supplier::products::ProductInfos,
        limit none, body Photos,
        run |s, c, r, x| supplier::products::edit(s, c.try_into()?, r).await?;
    /// Replaces a product's icon.
    user "editar_icone_produto_site" => EditProductIcon(supplier::photos::ProductIcon) -> supplier::photos::IconSaved,
        limit Upload, body Photos,
        run |s, c, r, x| supplier::photos::product_icon(s, c.try_into()?, r).await?;
    /// Removes a product's photo.
    user "excluir_foto" => RemoveProductPhoto(supplier::photos::RemoveProductPhoto) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| supplier::photos::remove(s, c.try_into()?, r).await?;
    /// Adds a photo to a product (at most 4 besides the icon).
    user "upload_foto" => UploadProductPhoto(supplier::photos::UploadProductPhoto) -> super::shapes::PhotoAdded,
        limit Upload, body Photos,
        run |s, c, r, x| supplier::photos::upload(s, c.try_into()?, r).await?;
    /// Sets a product's promotion (an empty price removes it).
    user "adicionar_promocao" => AddPromotion(supplier::products::AddPromotion) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::add_promotion(s, c.try_into()?, r).await?;
    /// Removes a product's promotion.
    user "remover_promocao" => RemovePromotion(supplier::products::ProductRef) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::remove_promotion(s, c.try_into()?, r).await?;
    /// Shows a product again.
    user "habilitar_produto" => EnableProduct(supplier::products::ProductRef) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::set_disabled(s, c.try_into()?, r, false).await?;
    /// Hides a product from every public listing.
    user "desabilitar_produto" => DisableProduct(supplier::products::ProductRef) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::set_disabled(s, c.try_into()?, r, true).await?;
    /// Removes a product, its photos and their files.
    user "excluir_produto" => RemoveProduct(supplier::products::ProductRef) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| supplier::products::remove(s, c.try_into()?, r).await?;
    /// Puts a product in one of the store's categories.
    user "adicionar_categoria_produto" => SetProductCategory(supplier::products::SetProductCategory) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::set_category(s, c.try_into()?, r).await?;
    /// Takes a product out of its store category.
    user "remover_categoria_produto" => ClearProductCategory(supplier::products::ProductRef) -> supplier::products::ProductInfos,
        limit none, body Small,
        run |s, c, r, x| supplier::products::clear_category(s, c.try_into()?, r).await?;
    /// Adds a store category.
    user "adicionar_categoria" => AddStoreCategory(supplier::store::AddCategory) -> supplier::store::CategoriesAnswer,
        limit none, body Small,
        run |s, c, r, x| supplier::store::add_category(s, c.try_into()?, r).await?;
    /// Removes a store category; its products lose it.
    user "remover_categoria" => RemoveStoreCategory(supplier::store::RemoveCategory) -> supplier::store::CategoriesAnswer,
        limit none, body Small,
        run |s, c, r, x| supplier::store::remove_category(s, c.try_into()?, r).await?;
    /// Adds a discount coupon.
    user "adicionar_cupom" => AddCoupon(supplier::store::AddCoupon) -> supplier::store::CouponsAnswer,
        limit none, body Small,
        run |s, c, r, x| supplier::store::add_coupon(s, c.try_into()?, r).await?;
    /// Removes a discount coupon.
    user "excluir_cupom" => RemoveCoupon(supplier::store::RemoveCoupon) -> supplier::store::CouponsAnswer,
        limit none, body Small,
        run |s, c, r, x| supplier::store::remove_coupon(s, c.try_into()?, r).await?;
    /// A page of the orders awaiting delivery, oldest first, and their count.
    user read "pegar_entregas_pendentes" => PendingDeliveries(super::paging::PageAsk) -> supplier::deliveries::PendingOrders,
        limit none, body Small,
        run |s, c, r, x| supplier::deliveries::pending(s, c.try_into()?, r).await?;
    /// A single-use ticket that opens the supplier's live event stream.
    user read "pegar_ticket_eventos" => EventTicket -> supplier::events::EventTicket,
        limit none, body Small,
        run |s, c, r, x| supplier::events::event_ticket(s, c.try_into()?).await?;
    /// A page of one month's orders (Entregas' history) and the history's years.
    user read "pegar_entregas" => DeliveryHistory(supplier::deliveries::HistoryPage) -> supplier::deliveries::MonthOrders,
        limit none, body Small,
        run |s, c, r, x| supplier::deliveries::history(s, c.try_into()?, r).await?;
    /// Cancels an order awaiting delivery (a paid Pix is refunded; the stock is released).
    user "cancelar_entrega" => CancelDelivery(supplier::deliveries::OrderAction) -> supplier::deliveries::DeliveryChanged,
        limit none, body Small,
        run |s, c, r, x| supplier::deliveries::cancel(s, c.try_into()?, r).await?;
    /// Marks an order awaiting delivery as delivered ('Marcar como entregue'); the buyer is asked
    /// to confirm receipt before its held money is released (decisions.md §37).
    user "confirmar_entrega" => ConfirmDelivery(supplier::deliveries::OrderAction) -> supplier::deliveries::DeliveryChanged,
        limit none, body Small,
        run |s, c, r, x| supplier::deliveries::confirm(s, c.try_into()?, r).await?;
    /// 'Dia de entrega': one date's orders to deliver and to pick up (paid or in person), with
    /// the store's start point and each address's coordinates for the route.
    user read "pegar_dia_entrega" => DeliveryDay(supplier::day::DayAsk) -> supplier::day::DayOrders,
        limit none, body Small,
        run |s, c, r, x| supplier::day::day(s, c.try_into()?, r).await?;
    /// 'Saiu para entrega': tells each buyer of the route by e-mail, once per order.
    user "saiu_para_entrega" => OutForDelivery(supplier::day::OutForDelivery) -> supplier::day::BuyersTold,
        limit none, body Small,
        run |s, c, r, x| supplier::day::out_for_delivery(s, c.try_into()?, r).await?;
    /// 'Assinaturas': the store's baskets and its next delivery's totals per product.
    user read "pegar_assinaturas_loja" => StoreBaskets(subscriptions::store::StoreBasketsAsk) -> subscriptions::store::StoreBaskets,
        limit none, body Small,
        run |s, c, r, x| subscriptions::store::store_baskets(s, c.try_into()?, r).await?;
    /// Pauses every basket of the store for a vacation and tells every subscriber.
    user "ferias_assinaturas" => StoreVacation(subscriptions::store::Vacation) -> subscriptions::store::VacationSet,
        limit none, body Small,
        run |s, c, r, x| subscriptions::store::vacation(s, c.try_into()?, r).await?;
    /// Gestão: one month's revenue, order count and products sold.
    user read "pegar_gestao" => Management(supplier::deliveries::Period) -> supplier::deliveries::MonthFigures,
        limit none, body Small,
        run |s, c, r, x| supplier::deliveries::management(s, c.try_into()?, r).await?;
    /// Whether a store URL is free (signed out too: then any existing URL is taken).
    public read "verificar_url_site" => CheckStoreUrl(supplier::settings::CheckUrl) -> supplier::settings::UrlCheck,
        limit none, body Small,
        run |s, c, r, x| supplier::settings::check_url(s, c, r).await?;
    /// Creates (or moves) the supplier's online store: its URL and palette.
    user "criar_site" => CreateSite(supplier::settings::CreateSite) -> supplier::settings::SiteCreated,
        limit none, body Small,
        run |s, c, r, x| supplier::settings::create_site(s, c.try_into()?, r).await?;
    /// Saves the delivery settings (a per-km start address is geocoded).
    user "entregas_edit" => EditDelivery(supplier::settings::EditDelivery) -> supplier::settings::DeliverySaved,
        limit none, body Small,
        run |s, c, r, x| supplier::settings::edit_delivery(s, c.try_into()?, r).await?;
    /// Pagamentos: the options, the Pix key, the balance and its withdrawal preview, the open
    /// values and the pending withdrawal request.
    user read "pegar_infos_pagamentos" => PaymentInfo -> supplier::payments::PaymentsInfo,
        limit none, body Small,
        run |s, c, r, x| supplier::payments::info(s, c.try_into()?).await?;
    /// Saves the payment options (in person, Pix; at least one).
    user "opcoes_pagamento" => PaymentOptions(supplier::payments::PaymentChoice) -> supplier::payments::OptionsSaved,
        limit none, body Small,
        run |s, c, r, x| supplier::payments::set_options(s, c.try_into()?, r).await?;
    /// A page of the supplier's Pix orders, newest first, with their payment state.
    user read "pegar_historico_pagamentos" => PaymentHistory(super::paging::PageAsk) -> supplier::payments::PaymentRecords,
        limit none, body Small,
        run |s, c, r, x| supplier::payments::history(s, c.try_into()?, r).await?;
    /// Pagamentos' sales report: a year's sales per month and product, from the ledger.
    user read "pegar_relatorio_vendas" => SalesReport(supplier::report::ReportAsk) -> supplier::report::SalesReport,
        limit none, body Small,
        run |s, c, r, x| supplier::report::report(s, c.try_into()?, r).await?;
    /// Saves the Pix key withdrawals are paid to.
    user "alterar_pix" => SetPixKey(supplier::payments::PixKey) -> supplier::payments::PixKeySaved,
        limit none, body Small,
        run |s, c, r, x| supplier::payments::set_pix(s, c.try_into()?, r).await?;
    /// Requests the payout of the whole balance (one pending request at a time).
    user "transferir" => Withdraw(supplier::payments::PixKey) -> supplier::payments::WithdrawalRequested,
        limit none, body Small,
        run |s, c, r, x| supplier::payments::withdraw(s, c.try_into()?, r).await?;
    // Reviews, moderation with reasons, LGPD self-service.
    /// Rates a delivered order 1–5 with an optional comment (changeable for 30 days).
    user "avaliar_pedido" => RateOrder(reviews::RateOrder) -> reviews::OrderRated,
        limit none, body Small,
        run |s, c, r, x| reviews::rate(s, c.try_into()?, r).await?;
    /// The store replies to a review of one of its orders, once.
    user "responder_avaliacao" => ReplyReview(reviews::ReplyReview) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| reviews::reply(s, c.try_into()?, r).await?;
    /// A store's shown reviews: the average, the count and the newest ones.
    public get "pegar_avaliacoes" => StoreReviews(reviews::StoreReviews) -> reviews::StoreReviewsList,
        limit none, body Small,
        run |s, c, r, x| reviews::list(s, r).await?;
    /// Removes a review, with a reason e-mailed to its author.
    admin "remover_avaliacao" => AdminRemoveReview(reviews::RemoveReview) -> reviews::ReviewRemoved,
        limit none, body Small,
        run |s, c, r, x| reviews::remove(s, c.try_into()?, r).await?;
    /// A store's open orders and money, before hiding it.
    admin read "pegar_resumo_fornecedor" => AdminStoreSummary(admin::moderation::StoreSummaryRequest) -> admin::moderation::StoreSummary,
        limit none, body Small,
        run |s, c, r, x| admin::moderation::store_summary(s, c.try_into()?, r).await?;
    /// Hides (or shows) a direct ad, with a reason e-mailed to its author.
    admin "moderar_anuncio" => AdminModerateAd(admin::moderation::Moderate) -> admin::moderation::Moderated,
        limit none, body Small,
        run |s, c, r, x| admin::moderation::ad(s, c.try_into()?, r).await?;
    /// Hides (or shows) a single product, with a reason e-mailed to its store.
    admin "moderar_produto" => AdminModerateProduct(admin::moderation::Moderate) -> admin::moderation::Moderated,
        limit none, body Small,
        run |s, c, r, x| admin::moderation::product(s, c.try_into()?, r).await?;
    /// Everything stored about the signed-in person, as one JSON document (LGPD).
    user read "baixar_meus_dados" => DownloadMyData -> account::privacy::MyData,
        limit none, body Small,
        run |s, c, r, x| account::privacy::download(s, c.try_into()?).await?;
    /// Deletes the signed-in person's account (refused while orders or money are pending).
    user "excluir_minha_conta" => DeleteMyAccount(account::privacy::DeleteAccount) -> super::shapes::Done,
        limit none, body Small,
        run |s, c, r, x| account::privacy::delete(s, c.try_into()?, r).await?;
    /// The street, bairro and city of a CEP, from the lookup at `CEP_URL` (decisions.md §31).
    user read "consultar_cep" => LookUpCep(address::cep::CepLookup) -> address::cep::CepFound,
        limit none, body Small,
        run |s, c, r, x| address::cep::lookup(s, c.try_into()?, r).await?;
}
