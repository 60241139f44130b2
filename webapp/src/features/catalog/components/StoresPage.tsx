/**
 * Store list (`/lojas`): the header, 'Criar uma loja' (→ /anunciegratis) and the stores with their
 * city and their reviews' average and count (decisions.md §33): first those that serve the
 * visitor's region, then the others under their own heading, each group by `vendasforn`
 * descending (the API's order). Each opens its storefront /{url} in a new tab.
 */
import { Link } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { RatingSummary } from '@/components/Stars';
import { StoreIcon } from '@/components/StoreIcon';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useRegion } from '@/hooks/useRegion';
import type { Loja } from '@/types/wire';
import { pegarLojas } from '../api/pegarLojas';
import '../catalog.css';

function StoreList({ lojas }: { lojas: Loja[] }) {
  return (
    <ul className="store-list">
      {lojas.map((loja) => (
        <li key={loja.id}>
          <a className="store-item" href={`/${encodeURIComponent(loja.url)}`} target="_blank" rel="noopener noreferrer">
            <StoreIcon src={loja.iconeforn} size={56} />
            <span className="store-item__text">
              <span className="store-item__name">{loja.nomeforn}</span>
              {loja.cidade && <span className="store-item__city muted">{loja.cidade}</span>}
            </span>
          </a>
          <span className="store-item__rating">
            <RatingSummary avaliacao={loja.avaliacao} vazio="Sem avaliações" />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function StoresPage() {
  usePageTitle('Lojas');
  const { regiao } = useRegion();
  const [load, retry] = useLoad(`lojas:${regiao}`, (signal) => pegarLojas(regiao, signal));
  const lojas = load.estado === 'pronto' ? (load.data.lojas ?? []) : [];
  const aqui = lojas.filter((l) => l.atende !== false);
  const outras = lojas.filter((l) => l.atende === false);

  return (
    <section className="container page stores-page">
      <div className="stores-page__head">
        <div>
          <h1>Lojas</h1>
          <p className="muted">As lojas dos produtores e fornecedores da Feira.</p>
        </div>
        <Link className="btn" to="/anunciegratis">
          Criar uma loja
        </Link>
      </div>
      {load.estado === 'carregando' && <Loading />}
      {load.estado === 'erro' && <LoadError onRetry={retry} />}
      {load.estado === 'pronto' && (
        <>
          {aqui.length > 0 && (
            <>
              <h2 className="stores-page__group">Lojas que atendem {regiao}</h2>
              <StoreList lojas={aqui} />
            </>
          )}
          {outras.length > 0 && (
            <>
              <h2 className="stores-page__group">Lojas de outras regiões</h2>
              <StoreList lojas={outras} />
            </>
          )}
        </>
      )}
    </section>
  );
}
