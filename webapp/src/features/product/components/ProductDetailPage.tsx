/**
 * Product or direct-ad detail (`/detalhes/:categoria/:id/:userforn`, `?type=forn` for a
 * supplier's product). Placeholder with the breadcrumb.
 */
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function ProductDetailPage() {
  const { categoria = '' } = useParams();
  const [params] = useSearchParams();
  const isProduct = params.get('type') === 'forn';
  return (
    <Placeholder title={isProduct ? 'Detalhes do produto' : 'Detalhes do anúncio'}>
      <nav aria-label="Trilha" className="breadcrumb">
        <Link to="/">Início</Link> / <Link to={`/anuncios?categoria=${encodeURIComponent(categoria)}`}>Anúncios</Link> /{' '}
        <span>{categoria}</span>
      </nav>
    </Placeholder>
  );
}
