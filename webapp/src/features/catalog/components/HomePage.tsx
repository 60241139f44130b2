/**
 * Home (`/`). For now a short pitch for the current region; the carousel and the product sections
 * per category come with the catalogue.
 */
import { Link } from 'react-router-dom';
import { useRegion } from '@/features/region/context';
import { usePageTitle } from '@/hooks/usePageTitle';

export default function HomePage() {
  usePageTitle();
  const { regiao, openRegionDialog } = useRegion();
  return (
    <section className="container page home">
      <div className="hero">
        <h1>Do campo direto para você</h1>
        <p className="hero__pitch">
          Alimentos, sementes, mudas e produtos agrícolas vendidos por quem produz. Compre de produtores e lojas
          de <strong>{regiao}</strong> e região, com entrega ou retirada no local.
        </p>
        <div className="hero__actions">
          <Link className="btn" to={`/anuncios?categoria=Alimentos&regiao=${encodeURIComponent(regiao)}`}>
            Ver produtos
          </Link>
          <button type="button" className="btn btn--ghost" onClick={openRegionDialog}>
            Mudar região
          </button>
        </div>
      </div>
      <p className="muted">Em breve: os produtos da sua região por categoria.</p>
    </section>
  );
}
