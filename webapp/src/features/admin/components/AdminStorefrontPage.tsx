/**
 * A supplier's storefront as the admin sees it (`/admin/:urlforn`). Placeholder.
 */
import { Link, useParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function AdminStorefrontPage() {
  const { urlforn = '' } = useParams();
  return (
    <Placeholder title={`Loja ${urlforn} (visão do administrador)`}>
      <p>
        <Link to="/admin">Voltar para o painel administrativo</Link>
      </p>
    </Placeholder>
  );
}
