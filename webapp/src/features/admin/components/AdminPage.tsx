/**
 * Admin panel (`/admin`). Placeholder: suppliers, customers and withdrawal requests come later.
 */
import { Link } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function AdminPage() {
  return (
    <Placeholder title="Painel administrativo">
      <p>Fornecedores, clientes e solicitações de saque.</p>
      <p>
        <Link to="/">Voltar para o início</Link>
      </p>
    </Placeholder>
  );
}
