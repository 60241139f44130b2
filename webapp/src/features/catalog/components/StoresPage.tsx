/**
 * Store list (`/lojas`): the header, 'Criar uma loja' (→ /anunciegratis) and the stores in the
 * order the API returns them (by `vendasforn`, descending), each with its reviews' average and
 * count (decisions.md §33), opening its storefront /{url} in a new tab.
 */
import { Link } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { RatingSummary } from '@/components/Stars';
import { StoreIcon } from '@/components/StoreIcon';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { pegarLojas } from '../api/pegarLojas';
import '../catalog.css';

export default function StoresPage() {
  usePageTitle('Lojas');
  const [load, retry] = useLoad('lojas', (signal) => pegarLojas(signal));

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
        <ul className="store-list">
          {(load.data.lojas ?? []).map((loja) => (
            <li key={loja.id}>
              <a className="store-item" href={`/${encodeURIComponent(loja.url)}`} target="_blank" rel="noopener noreferrer">
                <StoreIcon src={loja.iconeforn} size={56} />
                <span className="store-item__name">{loja.nomeforn}</span>
              </a>
              <span className="store-item__rating">
                <RatingSummary avaliacao={loja.avaliacao} vazio="Sem avaliações" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
