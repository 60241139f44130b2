/**
 * Product detail (`/detalhes/:categoria/:id/:userforn`): a supplier's product with `?type=forn`
 * (buying panel and seller card), otherwise a direct ad (whose last segment is the advertiser).
 * Breadcrumb Início / Anúncios / category. Prices and quantities come from wasm-core, loaded
 * here (never on the home page); until it is there, the photos and the title already show.
 * A product its supplier disabled is answered with `status` set: the page shows it 'Indisponível'
 * (photos, title, store; no buying panel); one that does not exist (removed) is not found. The
 * product as read brings its bag line, if any, up to date (sold out, unavailable, prices).
 */
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { NotFound } from '@/components/NotFound';
import { useCore } from '@/hooks/useCore';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useRegion } from '@/hooks/useRegion';
import { syncBagWith } from '@/lib/bag';
import { adPath, adsPath, capitalizeWords, productImages, productPath } from '@/lib/display';
import type { Result } from '@/lib/rpc';
import type { Anuncio, DadosForn, Produto } from '@/types/wire';
import { pegarAnuncioUrlSite } from '../api/pegarAnuncioUrlSite';
import { pegarProdutoUrlSite } from '../api/pegarProdutoUrlSite';
import { AdView } from './AdView';
import { ProductGallery } from './ProductGallery';
import { ProductPurchase } from './ProductPurchase';
import { SellerCard } from './SellerCard';
import { ShareButton } from './ShareButton';
import '../catalog.css';
import '../detail.css';

/** The longest the prices wait for the main photo before wasm-core is fetched anyway. */
const WASM_WAIT_MS = 2500;

/** The page's view model: a product with its supplier's public data, or an ad. */
type Detalhe = { tipo: 'produto'; produto: Produto; dadosforn: DadosForn } | { tipo: 'anuncio'; anuncio: Anuncio };

async function carregarProduto(id: string, signal: AbortSignal): Promise<Result<Detalhe>> {
  const r = await pegarProdutoUrlSite(id, signal);
  if (r.error !== undefined) return r;
  return { tipo: 'produto', produto: r.item, dadosforn: r.item.dadosforn };
}

async function carregarAnuncio(id: string, signal: AbortSignal): Promise<Result<Detalhe>> {
  const r = await pegarAnuncioUrlSite(id, signal);
  if (r.error !== undefined) return r;
  return { tipo: 'anuncio', anuncio: r.item };
}

/**
 * While wasm-core arrives (every price comes from it): the photos and the title, in the places
 * the buying panel will keep, so the largest thing on the page shows as soon as the data does.
 */
function Preview({ item, onMainLoad }: { item: Produto | Anuncio; onMainLoad: () => void }) {
  const titulo = capitalizeWords(item.titulo);
  return (
    <div className="purchase">
      <ProductGallery imagens={productImages(item)} titulo={titulo} onMainLoad={onMainLoad} />
      <div className="purchase__info">
        <h1 className="purchase__title">{titulo}</h1>
        <Loading />
      </div>
    </div>
  );
}

export default function ProductDetailPage() {
  const { categoria = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const { regiao } = useRegion();
  const fornecedor = params.get('type') === 'forn';
  const [load, retry] = useLoad(JSON.stringify([fornecedor, id]), (signal) =>
    fornecedor ? carregarProduto(id, signal) : carregarAnuncio(id, signal),
  );
  // wasm-core once the item and its main photo are there (or after WASM_WAIT_MS at most): the
  // photo and title show first, without the wasm's download competing with the photo's.
  const ready = load.estado === 'pronto';
  const noPhoto =
    ready && productImages(load.data.tipo === 'produto' ? load.data.produto : load.data.anuncio).length === 0;
  const [photoReady, setPhotoReady] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const t = window.setTimeout(() => setPhotoReady(true), WASM_WAIT_MS);
    return () => window.clearTimeout(t);
  }, [ready]);
  const { core, failed } = useCore(ready && (photoReady || noPhoto));
  const lido = ready && load.data.tipo === 'produto' ? load.data.produto : null;
  useEffect(() => {
    if (lido) syncBagWith([lido]);
  }, [lido]);

  const titulo =
    load.estado === 'pronto'
      ? capitalizeWords(load.data.tipo === 'produto' ? load.data.produto.titulo : load.data.anuncio.titulo)
      : fornecedor
        ? 'Detalhes do produto'
        : 'Detalhes do anúncio';
  usePageTitle(titulo);

  if (load.estado === 'erro' && load.codigo_erro === 'nao_encontrado') return <NotFound />;

  return (
    <section className="container page detail">
      <div className="detail__top">
        <nav aria-label="Trilha" className="breadcrumb">
          <Link to="/">Início</Link> / <Link to={adsPath(categoria, regiao)}>Anúncios</Link> / <span>{categoria}</span>
        </nav>
        {load.estado === 'pronto' &&
          (load.data.tipo === 'produto' ? (
            <ShareButton
              path={productPath(load.data.produto)}
              titulo={titulo}
              texto={`${titulo} — ${load.data.dadosforn.nomeforn}, na Feira:`}
            />
          ) : (
            <ShareButton path={adPath(load.data.anuncio)} titulo={titulo} texto={`${titulo}, na Feira:`} />
          ))}
      </div>
      {load.estado === 'erro' && <LoadError onRetry={retry} />}
      {failed && load.estado !== 'erro' && <LoadError onRetry={() => window.location.reload()} />}
      {load.estado === 'carregando' && <Loading />}
      {load.estado === 'pronto' && core === null && !failed && (
        <div className="detail__grid">
          <Preview
            item={load.data.tipo === 'produto' ? load.data.produto : load.data.anuncio}
            onMainLoad={() => setPhotoReady(true)}
          />
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
