/**
 * Home (`/`): the 3-slide carousel and, for the current region, a section per category with its
 * products and ads and a 'Ver mais produtos' link to /anuncios; when the region has nothing,
 * 'Não há produtos nessa região: {regiao}' with 'Mudar região'. Reloads when the region changes.
 *
 * First visit budget: no wasm here (the cards' badge is the API's `desconto`), images lazy.
 */
import { Link } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useRegion } from '@/hooks/useRegion';
import { adsPath, itemPath } from '@/lib/display';
import type { ItemCatalogo } from '@/types/wire';
import { pegarProdutosAnunciosSite, type SecoesHome } from '../api/pegarProdutosAnunciosSite';
import { HomeCarousel } from './HomeCarousel';
import { ProductCard } from './ProductCard';
import '../catalog.css';

export default function HomePage() {
  usePageTitle();
  const { regiao, openRegionDialog } = useRegion();
  const [load, retry] = useLoad(regiao, (signal) => pegarProdutosAnunciosSite(regiao, signal));

  return (
    <div className="home">
      <HomeCarousel />
      <div className="container page home__sections">
        {load.estado === 'carregando' && <Loading />}
        {load.estado === 'erro' && <LoadError onRetry={retry} />}
        {load.estado === 'pronto' &&
          (load.data.categorias.length ? (
            load.data.categorias.map((c) => <CategorySection key={c} categoria={c} data={load.data} regiao={regiao} />)
          ) : (
            <div className="empty-region">
              <p>Não há produtos nessa região: {regiao}</p>
              <button type="button" className="btn" onClick={openRegionDialog}>
                Mudar região
              </button>
            </div>
          ))}
      </div>
    </div>
  );
}

function CategorySection({ categoria, data, regiao }: { categoria: string; data: SecoesHome; regiao: string }) {
  const items: ItemCatalogo[] = [...(data.produtos[categoria] ?? []), ...(data.anuncios[categoria] ?? [])];
  return (
    <section className="cat-section" aria-label={categoria}>
      <div className="cat-section__head">
        <h2>{categoria}</h2>
        <Link className="cat-section__more" to={adsPath(categoria, regiao)}>
          Ver mais produtos
        </Link>
      </div>
      <div className="card-row">
        {items.map((item) => (
          <ProductCard key={`${item.anuncio ? 'a' : 'p'}:${item.id}`} item={item} href={itemPath(item)} />
        ))}
      </div>
    </section>
  );
}
