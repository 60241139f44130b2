/**
 * Supplier panel (`/painel/:userforn`), described in the second spec document. Placeholder.
 */
import { Link } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function SupplierPanelPage() {
  return (
    <Placeholder title="Painel do fornecedor">
      <p>Aqui o fornecedor vai gerenciar a loja, os produtos, os pedidos e os pagamentos.</p>
      <p>
        <Link to="/">Voltar para o início</Link>
      </p>
    </Placeholder>
  );
}
