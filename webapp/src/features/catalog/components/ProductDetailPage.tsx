/**
 * Product detail (`/detalhes/:categoria/:id/:userforn`): a supplier's product with `?type=forn`
 * (buying panel and seller card), otherwise a direct ad (whose last segment is the advertiser).
 * Breadcrumb Início / Anúncios / category. Prices and quantities come from wasm-core, loaded
 * here (never on the home page); until it is there, the photos and the title already show.
 */
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { NotFound } from '@/components/NotFound';
import { useCore } from '@/hooks/useCore';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useRegion } from '@/hooks/useRegion';
import { anunciosPath, capitalizar, imagensProduto } from '@/lib/display';
import type { RpcResponse } from '@/lib/rpc';
import type { Anuncio, DadosForn, Produto } from '@/types/catalog';
import { pegarAnuncioUrlSite } from '../api/pegarAnuncioUrlSite';
import { pegarDadosforn } from '../api/pegarDadosforn';
import { pegarProdutoUrlSite } from '../api/pegarProdutoUrlSite';
import { AdView } from './AdView';
import { ProductGallery } from './ProductGallery';
import { ProductPurchase } from './ProductPurchase';
import { SellerCard } from './SellerCard';
import '../catalog.css';
import '../detail.css';

type Detalhe = { tipo: 'produto'; produto: Produto; dadosforn: DadosForn } | { tipo: 'anuncio'; anuncio: Anuncio };

/** The product with its supplier (asked separately when the item came without it). */
async function carregarProduto(
  fields: { id: string; userforn: string; categoria: string },
  signal: AbortSignal,
): Promise<RpcResponse<Detalhe>> {
  const r = await pegarProdutoUrlSite(fields, signal);
  if (r.data.error !== undefined) return r as RpcResponse<never>;
  const produto = r.data.item;
  if (!produto) return { status: 404, data: { error: 'Página não encontrada' } };
  let dadosforn = produto.dadosforn;
  if (!dadosforn) {
    const d = await pegarDadosforn(produto.userforn || fields.userforn, signal);
    if (d.data.error !== undefined) return d as RpcResponse<never>;
    dadosforn = d.data.dadosforn;
  }
  return { status: r.status, data: { tipo: 'produto', produto, dadosforn } };
}

async function carregarAnuncio(
  fields: { id: string; userforn: string; categoria: string },
  signal: AbortSignal,
): Promise<RpcResponse<Detalhe>> {
  const r = await pegarAnuncioUrlSite(fields, signal);
  if (r.data.error !== undefined) return r as RpcResponse<never>;
  if (!r.data.item) return { status: 404, data: { error: 'Página não encontrada' } };
  return { status: r.status, data: { tipo: 'anuncio', anuncio: r.data.item } };
}

/**
 * While wasm-core arrives (every price comes from it): the photos and the title, in the places
 * the buying panel will keep, so the largest thing on the page shows as soon as the data does.
 */
function Preview({ item }: { item: Produto | Anuncio }) {
  const titulo = capitalizar(item.titulo);
  return (
    <div className="purchase">
      <ProductGallery imagens={imagensProduto(item)} titulo={titulo} />
      <div className="purchase__info">
        <h1 className="purchase__title">{titulo}</h1>
        <Loading />
      </div>
    </div>
  );
}

export default function ProductDetailPage() {
  const { categoria = '', id = '', userforn = '' } = useParams();
  const [params] = useSearchParams();
  const { regiao } = useRegion();
  const fornecedor = params.get('type') === 'forn';
  const fields = { id, userforn, categoria };
  const [load, retry] = useLoad(JSON.stringify([fornecedor, id, userforn, categoria]), (signal) =>
    fornecedor ? carregarProduto(fields, signal) : carregarAnuncio(fields, signal),
  );
  // wasm-core once the item is there: its photos and title show first, without the wasm's
  // download competing with them.
  const { core, failed } = useCore(load.estado === 'pronto');

  const titulo =
    load.estado === 'pronto'
      ? capitalizar(load.data.tipo === 'produto' ? load.data.produto.titulo : load.data.anuncio.titulo)
      : fornecedor
        ? 'Detalhes do produto'
        : 'Detalhes do anúncio';
  usePageTitle(titulo);

  if (load.estado === 'erro' && load.status === 404) return <NotFound />;

  return (
    <section className="container page detail">
      <nav aria-label="Trilha" className="breadcrumb">
        <Link to="/">Início</Link> / <Link to={anunciosPath(categoria, regiao)}>Anúncios</Link> / <span>{categoria}</span>
      </nav>
      {load.estado === 'erro' && <LoadError onRetry={retry} />}
      {failed && load.estado !== 'erro' && <LoadError onRetry={() => window.location.reload()} />}
      {load.estado === 'carregando' && <Loading />}
      {load.estado === 'pronto' && core === null && !failed && (
        <div className="detail__grid">
          <Preview item={load.data.tipo === 'produto' ? load.data.produto : load.data.anuncio} />
        </div>
      )}
      {load.estado === 'pronto' && core !== null && (
        load.data.tipo === 'produto' ? (
          <div className="detail__grid">
            <ProductPurchase key={load.data.produto.id} produto={load.data.produto} dadosforn={load.data.dadosforn} core={core} />
            <SellerCard dadosforn={load.data.dadosforn} core={core} />
          </div>
        ) : (
          <AdView anuncio={load.data.anuncio} core={core} />
        )
      )}
    </section>
  );
}
