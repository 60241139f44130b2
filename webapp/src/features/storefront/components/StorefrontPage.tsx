/**
 * Public supplier storefront (`/:urlforn`). A path that cannot be a store URL (decisions §13:
 * lower-case letters, digits and hyphens, 3–40 characters) is not found at once; otherwise a
 * placeholder until the storefront is built.
 */
import { Link, useParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';
import { NotFound } from '@/features/not-found/components/NotFoundPage';

export const STORE_URL_RE = /^[a-z0-9-]{3,40}$/;

export default function StorefrontPage() {
  const { urlforn = '' } = useParams();
  if (!STORE_URL_RE.test(urlforn)) return <NotFound />;
  return (
    <Placeholder title={`Loja ${urlforn}`}>
      <p>Os produtos desta loja, com busca, filtros e a sacola de compras.</p>
      <p>
        <Link to="/">Ir para a Feira</Link>
      </p>
    </Placeholder>
  );
}
