/**
 * The names the webapp gives the wire shapes it shares between features: aliases of the schemas
 * generated from the API's OpenAPI document (./api.gen.ts), never shapes written by hand, so a
 * field the API does not send cannot be read and one it renames fails `tsc` where it is used.
 * What only one feature reads is named in that feature's api/ module; what a screen derives from
 * an answer (a view model) is named and documented where it is derived.
 *
 * Money is reais as a JSON number with at most two decimals; times are milliseconds since the
 * epoch; ids are opaque strings used as stored (docs/rpc.md).
 */
import type { components } from './api.gen';

export type Schemas = components['schemas'];

/** A supplier's product (`produto`). */
export type Produto = Schemas['Product'];
/** A direct ad (`anuncio`). */
export type Anuncio = Schemas['Ad'];
/** A product or an ad, as the listings mix them (`anuncio` tells them apart). */
export type ItemCatalogo = Produto | Anuncio;
/** A supplier's public data (`dadosforn`): the storefront's, a product page's, the checkout's. */
export type DadosForn = Schemas['PublicSupplier'];
/** A supplier's delivery settings (`dadosforn.extensoes.delivery`). */
export type DeliveryForn = Schemas['Delivery'];
/** A store's delivery and pickup days, windows and cut-off (`extensoes.delivery.dias`, decisions.md §36). */
export type DaysRecord = Schemas['DaysRecord'];
/** A store in `/lojas` (`pegar_lojas`). */
export type Loja = Schemas['StoreCard'];
/** A store's reviews in short: the average note (one decimal; 0 without reviews) and how many (decisions.md §33). */
export type Avaliacao = Schemas['Rating'];

/** An order (`pedido`): the buyer's history, the checkout's success, the supplier's deliveries. */
export type Pedido = Schemas['Order'];
/** An order's facts (`Infos`). */
export type PedidoInfos = Schemas['OrderInfos'];
/** An order's review (decisions.md §33), as its buyer and its store see it. */
export type AvaliacaoPedido = Schemas['OrderReview'];
/** One line of an order (`Produtos[]`). */
export type PedidoProduto = Schemas['OrderLine'];
/** Why a Pix that came in is given back (decisions.md §28). */
export type PixDevolvido = Schemas['RefundReason'];

/** The signed-in user (`userinfo`). */
export type UserInfo = Schemas['UserInfo'];
