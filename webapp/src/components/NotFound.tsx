/**
 * 'Página não encontrada' with a link home: unknown routes, missing stores, foreign profiles.
 */
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/hooks/usePageTitle';

export function NotFound() {
  usePageTitle('Página não encontrada');
  return (
    <section className="container page not-found">
      <h1>Página não encontrada</h1>
      <p>O endereço que você acessou não existe ou foi removido.</p>
      <Link to="/" className="btn">
        Voltar para o início
      </Link>
    </section>
  );
}

export default NotFound;
